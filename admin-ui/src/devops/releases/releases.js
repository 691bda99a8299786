export const RELEASES_PATH = '/api/V1/DevOps/Release';
export const BUG_SLOTS = Array.from({ length: 10 }, (_, i) => i + 1);

/** The field names of bug pair n (1..10): release_bug_number / release_text, then release_bug_number2 ... */
export function bugFields(n) {
  const suffix = n === 1 ? '' : String(n);
  return { number: `release_bug_number${suffix}`, text: `release_text${suffix}` };
}

/** The bug pairs of a release that carry a number or a description. */
export function bugPairs(release) {
  return BUG_SLOTS.map((n) => {
    const f = bugFields(n);
    return { n, number: release?.[f.number] ?? '', text: release?.[f.text] ?? '' };
  }).filter((p) => String(p.number).trim() || String(p.text).trim());
}

/** The body of insertRelease: always release_id 0 and a major release; empty texts become null. */
export function releaseBody(values) {
  const body = { release_id: 0, major_release: true };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'release_id' || key === 'major_release') continue;
    body[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return body;
}
