import { objectLabel } from '../dbtools/dbtools';
import type { DbHistoryRecord } from './DbToolsHistory';

// Listed at /devops/dbtoolsHistory/:schema_name/:object_name/:database_name (devops/routes.tsx): the search needs
// the object, so the resource has no list page of its own.
export default {
  recordRepresentation: (record: DbHistoryRecord) => `${objectLabel(record)} (audit ${record.objectAuditLog_ID})`,
};
