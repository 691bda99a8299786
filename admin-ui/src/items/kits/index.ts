import CategoryIcon from '@mui/icons-material/Category';
import { KitList, type KitRecord } from './KitList';
import { KitShow } from './KitShow';

// Addresses: /item/kits and /item/kits/:cip_no.
export default {
  list: KitList,
  show: KitShow,
  icon: CategoryIcon,
  recordRepresentation: (record: KitRecord) => record.cip_code,
};
