// Checking a form before it is sent (every problem at once, named by the field's label) and placing the server's
// refusals at the fields, with labels instead of keys.
import { fieldErrorsOf } from './load';

export interface FieldRule {
  /** What the user reads: 'User name'. */
  label: string;
  required?: boolean;
  /** Must be a number (text from an input is checked as typed). */
  number?: boolean;
  integer?: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  email?: boolean;
}

/** The rules of a form's fields by key (the key the API uses: `user_id`). */
export type FormRules<K extends string = string> = Readonly<Record<K, FieldRule>>;
/** Messages by field key; a field without a problem has none. */
export type FormErrors = Partial<Record<string, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The first problem of one value, or null. */
export function checkField(rule: FieldRule, value: unknown): string | null {
  const { label } = rule;
  if (blank(value)) return rule.required ? `${label} is required` : null;
  const text = typeof value === 'string' ? value.trim() : String(value);
  if (rule.number || rule.integer || rule.min !== undefined || rule.max !== undefined) {
    const n = typeof value === 'number' ? value : Number(text);
    if (!Number.isFinite(n) || (typeof value === 'string' && !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text))) return `${label} must be a number`;
    if (rule.integer && !Number.isInteger(n)) return `${label} must be a whole number`;
    if (rule.min !== undefined && n < rule.min) return `${label} must be at least ${rule.min}`;
    if (rule.max !== undefined && n > rule.max) return `${label} can be at most ${rule.max}`;
  }
  if (rule.minLength !== undefined && text.length < rule.minLength) return `${label} must be at least ${rule.minLength} characters`;
  if (rule.maxLength !== undefined && text.length > rule.maxLength) return `${label} can be at most ${rule.maxLength} characters`;
  if (rule.email && !EMAIL.test(text)) return `${label} must be an e-mail address`;
  return null;
}

/** Every field's problem at once (`{}` when the form may be sent). */
export function validateForm<K extends string>(rules: FormRules<K>, values: Partial<Record<K, unknown>>): FormErrors {
  const errors: FormErrors = {};
  for (const key of Object.keys(rules) as K[]) {
    const problem = checkField(rules[key], values[key]);
    if (problem) errors[key] = problem;
  }
  return errors;
}

export const hasErrors = (errors: FormErrors): boolean => Object.values(errors).some(Boolean);

/** 'user_id' -> 'User id', 'minQty' -> 'Min qty': a key's words, for a key no rule names. */
export function keyWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.\-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of a field key: the rule's, else the key's words. */
export const labelOf = (key: string, labels: Readonly<Record<string, string | FieldRule>> = {}): string => {
  const found = labels[key];
  return typeof found === 'string' ? found : (found?.label ?? keyWords(key));
};

/** A server message with the field's key (`user_id can be at most 100 characters`) said by its label instead. */
export function withLabel(message: string, key: string, label: string): string {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const replaced = message.replace(new RegExp(`\\b${escaped}\\b`, 'g'), label);
  return replaced;
}

/**
 * A refused save as the form shows it: messages by field (keys in them said by labels), and the lines of fields the
 * form does not show plus the form-level ones as `form` ('User name: ...'). Failures the http client toasted give
 * nothing.
 */
export function serverErrors(
  error: unknown,
  labels: Readonly<Record<string, string | FieldRule>>,
): { fields: FormErrors; form: string | null } {
  const { fields, form } = fieldErrorsOf(error);
  const shown: FormErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const label = labelOf(key, labels);
    const text = withLabel(message, key, label);
    if (key in labels) shown[key] = text;
    else other.push(text.startsWith(label) ? text : `${label}: ${text}`);
  }
  if (form) other.push(form);
  return { fields: shown, form: other.length ? other.join('\n') : null };
}
