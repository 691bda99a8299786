//! Operations of the user summary.

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

use super::model::UserSummary;
use super::service;

pub struct UserApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl UserApi {
    /// User by id
    ///
    /// Users who share a client with the caller's current site (and the caller); others answer 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/User/:id", method = "get", operation_id = "userGetById")]
    async fn user_by_id(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<UserSummary>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }
}
