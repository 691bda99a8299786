// How a record's history reads (issue 22, "History"): the audit trail stores action keys (`employee_group.update`) and
// change sets (`{field: {from, to}}`, or the whole record for a create or delete); people read "Updated the employee
// group" and "Phone: (empty) -> 555-0142". Pure functions, so every history panel says the same thing the same way.
import type { Schema } from '../shared/api';
import { formatDate, formatDateTime, formatFactor, formatMoney, formatPercent, formatQuantity, formatUnitCost } from '../shared/format';

export type AuditDetail = Schema<'AuditDetail'>;

/** What an empty value reads as: the difference between "nothing" and "a blank" does not matter to a reader. */
export const EMPTY = '(empty)';
/** A create or delete lists at most this many of the record's fields; the rest are counted. */
export const SUMMARY_FIELDS = 8;

/**
 * What a screen knows that the trail does not: its own label for a key ('track1' is the site's first tracking level,
 * 'Department') and the names of the values of a reference field ('track1' 3 -> 'Assembly (D-100)'), keyed by the
 * value's text. A value without a name is shown as it is.
 */
export interface FieldWords {
  labels?: Readonly<Record<string, string>>;
  names?: Readonly<Record<string, ReadonlyMap<string, string>>>;
}

const NO_WORDS: FieldWords = {};

function labelIn(words: FieldWords, key: string, keys: readonly string[]): string {
  return words.labels?.[key] ?? fieldLabel(key, keys);
}

function textIn(words: FieldWords, key: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') {
    const named = words.names?.[key]?.get(String(value));
    if (named !== undefined) return named;
  }
  return valueText(key, value);
}

/**
 * The values of the fields `keys` in the change sets of `rows` (the from and to of a change, a whole record's value),
 * as text: what a screen must look up to name them.
 */
export function valuesOf(changeSets: readonly unknown[], keys: readonly string[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>(keys.map((k) => [k, new Set<string>()]));
  const add = (key: string, value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number') found.get(key)?.add(String(value));
  };
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (found.has(key)) {
        if (isFieldChange(value)) {
          add(key, value.from);
          add(key, value.to);
        } else add(key, value);
      } else if (key === 'changes' || key === 'before' || key === 'after') walk(value);
    }
  };
  changeSets.forEach(walk);
  return found;
}

// Words of keys that read better spelled out, and abbreviations kept in capitals.
const SPELLED: Readonly<Record<string, string>> = {
  qty: 'quantity',
  desc: 'description',
  cust: 'customer',
  avg: 'average',
  vend: 'vendor',
  mfg: 'manufacturer',
  repl: 'replenishment',
  uom: 'UOM',
  cip: 'CIP',
  cid: 'CID',
  id: 'ID',
  ids: 'IDs',
  apd: 'APD',
  api: 'API',
  erp: 'ERP',
  vip: 'VIP',
  pin: 'PIN',
  po: 'PO',
  mlq: 'MLQ',
  abc: 'ABC',
  sku: 'SKU',
  url: 'URL',
  csv: 'CSV',
  pdf: 'PDF',
  oidc: 'OIDC',
  fss: 'FSS',
  upc: 'UPC',
  gl: 'GL',
  ytd: 'YTD',
  eta: 'ETA',
  ui: 'UI',
};

/** Whole keys whose words alone would mislead. */
const LABELS: Readonly<Record<string, string>> = {
  cip_no: 'CIP',
  cid_no: 'CID',
  vend_code: 'Vendor',
  vend_id: 'Vendor',
  cust_item_code: 'Customer item code',
  is_active: 'Active',
  isActive: 'Active',
  is_suspended: 'Suspended',
  isSuspended: 'Suspended',
  is_default: 'Default',
  is_hidden: 'Hidden',
  is_visible: 'Visible',
  limit_daily: 'Daily limit',
  limit_weekly: 'Weekly limit',
  limit_monthly: 'Monthly limit',
  limit_yearly: 'Yearly limit',
  budget_amount: 'Budget',
};

/** The words of a key: snake_case, camelCase, dotted, digits apart ('custDesc1' -> cust desc 1), lower case. */
export function splitKey(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const spell = (w: string) => SPELLED[w] ?? w;
const capitalise = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** A key as words a person reads: 'min_qty' -> 'Min quantity', 'uomCode' -> 'UOM code'. */
export function humanise(key: string): string {
  return capitalise(splitKey(key).map(spell).join(' '));
}

/** The key's words in a sentence (lower case but for abbreviations): 'delivery_location' -> 'delivery location'. */
function phrase(key: string): string {
  return splitKey(key).map(spell).join(' ');
}

const ID_SUFFIX = /(_id|Id|ID)$/;
// The keys that can carry the name of the record an `x_id` refers to.
// The bare base goes last: an employee's `supervisor` is a flag, its `supervisorName` the name of `supervisor_id`.
const NAME_ALIASES = (base: string) => [`${base}_name`, `${base}Name`, `${base}_text`, `${base}Text`, `${base}_description`, `${base}_code`, `${base}Code`, base];

/**
 * The key of the name shown for an id field when the same change set carries one ('supervisor_id' with
 * 'supervisorName'); `undefined` when there is none and the id itself must be shown.
 */
export function nameKeyFor(key: string, keys: readonly string[]): string | undefined {
  if (!ID_SUFFIX.test(key)) return undefined;
  const base = key.replace(ID_SUFFIX, '');
  return NAME_ALIASES(base).find((k) => k !== key && keys.includes(k));
}

/** The id key a name key stands for, when both are present ('supervisorName' -> 'supervisor_id'). */
function idKeyFor(key: string, keys: readonly string[]): string | undefined {
  return keys.find((k) => k !== key && nameKeyFor(k, keys) === key);
}

/**
 * A field's label. Known keys have their own; a name that stands for an id is labelled by what it names
 * ('supervisorName' beside 'supervisor_id' -> 'Supervisor'), and so is an id with no name ('site_id' -> 'Site ID').
 */
export function fieldLabel(key: string, keys: readonly string[] = []): string {
  const idKey = idKeyFor(key, keys);
  if (idKey) return LABELS[idKey] ?? humanise(idKey.replace(ID_SUFFIX, ''));
  return LABELS[key] ?? humanise(key);
}

type NumberKind = 'money' | 'unitCost' | 'quantity' | 'percent' | 'plain' | 'key';

/** How a number of this field reads, from the field's words (the audit trail carries no types). */
export function numberKindOf(key: string): NumberKind {
  const words = splitKey(key).map(spell);
  const has = (...ws: string[]) => ws.some((w) => words.includes(w));
  if (has('ID', 'IDs', 'no', 'number', 'code', 'year', 'rank', 'level', 'type', 'status', 'period')) return 'key';
  if (has('percent', 'pct', 'percentage')) return 'percent';
  if (has('quantity', 'quantities', 'MLQ', 'bins', 'count', 'capacity')) return 'quantity';
  if (has('factor', 'rate', 'multiplier')) return 'plain';
  if (has('amount', 'budget', 'limit', 'total', 'value', 'charge', 'spend', 'balance')) return 'money';
  if (has('cost', 'price', 'costs', 'prices')) return 'unitCost';
  return 'plain';
}

// Kept by the server on every save; not a change a person made.
const BOOKKEEPING = /^(updated_?at|updated_?by(_?id)?|created_?at|created_?by(_?id)?|row_?version)$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
// The fields that name a nested record.
const NAME_KEY = /(^|_)(name|description|desc|label|title|location)$|[a-z](Name|Description|Label|Title)$/;

function formatNumberOf(key: string, value: number | string): string {
  switch (numberKindOf(key)) {
    case 'money':
      return formatMoney(value);
    case 'unitCost':
      return formatUnitCost(value);
    case 'quantity':
      return formatQuantity(value);
    case 'percent':
      return formatPercent(value);
    case 'key':
      return String(value);
    default:
      return formatFactor(value);
  }
}

/** A nested record in a few words: its name (with its code), else its first fields. */
function recordWords(record: Record<string, unknown>): string {
  const keys = Object.keys(record);
  const filled = keys.filter((k) => !isEmpty(record[k]));
  const nameKey = filled.find((k) => NAME_KEY.test(k));
  const codeKey = filled.find((k) => /code$/i.test(k));
  if (nameKey) {
    const name = valueText(nameKey, record[nameKey]);
    return codeKey ? `${name} (${valueText(codeKey, record[codeKey])})` : name;
  }
  if (codeKey) return valueText(codeKey, record[codeKey]);
  const shown = filled.filter((k) => !BOOKKEEPING.test(k) && !nameKeyFor(k, keys)).slice(0, 3);
  return shown.map((k) => `${fieldLabel(k, keys)} ${valueText(k, record[k])}`).join(', ') || EMPTY;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * One value of field `key` as words: '(empty)' for nothing, Yes/No, dates and date-times, money, unit costs and
 * quantities through the console's formats, lists joined, a nested record by its name: never JSON.
 */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatNumberOf(key, value);
  if (typeof value === 'string') {
    if (DATE_TIME.test(value)) return formatDateTime(value);
    if (DATE_ONLY.test(value)) return formatDate(value);
    if (NUMBER_TEXT.test(value) && numberKindOf(key) !== 'key' && numberKindOf(key) !== 'plain') return formatNumberOf(key, value);
    return value;
  }
  if (Array.isArray(value)) {
    if (!value.length) return '(none)';
    // A pair such as [cip_no, quantity] from a list of lines reads as "a x b".
    return value.map((v) => (Array.isArray(v) ? v.map((x) => valueText(key, x)).join(' x ') : valueText(key, v))).join(', ');
  }
  if (typeof value === 'object') return recordWords(value as Record<string, unknown>);
  return String(value);
}

/** `{from, to}` (either may be missing) as the audit trail writes one changed field. */
export function isFieldChange(value: unknown): value is { from?: unknown; to?: unknown } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.length <= 2 && keys.every((k) => k === 'from' || k === 'to');
}


/** Fields worth a line: not bookkeeping, and not an id whose name is shown beside it. */
function shownKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  return keys.filter((k) => !BOOKKEEPING.test(k) && !nameKeyFor(k, keys));
}

/** The lines of a whole record (a create or a delete): its filled-in fields, at most SUMMARY_FIELDS, the rest counted. */
export function recordLines(record: Record<string, unknown>, limit = SUMMARY_FIELDS, words: FieldWords = NO_WORDS): string[] {
  const keys = Object.keys(record);
  const filled = shownKeys(record).filter((k) => !isEmpty(record[k]));
  const lines = filled.slice(0, limit).map((k) => `${labelIn(words, k, keys)}: ${textIn(words, k, record[k])}`);
  const more = filled.length - limit;
  if (more > 0) lines.push(`and ${more} more field${more === 1 ? '' : 's'}`);
  return lines;
}

/**
 * The lines of one change set: 'Label: from -> to' per changed field (and the fields that say which record, such as
 * an item group, first, as 'Label: value'); a nested `changes` or a whole `before`/`after` record as its fields;
 * `added`/`removed` lists as such; anything else as its words.
 */
export function changeLines(changes: unknown, words: FieldWords = NO_WORDS): string[] {
  if (changes === null || changes === undefined) return [];
  if (typeof changes !== 'object' || Array.isArray(changes)) return [valueText('', changes)];
  const record = changes as Record<string, unknown>;
  if (isFieldChange(record)) return [`${valueText('', record.from)} -> ${valueText('', record.to)}`];
  const keys = Object.keys(record);
  const hasChanges = keys.some((k) => isFieldChange(record[k])) || (record.changes !== null && typeof record.changes === 'object');
  if (!hasChanges && !('before' in record) && !('after' in record) && !('added' in record) && !('removed' in record)) return recordLines(record, SUMMARY_FIELDS, words);
  const context: string[] = [];
  const lines: string[] = [];
  for (const key of shownKeys(record)) {
    const value = record[key];
    if (isFieldChange(value)) {
      lines.push(`${labelIn(words, key, keys)}: ${textIn(words, key, value.from)} -> ${textIn(words, key, value.to)}`);
    } else if (key === 'changes' && value && typeof value === 'object' && !Array.isArray(value)) {
      lines.push(...changeLines(value, words));
    } else if ((key === 'before' || key === 'after') && value && typeof value === 'object' && !Array.isArray(value)) {
      lines.push(...recordLines(value as Record<string, unknown>, SUMMARY_FIELDS, words));
    } else if (key === 'added' || key === 'removed') {
      if (!isEmpty(value)) lines.push(`${humanise(key)}: ${valueText(key, value)}`);
    } else if (!isEmpty(value)) {
      context.push(`${labelIn(words, key, keys)}: ${textIn(words, key, value)}`);
    }
  }
  return [...context, ...lines];
}

// Past-tense words of the action verbs the services use; an unknown verb is humanised.
const VERBS: Readonly<Record<string, string>> = {
  create: 'Created',
  created: 'Created',
  insert: 'Added',
  add: 'Added',
  update: 'Updated',
  save: 'Updated',
  edit: 'Edited',
  change: 'Changed',
  set: 'Set',
  delete: 'Deleted',
  deleted: 'Deleted',
  remove: 'Removed',
  merge: 'Merged',
  expire: 'Expired',
  extend: 'Extended',
  copy: 'Copied',
  lock: 'Locked',
  unlock: 'Unlocked',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  activate: 'Activated',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
  enable: 'Enabled',
  disable: 'Disabled',
  issue: 'Issued',
  revoke: 'Revoked',
  upload: 'Uploaded',
  purge: 'Purged',
  reset: 'Reset',
  select: 'Selected',
  submit: 'Submitted',
  approve: 'Approved',
  reject: 'Rejected',
  assign: 'Assigned',
  unassign: 'Unassigned',
  import: 'Imported',
  export: 'Exported',
  start: 'Started',
  stop: 'Stopped',
  link: 'Linked',
  provision: 'Provisioned',
  rank: 'Reordered',
  display: 'Changed the display of',
  visibility: 'Changed the visibility of',
  assignment: 'Changed the assignment of',
};

/** Whole actions whose parts do not make the sentence. */
const ACTIONS: Readonly<Record<string, string>> = {
  login: 'Signed in',
  logout: 'Signed out',
  'login.failed': 'Sign-in failed',
  'password.change': 'Changed the password',
  password_change: 'Changed the password',
  password_set_by_admin: 'Set the password (administrator)',
  'password.proof_failed': 'Password check failed',
  'cid.merged': 'Merged into another CID',
  'cid.create_repaired': 'Created a repaired CID',
  'cip.create_repaired': 'Created a repaired CIP',
  'cip.cid_merge': 'Moved to the merged CID',
  'file.default': 'Made the default file',
  'security_questions.set': 'Set the security questions',
  'site.change': 'Changed the current site',
  'impersonation.start': 'Started acting as another user',
  'impersonation.stop': 'Stopped acting as another user',
  avgCostCorrection: 'Corrected the average cost',
  'vendor.assign_shared_vendor': 'Linked a shared vendor',
  'employee_group.assigned.insert': 'Added employees',
  'employee_group.assigned.update': 'Changed the employees',
  'employee_group.assigned.delete': 'Removed an employee',
  'vendor.unassign_shared_vendor': 'Unlinked the shared vendor',
};

/**
 * An action key as a sentence: 'employee_group.update' -> 'Updated the employee group', 'create' with subject
 * 'employee' -> 'Created the employee', 'employee_group.delivery_location.insert' -> 'Added the delivery location',
 * 'item_master.ship_weight_update' -> 'Updated the ship weight of the item master', 'cid.warranty' -> 'Changed the
 * warranty of the CID'; an unknown bare key is humanised ('recount' -> 'Recount').
 */
export function actionWords(action: string, subject?: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const parts = action.split('.');
  const verbKey = parts[parts.length - 1];
  // The record acted on: the part before the verb (a relation of the panel's record names itself), else the subject.
  const object = parts.length > 1 ? phrase(parts[parts.length - 2]) : subject;
  const the = (what: string | undefined) => (what ? ` the ${what}` : '');
  const verb = VERBS[verbKey];
  if (verb) return `${verb}${the(object)}`;
  const words = splitKey(verbKey);
  const first = VERBS[words[0]];
  const last = VERBS[words[words.length - 1]];
  if (words.length > 1 && (first || last)) {
    const what = (first ? words.slice(1) : words.slice(0, -1)).map(spell).join(' ');
    return `${first ?? last} the ${what}${object ? ` of the ${object}` : ''}`;
  }
  if (parts.length > 1) return `Changed the ${phrase(verbKey)}${object ? ` of the ${object}` : ''}`;
  return humanise(action);
}

/** Who made a change, and as whom when support acted as the user ('support as buyer'). */
export function whoText(row: Pick<AuditDetail, 'changed_by' | 'acting_as'>): string {
  const who = row.changed_by || 'System';
  return row.acting_as ? `${who} as ${row.acting_as}` : who;
}
