// The cycle count and min/max review screens: their addresses (the server's menu lists them under Items, global
// migration 0018) and the permission each needs.
import { routesFrom, type RouteDef } from '../ui/routing';
import { CountPlanPage } from './CountPlanPage';
import { CountEntryPage, SheetsPage } from './SheetsPage';
import { ApprovalPage } from './ApprovalPage';
import { MinMaxReviewPage } from './MinMaxReviewPage';
import { APD_REVIEW, CYCLE_COUNT_APPROVE, CYCLE_COUNT_ENTER } from './common';

export const COUNT_ROUTES: RouteDef[] = [
  { path: '/cycleCount/plan', page: CountPlanPage, permission: CYCLE_COUNT_ENTER },
  { path: '/cycleCount/sheets', page: SheetsPage, permission: CYCLE_COUNT_ENTER },
  { path: '/cycleCount/sheets/:sheet_id', page: CountEntryPage, permission: CYCLE_COUNT_ENTER },
  { path: '/cycleCount/approval', page: ApprovalPage, permission: CYCLE_COUNT_APPROVE },
  { path: '/apd/review', page: MinMaxReviewPage, permission: APD_REVIEW },
];

export const countRoutes = () => routesFrom(COUNT_ROUTES);
