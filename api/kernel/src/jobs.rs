//! What a job is, what it gets to work with, and the one list of jobs this build can run.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use chrono::Utc;
use futures::future::BoxFuture;
use sqlx::PgPool;


/// Log levels of a job, most severe first; a job logging at `Info` keeps Fatal, Error, Warn and Info lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogLevel {
    Off,
    Fatal,
    Error,
    Warn,
    Info,
    Debug,
    Trace,
}

impl LogLevel {
    pub const ALL: [LogLevel; 7] = [Self::Off, Self::Fatal, Self::Error, Self::Warn, Self::Info, Self::Debug, Self::Trace];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Off => "Off",
            Self::Fatal => "Fatal",
            Self::Error => "Error",
            Self::Warn => "Warn",
            Self::Info => "Info",
            Self::Debug => "Debug",
            Self::Trace => "Trace",
        }
    }

    /// Case-insensitive; `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.as_str().eq_ignore_ascii_case(s.trim()))
    }

    /// Is a line of `line` severity kept by a job logging at `self`?
    pub fn keeps(self, line: LogLevel) -> bool {
        line != Self::Off && self != Self::Off && line <= self
    }
}

impl fmt::Display for LogLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a running job gets: the database, its ids, and a log that keeps the lines its log level asks for (they
/// become the run's log file). Every line also goes to the process log.
pub struct JobContext {
    pub pool: PgPool,
    pub job_id: i64,
    pub job_run_id: i64,
    level: LogLevel,
    lines: Mutex<Vec<String>>,
}

impl JobContext {
    pub fn new(pool: PgPool, job_id: i64, job_run_id: i64, level: LogLevel) -> Self {
        Self { pool, job_id, job_run_id, level, lines: Mutex::new(Vec::new()) }
    }

    pub fn level(&self) -> LogLevel {
        self.level
    }

    pub fn log(&self, level: LogLevel, message: impl AsRef<str>) {
        let message = message.as_ref();
        match level {
            LogLevel::Off => return,
            LogLevel::Fatal | LogLevel::Error => tracing::error!(job_id = self.job_id, job_run_id = self.job_run_id, "{message}"),
            LogLevel::Warn => tracing::warn!(job_id = self.job_id, job_run_id = self.job_run_id, "{message}"),
            LogLevel::Info => tracing::info!(job_id = self.job_id, job_run_id = self.job_run_id, "{message}"),
            LogLevel::Debug => tracing::debug!(job_id = self.job_id, job_run_id = self.job_run_id, "{message}"),
            LogLevel::Trace => tracing::trace!(job_id = self.job_id, job_run_id = self.job_run_id, "{message}"),
        }
        if self.level.keeps(level) {
            let line = format!("{} {:<5} {message}", Utc::now().format("%Y-%m-%dT%H:%M:%S%.3fZ"), level.as_str().to_uppercase());
            if let Ok(mut lines) = self.lines.lock() {
                lines.push(line);
            }
        }
    }

    pub fn error(&self, message: impl AsRef<str>) {
        self.log(LogLevel::Error, message);
    }
    pub fn warn(&self, message: impl AsRef<str>) {
        self.log(LogLevel::Warn, message);
    }
    pub fn info(&self, message: impl AsRef<str>) {
        self.log(LogLevel::Info, message);
    }
    pub fn debug(&self, message: impl AsRef<str>) {
        self.log(LogLevel::Debug, message);
    }
    pub fn trace(&self, message: impl AsRef<str>) {
        self.log(LogLevel::Trace, message);
    }

    /// The kept lines as the run's log text; `None` when nothing was kept.
    pub fn log_text(&self) -> Option<String> {
        let lines = self.lines.lock().ok()?;
        (!lines.is_empty()).then(|| lines.join("\n") + "\n")
    }
}

/// A kind of background work. One implementation per `job_type_id`; the rows of `asp.job` say when each runs.
///
/// `run` answers the run's result text (shown as `results_detail`) or an error (the run is recorded as failed with
/// the error's text). It is an `async fn` boxed by hand so the registry can hold `dyn Job`.
pub trait Job: Send + Sync {
    fn job_type_id(&self) -> i32;
    fn name(&self) -> &'static str;
    fn run<'a>(&'a self, ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>>;
}

/// The jobs by type id.
#[derive(Clone)]
pub struct Registry {
    jobs: HashMap<i32, Arc<dyn Job>>,
}

impl Registry {
    pub fn new(jobs: Vec<Arc<dyn Job>>) -> Self {
        let mut map = HashMap::new();
        for job in jobs {
            if let Some(previous) = map.insert(job.job_type_id(), job) {
                tracing::error!(job_type_id = previous.job_type_id(), "two jobs share a job type id; the later one wins");
            }
        }
        Self { jobs: map }
    }

    pub fn get(&self, job_type_id: i32) -> Option<Arc<dyn Job>> {
        self.jobs.get(&job_type_id).cloned()
    }

    /// The type ids this replica can run; it claims only those (a replica of an older build leaves newer job
    /// types to the replicas that know them).
    pub fn type_ids(&self) -> Vec<i32> {
        let mut ids: Vec<i32> = self.jobs.keys().copied().collect();
        ids.sort_unstable();
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_levels_parse_case_insensitively_and_keep_the_more_severe_lines() {
        assert_eq!(LogLevel::parse("info"), Some(LogLevel::Info));
        assert_eq!(LogLevel::parse(" TRACE "), Some(LogLevel::Trace));
        assert_eq!(LogLevel::parse("Verbose"), None);
        assert!(LogLevel::Info.keeps(LogLevel::Error));
        assert!(LogLevel::Info.keeps(LogLevel::Info));
        assert!(!LogLevel::Info.keeps(LogLevel::Debug));
        assert!(!LogLevel::Off.keeps(LogLevel::Fatal));
        assert!(LogLevel::Trace.keeps(LogLevel::Trace));
    }
}
