import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Tooltip } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import HistoryIcon from '@mui/icons-material/History';
import TuneIcon from '@mui/icons-material/Tune';
import DownloadIcon from '@mui/icons-material/Download';
import { api } from '../../shared/api';
import { notify } from '../../shared/events';
import { DataGrid } from '../../grid/DataGrid';
import { base64ToBlob, saveBlob } from '../../grid/download';
import { GuardedButton, GuardedIconButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { ConfirmDialog, PageBanner, DEVOPS_TRAINING } from '../common';
import { JobHistoryDialog } from './JobHistoryDialog';
import {
  HIGHLIGHT_COLORS,
  JOBS_PATH,
  JOB_ACTIONS,
  LOG_LEVELS,
  LOG_LEVEL_FAILURE,
  NO_LOG_FILE,
  logLevelSuccess,
  statusText,
} from './jobs';

function ActionButton({ testId, title, onClick, children }) {
  return (
    <Tooltip title={title}>
      <GuardedIconButton size="small" color="primary" onClick={onClick} data-testid={testId} aria-label={title}>
        {children}
      </GuardedIconButton>
    </Tooltip>
  );
}

export function LogLevelDialog({ job, onClose, onDone }) {
  const [level, setLevel] = useState(job?.log_level || 'Info');
  useEffect(() => {
    if (job) setLevel(LOG_LEVELS.includes(job.log_level) ? job.log_level : 'Info');
  }, [job]);
  const submit = async () => {
    try {
      const answer = await api.put(`${JOBS_PATH}/${job.job_id}/LogLevel`, { log_level: level }, { quiet: true });
      notify(answer?.message || logLevelSuccess(level), 'success');
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

export function JobList() {
  const [jobs, setJobs] = useState([]);
  const [loading, setLoading] = useState(false);
  const [confirm, setConfirm] = useState(null); // {action, job}
  const [historyJob, setHistoryJob] = useState(null);
  const [levelJob, setLevelJob] = useState(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await api.get(JOBS_PATH);
      setJobs(Array.isArray(answer) ? answer : answer?.itemList || []);
    } catch {
      setJobs([]);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    reload();
  }, [reload]);

  const run = async () => {
    const { action, job } = confirm;
    setConfirm(null);
    const spec = JOB_ACTIONS[action];
    const { method, path, body } = spec.request(job);
    try {
      const answer = await api[method](path, body, { quiet: true });
      notify(answer?.message || spec.success, 'success');
    } catch {
      notify(spec.failure, 'success');
    }
    reload();
  };

  const downloadLog = async (job) => {
    try {
      const answer = await api.get(`${JOBS_PATH}/${job.job_id}/LogFile`, { quiet: true });
      if (!answer?.file_byte) {
        notify(NO_LOG_FILE, 'info');
        return;
      }
      saveBlob(base64ToBlob(answer.file_byte, 'text/plain'), answer.file_name || `job-${job.job_id}.log`);
    } catch (error) {
      if (error?.status === 404 || error?.status === 400) notify(NO_LOG_FILE, 'info');
      else notify(error?.message || NO_LOG_FILE, error?.status ? 'error' : 'info');
    }
  };

  const columns = [
    { field: 'job_id', header: 'Job Id', configurable: false, kind: 'number' },
    { field: 'job_type_id', header: 'Job Type Id', configurable: false, kind: 'number' },
    { field: 'description', header: 'Description', configurable: false, truncate: true },
    { field: 'schedule_type', header: 'Schedule Type', configurable: false, render: (j) => j.schedule_type ?? j.schedule_type_id },
    { field: 'last_run', header: 'Last Run', configurable: false, kind: 'datetime' },
    {
      field: 'run_interval',
      header: 'Run Interval',
      configurable: false,
      kind: 'number',
      render: (j) => (j.run_interval ?? (j.run_at ? `Daily at ${j.run_at}` : '')),
    },
    { field: 'next_run', header: 'Next Run', configurable: false, kind: 'datetime' },
    { field: 'last_activity_notification', header: 'Last Activity', configurable: false, kind: 'datetime' },
    { field: 'active', header: 'Active', configurable: false, kind: 'boolean' },
    { field: 'log_level', header: 'Log Level', configurable: false },
    {
      field: 'status_text',
      header: 'Current Status',
      configurable: false,
      render: (j) => <span data-testid={`job-status-${j.job_id}`}>{statusText(j)}</span>,
    },
    {
      field: 'actions',
      header: 'Actions',
      configurable: false,
      position: 'end',
      action: true,
      render: (j) => (
        <Stack direction="row" spacing={0.5} sx={{ whiteSpace: 'nowrap' }}>
          {j.active ? (
            <ActionButton title="Deactivate" testId={`job-deactivate-${j.job_id}`} onClick={() => setConfirm({ action: 'deactivate', job: j })}>
              <StopIcon fontSize="small" />
            </ActionButton>
          ) : (
            <ActionButton title="Activate" testId={`job-activate-${j.job_id}`} onClick={() => setConfirm({ action: 'activate', job: j })}>
              <PlayArrowIcon fontSize="small" />
            </ActionButton>
          )}
          <ActionButton title="Reset" testId={`job-reset-${j.job_id}`} onClick={() => setConfirm({ action: 'reset', job: j })}>
            <RestartAltIcon fontSize="small" />
          </ActionButton>
          <ActionButton title="View History" testId={`job-history-${j.job_id}`} onClick={() => setHistoryJob(j)}>
            <HistoryIcon fontSize="small" />
          </ActionButton>
          <ActionButton title="Change Log Level" testId={`job-loglevel-${j.job_id}`} onClick={() => setLevelJob(j)}>
            <TuneIcon fontSize="small" />
          </ActionButton>
          <ActionButton title="Download Log File" testId={`job-logfile-${j.job_id}`} onClick={() => downloadLog(j)}>
            <DownloadIcon fontSize="small" />
          </ActionButton>
        </Stack>
      ),
    },
  ];

  return (
    <Box sx={{ p: 2 }} data-testid="job-list">
      <PageBanner title="Job List" category={DEVOPS_TRAINING}>
        <GuardedButton variant="outlined" startIcon={<RefreshIcon />} onClick={reload} data-testid="job-refresh">
          Refresh
        </GuardedButton>
      </PageBanner>
      <DataGrid
        id="jobs"
        columns={columns}
        rows={jobs}
        loading={loading}
        paging={false}
        rowKey="job_id"
        rowProps={(j) => ({
          'data-highlight': j.highlight || undefined,
          'data-job-id': j.job_id,
          sx: j.highlight && HIGHLIGHT_COLORS[j.highlight] ? { bgcolor: HIGHLIGHT_COLORS[j.highlight] } : undefined,
        })}
      />
      <ConfirmDialog
        open={Boolean(confirm)}
        message={confirm ? JOB_ACTIONS[confirm.action].question : ''}
        onCancel={() => setConfirm(null)}
        onConfirm={run}
      />
      <JobHistoryDialog job={historyJob} onClose={() => setHistoryJob(null)} />
      <LogLevelDialog job={levelJob} onClose={() => setLevelJob(null)} onDone={reload} />
    </Box>
  );
}
