// A vendor referred to by its code (remit-to, consigned and non-consigned vendor) reads as 'Name (CODE)'.
import { callApi } from '../shared/api';
import { useLoad } from '../ui';

/** 'Midwest Industrial Supply (10452)'. */
export const vendorNameText = (v: { vend_code: string; vend_name: string }) => `${v.vend_name} (${v.vend_code})`;

export function VendorName({ code, testId }: { code: string; testId?: string }) {
  // Quiet: a vendor this site does not see answers 404; the code alone is then all there is to show.
  const found = useLoad((signal) => callApi('get', '/V1/Vendor/VendorCode/{code}', { path: { code }, signal, quiet: true }), [code], Boolean(code));
  return <span data-testid={testId}>{found.data ? vendorNameText(found.data) : code}</span>;
}
