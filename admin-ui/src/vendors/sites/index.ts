export { VendorSitesTab } from './VendorSitesTab';
