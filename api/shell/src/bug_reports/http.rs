//! Operations of bug reports.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{BugReport, BugReportAnswer};
use super::service;

pub struct BugReportApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl BugReportApi {
    /// Submit a bug report
    ///
    /// Filed under project 18; answers the ticket number as identityId.
    #[requires(signed_in)]
    #[oai(path = "/BugReport", method = "post", operation_id = "submitBugReport")]
    async fn bug_report(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<BugReport>) -> ApiResult<Json<BugReportAnswer>> {
        Ok(Json(service::submit(&state, &caller, &body).await?))
    }
}

