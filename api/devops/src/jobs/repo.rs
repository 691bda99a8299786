//! SQL of this area's jobs (shared schema `asp`).

use sqlx::PgConnection;

/// Deletes up to `batch` error log rows older than `days`; answers how many.
pub async fn delete_old_error_log_rows(conn: &mut PgConnection, days: i32, batch: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "delete from asp.error_log where error_log_id in (
             select error_log_id from asp.error_log where logged_at < now() - make_interval(days => $1) limit $2)",
        days,
        batch
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Deletes up to `batch` finished job runs that started more than `days` ago; answers how many.
pub async fn delete_old_job_runs(conn: &mut PgConnection, days: i32, batch: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "delete from asp.job_run where job_run_id in (
             select job_run_id from asp.job_run
             where start_time < now() - make_interval(days => $1) and end_time is not null limit $2)",
        days,
        batch
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}
