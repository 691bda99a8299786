import { Route } from 'react-router';
import { RequirePermission } from '../ui';
import { CostCataloguePage } from './CostCataloguePage';
import { ReviewCostPage } from './ReviewCostPage';

/** The cost catalogue and the cost review (docs/costs.md); the menu entries come from migration 0033. */
export const COST_ROUTES = [
  { path: '/vendors/costCatalogue', page: CostCataloguePage, permission: 'SharedVendorCostView' },
  { path: '/vendors/ReviewCost', page: ReviewCostPage, permission: 'SharedVendorCostView' },
];

export function costRoutes() {
  return COST_ROUTES.map(({ path, page: Page, permission }) => (
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
