import StoreIcon from '@mui/icons-material/Store';
import { SiteCreate } from './SiteCreate';
import { SiteEdit } from './SiteEdit';
import { SiteList } from './SiteList';
import { SiteShow } from './SiteShow';

export default {
  list: SiteList,
  show: SiteShow,
  edit: SiteEdit,
  create: SiteCreate,
  icon: StoreIcon,
  recordRepresentation: 'site_code',
};
