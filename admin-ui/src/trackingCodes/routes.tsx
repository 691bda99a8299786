import { routesFrom, type RouteDef } from '../ui/routing';
import { BASIC_ACCESS } from '../ui';
import { TrackingCodePage } from './TrackingCodePage';
import { LevelsPage } from './LevelsPage';
import { LEVELS_ROUTE, TRACKING_LEVEL_ADMIN } from './trackingCodes';

/** Tracking code and level screens (docs/tracking-codes.md); each level's view permission is checked by the API. */
export const TRACKING_ROUTES: RouteDef[] = [
  { path: '/trackingcode/trackingCodeSearch/:level', page: TrackingCodePage, permission: BASIC_ACCESS },
  { path: LEVELS_ROUTE, page: LevelsPage, permission: TRACKING_LEVEL_ADMIN },
];

export const trackingRoutes = () => routesFrom(TRACKING_ROUTES);
