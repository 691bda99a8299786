// The reference lists the console's forms pick from (docs/type-lists.md): which Type operation answers each list,
// one cached request per list, and the rules of the options (pure, tested in lookups.test.ts).
import { apiUrl, callApi, type ApiPath, type Schema } from '../shared/api';

export type TypeValue = Schema<'TypeValue'>;

/** The lists a record stores a value of, by their type code. */
export type TypeListName =
  | 'State'
  | 'Country'
  | 'Currency'
  | 'Terms'
  | 'FreightTerms'
  | 'ShipMethod'
  | 'ConsignedPaySchedule'
  | 'VendorHold'
  | 'VendorHoldMethod'
  | 'ASNAction'
  | 'VendorDiversity'
  | 'FormTemplate';

/**
 * The operation answering each list. Where the API has an "All" variant it is the one read: a value deactivated since
 * a record chose it is still shown by its name, and offered only to that record.
 */
export const TYPE_LIST_PATHS = {
  State: '/V1/Type/GetAllStates',
  Country: '/V1/Type/Country',
  Currency: '/V1/Type/AllCurrency',
  Terms: '/V1/Type/Terms',
  FreightTerms: '/V1/Type/FreightTerms',
  ShipMethod: '/V1/Type/ShipMethods',
  ConsignedPaySchedule: '/V1/Type/ConsignedPaySchedule',
  VendorHold: '/V1/Type/VendorHold',
  VendorHoldMethod: '/V1/Type/VendorHoldMethods',
  ASNAction: '/V1/Type/AllASNAction',
  VendorDiversity: '/V1/Type/AllVendorDiversity',
  FormTemplate: '/V1/Type/PreRepairFormTemplates',
} as const satisfies Record<TypeListName, ApiPath>;

/** Ship methods may be limited to one site: at a known site the list is that site's (every site's plus its own). */
export function typeListUrl(list: TypeListName, siteId?: number | null): string {
  if (list === 'ShipMethod' && siteId) return apiUrl('/V1/Type/ShipMethods/Site/{site}', { site: siteId });
  return apiUrl(TYPE_LIST_PATHS[list]);
}

// One request per list and site for the page's life: a vendor form has a dozen pickers, several on the same list.
// A failed request is forgotten so that the next form asks again. Type Lists administration clears it after a save.
const cache = new Map<string, Promise<TypeValue[]>>();

/** The answer cached under the call's address (`url`), or `load`'s. */
function cachedGet(url: string, load: () => Promise<TypeValue[]>): Promise<TypeValue[]> {
  let answer = cache.get(url);
  if (!answer) {
    answer = load();
    answer.catch(() => cache.delete(url));
    cache.set(url, answer);
  }
  return answer;
}

export function loadTypeList(list: TypeListName, siteId?: number | null): Promise<TypeValue[]> {
  return cachedGet(typeListUrl(list, siteId), () =>
    list === 'ShipMethod' && siteId
      ? callApi('get', '/V1/Type/ShipMethods/Site/{site}', { path: { site: siteId }, quiet: true })
      : callApi('get', TYPE_LIST_PATHS[list], { quiet: true }),
  );
}

/** The lists a shared vendor's blocks and child records store a value of, by their type code. */
export type SharedVendorListName =
  | 'SharedVendorContactType'
  | 'SharedVendorGrade'
  | 'SharedVendorGradeCategory'
  | 'SharedVendorIncentiveType'
  | 'SharedVendorMarketType'
  | 'SharedVendorPayTerms';

export type SharedVendorLists = Partial<Record<SharedVendorListName, TypeValue[]>>;

export const SHARED_VENDOR_LISTS_PATH = '/V1/Type/SharedVendor' satisfies ApiPath;

/** A Type answer holding several lists, split by the list each value names (`typeID`), in the answer's order. */
export function byList<L extends string>(values: readonly TypeValue[]): Partial<Record<L, TypeValue[]>> {
  const out: Partial<Record<L, TypeValue[]>> = {};
  for (const v of values) (out[v.typeID as L] ??= []).push(v);
  return out;
}

/**
 * Every shared-vendor list at once, through the same cache: one operation answers them all, so the page asks once
 * whichever block or record it shows. It answers the active values only: a value deactivated since a record chose it
 * is not there, and the record's own name for it (which the server reads whatever the value's state) has to stand in.
 */
export async function loadSharedVendorLists(): Promise<SharedVendorLists> {
  return byList<SharedVendorListName>(await cachedGet(apiUrl(SHARED_VENDOR_LISTS_PATH), () => callApi('get', SHARED_VENDOR_LISTS_PATH, { quiet: true })));
}

export function clearTypeListCache(): void {
  cache.clear();
}

/** What a record stores: the value id (`id`) or the value's code (`code`: terms, ship method, pay schedule). */
export type StoredAs = 'id' | 'code';

export interface TypeOption {
  value: number | string;
  label: string;
  /** The list's code ('TX', 'US', 'NET30'). */
  code: string | null;
  /** A deactivated value (offered only to the record that carries it). */
  inactive: boolean;
  /** Not in the list at all: the stored value as it is. */
  unknown?: boolean;
}

const sameCode = (a: string | null | undefined, b: unknown) => typeof b === 'string' && (a ?? '').toUpperCase() === b.toUpperCase();

/** How a value reads: 'TX - Texas'; the description alone when there is no code or it says the same. */
export function typeLabel(v: TypeValue): string {
  const code = v.code?.trim();
  return code && code.toUpperCase() !== v.description.toUpperCase() ? `${code} - ${v.description}` : v.description;
}

/** The value a record's stored id or code stands for (codes compared ignoring case, as the server does). */
export function findTypeValue(values: readonly TypeValue[] | undefined, by: StoredAs, stored: unknown): TypeValue | undefined {
  if (stored === null || stored === undefined || stored === '') return undefined;
  return (values ?? []).find((v) => (by === 'id' ? v.valueID === Number(stored) : sameCode(v.code, stored)));
}

/** The stored value as the form shows it: its label, or the value itself when the list does not have it. */
export function typeValueText(values: readonly TypeValue[] | undefined, by: StoredAs, stored: unknown, labelOf: (v: TypeValue) => string = typeLabel): string {
  if (stored === null || stored === undefined || stored === '') return '';
  const found = findTypeValue(values, by, stored);
  return found ? labelOf(found) : String(stored);
}

/**
 * The options of a picker: the active values (those `keep` accepts), each once, in the list's order; the stored value
 * is always among them, marked when it is deactivated or unknown, so a form never silently drops what it carries.
 */
export function typeOptions(
  values: readonly TypeValue[] | undefined,
  by: StoredAs,
  stored: unknown,
  keep: (v: TypeValue) => boolean = () => true,
  labelOf: (v: TypeValue) => string = typeLabel,
): TypeOption[] {
  const out: TypeOption[] = [];
  const seen = new Set<string>();
  const current = findTypeValue(values, by, stored);
  for (const v of values ?? []) {
    const value = by === 'id' ? v.valueID : v.code;
    if (value === null || value === undefined || value === '') continue;
    const key = String(value).toUpperCase();
    if (seen.has(key)) continue;
    const isCurrent = v === current;
    if (!isCurrent && (!v.isActive || !keep(v))) continue;
    seen.add(key);
    out.push({ value, label: v.isActive ? labelOf(v) : `${labelOf(v)} (inactive)`, code: v.code ?? null, inactive: !v.isActive });
  }
  if (!current && stored !== null && stored !== undefined && stored !== '') {
    const value = by === 'id' ? Number(stored) : String(stored);
    out.unshift({ value, label: `${String(stored)} (not in the list)`, code: null, inactive: true, unknown: true });
  }
  return out;
}

/** The 'US' of country value 840; null when not chosen or unknown. */
export function countryCodeOf(countries: readonly TypeValue[] | undefined, countryId: unknown): string | null {
  return findTypeValue(countries, 'id', countryId)?.code ?? null;
}

/**
 * Whose states a vendor's state picker offers: its country's; without a country a domestic vendor is in the United
 * States (the server's rule), an international one has no state list until a country is chosen.
 */
export function stateCountry(countries: readonly TypeValue[] | undefined, countryId: unknown, international: boolean): string | null {
  if (countryId === null || countryId === undefined || countryId === '') return international ? null : 'US';
  return countryCodeOf(countries, countryId);
}

/** A state belongs to the country whose alpha-2 code its description2 holds ('TX' -> 'US'). */
export const stateOf = (country: string | null) => (v: TypeValue) => country !== null && (v.description2 ?? '').toUpperCase() === country.toUpperCase();

/**
 * The state to keep after the country changed: the stored one while it is a state of the new country, else none
 * (a vendor in Ontario moved to the United States has to pick its state again).
 */
export function stateAfterCountryChange(states: readonly TypeValue[] | undefined, stateId: unknown, country: string | null): number | null {
  const state = findTypeValue(states, 'id', stateId);
  return state && stateOf(country)(state) ? state.valueID : null;
}
