import type { Schema } from '../../shared/api';
import type { WithId } from '../../dataProvider/search';

export type Release = Schema<'Release'>;
export type ReleaseRecord = WithId<Release>;
export type ReleaseInput = Schema<'ReleaseInput'>;

export const BUG_SLOTS = Array.from({ length: 10 }, (_, i) => i + 1);

/** The field names of bug pair n (1..10): release_bug_number / release_text, then release_bug_number2 ... */
export function bugFields(n: number): { number: keyof ReleaseInput; text: keyof ReleaseInput } {
  const suffix = n === 1 ? '' : String(n);
  return { number: `release_bug_number${suffix}` as keyof ReleaseInput, text: `release_text${suffix}` as keyof ReleaseInput };
}

/** The bug pairs of a release that carry a number or a description. */
export function bugPairs(release: Partial<Record<keyof ReleaseInput, unknown>> | null | undefined): { n: number; number: string; text: string }[] {
  return BUG_SLOTS.map((n) => {
    const f = bugFields(n);
    return { n, number: String(release?.[f.number] ?? ''), text: String(release?.[f.text] ?? '') };
  }).filter((p) => p.number.trim() || p.text.trim());
}

/** The add form's values: every field as typed text. */
export type ReleaseFormValues = Record<string, string>;

/** The body of insertRelease: always release_id 0 and a major release; empty texts become null. */
export function releaseBody(values: Record<string, unknown>): ReleaseInput {
  const body: Record<string, unknown> = { release_id: 0, major_release: true };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'release_id' || key === 'major_release') continue;
    body[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return body as ReleaseInput;
}
