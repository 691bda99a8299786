//! The job service: an in-process scheduler that runs background jobs exactly once across all API replicas, and
//! the administrator's API over it (`/api/V1/DevOps/Job`). How to add a job: docs/jobs.md.
//!
//! - `kernel::jobs`: the `Job` trait and the `Registry`; each area ships its own jobs (e.g. `devops::jobs::all`) and
//!   the binary composes the registry, so this crate knows no other area.
//! - [`scheduler`]: the engine, the tick loop that claims due jobs with a lease, runs them and records each run.
//! - [`jobs`]: the job resource: the job list, history, log file and the administrator's actions.

pub mod jobs;
pub mod scheduler;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use kernel::state::AppState;

/// How often a replica looks for due jobs, unless `ASP_JOB_TICK_MS` says otherwise.
pub const DEFAULT_TICK_MS: u64 = 5000;

static TICK_OVERRIDE_MS: AtomicU64 = AtomicU64::new(0);

fn tick_from_env() -> u64 {
    static FROM_ENV: OnceLock<u64> = OnceLock::new();
    *FROM_ENV.get_or_init(|| std::env::var("ASP_JOB_TICK_MS").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(DEFAULT_TICK_MS))
}

/// The scheduler's tick: `ASP_JOB_TICK_MS` (default 5000), clamped to 50 ms .. 1 minute.
pub fn tick() -> Duration {
    let overridden = TICK_OVERRIDE_MS.load(Ordering::Relaxed);
    let ms = if overridden > 0 { overridden } else { tick_from_env() };
    Duration::from_millis(ms.clamp(50, 60_000))
}

/// Sets the tick for every scheduler of this process (tests run the application in-process; changing the
/// environment of a multi-threaded process is not safe).
pub fn set_tick(tick: Duration) {
    TICK_OVERRIDE_MS.store(u64::try_from(tick.as_millis()).unwrap_or(u64::MAX), Ordering::Relaxed);
}

/// `ASP_JOBS_ENABLED=false` keeps a replica from running jobs (it still serves the job API).
fn enabled() -> bool {
    !std::env::var("ASP_JOBS_ENABLED").is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "false" | "0" | "no" | "off"))
}

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = jobs::http::JobApi;

/// Starts this replica's scheduler with the jobs of `registry` (called by `Application::build`, so only
/// `asp serve` and the tests run jobs).
pub fn spawn(state: AppState, registry: kernel::jobs::Registry) {
    if !enabled() {
        tracing::info!("the job scheduler is disabled on this replica (ASP_JOBS_ENABLED)");
        return;
    }
    let scheduler = scheduler::Scheduler::new(state.pool.clone(), registry);
    tracing::info!(owner = %scheduler.owner(), tick_ms = tick().as_millis() as u64, "job scheduler started");
    tokio::spawn(scheduler.run_forever());
}
