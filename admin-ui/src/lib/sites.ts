import type { Schema } from '../shared/api';

/** A site as the UserContext lists it; lookups need only its id, code and name. */
export type SiteEntry = Pick<Schema<'SiteInfo'>, 'site_id' | 'siteCode'> & Partial<Pick<Schema<'SiteInfo'>, 'site_name'>>;

/** Site codes are upper case; what the user types is trimmed and upper-cased before any lookup. */
export function normalizeSiteCode(input: unknown): string {
  return String(input ?? '').trim().toUpperCase();
}

/** Sites whose code or name contains the typed text (case-insensitive), for the autocomplete list. */
export function filterSites<S extends SiteEntry>(sites: readonly S[] | null | undefined, input: unknown): readonly S[] {
  const text = normalizeSiteCode(input);
  if (!text) return sites || [];
  return (sites || []).filter(
    (s) => s.siteCode?.toUpperCase().includes(text) || s.site_name?.toUpperCase().includes(text),
  );
}

/**
 * Spec 1 section 5 typed-site rules: a number means a site_id; otherwise an exact code wins, then a unique
 * case-insensitive substring of a site code. Anything else (nothing or several matches) is null.
 */
export function findSiteByInput<S extends SiteEntry>(sites: readonly S[] | null | undefined, input: unknown): S | null {
  const text = normalizeSiteCode(input);
  if (!text || !sites?.length) return null;
  if (/^\d+$/.test(text)) {
    return sites.find((s) => s.site_id === Number(text)) || null;
  }
  const exact = sites.find((s) => s.siteCode?.toUpperCase() === text);
  if (exact) return exact;
  const partial = sites.filter((s) => s.siteCode?.toUpperCase().includes(text));
  return partial.length === 1 ? partial[0] : null;
}

export const NAV_SITE_PARAM = 'aspNav_siteCode';

/** The site asked for in the address: `?aspNav_siteCode=` before the hash or inside the hash route. */
export function readNavSiteCode(loc: Pick<Location, 'search' | 'hash'> = window.location): string | null {
  const fromSearch = new URLSearchParams(loc.search).get(NAV_SITE_PARAM);
  if (fromSearch) return normalizeSiteCode(fromSearch);
  const hash = loc.hash || '';
  const q = hash.indexOf('?');
  if (q >= 0) {
    const fromHash = new URLSearchParams(hash.slice(q + 1)).get(NAV_SITE_PARAM);
    if (fromHash) return normalizeSiteCode(fromHash);
  }
  return null;
}

/**
 * Removes the parameter once applied: the server stores the current site, and leaving it in the address would
 * switch back to that site on every reload after the user picked another one.
 */
export function stripNavSiteCode(loc: Pick<Location, 'href'> = window.location, history: Pick<History, 'state' | 'replaceState'> = window.history): void {
  const url = new URL(loc.href);
  let changed = false;
  if (url.searchParams.has(NAV_SITE_PARAM)) {
    url.searchParams.delete(NAV_SITE_PARAM);
    changed = true;
  }
  const q = url.hash.indexOf('?');
  if (q >= 0) {
    const params = new URLSearchParams(url.hash.slice(q + 1));
    if (params.has(NAV_SITE_PARAM)) {
      params.delete(NAV_SITE_PARAM);
      const rest = params.toString();
      url.hash = url.hash.slice(0, q) + (rest ? `?${rest}` : '');
      changed = true;
    }
  }
  if (changed) history.replaceState(history.state, '', url.toString());
}
