/**
 * The fields of `form` that differ from `original`: what 'Apply to all sites' sends, so that every other site keeps
 * its own values of the fields the user did not touch.
 */
export function changedFields<T extends Record<string, unknown>>(original: T, form: T): Partial<T> {
  return Object.fromEntries(Object.entries(form).filter(([k, v]) => original[k] !== v)) as Partial<T>;
}
