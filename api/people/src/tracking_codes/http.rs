//! Operations of the tracking code resource.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::TrackingCode;
use super::service;

pub struct TrackingCodeApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl TrackingCodeApi {
    /// Tracking code by id
    ///
    /// Navigation history shows trackingNumber. Records of other clients, or of sites the caller may not use, answer
    /// 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/TrackingCode/:id", method = "get", operation_id = "trackingCodeGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<TrackingCode>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }
}
