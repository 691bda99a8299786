// Choose a brand of the provider catalogue by its name or its manufacturer's (ItemMaster/Brands, the active brands);
// the value is the brand id, as a shared vendor's brand record stores it.
import { callApi, type Schema } from '../shared/api';
import { pickerOf, type PickerKey } from '../grid/SearchPicker';

type Brand = Schema<'Brand'>;

/** 'SKF Explorer (SKF)'. */
export const brandLabel = (b: Pick<Brand, 'brand_name' | 'mfg_code'>) => (b.mfg_code ? `${b.brand_name} (${b.mfg_code})` : b.brand_name);

const search = (typed: string, signal: AbortSignal) => callApi('get', '/V1/ItemMaster/Brands', { query: { q: typed || undefined }, signal, quiet: true });
const find = (id: PickerKey, signal: AbortSignal) => callApi('get', '/V1/ItemMaster/Brand/{id}', { path: { id: Number(id) }, signal, quiet: true });

export const BrandPicker = pickerOf<Brand>({
  search,
  find,
  keyOf: (b) => b.brand_id,
  labelOf: brandLabel,
  label: 'Brand',
  noOptionsText: 'No active brand or manufacturer has that name.',
});
