// The console's addresses as data (path pattern + permission), free of React so the menu rules and their tests can
// use them; ui/routing.tsx turns the same tables into <Route>s.
import { matchPath } from 'react-router';

/**
 * Who may open a route: one permission (by name, or by id as the spec checks some), any one of a list, or `null`
 * for every signed-in user (My Profile).
 */
export type RoutePermission = string | number | readonly string[] | null;

/** A route without its page: what the menu needs to decide whether an entry leads somewhere the user may go. */
export interface RouteEntry {
  /** A react-router path pattern (`/item/:cid_no/:cip_no`). */
  path: string;
  permission: RoutePermission;
}

/** Whether a holder of `holds` may open a route guarded by `permission`. */
export function mayOpen(permission: RoutePermission, holds: (permission: string | number) => boolean): boolean {
  if (permission === null) return true;
  if (Array.isArray(permission)) return permission.some((p) => holds(p));
  return holds(permission as string | number);
}

/** Only the path and permission of each route (the registry the menu reads; pages stay out of it). */
export function routeEntries(table: readonly RouteEntry[]): RouteEntry[] {
  return table.map(({ path, permission }) => ({ path, permission }));
}

const dynamicParts = (route: RouteEntry) => route.path.split('/').filter((part) => part.startsWith(':') || part === '*').length;

/**
 * The route an in-app address lands on (its query and hash ignored), as react-router would choose it: a static
 * path beats a pattern with parameters, so `/item/stations` is not taken for `/item/:cid_no/:cip_no`.
 */
export function findRoute(routes: readonly RouteEntry[], to: string): RouteEntry | undefined {
  const pathname = (to.split(/[?#]/)[0] || '/').replace(/(.)\/+$/, '$1');
  const matches = routes.filter((route) => matchPath({ path: route.path, end: true }, pathname));
  return [...matches].sort((a, b) => dynamicParts(a) - dynamicParts(b))[0];
}
