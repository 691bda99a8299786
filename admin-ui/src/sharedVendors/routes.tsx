import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router';
import { RequirePermission } from '../ui';
import sharedVendors from './index';
import { SHARED_VENDORS_ROUTE, SHARED_VENDOR_VIEW } from './sharedVendors';

/** The shared vendor resource and the permission it needs (App registers it for its holders). */
export const SHARED_VENDOR_RESOURCE_DEFINITIONS = {
  sharedVendors: { definition: sharedVendors, permission: SHARED_VENDOR_VIEW },
} as const;

/** The shared vendor screens' address as a <Route> for react-admin's <CustomRoutes>. */
export function sharedVendorRoutes() {
  return [
    <Route
      key={SHARED_VENDORS_ROUTE}
      path={SHARED_VENDORS_ROUTE}
      element={
        <RequirePermission permission={SHARED_VENDOR_VIEW}>
          <ResourceContextProvider value="sharedVendors">
            <sharedVendors.list />
          </ResourceContextProvider>
        </RequirePermission>
      }
    />,
  ];
}
