import { routesFrom, type RouteDef } from '../ui/routing';
import { VendorSearchPage } from './VendorSearchPage';
import { MANUFACTURER_SEARCH_ROUTE, VENDOR_SEARCH_ROUTE, VIEW_VENDORS } from './vendors';

const VendorSearch = () => <VendorSearchPage model="vendor" />;
const ManufacturerSearch = () => <VendorSearchPage model="manufacturer" />;

/**
 * Vendor and manufacturer screens (docs/vendors.md): the search, and with `?vend_code=` the detail behind the route
 * guard. The menu entries come from the server (Procurement > Vendors, Manufacturers).
 */
export const VENDOR_ROUTES: RouteDef[] = [
  { path: VENDOR_SEARCH_ROUTE, page: VendorSearch, permission: VIEW_VENDORS },
  { path: MANUFACTURER_SEARCH_ROUTE, page: ManufacturerSearch, permission: VIEW_VENDORS },
];

export const vendorRoutes = () => routesFrom(VENDOR_ROUTES);
