//! SQL of the job resource (shared schema `asp`).

use sqlx::PgConnection;

use kernel::jobs::LogLevel;
use kernel::listing::{self, Page, Search};

use super::model::{JobRecord, JobRun};

pub async fn all(conn: &mut PgConnection) -> Result<Vec<JobRecord>, sqlx::Error> {
    sqlx::query_as!(
        JobRecord,
        r#"select job_id, job_type_id, description, schedule_type_id::int as "schedule_type_id!", last_run, run_interval, run_at,
                next_run, last_activity_notification, active, log_level, job_status::int as "job_status!", now() as "db_now!"
         from asp.job order by job_id"#
    )
    .fetch_all(conn)
    .await
}

pub async fn exists(conn: &mut PgConnection, job_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists (select 1 from asp.job where job_id = $1) as "exists!""#, job_id).fetch_one(conn).await
}

/// A page of a job's runs (the most recent up to the page's cap) and their total.
pub async fn history(conn: &mut PgConnection, job_id: i64, page: &Page) -> Result<(Vec<JobRun>, i64), sqlx::Error> {
    let mut s = Search::new(concat!(
        "select r.job_run_id, r.start_time, r.end_time, r.success, r.results_detail, ",
        "extract(epoch from (r.end_time - r.start_time))::float8 as duration_seconds ", // not money: a run's duration in seconds
        "from asp.job_run r",
    ));
    s.and_bind("r.job_id = ", job_id);
    s.push(" order by r.job_run_id desc");
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

/// Activates (due at its current next run, or now when it has none) or deactivates a job; answers the rows changed.
pub async fn set_active(conn: &mut PgConnection, job_id: i64, active: bool) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "update asp.job set active = $2, next_run = case when $2 then coalesce(next_run, now()) else next_run end where job_id = $1",
        job_id,
        active
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Sets a job back to not running and drops its lease; answers the rows changed.
pub async fn reset(conn: &mut PgConnection, job_id: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!("update asp.job set job_status = 0, lease_owner = null, lease_until = null where job_id = $1", job_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}

/// Answers the rows changed.
pub async fn set_log_level(conn: &mut PgConnection, job_id: i64, level: LogLevel) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!("update asp.job set log_level = $2 where job_id = $1", job_id, level.as_str()).execute(conn).await?;
    Ok(done.rows_affected())
}

/// The log of the job's latest run that kept any lines: (run id, text).
pub async fn latest_log(conn: &mut PgConnection, job_id: i64) -> Result<Option<(i64, String)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select job_run_id, log_text as "log_text!" from asp.job_run where job_id = $1 and log_text is not null and log_text <> ''
         order by job_run_id desc limit 1"#,
        job_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.job_run_id, r.log_text)))
}
