//! Wire types of the job resource.

use chrono::{DateTime, NaiveTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::listing::PageRequest;
use kernel::page_type;

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

/// A row of `asp.job` with the database's clock (the status highlight compares against it).
#[derive(Debug, Clone, FromRow)]
pub struct JobRecord {
    pub job_id: i64,
    pub job_type_id: i32,
    pub description: String,
    pub schedule_type_id: i32,
    pub last_run: Option<DateTime<Utc>>,
    pub run_interval: Option<i32>,
    pub run_at: Option<NaiveTime>,
    pub next_run: Option<DateTime<Utc>>,
    pub last_activity_notification: Option<DateTime<Utc>>,
    pub active: bool,
    pub log_level: String,
    pub job_status: i32,
    pub db_now: DateTime<Utc>,
}

/// One run in the job history.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct JobRun {
    pub job_run_id: i64,
    pub start_time: DateTime<Utc>,
    /// Null while running.
    pub end_time: Option<DateTime<Utc>>,
    pub duration_seconds: Option<f64>, // not money: a run's duration in seconds
    /// Null while running.
    pub success: Option<bool>,
    pub results_detail: Option<String>,
}

page_type!(JobRunPage, JobRun, "itemList");

#[derive(Object)]
pub struct JobHistoryExport {
    #[oai(flatten)]
    pub page: PageRequest,
    pub columns: Vec<ExportColumn>,
}

#[derive(Object)]
pub struct JobActivation {
    pub active: bool,
}

#[derive(Object)]
pub struct JobStatusChange {
    /// Only 0 (reset) can be set.
    pub job_status: i32,
}

#[derive(Object)]
pub struct JobLogLevel {
    /// Off, Fatal, Error, Warn, Info, Debug or Trace.
    pub log_level: String,
}

#[derive(Object)]
pub struct JobMessage {
    pub message: String,
}

#[derive(Object)]
pub struct JobLogFile {
    /// The log text, base64.
    pub file_byte: String,
    /// `job-{id}-run-{run}.log`.
    pub file_name: String,
}
