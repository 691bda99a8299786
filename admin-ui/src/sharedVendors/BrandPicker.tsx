// Choose a brand of the provider catalogue by its name or its manufacturer's (ItemMaster/Brands, the active brands);
// the value is the brand id, as a shared vendor's brand record stores it.
import { callApi, type Schema } from '../shared/api';
import { SearchPicker, type PickerKey } from '../grid/SearchPicker';

type Brand = Schema<'Brand'>;

/** 'SKF Explorer (SKF)'. */
export const brandLabel = (b: Pick<Brand, 'brand_name' | 'mfg_code'>) => (b.mfg_code ? `${b.brand_name} (${b.mfg_code})` : b.brand_name);

const search = (typed: string, signal: AbortSignal) => callApi('get', '/V1/ItemMaster/Brands', { query: { q: typed || undefined }, signal, quiet: true });
const find = (id: PickerKey, signal: AbortSignal) => callApi('get', '/V1/ItemMaster/Brand/{id}', { path: { id: Number(id) }, signal, quiet: true });

export function BrandPicker({ value, onChange, testId, error }: { value: string; onChange: (id: string) => void; testId: string; error?: string }) {
  return (
    <SearchPicker<Brand>
      value={value === '' ? null : value}
      onChange={(key) => onChange(key === null ? '' : String(key))}
      search={search}
      find={find}
      keyOf={(b) => b.brand_id}
      labelOf={brandLabel}
      testId={testId}
      label="Brand"
      width="100%"
      error={error}
      noOptionsText="No active brand or manufacturer has that name."
    />
  );
}
