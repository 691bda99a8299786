import { routesFrom, type RouteDef } from '../ui/routing';
import { CribCounterPage } from './CribCounterPage';
import { DeviceTokensPage } from './DeviceTokensPage';

/** Issues and returns at the crib window (the ledger's TransactionIssue), and the devices' tokens. */
export const CRIB_ROUTES: RouteDef[] = [
  { path: '/transaction/cribCounter', page: CribCounterPage, permission: 'TransactionIssue' },
  { path: '/crib/deviceTokens', page: DeviceTokensPage, permission: 'DeviceTokenAdmin' },
];

export const cribRoutes = () => routesFrom(CRIB_ROUTES);
