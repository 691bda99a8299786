import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import type { GridColumn } from '../../grid/types';
import type { WithId } from '../../dataProvider/search';
import type { Schema } from '../../shared/api';
import type { JobRecord } from '../jobs/jobs';

export type JobRunRecord = WithId<Schema<'JobRun'>>;

export const JOB_HISTORY_COLUMNS: GridColumn<JobRunRecord>[] = [
  { field: 'job_run_id', header: 'Run Id', kind: 'number' },
  { field: 'start_time', header: 'Start Time', kind: 'datetime' },
  { field: 'end_time', header: 'End Time', kind: 'datetime' },
  { field: 'duration_seconds', header: 'Duration', kind: 'number' },
  { field: 'success', header: 'Status', kind: 'boolean', render: (r) => (r.success ? 'Success' : 'Failed') },
  { field: 'results_detail', header: 'Results', truncate: true },
];

/** The runs of one job: the jobHistory resource, filtered by the job (its id goes into the search path). */
export function JobHistoryDialog({ job, onClose }: { job: JobRecord | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(job)} onClose={onClose} maxWidth="lg" fullWidth data-testid="job-history-dialog">
      <DialogTitle>Job History{job ? ` - ${job.description || job.job_id}` : ''}</DialogTitle>
      <DialogContent>
        {job && (
          <GridList
            resource="jobHistory"
            settingsKey="jobHistory"
            columns={JOB_HISTORY_COLUMNS}
            defaultSort={{ field: 'job_run_id', direction: 'desc' }}
            filter={{ job_id: job.job_id }}
          >
            <DataGrid id="jobHistory" exportable />
          </GridList>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="job-history-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
