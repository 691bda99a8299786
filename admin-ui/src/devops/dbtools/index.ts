import StorageIcon from '@mui/icons-material/Storage';
import { DbToolsList, type DbObjectRecord } from './DbToolsList';
import { objectLabel } from './dbtools';

// Addresses: /devops/dbtools (search) and /devops/dbtoolsView/... (an object's source, from devops/routes.tsx).
export default {
  list: DbToolsList,
  icon: StorageIcon,
  recordRepresentation: (record: DbObjectRecord) => objectLabel(record),
};
