import SecurityIcon from '@mui/icons-material/Security';
import { RoleCreate } from './RoleCreate';
import { RoleEdit } from './RoleEdit';
import { RoleList } from './RoleList';
import { RoleShow } from './RoleShow';

export default {
  list: RoleList,
  show: RoleShow,
  edit: RoleEdit,
  create: RoleCreate,
  icon: SecurityIcon,
  recordRepresentation: 'role_name',
};
