import Inventory2Icon from '@mui/icons-material/Inventory2';
import { ItemMasterList } from './ItemMasterList';
import { ItemMasterShow } from './ItemMasterShow';
import type { ItemMasterRecord } from './itemMaster';

// Addresses: /item/itemMaster/search and /item/itemMaster/search/:item_id (items/routes.tsx).
export default {
  list: ItemMasterList,
  show: ItemMasterShow,
  icon: Inventory2Icon,
  recordRepresentation: (record: ItemMasterRecord) => `${record.mfg_code} ${record.mfg_part_no}`,
};
