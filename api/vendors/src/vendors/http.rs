//! Operations of the vendor resource.

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

use super::model::Vendor;
use super::service;

pub struct VendorApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl VendorApi {
    /// Vendor by id, the common part
    ///
    /// Navigation history shows vend_name, vend_code. Records of other clients, or of sites the caller may not use,
    /// answer 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Common/:id", method = "get", operation_id = "vendorGetCommonById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Vendor>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }
}
