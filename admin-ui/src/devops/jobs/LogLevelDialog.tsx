import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { notify } from '../../shared/events';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import type { AspDataProvider } from '../../dataProvider';
import { LOG_LEVELS, LOG_LEVEL_FAILURE, logLevelSuccess, type JobRecord } from './jobs';

/** 'Set Log Level': the jobs resource's update with the new level. */
export function LogLevelDialog({ job, onClose, onDone }: { job: JobRecord | null; onClose: () => void; onDone: () => void }) {
  const dataProvider = useDataProvider<AspDataProvider>();
  const [level, setLevel] = useState(job?.log_level || 'Info');
  useEffect(() => {
    if (job) setLevel(LOG_LEVELS.includes(job.log_level) ? job.log_level : 'Info');
  }, [job]);
  const submit = async () => {
    if (!job) return;
    try {
      const { meta } = await dataProvider.update('jobs', { id: job.id, data: { log_level: level }, previousData: job, meta: { quiet: true } });
      notify(meta?.message || logLevelSuccess(level), 'success');
    } catch {
      // Spec 2 section 8: job failures are shown with success styling.
      notify(LOG_LEVEL_FAILURE, 'success');
    }
    onClose();
    onDone();
  };
  return (
    <Dialog open={Boolean(job)} onClose={onClose} data-testid="job-loglevel-dialog">
      <DialogTitle>Set Log Level{job ? ` - Job ${job.job_id}` : ''}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <SelectField
          testId="job-loglevel-select"
          label="Log Level"
          value={level}
          onChange={setLevel}
          options={LOG_LEVELS.map((l) => ({ value: l, label: l }))}
          sx={{ minWidth: 240 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="job-loglevel-cancel">
          Cancel
        </Button>
        <GuardedButton variant="contained" onClick={submit} data-testid="job-loglevel-submit">
          Set Log Level
        </GuardedButton>
      </DialogActions>
    </Dialog>
  );
}
