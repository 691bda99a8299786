export { ApprovedVendorsTab } from './ApprovedVendorsTab';
export { ApprovedVendorsPage } from './ApprovedVendorsPage';
