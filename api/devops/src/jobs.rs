//! The jobs that ship with this area (`devops::jobs::all()`, composed into the registry by the binary). Search-index
//! upkeep will join them with the search issue (docs/jobs.md).

pub mod repo;

use std::sync::Arc;

use futures::future::BoxFuture;
use sqlx::PgConnection;

use crate::error_log_filters;
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
            let counts = error_log_filters::repo::recount(&mut conn, None).await?;
            for (filter_id, count) in &counts {
                ctx.debug(format!("filter {filter_id}: {count} matching error log rows"));
            }
            Ok(format!("Recounted {} error log filter(s).", counts.len()))
        })
    }
}

/// Job type 2: removes error log rows, finished job runs and settled mail outbox rows older than 90 days, in batches.
pub struct Retention;

/// What [`Retention`] removes.
#[derive(Clone, Copy)]
enum Expired {
    ErrorLogRows,
    JobRuns,
    MailOutbox,
}

impl Expired {
    fn label(self) -> &'static str {
        match self {
            Self::ErrorLogRows => "error log rows",
            Self::JobRuns => "job runs",
            Self::MailOutbox => "sent or given-up mail outbox rows",
        }
    }
}

/// Deletes in batches until a batch deletes less than a full batch (small batches keep locks and WAL bursts
/// short); answers the total.
async fn delete_in_batches(ctx: &JobContext, conn: &mut PgConnection, what: Expired) -> anyhow::Result<u64> {
    let mut total = 0;
    loop {
        let deleted = match what {
            Expired::ErrorLogRows => repo::delete_old_error_log_rows(conn, RETENTION_DAYS, DELETE_BATCH).await?,
            Expired::JobRuns => repo::delete_old_job_runs(conn, RETENTION_DAYS, DELETE_BATCH).await?,
            Expired::MailOutbox => kernel::mail::delete_settled(conn, RETENTION_DAYS, DELETE_BATCH).await?,
        };
        total += deleted;
        ctx.trace(format!("deleted a batch of {deleted} {}", what.label()));
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
            let mut conn = ctx.pool.acquire().await?;
            let errors = delete_in_batches(ctx, &mut conn, Expired::ErrorLogRows).await?;
            ctx.debug(format!("deleted {errors} error log row(s)"));
            let runs = delete_in_batches(ctx, &mut conn, Expired::JobRuns).await?;
            ctx.debug(format!("deleted {runs} job run(s)"));
            let mails = delete_in_batches(ctx, &mut conn, Expired::MailOutbox).await?;
            ctx.debug(format!("deleted {mails} settled mail outbox row(s)"));
            Ok(format!(
                "Deleted {errors} error log row(s), {runs} job run(s) and {mails} sent or given-up message(s) older than {RETENTION_DAYS} days."
            ))
        })
    }
}

/// This area's jobs. Adding a job: implement `kernel::jobs::Job`, add it here, insert its `asp.job` row in a
/// migration (docs/jobs.md).
pub fn all() -> Vec<Arc<dyn Job>> {
    vec![Arc::new(ErrorLogFilterCount), Arc::new(Retention)]
}
