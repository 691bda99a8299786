// One way to turn a screen area's route table into react-router <Route>s (issue 22 "One routesFrom(table)"). The
// menu reads the same tables (lib/routes.ts, src/routes.tsx) so it offers an entry only where its route would let
// the user in: a menu can never lead to "You are not authorized".
import type { ComponentType, ReactNode } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router';
import { hasPermission } from '../lib/userContext';
import { useUserContext } from '../shell/UserContextProvider';
import { Unauthorized } from '../shell/StaticPages';
import { RequirePermission } from './permissions';
import type { RouteEntry, RoutePermission } from '../lib/routes';

export { findRoute, mayOpen, routeEntries, type RouteEntry, type RoutePermission } from '../lib/routes';

export interface RouteDef extends RouteEntry {
  page: ComponentType;
  /** The react-admin resource the page belongs to (its list/show read the resource from the context). */
  resource?: string;
}

function AnyPermission({ permissions, children }: { permissions: readonly string[]; children: ReactNode }) {
  const { context } = useUserContext();
  if (!context) return null;
  if (!permissions.some((p) => hasPermission(context, p))) return <Unauthorized />;
  return <>{children}</>;
}

function Guard({ permission, children }: { permission: RoutePermission; children: ReactNode }) {
  if (permission === null) return <>{children}</>;
  if (Array.isArray(permission)) return <AnyPermission permissions={permission}>{children}</AnyPermission>;
  return <RequirePermission permission={permission as string | number}>{children}</RequirePermission>;
}

/** The table's routes as <Route> elements for react-admin's <CustomRoutes>, each behind its permission guard. */
export function routesFrom(table: readonly RouteDef[]) {
  return table.map(({ path, page: Page, permission, resource }) => (
    <Route
      key={path}
      path={path}
      element={
        <Guard permission={permission}>
          {resource ? (
            <ResourceContextProvider value={resource}>
              <Page />
            </ResourceContextProvider>
          ) : (
            <Page />
          )}
        </Guard>
      }
    />
  ));
}
