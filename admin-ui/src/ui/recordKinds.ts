// The references a record makes most often, each as a picker kind: what is searched for the typed text, how a key
// given alone is read back, and how the record reads ('Name (CODE)'). All through the typed callApi, quiet: a
// picker that finds nothing says so itself.
import { callApi, type Schema } from '../shared/api';
import type { PickerKey, PickerKind } from '../grid/SearchPicker';

/** 'Midwest Industrial Supply (10452)'; the code alone when there is no name, the name alone without a code. */
export function nameWithCode(name: string | null | undefined, code: string | number | null | undefined): string {
  const n = (name ?? '').trim();
  const c = code === null || code === undefined ? '' : String(code).trim();
  if (n && c && n !== c) return `${n} (${c})`;
  return n || c;
}

const PAGE = 20;

// ---- vendor (the value is the vendor code) --------------------------------------------------------------------
export type VendorRef = Pick<Schema<'VendorRow'>, 'vend_code' | 'vend_name'>;
export const vendorKind: PickerKind<VendorRef> = {
  label: 'Vendor',
  search: async (typed, signal) =>
    (
      await callApi('post', '/V1/Vendor/GetByQuickSearchCriteria', {
        body: { criteria: typed || null, pageSize: PAGE, sortField: 'vend_name', sortDirection: 'asc', show_hidden: false, exclude_cod_vendors: false, remit_to_only: false, filter_sxe_code: false, ignore_restrictions: false, no_site_filter: false },
        signal,
        quiet: true,
      })
    ).resultList,
  find: (code, signal) => callApi('get', '/V1/Vendor/VendorCode/{code}', { path: { code: String(code) }, signal, quiet: true }),
  keyOf: (v) => v.vend_code,
  labelOf: (v) => nameWithCode(v.vend_name, v.vend_code),
  noOptionsText: 'No vendor of this site matches.',
};

/** The remit-to vendors a vendor may name (the value is the remit-to vendor's code). */
export function remitToKind(vendorCode: string): PickerKind<VendorRef> {
  return {
    label: 'Remit to',
    search: (typed, signal) =>
      callApi('get', '/V1/Vendor/RemitTo/{code}/{x}', { path: { code: vendorCode, x: typed || '*' }, signal, quiet: true }),
    find: vendorKind.find,
    keyOf: (v) => v.vend_code,
    labelOf: (v) => nameWithCode(v.vend_name, v.vend_code),
    noOptionsText: 'No remit-to vendor matches.',
  };
}

// ---- employee (the value is the employee id) -----------------------------------------------------------------
export type EmployeeRef = Pick<Schema<'EmployeeMin'>, 'employeeID' | 'employeeNumber' | 'firstName' | 'lastName' | 'isActive'>;
export const employeeName = (e: Pick<EmployeeRef, 'firstName' | 'lastName'>) => [e.firstName, e.lastName].filter(Boolean).join(' ');
export const employeeKind: PickerKind<EmployeeRef> = {
  label: 'Employee',
  search: (typed, signal) =>
    callApi('post', '/V1/Employee/EmployeeQuickSearch', { body: { searchText: typed, activeOnly: true, maxResults: PAGE }, signal, quiet: true }),
  find: (id, signal) => callApi('get', '/V1/Employee/{id}', { path: { id: Number(id) }, signal, quiet: true }),
  keyOf: (e) => e.employeeID,
  labelOf: (e) => nameWithCode(employeeName(e), e.employeeNumber),
  noOptionsText: 'No active employee of this site matches.',
};

/** An employee kept by employee number (searches that filter by number). */
export const employeeByNumberKind: PickerKind<EmployeeRef> = {
  ...employeeKind,
  find: (number, signal) => callApi('get', '/V1/Employee/Number/{number}', { path: { number: String(number) }, signal, quiet: true }),
  keyOf: (e) => e.employeeNumber,
};

// ---- item of this site, a CIP (the value is the cip_no) -------------------------------------------------------
export type ItemRef = Pick<Schema<'CipMin1'>, 'cip_no' | 'cip_code' | 'cust_desc1' | 'cust_item_code'>;
export const itemKind: PickerKind<ItemRef> = {
  label: 'Item',
  // CIP code, customer part or description containing the text, at the current site.
  search: async (typed, signal) =>
    (await callApi('post', '/V1/Item/CIP/Min1/Search', { body: { text: typed || null, pageSize: PAGE, sortField: 'cip_code' }, signal, quiet: true })).resultList,
  find: async (cipNo, signal) => {
    const [found] = (await callApi('post', '/V1/Item/CIP/Min1/Search', { body: { cip_no: Number(cipNo), pageSize: 1 }, signal, quiet: true })).resultList;
    if (!found) throw new Error(`No item ${cipNo}`);
    return found;
  },
  keyOf: (i) => i.cip_no,
  labelOf: (i) => nameWithCode(i.cust_desc1, i.cip_code),
  noOptionsText: 'No item of this site matches.',
};

// ---- tracking code of one level (the value is the tracking code id) ------------------------------------------
export type TrackingCodeRef = Pick<Schema<'TrackingCodeOption'>, 'trackingCodeId' | 'trackingNumber' | 'description'>;
export function trackingCodeKind(trackingLevelID: number, label = 'Tracking code'): PickerKind<TrackingCodeRef> {
  return {
    label,
    search: (typed, signal) => callApi('post', '/V1/TrackingCode/QuickSearch', { body: { trackingLevelID, text: typed }, signal, quiet: true }),
    find: (id, signal) => callApi('get', '/V1/TrackingCode/{id}', { path: { id: Number(id) }, signal, quiet: true }),
    keyOf: (t) => t.trackingCodeId,
    labelOf: (t) => nameWithCode(t.description, t.trackingNumber),
    noOptionsText: 'No tracking code matches.',
  };
}

// ---- station (the value is the station id) -------------------------------------------------------------------
export type StationRef = Pick<Schema<'Station'>, 'station_id' | 'station_code' | 'description'>;
export const stationKind: PickerKind<StationRef> = {
  label: 'Station',
  search: async (typed, signal) =>
    (await callApi('post', '/V1/Crib/Station/Search', { body: { text: typed || undefined, is_active: true, pageSize: PAGE, sortField: 'station_code' }, signal, quiet: true }))
      .resultList,
  find: async (id, signal) => (await callApi('get', '/V1/Crib/Station/{id}', { path: { id: Number(id) }, signal, quiet: true })).station,
  keyOf: (s) => s.station_id,
  labelOf: (s) => nameWithCode(s.description, s.station_code),
  noOptionsText: 'No active station matches.',
};

// ---- user (the value is the user's id, asp_users_id) ---------------------------------------------------------
export type UserRef = Pick<Schema<'UserSummary'>, 'asp_users_id' | 'user_id' | 'fname' | 'lname'>;
export const userKind: PickerKind<UserRef> = {
  label: 'User',
  search: async (typed, signal) =>
    (await callApi('post', '/V1/User/Search', { body: { username: typed || undefined, isActive: true, pageSize: PAGE, sortField: 'user_id' }, signal, quiet: true }))
      .resultList,
  find: (id, signal) => callApi('get', '/V1/User/{id}', { path: { id: Number(id) }, signal, quiet: true }),
  keyOf: (u) => u.asp_users_id,
  labelOf: (u) => nameWithCode([u.fname, u.lname].filter(Boolean).join(' '), u.user_id),
  noOptionsText: 'No active user has that user name.',
};

// ---- unit of measure (the value is the pack code: EA, BX) ----------------------------------------------------
export type UomRef = Pick<Schema<'TypeValue'>, 'code' | 'description'>;
const uomKey = (u: UomRef) => u.code ?? u.description;
export const uomKind: PickerKind<UomRef> = {
  label: 'Unit of measure',
  // Codes starting with the text, then descriptions containing it; nothing typed lists nothing (hundreds of packs).
  search: async (typed, signal) => {
    if (!typed) return [];
    const [byCode, byName] = await Promise.all([
      callApi('get', '/V1/Type/Pack/{x}', { path: { x: typed }, signal, quiet: true }),
      callApi('get', '/V1/Type/Pack/Description/{x}', { path: { x: typed }, signal, quiet: true }),
    ]);
    const seen = new Set<string>();
    return [...byCode, ...byName].filter((u) => !seen.has(uomKey(u)) && Boolean(seen.add(uomKey(u))));
  },
  find: async (code: PickerKey, signal) => {
    const found = (await callApi('get', '/V1/Type/Pack/{x}', { path: { x: String(code) }, signal, quiet: true })).find(
      (u) => (u.code ?? '').toUpperCase() === String(code).toUpperCase(),
    );
    if (!found) throw new Error(`No pack ${code}`);
    return found;
  },
  keyOf: uomKey,
  labelOf: (u) => nameWithCode(u.description, u.code),
  noOptionsText: 'Type a code (EA) or a word (each).',
};

// ---- shared vendor (the value is the shared vendor id) -------------------------------------------------------
export type SharedVendorRef = Pick<Schema<'SharedVendorRow'>, 'shared_vendor_id' | 'shared_vendor_name' | 'is_active'>;
export const sharedVendorKind: PickerKind<SharedVendorRef> = {
  label: 'Shared vendor',
  search: async (typed, signal) =>
    (await callApi('post', '/V1/SharedVendor/Search', { body: { search_text: typed || null, pageSize: PAGE, sortField: 'shared_vendor_name' }, signal, quiet: true }))
      .itemList,
  find: (id, signal) => callApi('get', '/V1/SharedVendor/{id}', { path: { id: Number(id) }, signal, quiet: true }),
  keyOf: (v) => v.shared_vendor_id,
  labelOf: (v) => (v.is_active ? v.shared_vendor_name : `${v.shared_vendor_name} (inactive)`),
  noOptionsText: 'No shared vendor has that name.',
};
