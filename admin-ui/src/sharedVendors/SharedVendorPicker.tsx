// Choose a shared vendor by name (SharedVendor/Search, ViewVendors); the value is its id. An id given alone (an
// address's ?shared_vendor_id=) is shown by the shared vendor's name.
import { callApi, type Schema } from '../shared/api';
import { pickerOf, type PickerKey } from '../grid/SearchPicker';

type SharedVendorChoice = Pick<Schema<'SharedVendorRow'>, 'shared_vendor_id' | 'shared_vendor_name' | 'is_active'>;

/** How a shared vendor reads in the picker. */
export const sharedVendorLabel = (v: SharedVendorChoice) => (v.is_active ? v.shared_vendor_name : `${v.shared_vendor_name} (inactive)`);

/** The search sent for what is typed: a part of the name, the first 20 by name. */
export const sharedVendorQuery = (typed: string) => ({ search_text: typed || null, pageSize: 20, sortField: 'shared_vendor_name' });

const search = async (typed: string, signal: AbortSignal): Promise<SharedVendorChoice[]> =>
  (await callApi('post', '/V1/SharedVendor/Search', { body: sharedVendorQuery(typed), signal, quiet: true })).itemList;
const find = (id: PickerKey, signal: AbortSignal): Promise<SharedVendorChoice> => callApi('get', '/V1/SharedVendor/{id}', { path: { id: Number(id) }, signal, quiet: true });

export const SharedVendorPicker = pickerOf<SharedVendorChoice>({
  search,
  find,
  keyOf: (v) => v.shared_vendor_id,
  labelOf: sharedVendorLabel,
  label: 'Shared vendor',
  noOptionsText: 'No shared vendor has that name.',
});
