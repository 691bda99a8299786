import PeopleIcon from '@mui/icons-material/People';
import type { Schema } from '../../shared/api';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export type UserRecord = Schema<'UserRecord'>;

const recordRepresentation = (record: UserRecord) =>
  [record.user_id, [record.fname, record.lname].filter(Boolean).join(' ')].filter(Boolean).join(' - ');

/** For support staff who administer nobody: the search of the users they may act as (docs/auth.md). */
export const usersToImpersonate = { list: UserList, icon: PeopleIcon, recordRepresentation };

export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation,
};
