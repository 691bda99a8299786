import KeyIcon from '@mui/icons-material/Key';
import { PermissionCreate } from './PermissionCreate';
import { PermissionEdit } from './PermissionEdit';
import { PermissionList } from './PermissionList';
import { PermissionShow } from './PermissionShow';

export default {
  list: PermissionList,
  show: PermissionShow,
  edit: PermissionEdit,
  create: PermissionCreate,
  icon: KeyIcon,
  recordRepresentation: 'permission_name',
};
