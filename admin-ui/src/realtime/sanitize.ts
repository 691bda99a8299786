// The HTML of an `alertHTMLReceived` toast, cut down to simple formatting and links before it is shown. The console
// has no sanitiser dependency and needs only this much, so it is a whitelist walk over the browser's own parser
// (DOMParser never runs scripts or loads images of the document it parses): every other element gives way to its
// text, every attribute but a link's address goes, and an address must be http(s), mailto or in-app.

const KEPT = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'BR', 'P', 'DIV', 'SPAN', 'UL', 'OL', 'LI', 'SMALL', 'A']);
// Their content is not text for the reader (and must not come back as text either).
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'EMBED', 'NOSCRIPT', 'TITLE', 'HEAD']);

/** http(s), mailto, a relative or in-app address (`#/notification`); never javascript:, data: and the like. */
export function safeHref(href: string | null): string | null {
  if (!href) return null;
  const value = href.trim();
  if (/^(https?:|mailto:)/i.test(value)) return value;
  // No scheme at all: relative to the console (a colon before any slash, ? or # would be a scheme).
  if (!/^[^/?#]*:/.test(value)) return value;
  return null;
}

function cleanInto(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    if (!KEPT.has(tag)) {
      cleanInto(element, target, doc);
      continue;
    }
    const copy = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = safeHref(element.getAttribute('href'));
      if (href) {
        copy.setAttribute('href', href);
        // A link to another site opens beside the console, without a handle back to it.
        if (/^https?:/i.test(href)) {
          copy.setAttribute('target', '_blank');
          copy.setAttribute('rel', 'noopener noreferrer');
        }
      }
    }
    cleanInto(element, copy, doc);
    target.appendChild(copy);
  }
}

/** The message as HTML with only the kept elements and safe link addresses. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  cleanInto(doc.body, out, doc);
  return out.innerHTML;
}
