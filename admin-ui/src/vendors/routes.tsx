import { Route } from 'react-router';
import { RequirePermission } from '../ui';
import { VendorSearchPage } from './VendorSearchPage';
import { MANUFACTURER_SEARCH_ROUTE, VENDOR_SEARCH_ROUTE, VIEW_VENDORS } from './vendors';

/**
 * Vendor and manufacturer screens (docs/vendors.md): the search, and with `?vend_code=` the detail behind the route
 * guard. The menu entries come from the server (Procurement > Vendors, Manufacturers).
 */
export function vendorRoutes() {
  return [
    <Route key="vendors" path={VENDOR_SEARCH_ROUTE} element={<RequirePermission permission={VIEW_VENDORS}><VendorSearchPage model="vendor" /></RequirePermission>} />,
    <Route key="manufacturers" path={MANUFACTURER_SEARCH_ROUTE}
      element={<RequirePermission permission={VIEW_VENDORS}><VendorSearchPage model="manufacturer" /></RequirePermission>} />,
  ];
}
