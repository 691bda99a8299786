//! Operations of the CIP resource.

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

use super::model::Cip;
use super::service;

pub struct CipApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl CipApi {
    /// CIP by id
    ///
    /// The customer item at a location (navigation history shows cip_code). cust_avg_cost is null unless the caller
    /// holds InvFISPrice at the record's site. Records of other clients, or of sites the caller may not use, answer
    /// 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/:id", method = "get", operation_id = "itemCipGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Cip>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }
}
