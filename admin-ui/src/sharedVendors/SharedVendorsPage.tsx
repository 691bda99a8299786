import { useSearchParams } from 'react-router';
import { SharedVendorList } from './SharedVendorList';
import { SharedVendorShow } from './SharedVendorShow';

/** `/vendors/sharedVendors`: the search, or with `?id=` one shared vendor. */
export function SharedVendorsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id === null ? <SharedVendorList /> : <SharedVendorShow id={Number(id)} />;
}
