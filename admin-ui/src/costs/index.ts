export { CostCatalogueTab } from './CostCatalogueTab';
export { CostCataloguePage } from './CostCataloguePage';
export { ReviewCostPage } from './ReviewCostPage';
export { costRoutes } from './routes';
