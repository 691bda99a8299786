import { Route } from 'react-router';
import { RequirePermission } from '../../ui';
import { ApprovedVendorsPage } from './ApprovedVendorsPage';
import { VIEW_VENDORS } from './common';

// A vendor's sites, the manufacturers it is approved for and its buyers are tabs of the vendor detail
// (/vendors/vendorSearch?vend_code=); Approved Vendors is the screen of a site's whole list.
export const VENDOR_SITE_ROUTES = [{ path: '/vendors/approvedVendors', page: ApprovedVendorsPage, permission: VIEW_VENDORS }];

export function vendorSiteRoutes() {
  return VENDOR_SITE_ROUTES.map(({ path, page: Page, permission }) => (
    <Route
      key={path}
      path={path}
      element={
        <RequirePermission permission={permission}>
          <Page />
        </RequirePermission>
      }
    />
  ));
}
