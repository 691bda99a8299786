//! Operations of the job resource.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::listing::PageRequest;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{Job, JobActivation, JobHistoryExport, JobLogFile, JobLogLevel, JobMessage, JobRunPage, JobStatusChange};
use super::service;

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
        Ok(Json(service::list(&state).await?))
    }

    /// A job's run history
    ///
    /// Paged; default sort job_run_id descending.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/History", method = "post", operation_id = "getJobHistory")]
    async fn history(&self, state: Data<&AppState>, id: Path<i64>, body: Json<PageRequest>) -> ApiResult<Json<JobRunPage>> {
        Ok(Json(service::history(&state, id.0, &body).await?))
    }

    /// Export a job's run history
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/History/Export", method = "post", operation_id = "exportJobHistory")]
    async fn export_history(&self, state: Data<&AppState>, id: Path<i64>, body: Json<JobHistoryExport>) -> ApiResult<XlsxFile> {
        service::export_history(&state, id.0, &body).await
    }

    /// Activate or deactivate a job
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/Activation", method = "put", operation_id = "updateJobActivation")]
    async fn activation(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<JobActivation>) -> ApiResult<Json<JobMessage>> {
        Ok(Json(service::set_active(&state, &caller, id.0, body.active).await?))
    }

    /// Reset a job
    ///
    /// Sets job_status to 0 (not running) and drops the run's lease, so a job stuck in Running is scheduled again.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/Status", method = "put", operation_id = "updateJobStatus")]
    async fn status(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<JobStatusChange>) -> ApiResult<Json<JobMessage>> {
        Ok(Json(service::set_status(&state, &caller, id.0, body.job_status).await?))
    }

    /// Set a job's log level
    ///
    /// Applies from the job's next run.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/LogLevel", method = "put", operation_id = "updateJobLogLevel")]
    async fn log_level(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<JobLogLevel>) -> ApiResult<Json<JobMessage>> {
        Ok(Json(service::set_log_level(&state, &caller, id.0, &body.log_level).await?))
    }

    /// The log file of a job's latest run
    ///
    /// The latest run that logged anything at the job's log level; 404 when there is none.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Job/:id/LogFile", method = "get", operation_id = "getJobLogFile")]
    async fn log_file(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<JobLogFile>> {
        Ok(Json(service::log_file(&state, id.0).await?))
    }
}
