import { useMemo, useState, type ReactNode } from 'react';
import { Box, Stack, Tooltip } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import HistoryIcon from '@mui/icons-material/History';
import TuneIcon from '@mui/icons-material/Tune';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext } from 'react-admin';
import { callApi } from '../../shared/api';
import { HttpError } from '../../shared/http';
import { notify } from '../../shared/events';
import { DataGrid } from '../../grid/DataGrid';
import { WholeGridList } from '../../grid/GridList';
import { base64ToBlob, saveBlob } from '../../grid/download';
import { GuardedButton, GuardedIconButton } from '../../grid/GuardedButton';
import type { GridColumn } from '../../grid/types';
import type { AspDataProvider } from '../../dataProvider';
import { ConfirmDialog, DEVOPS_TRAINING, PageTitle } from '../../ui';
import { JobHistoryDialog } from '../jobHistory/JobHistoryDialog';
import { LogLevelDialog } from './LogLevelDialog';
import { HIGHLIGHT_COLORS, JOB_ACTIONS, NO_LOG_FILE, statusText, type JobAction, type JobRecord } from './jobs';

/** A job's icon action (the grid's row actions). */
function JobIconButton({ testId, title, onClick, children }: { testId: string; title: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={title}>
      <GuardedIconButton size="small" color="primary" onClick={onClick} data-testid={testId} aria-label={title}>
        {children}
      </GuardedIconButton>
    </Tooltip>
  );
}

async function downloadLog(job: JobRecord) {
  try {
    const answer = await callApi('get', '/V1/DevOps/Job/{id}/LogFile', { path: { id: job.job_id }, quiet: true });
    if (!answer?.file_byte) {
      notify(NO_LOG_FILE, 'info');
      return;
    }
    saveBlob(base64ToBlob(answer.file_byte, 'text/plain'), answer.file_name || `job-${job.job_id}.log`);
  } catch (error) {
    const status = error instanceof HttpError ? error.status : undefined;
    if (status === 404 || status === 400) notify(NO_LOG_FILE, 'info');
    else notify((error as Error | null)?.message || NO_LOG_FILE, status ? 'error' : 'info');
  }
}

interface JobHandlers {
  confirm: (action: JobAction, job: JobRecord) => void;
  history: (job: JobRecord) => void;
  logLevel: (job: JobRecord) => void;
}

function jobColumns(on: JobHandlers): GridColumn<JobRecord>[] {
  return [
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
            <JobIconButton title="Deactivate" testId={`job-deactivate-${j.job_id}`} onClick={() => on.confirm('deactivate', j)}>
              <StopIcon fontSize="small" />
            </JobIconButton>
          ) : (
            <JobIconButton title="Activate" testId={`job-activate-${j.job_id}`} onClick={() => on.confirm('activate', j)}>
              <PlayArrowIcon fontSize="small" />
            </JobIconButton>
          )}
          <JobIconButton title="Reset" testId={`job-reset-${j.job_id}`} onClick={() => on.confirm('reset', j)}>
            <RestartAltIcon fontSize="small" />
          </JobIconButton>
          <JobIconButton title="View History" testId={`job-history-${j.job_id}`} onClick={() => on.history(j)}>
            <HistoryIcon fontSize="small" />
          </JobIconButton>
          <JobIconButton title="Change Log Level" testId={`job-loglevel-${j.job_id}`} onClick={() => on.logLevel(j)}>
            <TuneIcon fontSize="small" />
          </JobIconButton>
          <JobIconButton title="Download Log File" testId={`job-logfile-${j.job_id}`} onClick={() => downloadLog(j)}>
            <DownloadIcon fontSize="small" />
          </JobIconButton>
        </Stack>
      ),
    },
  ];
}

interface JobListState {
  confirm: { action: JobAction; job: JobRecord } | null;
  historyJob: JobRecord | null;
  levelJob: JobRecord | null;
}

function JobListView({ state, setState }: { state: JobListState; setState: (patch: Partial<JobListState>) => void }) {
  const { refetch } = useListContext<JobRecord>();
  const dataProvider = useDataProvider<AspDataProvider>();
  const reload = () => {
    refetch();
  };

  const run = async () => {
    if (!state.confirm) return;
    const { action, job } = state.confirm;
    setState({ confirm: null });
    const spec = JOB_ACTIONS[action];
    try {
      const { meta } = await dataProvider.update('jobs', { id: job.id, data: spec.change, previousData: job, meta: { quiet: true } });
      notify(meta?.message || spec.success, 'success');
    } catch {
      // Spec 2 section 8: job failures are shown with success styling.
      notify(spec.failure, 'success');
    }
    reload();
  };

  return (
    <>
      <PageTitle title="Job List" category={DEVOPS_TRAINING}>
        <GuardedButton variant="outlined" startIcon={<RefreshIcon />} onClick={reload} data-testid="job-refresh">
          Refresh
        </GuardedButton>
      </PageTitle>
      <DataGrid<JobRecord>
        id="jobs"
        paging={false}
        rowProps={(j) => ({
          'data-highlight': j.highlight || undefined,
          'data-job-id': j.job_id,
          sx: j.highlight && HIGHLIGHT_COLORS[j.highlight] ? { bgcolor: HIGHLIGHT_COLORS[j.highlight] } : undefined,
        })}
      />
      <ConfirmDialog
        open={Boolean(state.confirm)}
        title={state.confirm ? JOB_ACTIONS[state.confirm.action].title : undefined}
        message={state.confirm ? `${JOB_ACTIONS[state.confirm.action].question} Job ${state.confirm.job.job_id}: ${state.confirm.job.description ?? ''}` : ''}
        confirmLabel={state.confirm ? JOB_ACTIONS[state.confirm.action].label : undefined}
        danger={state.confirm?.action === 'deactivate'}
        onCancel={() => setState({ confirm: null })}
        onConfirm={run}
      />
      <JobHistoryDialog job={state.historyJob} onClose={() => setState({ historyJob: null })} />
      <LogLevelDialog job={state.levelJob} onClose={() => setState({ levelJob: null })} onDone={reload} />
    </>
  );
}

/** The job service: every job at once (no paging), with its actions; a header click sorts the loaded rows. */
export function JobList() {
  const [state, setFullState] = useState<JobListState>({ confirm: null, historyJob: null, levelJob: null });
  const setState = (patch: Partial<JobListState>) => setFullState((s) => ({ ...s, ...patch }));
  const columns = useMemo(
    () =>
      jobColumns({
        confirm: (action, job) => setFullState((s) => ({ ...s, confirm: { action, job } })),
        history: (job) => setFullState((s) => ({ ...s, historyJob: job })),
        logLevel: (job) => setFullState((s) => ({ ...s, levelJob: job })),
      }),
    [],
  );
  return (
    <Box sx={{ p: 2 }} data-testid="job-list">
      <WholeGridList resource="jobs" columns={columns}>
        <JobListView state={state} setState={setState} />
      </WholeGridList>
    </Box>
  );
}
