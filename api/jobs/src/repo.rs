//! Reading and changing `asp.job` and `asp.job_run` for the administrator's API.

use chrono::{DateTime, NaiveTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, PgConnection};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::jobs::LogLevel;
use kernel::listing::{capped_sql, Page, SortSpec};

/// A job as the job list shows it.
#[derive(Debug, Clone, Object, Serialize)]
pub struct Job {
    pub job_id: i64,
    pub job_type_id: i32,
    pub description: String,
    /// 1 interval, 2 daily.
    pub schedule_type_id: i32,
    /// `Interval` or `Daily`.
    pub schedule_type: String,
    pub last_run: Option<DateTime<Utc>>,
    /// Seconds between runs (interval jobs).
    pub run_interval: Option<i32>,
    /// Time of day of daily jobs (UTC, HH:MM:SS).
    pub run_at: Option<String>,
    pub next_run: Option<DateTime<Utc>>,
    /// The last sign of life of a run (its start or a lease renewal).
    pub last_activity_notification: Option<DateTime<Utc>>,
    pub active: bool,
    /// Off, Fatal, Error, Warn, Info, Debug or Trace.
    pub log_level: String,
    /// 1 while running.
    pub job_status: i32,
    /// `Stopped`, `Running` or `Scheduled`.
    pub status_text: String,
    /// `error` (running, started at least an hour ago), `warning` (not running, due at least an hour ago) or null.
    pub highlight: Option<String>,
}

#[derive(FromRow)]
struct JobRecord {
    job_id: i64,
    job_type_id: i32,
    description: String,
    schedule_type_id: i32,
    last_run: Option<DateTime<Utc>>,
    run_interval: Option<i32>,
    run_at: Option<NaiveTime>,
    next_run: Option<DateTime<Utc>>,
    last_activity_notification: Option<DateTime<Utc>>,
    active: bool,
    log_level: String,
    job_status: i32,
    db_now: DateTime<Utc>,
}

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

pub async fn all_jobs(conn: &mut PgConnection) -> ApiResult<Vec<Job>> {
    let rows: Vec<JobRecord> = sqlx::query_as(
        "select job_id, job_type_id, description, schedule_type_id::int as schedule_type_id, last_run, run_interval, run_at,
                next_run, last_activity_notification, active, log_level, job_status::int as job_status, now() as db_now
         from asp.job order by job_id",
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(Job::from).collect())
}

const NO_JOB: &str = "The job does not exist.";

pub async fn ensure_exists(conn: &mut PgConnection, job_id: i64) -> ApiResult<()> {
    let found: bool = sqlx::query_scalar("select exists (select 1 from asp.job where job_id = $1)").bind(job_id).fetch_one(conn).await?;
    if found {
        Ok(())
    } else {
        Err(ApiError::not_found(NO_JOB))
    }
}

/// One run in the job history.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct JobRun {
    pub job_run_id: i64,
    pub start_time: DateTime<Utc>,
    /// Null while running.
    pub end_time: Option<DateTime<Utc>>,
    pub duration_seconds: Option<f64>,
    /// Null while running.
    pub success: Option<bool>,
    pub results_detail: Option<String>,
}

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

/// A page of a job's runs (the 5000 most recent at most) and their total.
pub async fn history(conn: &mut PgConnection, job_id: i64, page: &Page) -> ApiResult<(Vec<JobRun>, i64)> {
    let base = "select r.job_run_id, r.start_time, r.end_time,
                       extract(epoch from (r.end_time - r.start_time))::float8 as duration_seconds, r.success, r.results_detail
                from asp.job_run r where r.job_id = $1 order by r.job_run_id desc";
    let (page_sql, count_sql) = capped_sql(base, &page.order_by, 2);
    let rows: Vec<JobRun> = sqlx::query_as(&page_sql).bind(job_id).bind(page.limit).bind(page.offset).fetch_all(&mut *conn).await?;
    let total: i64 = sqlx::query_scalar(&count_sql).bind(job_id).fetch_one(&mut *conn).await?;
    Ok((rows, total))
}

fn entry(action: &'static str, job_id: i64, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "job", entity_id: job_id.to_string(), client_id: None, site_id: None, changes }
}

/// Activates (due at its current next run, or now when it has none) or deactivates a job.
pub async fn set_active(conn: &mut PgConnection, caller: &Caller, job_id: i64, active: bool) -> ApiResult<()> {
    let updated = sqlx::query("update asp.job set active = $2, next_run = case when $2 then coalesce(next_run, now()) else next_run end where job_id = $1")
        .bind(job_id)
        .bind(active)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if updated == 0 {
        return Err(ApiError::not_found(NO_JOB));
    }
    audit::record(conn, Some(caller), entry(if active { "job.activate" } else { "job.deactivate" }, job_id, json!({"active": active}))).await?;
    Ok(())
}

/// Sets a job back to not running and drops its lease (for a job stuck in Running).
pub async fn reset(conn: &mut PgConnection, caller: &Caller, job_id: i64) -> ApiResult<()> {
    let updated = sqlx::query("update asp.job set job_status = 0, lease_owner = null, lease_until = null where job_id = $1")
        .bind(job_id)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if updated == 0 {
        return Err(ApiError::not_found(NO_JOB));
    }
    audit::record(conn, Some(caller), entry("job.reset", job_id, json!({"job_status": 0}))).await?;
    Ok(())
}

/// The level applies from the job's next run.
pub async fn set_log_level(conn: &mut PgConnection, caller: &Caller, job_id: i64, level: LogLevel) -> ApiResult<()> {
    let updated = sqlx::query("update asp.job set log_level = $2 where job_id = $1")
        .bind(job_id)
        .bind(level.as_str())
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if updated == 0 {
        return Err(ApiError::not_found(NO_JOB));
    }
    audit::record(conn, Some(caller), entry("job.log_level", job_id, json!({"log_level": level.as_str()}))).await?;
    Ok(())
}

/// The log of the job's latest run that kept any lines: (run id, text).
pub async fn latest_log(conn: &mut PgConnection, job_id: i64) -> ApiResult<Option<(i64, String)>> {
    Ok(sqlx::query_as(
        "select job_run_id, log_text from asp.job_run where job_id = $1 and log_text is not null and log_text <> ''
         order by job_run_id desc limit 1",
    )
    .bind(job_id)
    .fetch_optional(conn)
    .await?)
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
