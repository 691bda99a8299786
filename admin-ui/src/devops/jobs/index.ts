import ScheduleIcon from '@mui/icons-material/Schedule';
import { JobList } from './JobList';
import type { JobRecord } from './jobs';

// Address: /devops/jobList. Each job's history is the jobHistory resource (in a dialog).
export default {
  list: JobList,
  icon: ScheduleIcon,
  recordRepresentation: (record: JobRecord) => record.description || String(record.job_id),
};
