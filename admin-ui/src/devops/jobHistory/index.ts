import type { JobRunRecord } from './JobHistoryDialog';

// Listed only inside the job list's history dialog (the search needs the job), so the resource has no page of its own.
export default {
  recordRepresentation: (record: JobRunRecord) => `Run ${record.job_run_id}`,
};
