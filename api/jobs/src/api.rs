//! The job list of the DevOps screens under `/api/V1/DevOps/Job` (FSSConnectAdmin).

use api_macros::guarded;
use base64::Engine;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, ExportColumn, XlsxFile};
use kernel::jobs::LogLevel;
use crate::repo::{self, Job, JobRun, HISTORY_SORT};
use kernel::listing::{Page, PageRequest};
use kernel::ApiTags;
use kernel::page_type;
use kernel::state::AppState;

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

pub const NO_LOG_FILE: &str = "No log file is available for this job";

fn message(text: impl Into<String>) -> Json<JobMessage> {
    Json(JobMessage { message: text.into() })
}

async fn history_page(state: &AppState, job_id: i64, page: &Page) -> ApiResult<(Vec<JobRun>, i64)> {
    let mut conn = state.pool.acquire().await?;
    repo::ensure_exists(&mut conn, job_id).await?;
    repo::history(&mut conn, job_id, page).await
}

pub struct JobApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps", tag = "ApiTags::DevOps")]
impl JobApi {
    /// All jobs
    ///
    /// With their status text (Stopped, Running, Scheduled) and row highlight (error, warning or null).
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Job", method = "get", operation_id = "getAllJobs")]
    async fn all(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<Job>>> {
        let mut conn = state.pool.acquire().await?;
        Ok(Json(repo::all_jobs(&mut conn).await?))
    }

    /// A job's run history
    ///
    /// Paged; default sort job_run_id descending.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/History", method = "post", operation_id = "getJobHistory")]
    async fn history(&self, state: Data<&AppState>, id: Path<i64>, body: Json<PageRequest>) -> ApiResult<Json<JobRunPage>> {
        let page = body.resolve(&HISTORY_SORT)?;
        let (rows, total) = history_page(&state, id.0, &page).await?;
        Ok(Json(JobRunPage::new(rows, total)))
    }

    /// Export a job's run history
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/History/Export", method = "post", operation_id = "exportJobHistory")]
    async fn export_history(&self, state: Data<&AppState>, id: Path<i64>, body: Json<JobHistoryExport>) -> ApiResult<XlsxFile> {
        let page = Page::export(body.page.resolve(&HISTORY_SORT)?.order_by);
        let (rows, _) = history_page(&state, id.0, &page).await?;
        export::respond(&body.columns, &rows)
    }

    /// Activate or deactivate a job
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/Activation", method = "put", operation_id = "updateJobActivation")]
    async fn activation(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<JobActivation>) -> ApiResult<Json<JobMessage>> {
        let mut tx = state.pool.begin().await?;
        repo::set_active(&mut tx, &caller, id.0, body.active).await?;
        tx.commit().await?;
        Ok(message(if body.active { "Job Activated" } else { "Job Deactivated" }))
    }

    /// Reset a job
    ///
    /// Sets job_status to 0 (not running) and drops the run's lease, so a job stuck in Running is scheduled again.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/Status", method = "put", operation_id = "updateJobStatus")]
    async fn status(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<JobStatusChange>) -> ApiResult<Json<JobMessage>> {
        if body.job_status != 0 {
            return Err(ApiError::invalid("job_status", "invalid", "A job can only be reset (job_status 0)."));
        }
        let mut tx = state.pool.begin().await?;
        repo::reset(&mut tx, &caller, id.0).await?;
        tx.commit().await?;
        Ok(message("Job reset."))
    }

    /// Set a job's log level
    ///
    /// Applies from the job's next run.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/LogLevel", method = "put", operation_id = "updateJobLogLevel")]
    async fn log_level(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<JobLogLevel>) -> ApiResult<Json<JobMessage>> {
        let Some(level) = LogLevel::parse(&body.log_level) else {
            return Err(ApiError::invalid("log_level", "invalid", "The log level must be one of Off, Fatal, Error, Warn, Info, Debug, Trace."));
        };
        let mut tx = state.pool.begin().await?;
        repo::set_log_level(&mut tx, &caller, id.0, level).await?;
        tx.commit().await?;
        Ok(message(format!("Job logging set to: {level}")))
    }

    /// The log file of a job's latest run
    ///
    /// The latest run that logged anything at the job's log level; 404 when there is none.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/LogFile", method = "get", operation_id = "getJobLogFile")]
    async fn log_file(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<JobLogFile>> {
        let mut conn = state.pool.acquire().await?;
        repo::ensure_exists(&mut conn, id.0).await?;
        let Some((run_id, text)) = repo::latest_log(&mut conn, id.0).await? else {
            return Err(ApiError::not_found(NO_LOG_FILE));
        };
        Ok(Json(JobLogFile {
            file_byte: base64::engine::general_purpose::STANDARD.encode(text.as_bytes()),
            file_name: format!("job-{}-run-{run_id}.log", id.0),
        }))
    }
}
