//! Operations of the error log resource.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{ErrorLogExport, ErrorLogSearch, ErrorRowPage};
use super::service;

pub struct ErrorLogApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps/ErrorLog", tag = "ApiTags::DevOps")]
impl ErrorLogApi {
    /// Search the ASP error log
    ///
    /// Rows logged in the window (default 7 days back to tomorrow), optionally of one application and one filter
    /// group; the newest 5000 at most; default sort asp_error_log_ID descending.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Search", method = "post", operation_id = "getASPErrorsBySearch")]
    async fn search(&self, state: Data<&AppState>, body: Json<ErrorLogSearch>) -> ApiResult<Json<ErrorRowPage>> {
        Ok(Json(service::search(&state, &body).await?))
    }

    /// Export an ASP error log search
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Search/Export", method = "post", operation_id = "exportASPErrors")]
    async fn export(&self, state: Data<&AppState>, body: Json<ErrorLogExport>) -> ApiResult<XlsxFile> {
        service::export(&state, &body).await
    }
}
