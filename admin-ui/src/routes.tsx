// Every address of the console in one registry: App renders the routes from it and the menu asks it whether an
// entry leads to a screen the user may open (shell/visibleMenu), so the two cannot disagree.
import { HomePage } from './home/HomePage';
import { Unauthorized } from './shell/StaticPages';
import { ADMIN_PERMISSIONS } from './lib/userContext';
import { routeEntries, type RouteDef, type RouteEntry } from './ui/routing';
import { DEVOPS_RESOURCES, DEVOPS_ROUTES } from './devops/routes';
import { ITEM_RESOURCE_DEFINITIONS, ITEM_ROUTES } from './items/routes';
import { TRACKING_ROUTES } from './trackingCodes/routes';
import { EMPLOYEE_RESOURCE_DEFINITIONS, EMPLOYEE_ROUTES } from './people/employees/routes';
import { COUNT_ROUTES } from './cycleCounts/routes';
import { TRANSACTION_RESOURCE_DEFINITIONS, TRANSACTION_ROUTES } from './transactions/routes';
import { PEOPLE_RESOURCE_DEFINITIONS, PEOPLE_ROUTES } from './people/routes';
import { CRIB_ROUTES } from './crib/routes';
import { PROFILE_ROUTES } from './profile/routes';
import { SHARED_VENDOR_RESOURCE_DEFINITIONS, SHARED_VENDOR_ROUTES } from './sharedVendors/routes';
import { VENDOR_ROUTES } from './vendors/routes';
import { VENDOR_SITE_ROUTES } from './vendors/approved/routes';
import { COST_ROUTES } from './costs/routes';
import { TYPE_LIST_ROUTES } from './typeLists/routes';
import { NOTIFICATION_ROUTES } from './notifications/routes';
import { ALERT_SETTINGS_ROUTES } from './alertSettings/routes';

/** The screens under their own addresses (react-admin's <CustomRoutes>). */
export const CUSTOM_ROUTES: RouteDef[] = [
  { path: '/homeMain', page: HomePage, permission: null },
  { path: '/unauthorized', page: Unauthorized, permission: null },
  ...DEVOPS_ROUTES,
  ...ITEM_ROUTES,
  ...TRACKING_ROUTES,
  ...EMPLOYEE_ROUTES,
  ...COUNT_ROUTES,
  ...TRANSACTION_ROUTES,
  ...PEOPLE_ROUTES,
  ...CRIB_ROUTES,
  ...PROFILE_ROUTES,
  ...SHARED_VENDOR_ROUTES,
  ...VENDOR_ROUTES,
  ...VENDOR_SITE_ROUTES,
  ...COST_ROUTES,
  ...TYPE_LIST_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...ALERT_SETTINGS_ROUTES,
];

/** The administration resources (Controls > Users, Roles, Permissions, Sites): any one of the admin permissions. */
export const ADMIN_RESOURCES = ['users', 'roles', 'permissions', 'sites'] as const;

/** The react-admin resources registered for the holders of their permission. */
export const RESOURCE_DEFINITIONS = {
  ...DEVOPS_RESOURCES,
  ...ITEM_RESOURCE_DEFINITIONS,
  ...EMPLOYEE_RESOURCE_DEFINITIONS,
  ...PEOPLE_RESOURCE_DEFINITIONS,
  ...TRANSACTION_RESOURCE_DEFINITIONS,
  ...SHARED_VENDOR_RESOURCE_DEFINITIONS,
};

/**
 * Every address the console answers (path pattern and permission), for the menu: the custom routes, the dashboard
 * and each resource's list, show, edit and create under `/<resource>`.
 */
export const ROUTE_REGISTRY: RouteEntry[] = [
  { path: '/', permission: null },
  ...routeEntries(CUSTOM_ROUTES),
  ...ADMIN_RESOURCES.flatMap((name) => resourcePaths(name, ADMIN_PERMISSIONS)),
  ...Object.entries(RESOURCE_DEFINITIONS).flatMap(([name, { permission }]) => resourcePaths(name, permission)),
];

function resourcePaths(name: string, permission: string | readonly string[]): RouteEntry[] {
  return [`/${name}`, `/${name}/create`, `/${name}/:id`, `/${name}/:id/show`].map((path) => ({ path, permission }));
}
