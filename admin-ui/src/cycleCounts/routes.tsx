// The cycle count and min/max review screens: their addresses (the server's menu lists them under Items, global
// migration 0018) and the permission each needs.
import type { ComponentType } from 'react';
import { Route } from 'react-router';
import { RequirePermission } from '../ui';
import { CountPlanPage } from './CountPlanPage';
import { CountEntryPage, SheetsPage } from './SheetsPage';
import { ApprovalPage } from './ApprovalPage';
import { MinMaxReviewPage } from './MinMaxReviewPage';
import { APD_REVIEW, CYCLE_COUNT_APPROVE, CYCLE_COUNT_ENTER } from './common';

export const COUNT_ROUTES: { path: string; page: ComponentType; permission: string }[] = [
  { path: '/cycleCount/plan', page: CountPlanPage, permission: CYCLE_COUNT_ENTER },
  { path: '/cycleCount/sheets', page: SheetsPage, permission: CYCLE_COUNT_ENTER },
  { path: '/cycleCount/sheets/:sheet_id', page: CountEntryPage, permission: CYCLE_COUNT_ENTER },
  { path: '/cycleCount/approval', page: ApprovalPage, permission: CYCLE_COUNT_APPROVE },
  { path: '/apd/review', page: MinMaxReviewPage, permission: APD_REVIEW },
];

export function countRoutes() {
  return COUNT_ROUTES.map(({ path, page: Page, permission }) => (
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
