//! Operations of the hazardous codes.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::HazardousCode;
use super::service;

pub struct HazardousCodeApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/ItemMaster", tag = "ApiTags::ItemMaster")]
impl HazardousCodeApi {
    /// Hazardous material codes
    ///
    /// The active codes of the provider catalogue, by code.
    #[requires(BasicAccess)]
    #[oai(path = "/HazardousCodes", method = "get", operation_id = "itemMasterGetHazardousCodes")]
    async fn list(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<HazardousCode>>> {
        Ok(Json(service::active(&state).await?))
    }
}
