//! Rules of the job resource: the status text and highlight, the history's sort allow-list, and the audited
//! administrator's actions.

use base64::Engine;
use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::jobs::LogLevel;
use kernel::listing::{Page, PageRequest, SortSpec};
use kernel::state::AppState;

use super::model::{Job, JobHistoryExport, JobLogFile, JobMessage, JobRecord, JobRun, JobRunPage};
use super::repo;

pub const NO_JOB: &str = "The job does not exist.";
pub const NO_LOG_FILE: &str = "No log file is available for this job";

pub const HISTORY_SORT: SortSpec = SortSpec {
    fields: &[
        ("job_run_id", "job_run_id"),
        ("start_time", "start_time"),
        ("end_time", "end_time"),
        ("duration_seconds", "duration_seconds"),
        ("duration", "duration_seconds"),
        ("success", "success"),
        ("results_detail", "results_detail"),
    ],
    default_field: "job_run_id",
    default_descending: true,
};

/// The spec's status text and row highlight (threshold one hour).
pub fn status_of(
    active: bool,
    job_status: i32,
    last_run: Option<DateTime<Utc>>,
    next_run: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> (&'static str, Option<&'static str>) {
    let running = job_status == 1;
    let text = match (active, running) {
        (false, _) => "Stopped",
        (true, true) => "Running",
        (true, false) => "Scheduled",
    };
    let hour_ago = now - chrono::Duration::hours(1);
    let highlight = if running {
        last_run.filter(|t| *t <= hour_ago).map(|_| "error")
    } else {
        next_run.filter(|t| *t <= hour_ago).map(|_| "warning")
    };
    (text, highlight)
}

impl From<JobRecord> for Job {
    fn from(r: JobRecord) -> Self {
        let (text, highlight) = status_of(r.active, r.job_status, r.last_run, r.next_run, r.db_now);
        Self {
            job_id: r.job_id,
            job_type_id: r.job_type_id,
            description: r.description,
            schedule_type_id: r.schedule_type_id,
            schedule_type: if r.schedule_type_id == 2 { "Daily" } else { "Interval" }.to_owned(),
            last_run: r.last_run,
            run_interval: r.run_interval,
            run_at: r.run_at.map(|t| t.format("%H:%M:%S").to_string()),
            next_run: r.next_run,
            last_activity_notification: r.last_activity_notification,
            active: r.active,
            log_level: r.log_level,
            job_status: r.job_status,
            status_text: text.to_owned(),
            highlight: highlight.map(str::to_owned),
        }
    }
}

fn message(text: impl Into<String>) -> JobMessage {
    JobMessage { message: text.into() }
}

fn entry(action: &'static str, job_id: i64, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "job", entity_id: job_id.to_string(), client_id: None, site_id: None, changes }
}

async fn ensure_exists(conn: &mut PgConnection, job_id: i64) -> ApiResult<()> {
    if repo::exists(conn, job_id).await? {
        Ok(())
    } else {
        Err(ApiError::not_found(NO_JOB))
    }
}

/// Every job with its status text and highlight.
pub async fn list(state: &AppState) -> ApiResult<Vec<Job>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::all(&mut conn).await?.into_iter().map(Job::from).collect())
}

async fn runs(state: &AppState, job_id: i64, page: &Page) -> ApiResult<(Vec<JobRun>, i64)> {
    let mut conn = state.pool.acquire().await?;
    ensure_exists(&mut conn, job_id).await?;
    Ok(repo::history(&mut conn, job_id, page).await?)
}

/// One page of a job's runs in the requested order.
pub async fn history(state: &AppState, job_id: i64, request: &PageRequest) -> ApiResult<JobRunPage> {
    let page = request.resolve(&HISTORY_SORT)?;
    let (rows, total) = runs(state, job_id, &page).await?;
    Ok(JobRunPage::new(rows, total))
}

/// The job's runs (up to the cap) as a workbook of the requested columns.
pub async fn export_history(state: &AppState, job_id: i64, request: &JobHistoryExport) -> ApiResult<XlsxFile> {
    let page = request.page.resolve(&HISTORY_SORT)?.export();
    let (rows, _) = runs(state, job_id, &page).await?;
    export::respond(&request.columns, &rows)
}

/// Runs one audited change of a job row in one transaction; `apply` answers the rows it changed (none: the job does
/// not exist).
async fn change<F>(state: &AppState, caller: &Caller, job_id: i64, action: &'static str, changes: serde_json::Value, apply: F) -> ApiResult<()>
where
    F: for<'c> FnOnce(&'c mut PgConnection) -> futures::future::BoxFuture<'c, Result<u64, sqlx::Error>>,
{
    let mut tx = state.pool.begin().await?;
    if apply(&mut tx).await? == 0 {
        return Err(ApiError::not_found(NO_JOB));
    }
    audit::record(&mut tx, Some(caller), entry(action, job_id, changes)).await?;
    tx.commit().await?;
    Ok(())
}

/// Activates (due at its current next run, or now when it has none) or deactivates a job.
pub async fn set_active(state: &AppState, caller: &Caller, job_id: i64, active: bool) -> ApiResult<JobMessage> {
    let action = if active { "job.activate" } else { "job.deactivate" };
    change(state, caller, job_id, action, json!({"active": active}), |c| Box::pin(repo::set_active(c, job_id, active))).await?;
    Ok(message(if active { "Job Activated" } else { "Job Deactivated" }))
}

/// Sets a job back to not running and drops its lease (for a job stuck in Running); 0 is the only status that can
/// be set.
pub async fn set_status(state: &AppState, caller: &Caller, job_id: i64, job_status: i32) -> ApiResult<JobMessage> {
    if job_status != 0 {
        return Err(ApiError::invalid("job_status", "invalid", "A job can only be reset (job_status 0)."));
    }
    change(state, caller, job_id, "job.reset", json!({"job_status": 0}), |c| Box::pin(repo::reset(c, job_id))).await?;
    Ok(message("Job reset."))
}

/// The level applies from the job's next run.
pub async fn set_log_level(state: &AppState, caller: &Caller, job_id: i64, log_level: &str) -> ApiResult<JobMessage> {
    let Some(level) = LogLevel::parse(log_level) else {
        return Err(ApiError::invalid("log_level", "invalid", "The log level must be one of Off, Fatal, Error, Warn, Info, Debug, Trace."));
    };
    change(state, caller, job_id, "job.log_level", json!({"log_level": level.as_str()}), |c| Box::pin(repo::set_log_level(c, job_id, level))).await?;
    Ok(message(format!("Job logging set to: {level}")))
}

/// The log of the job's latest run that kept any lines, base64.
pub async fn log_file(state: &AppState, job_id: i64) -> ApiResult<JobLogFile> {
    let mut conn = state.pool.acquire().await?;
    ensure_exists(&mut conn, job_id).await?;
    let Some((run_id, text)) = repo::latest_log(&mut conn, job_id).await? else {
        return Err(ApiError::not_found(NO_LOG_FILE));
    };
    Ok(JobLogFile { file_byte: base64::engine::general_purpose::STANDARD.encode(text.as_bytes()), file_name: format!("job-{job_id}-run-{run_id}.log") })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_text_and_highlight_follow_the_spec() {
        let now = Utc::now();
        let h = |n: i64| Some(now - chrono::Duration::minutes(n));
        assert_eq!(status_of(false, 0, None, h(0), now), ("Stopped", None));
        assert_eq!(status_of(true, 1, h(5), h(10), now), ("Running", None));
        assert_eq!(status_of(true, 1, h(60), h(10), now), ("Running", Some("error")));
        assert_eq!(status_of(true, 0, h(120), h(59), now), ("Scheduled", None));
        assert_eq!(status_of(true, 0, h(120), h(61), now), ("Scheduled", Some("warning")));
        assert_eq!(status_of(true, 0, None, Some(now + chrono::Duration::hours(2)), now), ("Scheduled", None));
    }
}
