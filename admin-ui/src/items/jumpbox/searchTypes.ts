// The global search box of spec 1 section 2 (the "jump box"): its search types, what is kept in the user's
// settings, the spec's input checks and what a lookup's answer leads to. Pure functions, unit-tested; the box itself
// is JumpBox.tsx and the calls are lookups.ts.

/** The item search types of the spec, plus the free-text type of issue 8. */
export type SearchTypeKey = 'cipId' | 'cipNumber' | 'customerPart' | 'erpItemCode' | 'freeText';

export interface SearchType {
  key: SearchTypeKey;
  label: string;
  placeholder: string;
}

export const SEARCH_TYPES: readonly SearchType[] = [
  { key: 'cipId', label: 'CIP ID', placeholder: 'CIP Id' },
  { key: 'cipNumber', label: 'CIP Number', placeholder: 'CIP Number' },
  { key: 'customerPart', label: 'Customer Part', placeholder: 'Customer Part' },
  { key: 'erpItemCode', label: 'ERP Item Code', placeholder: 'ERP Item Code' },
  { key: 'freeText', label: 'Free Text', placeholder: 'Description, part, code...' },
];

/** CIP ID is the default (spec 1 section 2). */
export const DEFAULT_SEARCH_TYPE: SearchTypeKey = 'cipId';

export const JUMPBOX_SETTINGS = {
  searchType: 'navigation.jumpbox.searchType',
  searchData: 'navigation.jumpbox.searchData',
  saveSearchData: 'navigation.jumpbox.saveSearchData',
} as const;

export const MESSAGES = {
  cipIdNotNumber: 'CIP Id must be a number.',
  notFound: 'Item not found.',
} as const;

/** Free-text search-as-you-type: the pause after the last key before asking, and how many hits the list shows. */
export const FREE_TEXT_DEBOUNCE_MS = 200;
export const FREE_TEXT_LIMIT = 10;

/**
 * The search type a stored setting names. The setting holds the type's label ('CIP ID'), as the user sees it;
 * the key ('cipId') is accepted too. Anything else (missing, a type of an area this console does not have, such as
 * 'Purchase Order') falls back to the default.
 */
export function searchTypeOf(stored: unknown): SearchTypeKey {
  const text = typeof stored === 'string' ? stored.trim().toLowerCase() : '';
  const found = SEARCH_TYPES.find((t) => t.label.toLowerCase() === text || t.key.toLowerCase() === text);
  return found?.key ?? DEFAULT_SEARCH_TYPE;
}

export const searchTypeLabel = (key: SearchTypeKey): string => SEARCH_TYPES.find((t) => t.key === key)?.label ?? key;

/** The value stored for a search type (its label). */
export const storedSearchType = (key: SearchTypeKey): string => searchTypeLabel(key);

interface SettingLike {
  setting_key: string;
  setting_value?: string | null;
}

/**
 * The box's starting state from the user's settings: the saved type, and the saved text only when
 * saveSearchData is exactly 'true' (spec 1 section 2).
 */
export function initialJumpBox(settings: readonly SettingLike[] | null | undefined): { type: SearchTypeKey; text: string } {
  const value = (key: string) => settings?.find((s) => s.setting_key === key)?.setting_value ?? null;
  const restore = value(JUMPBOX_SETTINGS.saveSearchData) === 'true';
  return {
    type: searchTypeOf(value(JUMPBOX_SETTINGS.searchType)),
    text: restore ? (value(JUMPBOX_SETTINGS.searchData) ?? '') : '',
  };
}

/** What a search of the typed text needs first: nothing to do, a refusal with the spec's message, or a lookup. */
export type SearchCheck = { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'lookup'; value: string };

export function checkSearch(type: SearchTypeKey, text: string | null | undefined): SearchCheck {
  const value = (text ?? '').trim();
  if (!value) return { kind: 'empty' };
  if (type === 'cipId' && !/^\d+$/.test(value)) return { kind: 'invalid', message: MESSAGES.cipIdNotNumber };
  // A CIP id beyond what the API's 64-bit id can hold cannot name a CIP.
  if (type === 'cipId' && !Number.isSafeInteger(Number(value))) return { kind: 'invalid', message: MESSAGES.notFound };
  return { kind: 'lookup', value };
}

/** The fields of a found item the box needs to go to it. */
export interface FoundItem {
  cip_no: number;
  cid_no?: number | null;
}

/** After a lookup: go to the one item, let the user pick one, or say nothing was found. */
export type LookupOutcome<T extends FoundItem> =
  | { kind: 'go'; item: T }
  | { kind: 'pick'; items: T[] }
  | { kind: 'error'; message: string };

/** The types whose several results are offered in the 'Select Item' picker. */
const PICKING_TYPES: readonly SearchTypeKey[] = ['customerPart', 'erpItemCode', 'freeText'];

/**
 * More than one result of a customer-part or ERP-item search opens the 'Select Item' picker; otherwise the user
 * goes straight to the (first) item; none is 'Item not found.' (spec 1 sections 2 and 8). Enter in the free-text
 * type, with no hit chosen, does the same with its hits.
 */
export function lookupOutcome<T extends FoundItem>(type: SearchTypeKey, items: readonly T[] | null | undefined): LookupOutcome<T> {
  const found = (items ?? []).filter((item) => item && Number.isFinite(Number(item.cip_no)));
  if (found.length === 0) return { kind: 'error', message: MESSAGES.notFound };
  if (found.length > 1 && PICKING_TYPES.includes(type)) return { kind: 'pick', items: found };
  return { kind: 'go', item: found[0] };
}

/** A row of the 'Select Item' picker: what the quick searches and the free-text search answer. */
export interface PickRow extends FoundItem {
  cip_code?: string | null;
  cust_item_code?: string | null;
  location?: string | null;
  cust_desc1?: string | null;
  cust_desc2?: string | null;
  qty_on_hand?: number | null;
  likeUPC?: number | string | null;
  qty_avail?: number | null;
  consigned?: boolean | null;
  cust_avg_cost?: number | null;
}

export interface PickColumn {
  field: keyof PickRow;
  header: string;
  kind: 'text' | 'number' | 'quantity' | 'boolean' | 'currency';
}

/**
 * The picker's columns (spec 1 section 2): cip_code, cust_item_code, location, cust_desc1, cust_desc2, cip_no,
 * cid_no, qty_on_hand, likeUPC, qty_avail, consigned (True/False) and, only with InvFISPrice, cust_avg_cost.
 */
export function pickColumns(canSeeCost: boolean): PickColumn[] {
  const columns: PickColumn[] = [
    { field: 'cip_code', header: 'CIP Code', kind: 'text' },
    { field: 'cust_item_code', header: 'Customer Part', kind: 'text' },
    { field: 'location', header: 'Location', kind: 'text' },
    { field: 'cust_desc1', header: 'Description 1', kind: 'text' },
    { field: 'cust_desc2', header: 'Description 2', kind: 'text' },
    { field: 'cip_no', header: 'CIP Id', kind: 'number' },
    { field: 'cid_no', header: 'CID No', kind: 'number' },
    { field: 'qty_on_hand', header: 'On Hand', kind: 'quantity' },
    { field: 'likeUPC', header: 'Like UPC', kind: 'text' },
    { field: 'qty_avail', header: 'Available', kind: 'quantity' },
    { field: 'consigned', header: 'Consigned', kind: 'boolean' },
  ];
  if (canSeeCost) columns.push({ field: 'cust_avg_cost', header: 'Average Cost', kind: 'currency' });
  return columns;
}

/** Consigned reads 'True' or 'False' in the picker; blank when the answer does not say. */
export const trueFalse = (value: unknown): string => (value === null || value === undefined ? '' : value ? 'True' : 'False');

/** The free-text type searches as the user types; the others search on Enter or the search button. */
export const searchesAsYouType = (type: SearchTypeKey): type is 'freeText' => type === 'freeText';
