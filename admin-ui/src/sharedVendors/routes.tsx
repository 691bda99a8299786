import { routesFrom, type RouteDef } from '../ui/routing';
import sharedVendors from './index';
import { SHARED_VENDORS_ROUTE, SHARED_VENDOR_VIEW } from './sharedVendors';

/** The shared vendor resource and the permission it needs (App registers it for its holders). */
export const SHARED_VENDOR_RESOURCE_DEFINITIONS = {
  sharedVendors: { definition: sharedVendors, permission: SHARED_VENDOR_VIEW },
} as const;

export const SHARED_VENDOR_ROUTES: RouteDef[] = [
  { path: SHARED_VENDORS_ROUTE, page: sharedVendors.list, permission: SHARED_VENDOR_VIEW, resource: 'sharedVendors' },
];

export const sharedVendorRoutes = () => routesFrom(SHARED_VENDOR_ROUTES);
