import StorefrontIcon from '@mui/icons-material/Storefront';
import { SharedVendorsPage } from './SharedVendorsPage';
import type { SharedVendor } from './sharedVendors';

// Address: /vendors/sharedVendors (search) and /vendors/sharedVendors?id= (detail with its tabs).
export default {
  list: SharedVendorsPage,
  show: SharedVendorsPage,
  icon: StorefrontIcon,
  recordRepresentation: (record: SharedVendor) => record.shared_vendor_name,
};
