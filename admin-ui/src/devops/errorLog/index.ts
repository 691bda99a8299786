import BugReportIcon from '@mui/icons-material/BugReport';
import { ErrorLogPage } from './ErrorLogPage';
import type { ErrorRow } from './errors';

// Address: /devops/errorList; the page shows this list and, in its second tab, the errorFilters resource.
export default {
  list: ErrorLogPage,
  icon: BugReportIcon,
  recordRepresentation: (record: ErrorRow) => `Error ${record.asp_error_log_ID}`,
};
