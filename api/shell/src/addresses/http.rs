//! Operations of addresses.

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

use super::model::{Address, AddressInput};
use super::service;

pub struct AddressApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl AddressApi {
    /// Address by id
    ///
    /// Records of other clients, or of sites the caller may not use, answer 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Address/:id", method = "get", operation_id = "addressGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Address>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// Create an address at the current site
    #[requires(BasicAccess)]
    #[oai(path = "/Address", method = "post", operation_id = "addressPost")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AddressInput>) -> ApiResult<Json<Address>> {
        Ok(Json(service::create(&state, &caller, &scope, &body).await?))
    }

    /// Update an address
    ///
    /// The address must be visible to the caller (404 otherwise).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Address", method = "put", operation_id = "addressPut")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AddressInput>) -> ApiResult<Json<Address>> {
        Ok(Json(service::update(&state, &caller, &scope, &body).await?))
    }
}
