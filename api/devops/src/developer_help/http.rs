//! Operations of the developer help resource.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::DeveloperHelp;
use super::service;

pub struct DeveloperHelpApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps", tag = "ApiTags::DevOps")]
impl DeveloperHelpApi {
    /// Developer help for a field
    ///
    /// The help behind a field's help id (Ctrl+Alt+click); 404 when there is none.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/DeveloperHelp/:id", method = "get", operation_id = "getDeveloperHelpById")]
    async fn get(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<DeveloperHelp>> {
        Ok(Json(service::get(&state, id.0).await?))
    }
}
