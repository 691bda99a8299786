import type { Schema } from '../../shared/api';
import type { WithId } from '../../dataProvider/search';

export type Job = Schema<'Job'>;
export type JobRecord = WithId<Job>;
export const LOG_LEVELS = ['Off', 'Fatal', 'Error', 'Warn', 'Info', 'Debug', 'Trace'];

/** A change of one job: each goes to its own call (see the `jobs` resource's update). */
export type JobChange = { active: boolean } | { job_status: 0 } | { log_level: string };
export const NO_LOG_FILE = 'No log file is available for this job';

export type JobAction = 'activate' | 'deactivate' | 'reset';

/** The three confirmed actions: question, change, success text when the API sends none, failure text. */
export const JOB_ACTIONS: Record<JobAction, { title: string; label: string; question: string; change: JobChange; success: string; failure: string }> = {
  activate: {
    title: 'Activate the job?',
    label: 'Activate',
    question: 'Are you sure you want to activate this job?',
    change: { active: true },
    success: 'Job Activated',
    failure: 'Failed to activate job',
  },
  deactivate: {
    title: 'Deactivate the job?',
    label: 'Deactivate',
    question: 'Are you sure you want to deactivate this job?',
    change: { active: false },
    success: 'Job Deactivated',
    failure: 'Failed to Deactivate job',
  },
  reset: {
    title: 'Reset the job?',
    label: 'Reset',
    question: 'Are you sure you want to reset this job?',
    change: { job_status: 0 },
    success: 'Job reset.',
    failure: 'Failed to reset job',
  },
};

export const LOG_LEVEL_FAILURE = 'Failed to set job log level';
export const logLevelSuccess = (level: string) => `Job logging set to: ${level}`;

/** Spec 2 section 4, for answers without status_text: Stopped, Running or Scheduled. */
export function statusText(job: Partial<Pick<Job, 'status_text' | 'active' | 'job_status'>> | null | undefined): string {
  if (job?.status_text) return job.status_text;
  if (!job?.active) return 'Stopped';
  return Number(job.job_status) === 1 ? 'Running' : 'Scheduled';
}

export const HIGHLIGHT_COLORS: Record<string, string> = { error: '#f8d7da', warning: '#ffe0b2' };
