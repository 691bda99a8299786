import { routesFrom, type RouteDef } from '../ui/routing';
import { CostCataloguePage } from './CostCataloguePage';
import { ReviewCostPage } from './ReviewCostPage';

/** The cost catalogue and the cost review (docs/costs.md); the menu entries come from migration 0033. */
export const COST_ROUTES: RouteDef[] = [
  { path: '/vendors/costCatalogue', page: CostCataloguePage, permission: 'SharedVendorCostView' },
  { path: '/vendors/ReviewCost', page: ReviewCostPage, permission: 'SharedVendorCostView' },
];

export const costRoutes = () => routesFrom(COST_ROUTES);
