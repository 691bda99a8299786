//! SQL of the scheduler: claiming due jobs with a lease, recording runs, renewing and releasing the lease (shared
//! schema `asp`).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

/// A job row the scheduler claimed: (job id, job type id, log level, the due time it serves).
pub type ClaimedRow = (i64, i32, String, Option<DateTime<Utc>>);

/// Claims the most overdue active job of `type_ids` that no live lease holds, for `owner` for `lease_seconds`.
/// Row locks (`for update skip locked`) keep two replicas from claiming the same job.
pub async fn claim(conn: &mut PgConnection, owner: &str, lease_seconds: i32, type_ids: &[i32]) -> Result<Option<ClaimedRow>, sqlx::Error> {
    let row = sqlx::query!(
        "update asp.job j set job_status = 1, lease_owner = $1, lease_until = now() + make_interval(secs => $2::integer),
                last_run = now(), last_activity_notification = now()
         where j.job_id = (
             select job_id from asp.job
             where active and next_run <= now() and job_type_id = any($3)
               and (job_status = 0 or lease_until is null or lease_until < now())
             order by next_run limit 1
             for update skip locked)
         returning j.job_id, j.job_type_id, j.log_level, j.next_run",
        owner,
        lease_seconds,
        type_ids
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.job_id, r.job_type_id, r.log_level, r.next_run)))
}

/// Closes the job's unfinished runs as failed with `detail`.
pub async fn close_unfinished_runs(conn: &mut PgConnection, job_id: i64, detail: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.job_run set end_time = now(), success = false, results_detail = $2 where job_id = $1 and end_time is null",
        job_id,
        detail
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a run starting now; answers its id.
pub async fn insert_run(conn: &mut PgConnection, job_id: i64, scheduled_for: Option<DateTime<Utc>>, run_by: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.job_run (job_id, scheduled_for, run_by, start_time) values ($1, $2, $3, now()) returning job_run_id",
        job_id,
        scheduled_for,
        run_by
    )
    .fetch_one(conn)
    .await
}

/// Extends `owner`'s lease of a running job; answers the rows changed (0: the lease was lost).
pub async fn renew(conn: &mut PgConnection, job_id: i64, owner: &str, lease_seconds: i32) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "update asp.job set lease_until = now() + make_interval(secs => $3::integer), last_activity_notification = now()
         where job_id = $1 and lease_owner = $2 and job_status = 1",
        job_id,
        owner,
        lease_seconds
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Records a run's outcome.
pub async fn finish_run(conn: &mut PgConnection, job_run_id: i64, success: bool, detail: &str, log_text: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.job_run set end_time = now(), success = $2, results_detail = $3, log_text = $4 where job_run_id = $1",
        job_run_id,
        success,
        detail,
        log_text
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Releases the job with its next due time, only while `owner` still holds the lease. The database computes the next
/// due time from the job's schedule: the next multiple of the interval after now counted from the due time it served
/// (no drift, no burst of catch-up runs), or the next daily time (UTC).
pub async fn release(conn: &mut PgConnection, job_id: i64, owner: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.job set job_status = 0, lease_owner = null, lease_until = null, last_activity_notification = now(),
                next_run = case when schedule_type_id = 2 then
                    case when ((now() at time zone 'utc')::date + run_at) at time zone 'utc' > now()
                         then ((now() at time zone 'utc')::date + run_at) at time zone 'utc'
                         else ((now() at time zone 'utc')::date + 1 + run_at) at time zone 'utc' end
                else coalesce(next_run, now()) + make_interval(secs => run_interval
                    * (floor(greatest(extract(epoch from now() - coalesce(next_run, now())), 0) / run_interval) + 1)) end
         where job_id = $1 and lease_owner = $2 and job_status = 1",
        job_id,
        owner
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Did the run before `job_run_id` of the job fail? (No earlier finished run: false.)
pub async fn previous_run_failed(
    conn: &mut PgConnection,
    job_id: i64,
    job_run_id: i64,
) -> Result<bool, sqlx::Error> {
    let previous = sqlx::query_scalar!(
        "select success from asp.job_run where job_id = $1 and job_run_id < $2 and end_time is not null
          order by job_run_id desc limit 1",
        job_id,
        job_run_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(previous.flatten() == Some(false))
}
