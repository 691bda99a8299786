import { Route } from 'react-router';
import { RequirePermission } from '../ui';
import { BASIC_ACCESS } from '../items/common';
import { TrackingCodePage } from './TrackingCodePage';
import { LevelsPage } from './LevelsPage';
import { LEVELS_ROUTE, TRACKING_LEVEL_ADMIN } from './trackingCodes';

/** Tracking code and level screens (docs/tracking-codes.md); each level's view permission is checked by the API. */
export function trackingRoutes() {
  return [
    <Route
      key="trackingcode-search"
      path="/trackingcode/trackingCodeSearch/:level"
      element={
        <RequirePermission permission={BASIC_ACCESS}>
          <TrackingCodePage />
        </RequirePermission>
      }
    />,
    <Route
      key="trackingcode-levels"
      path={LEVELS_ROUTE}
      element={
        <RequirePermission permission={TRACKING_LEVEL_ADMIN}>
          <LevelsPage />
        </RequirePermission>
      }
    />,
  ];
}
