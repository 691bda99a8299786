import { Route, useSearchParams } from 'react-router';
import { Box } from '@mui/material';
import { PageBanner, RequirePermission } from '../../devops/common';
import { ApprovedVendorsPage } from './ApprovedVendorsPage';
import { ApprovedVendorsTab } from './ApprovedVendorsTab';
import { VendorSitesTab } from '../sites';
import { BuyerSettingsTab } from '../buyerSettings';
import { VIEW_VENDORS } from './common';

/**
 * The vendor detail's sites, approved vendors and buyers on one page, until the vendor detail page mounts the tabs
 * (`/vendors/vendorSites?vend_code=`; temporary).
 */
function VendorSitesPage() {
  const [params] = useSearchParams();
  const vendCode = params.get('vend_code') ?? '';
  return (
    <Box sx={{ p: 2 }} data-testid="vendor-sites-page">
      <PageBanner title={`Vendor ${vendCode}: sites`} />
      <VendorSitesTab vendCode={vendCode} />
      <ApprovedVendorsTab vendCode={vendCode} />
      <BuyerSettingsTab vendCode={vendCode} />
    </Box>
  );
}

export const VENDOR_SITE_ROUTES = [
  { path: '/vendors/approvedVendors', page: ApprovedVendorsPage, permission: VIEW_VENDORS },
  { path: '/vendors/vendorSites', page: VendorSitesPage, permission: VIEW_VENDORS },
];

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
