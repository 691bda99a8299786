import { Route } from 'react-router';
import { RequirePermission } from '../ui';
import { TypeListsPage } from './TypeListsPage';

/** The administrator's reference lists (server menu: Controls > Type Lists). */
export const TYPE_LIST_ROUTES = [{ path: '/typeLists', page: TypeListsPage, permission: 'TypeListAdmin' }];

export function typeListRoutes() {
  return TYPE_LIST_ROUTES.map(({ path, page: Page, permission }) => (
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
