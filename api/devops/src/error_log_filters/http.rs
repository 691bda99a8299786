//! Operations of the error log filter resource.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{ErrorFilterExport, ErrorFilterSearch, ErrorLogFilter, ErrorLogFilterInput, ErrorLogFilterPage, ErrorLogMessage};
use super::service;

pub struct ErrorLogFilterApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps/ErrorLog", tag = "ApiTags::DevOps")]
impl ErrorLogFilterApi {
    /// Search the error log filters
    ///
    /// Filters created in the window (default 7 days back to tomorrow); default sort asp_error_log_filter_id
    /// descending.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Filtered/Search", method = "post", operation_id = "getASPFilteredErrorsBySearch")]
    async fn search(&self, state: Data<&AppState>, body: Json<ErrorFilterSearch>) -> ApiResult<Json<ErrorLogFilterPage>> {
        Ok(Json(service::search(&state, &body).await?))
    }

    /// Export an error log filter search
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Filtered/Search/Export", method = "post", operation_id = "exportASPFilteredErrors")]
    async fn export(&self, state: Data<&AppState>, body: Json<ErrorFilterExport>) -> ApiResult<XlsxFile> {
        service::export(&state, &body).await
    }

    /// Add an error log filter
    ///
    /// Type 1 developer review, 2 ignore, 3 in progress; a filter string or a filter url (or both) is required.
    /// Answers the filter with its current instance count.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Filter", method = "post", operation_id = "insertErrorLogFilter")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ErrorLogFilterInput>) -> ApiResult<Json<ErrorLogFilter>> {
        Ok(Json(service::create(&state, &caller, &body).await?))
    }

    /// Delete an error log filter
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Filter/:id", method = "delete", operation_id = "deleteErrorLogFilter")]
    async fn delete(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<ErrorLogMessage>> {
        service::delete(&state, &caller, id.0).await?;
        Ok(Json(ErrorLogMessage { message: "Filter deleted.".to_owned() }))
    }
}
