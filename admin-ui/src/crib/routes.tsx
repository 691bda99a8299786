import { Route } from 'react-router';
import { RequirePermission } from '../ui';
import { CribCounterPage } from './CribCounterPage';
import { DeviceTokensPage } from './DeviceTokensPage';

/** Issues and returns at the crib window (the ledger's TransactionIssue), and the devices' tokens. */
export const CRIB_ROUTES = [
  { path: '/transaction/cribCounter', page: CribCounterPage, permission: 'TransactionIssue' },
  { path: '/crib/deviceTokens', page: DeviceTokensPage, permission: 'DeviceTokenAdmin' },
];

export function cribRoutes() {
  return CRIB_ROUTES.map(({ path, page: Page, permission }) => (
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
