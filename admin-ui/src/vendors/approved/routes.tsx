import { routesFrom, type RouteDef } from '../../ui/routing';
import { ApprovedVendorsPage } from './ApprovedVendorsPage';
import { VIEW_VENDORS } from './common';

// A vendor's sites, the manufacturers it is approved for and its buyers are tabs of the vendor detail
// (/vendors/vendorSearch?vend_code=); Approved Vendors is the screen of a site's whole list.
export const VENDOR_SITE_ROUTES: RouteDef[] = [{ path: '/vendors/approvedVendors', page: ApprovedVendorsPage, permission: VIEW_VENDORS }];

export const vendorSiteRoutes = () => routesFrom(VENDOR_SITE_ROUTES);
