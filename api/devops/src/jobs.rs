//! The jobs that ship with ASP. Search-index upkeep will join them with the search issue (docs/jobs.md).

use std::sync::Arc;

use futures::future::BoxFuture;

use crate::errorlog;
use kernel::jobs::{Job, JobContext};

/// Rows older than this are removed by [`Retention`].
pub const RETENTION_DAYS: i32 = 90;
const DELETE_BATCH: i64 = 10_000;

/// Job type 1: recounts `instance_count` of every ASP error log filter from the error log.
pub struct ErrorLogFilterCount;

impl Job for ErrorLogFilterCount {
    fn job_type_id(&self) -> i32 {
        1
    }

    fn name(&self) -> &'static str {
        "Count ASP error log filter instances"
    }

    fn run<'a>(&'a self, ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(async move {
            let mut conn = ctx.pool.acquire().await?;
            let counts = errorlog::recount_filters(&mut conn, None).await?;
            for (filter_id, count) in &counts {
                ctx.debug(format!("filter {filter_id}: {count} matching error log rows"));
            }
            Ok(format!("Recounted {} error log filter(s).", counts.len()))
        })
    }
}

/// Job type 2: removes error log rows and finished job runs older than 90 days, in batches.
pub struct Retention;

async fn delete_in_batches(ctx: &JobContext, what: &str, sql: &str) -> anyhow::Result<u64> {
    let mut total = 0;
    loop {
        let deleted = sqlx::query(sql).bind(RETENTION_DAYS).bind(DELETE_BATCH).execute(&ctx.pool).await?.rows_affected();
        total += deleted;
        ctx.trace(format!("deleted a batch of {deleted} {what}"));
        if deleted < u64::try_from(DELETE_BATCH).unwrap_or(u64::MAX) {
            return Ok(total);
        }
    }
}

impl Job for Retention {
    fn job_type_id(&self) -> i32 {
        2
    }

    fn name(&self) -> &'static str {
        "Error log and job history retention"
    }

    fn run<'a>(&'a self, ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(async move {
            let errors = delete_in_batches(
                ctx,
                "error log rows",
                "delete from asp.error_log where error_log_id in (
                     select error_log_id from asp.error_log where logged_at < now() - make_interval(days => $1) limit $2)",
            )
            .await?;
            ctx.debug(format!("deleted {errors} error log row(s)"));
            let runs = delete_in_batches(
                ctx,
                "job runs",
                "delete from asp.job_run where job_run_id in (
                     select job_run_id from asp.job_run
                     where start_time < now() - make_interval(days => $1) and end_time is not null limit $2)",
            )
            .await?;
            ctx.debug(format!("deleted {runs} job run(s)"));
            Ok(format!("Deleted {errors} error log row(s) and {runs} job run(s) older than {RETENTION_DAYS} days."))
        })
    }
}

/// This area's jobs. Adding a job: implement `kernel::jobs::Job`, add it here, insert its `asp.job` row in a
/// migration (docs/jobs.md).
pub fn all() -> Vec<Arc<dyn Job>> {
    vec![Arc::new(ErrorLogFilterCount), Arc::new(Retention)]
}
