// Choose a vendor of the current site by code or name (the vendor quick search, ViewVendors: the vendor rule and the
// user's vendor restrictions apply); the value is the vendor code. A code given alone is shown with the vendor's name.
import { callApi, type Schema } from '../shared/api';
import { pickerOf, type PickerKey } from '../grid/SearchPicker';

type VendorChoice = Pick<Schema<'VendorRow'>, 'vend_code' | 'vend_name'>;

/** '10452 - Midwest Industrial Supply'. */
export const vendorLabel = (v: VendorChoice) => `${v.vend_code} - ${v.vend_name}`;

/** The quick search for what is typed: code, name or customer vendor number; visible vendors, the first 20 by name. */
export const vendorQuery = (typed: string): Schema<'VendorSearchRequest'> => ({
  criteria: typed || null, pageSize: 20, sortField: 'vend_name', sortDirection: 'asc', show_hidden: false, exclude_cod_vendors: false, remit_to_only: false,
  // The document gives these defaults (false), so its type asks for them.
  filter_sxe_code: false, ignore_restrictions: false, no_site_filter: false,
});

const search = async (typed: string, signal: AbortSignal): Promise<VendorChoice[]> =>
  (await callApi('post', '/V1/Vendor/GetByQuickSearchCriteria', { body: vendorQuery(typed), signal, quiet: true })).resultList;
const find = (code: PickerKey, signal: AbortSignal): Promise<VendorChoice> =>
  callApi('get', '/V1/Vendor/VendorCode/{code}', { path: { code: String(code) }, signal, quiet: true });

export const VendorPicker = pickerOf<VendorChoice>({
  search,
  find,
  keyOf: (v) => v.vend_code,
  labelOf: vendorLabel,
  label: 'Vendor',
  noOptionsText: 'No vendor of this site matches.',
});
