import PeopleIcon from '@mui/icons-material/People';
import type { Schema } from '../../shared/api';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export type UserRecord = Schema<'UserRecord'>;

export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: (record: UserRecord) =>
    [record.user_id, [record.fname, record.lname].filter(Boolean).join(' ')].filter(Boolean).join(' - '),
};
