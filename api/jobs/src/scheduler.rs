//! The tick loop. Every tick a replica claims due jobs one at a time with a single atomic update (a lease: job_status
//! 1, lease_owner, lease_until), runs each in its own task while renewing the lease, records the run and releases
//! the job with its next due time. Row locks (`for update skip locked`) make a claim exclusive; the lease makes it
//! survive the claiming transaction, and its expiry lets another replica take over from one that crashed.

pub mod repo;

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};
use futures::FutureExt;
use sqlx::PgPool;

use kernel::jobs::{Job, JobContext, LogLevel, Registry};
use kernel::notify::{types, Notice};

/// How long a claim holds without renewal; a running job renews it every third of this.
pub const LEASE_SECONDS: i32 = 60;

/// The message of runs left unfinished by a replica that stopped.
pub const ABANDONED: &str = "Abandoned: the replica running it stopped before it finished (its lease expired).";

/// A job this replica claimed.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub job_id: i64,
    pub job_type_id: i32,
    pub log_level: String,
    pub scheduled_for: Option<DateTime<Utc>>,
    pub job_run_id: i64,
}

pub struct Scheduler {
    pool: PgPool,
    registry: Registry,
    owner: String,
}

fn host_name() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "asp".to_owned())
}

impl Scheduler {
    pub fn new(pool: PgPool, registry: Registry) -> Self {
        let owner = format!("{}:{}:{}", host_name(), std::process::id(), &uuid::Uuid::new_v4().simple().to_string()[..8]);
        Self { pool, registry, owner }
    }

    /// This replica's name in `lease_owner` and `job_run.run_by`.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    pub async fn run_forever(self) {
        let this = Arc::new(self);
        loop {
            tokio::time::sleep(crate::tick()).await;
            if let Err(e) = this.clone().tick().await {
                tracing::warn!(error = %format!("{e:#}"), "job scheduler tick failed");
            }
        }
    }

    /// Claims and starts every job that is due now; answers how many were started.
    pub async fn tick(self: Arc<Self>) -> anyhow::Result<usize> {
        let mut started = 0;
        while let Some(claimed) = self.claim().await? {
            let Some(job) = self.registry.get(claimed.job_type_id) else {
                // Only registered types are claimed; this cannot happen, but never leave a claim behind.
                self.finish(
                    &claimed,
                    &format!("job type {}", claimed.job_type_id),
                    false,
                    "No job is registered for this job type.",
                    None,
                )
                .await?;
                continue;
            };
            started += 1;
            let this = self.clone();
            tokio::spawn(async move { this.execute(job, claimed).await });
        }
        Ok(started)
    }

    /// One due job, claimed with its lease, its abandoned runs closed, and its new run recorded; or none.
    pub async fn claim(&self) -> anyhow::Result<Option<Claimed>> {
        let mut tx = self.pool.begin().await?;
        let Some((job_id, job_type_id, log_level, scheduled_for)) =
            repo::claim(&mut tx, &self.owner, LEASE_SECONDS, &self.registry.type_ids()).await?
        else {
            return Ok(None);
        };
        repo::close_unfinished_runs(&mut tx, job_id, ABANDONED).await?;
        let job_run_id = repo::insert_run(&mut tx, job_id, scheduled_for, &self.owner).await?;
        tx.commit().await?;
        Ok(Some(Claimed { job_id, job_type_id, log_level, scheduled_for, job_run_id }))
    }

    async fn renew(&self, job_id: i64) -> anyhow::Result<bool> {
        let mut conn = self.pool.acquire().await?;
        Ok(repo::renew(&mut conn, job_id, &self.owner, LEASE_SECONDS).await? == 1)
    }

    /// Runs a claimed job to the end (a panic is a failed run), renewing the lease meanwhile, then records it.
    pub async fn execute(&self, job: Arc<dyn Job>, claimed: Claimed) {
        let level = LogLevel::parse(&claimed.log_level).unwrap_or(LogLevel::Info);
        let ctx = JobContext::new(self.pool.clone(), claimed.job_id, claimed.job_run_id, level);
        ctx.info(format!("Job {} ({}) run {} started on {}", claimed.job_id, job.name(), claimed.job_run_id, self.owner));
        let run = AssertUnwindSafe(job.run(&ctx)).catch_unwind();
        tokio::pin!(run);
        let mut renewal = tokio::time::interval(Duration::from_secs(u64::try_from(LEASE_SECONDS / 3).unwrap_or(20)));
        renewal.tick().await;
        let outcome = loop {
            tokio::select! {
                outcome = &mut run => break outcome,
                _ = renewal.tick() => match self.renew(claimed.job_id).await {
                    Ok(true) => ctx.trace("lease renewed"),
                    Ok(false) => ctx.warn("the lease was lost (the job was reset or taken over); finishing this run anyway"),
                    Err(e) => ctx.warn(format!("could not renew the lease: {e:#}")),
                },
            }
        };
        let (success, detail) = match outcome {
            Ok(Ok(detail)) => {
                ctx.info(format!("Finished: {detail}"));
                (true, detail)
            }
            Ok(Err(e)) => {
                let detail = format!("{e:#}");
                ctx.error(format!("Failed: {detail}"));
                (false, detail)
            }
            Err(_) => {
                ctx.log(LogLevel::Fatal, "The job panicked.");
                (false, "The job panicked.".to_owned())
            }
        };
        let log_text = ctx.log_text();
        // A lost database connection must not leave the job claimed for good: retry, then the lease expires.
        for attempt in 1..=3 {
            match self
                .finish(&claimed, job.name(), success, &detail, log_text.as_deref())
                .await
            {
                Ok(()) => return,
                Err(e) => {
                    tracing::warn!(job_id = claimed.job_id, attempt, error = %format!("{e:#}"), "could not record the job run");
                    tokio::time::sleep(Duration::from_secs(attempt)).await;
                }
            }
        }
    }

    /// Records the run's outcome and releases the job with its next due time (only while this replica still holds
    /// the lease; after a reset or a takeover the run is recorded but the job is left alone).
    /// A failure after a success (or a first run) tells the provider's staff (alert type Job failed, once per
    /// person, docs/alerts.md); further failures in a row do not, so a job failing every ten seconds raises one alert.
    async fn finish(
        &self,
        claimed: &Claimed,
        name: &str,
        success: bool,
        detail: &str,
        log_text: Option<&str>,
    ) -> anyhow::Result<()> {
        let mut tx = self.pool.begin().await?;
        repo::finish_run(&mut tx, claimed.job_run_id, success, detail, log_text).await?;
        if !success
            && !repo::previous_run_failed(&mut tx, claimed.job_id, claimed.job_run_id).await?
        {
            let first_line = detail.lines().next().unwrap_or_default();
            let notice = Notice {
                type_id: types::JOB_FAILED,
                subject: format!("Job failed: {name}"),
                text: format!(
                    "Job {} ({name}) failed in run {}: {first_line}",
                    claimed.job_id, claimed.job_run_id
                ),
                link: Some("/devops/jobList".to_owned()),
                ..Notice::default()
            };
            kernel::notify::raise_once_per_user(&mut tx, &notice)
                .await
                .context("raising the job-failed alert")?;
        }
        repo::release(&mut tx, claimed.job_id, &self.owner).await?;
        tx.commit().await?;
        Ok(())
    }
}
