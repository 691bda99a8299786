import { useCallback } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { api } from '../../shared/api';
import { DataGrid } from '../../grid/DataGrid';
import { JOBS_PATH } from './jobs';

export const JOB_HISTORY_COLUMNS = [
  { field: 'job_run_id', header: 'Run Id', kind: 'number' },
  { field: 'start_time', header: 'Start Time', kind: 'datetime' },
  { field: 'end_time', header: 'End Time', kind: 'datetime' },
  { field: 'duration_seconds', header: 'Duration', kind: 'number', render: (r) => r.duration_seconds ?? r.duration },
  { field: 'success', header: 'Status', kind: 'boolean', render: (r) => (r.success ? 'Success' : 'Failed') },
  { field: 'results_detail', header: 'Results', truncate: true },
];

export function JobHistoryDialog({ job, onClose }) {
  const jobId = job?.job_id;
  const load = useCallback((request) => api.post(`${JOBS_PATH}/${jobId}/History`, request), [jobId]);
  return (
    <Dialog open={Boolean(job)} onClose={onClose} maxWidth="lg" fullWidth data-testid="job-history-dialog">
      <DialogTitle>Job History{job ? ` - ${job.description || job.job_id}` : ''}</DialogTitle>
      <DialogContent>
        {job && (
          <DataGrid
            id="jobHistory"
            settingsKey="jobHistory"
            columns={JOB_HISTORY_COLUMNS}
            defaultSort={{ field: 'job_run_id', direction: 'desc' }}
            load={load}
            exportPath={`${JOBS_PATH}/${jobId}/History/Export`}
            rowKey="job_run_id"
          />
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
