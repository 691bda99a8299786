import WarehouseIcon from '@mui/icons-material/Warehouse';
import { CipSearchList } from './CipSearchList';
import type { CipRecord } from './cipSearch';

// Addresses: /item/search; a CIP's own page is /item/{cid_no}/{cip_no} (items/itemPage).
export default {
  list: CipSearchList,
  icon: WarehouseIcon,
  recordRepresentation: (record: CipRecord) => record.cip_code,
};
