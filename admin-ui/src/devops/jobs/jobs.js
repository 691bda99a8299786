export const JOBS_PATH = '/api/V1/DevOps/Job';
export const LOG_LEVELS = ['Off', 'Fatal', 'Error', 'Warn', 'Info', 'Debug', 'Trace'];
export const NO_LOG_FILE = 'No log file is available for this job';

/** The three confirmed actions: question, call, success text when the API sends none, failure text. */
export const JOB_ACTIONS = {
  activate: {
    question: 'Are you sure you want to activate this job?',
    request: (job) => ({ method: 'put', path: `${JOBS_PATH}/${job.job_id}/Activation`, body: { active: true } }),
    success: 'Job Activated',
    failure: 'Failed to activate job',
  },
  deactivate: {
    question: 'Are you sure you want to deactivate this job?',
    request: (job) => ({ method: 'put', path: `${JOBS_PATH}/${job.job_id}/Activation`, body: { active: false } }),
    success: 'Job Deactivated',
    failure: 'Failed to Deactivate job',
  },
  reset: {
    question: 'Are you sure you want to reset this job?',
    request: (job) => ({ method: 'put', path: `${JOBS_PATH}/${job.job_id}/Status`, body: { job_status: 0 } }),
    success: 'Job reset.',
    failure: 'Failed to reset job',
  },
};

export const LOG_LEVEL_FAILURE = 'Failed to set job log level';
export const logLevelSuccess = (level) => `Job logging set to: ${level}`;

/** Spec 2 section 4, for answers without status_text: Stopped, Running or Scheduled. */
export function statusText(job) {
  if (job?.status_text) return job.status_text;
  if (!job?.active) return 'Stopped';
  return Number(job.job_status) === 1 || job.job_status === true ? 'Running' : 'Scheduled';
}

export const HIGHLIGHT_COLORS = { error: '#f8d7da', warning: '#ffe0b2' };
