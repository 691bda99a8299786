//! The users resource's own operation: the spec's paged user search (`POST /api/V1/User/Search/`, operationId
//! userPostSearch). The console's user operations are in the simple-rest adapter ([`crate::rest`]).

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{UserSearchPage, UserSearchRequest};
use super::service;

pub struct UserSearchApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/User", tag = "ApiTags::Console")]
impl UserSearchApi {
    /// Search users
    ///
    /// Paged (`pageNumber` zero-based, or `pageIndex`; `pageSize` 10, 20, 50, 100, 200 or 500, default 10),
    /// sorted by an allowed `sortField` (default `user_id`) in `sortDirection` `asc`/`desc`; filters `username`,
    /// `fname`, `lname`, `email` (case-insensitive parts), `isActive`, `isEmployee`, `isCustomerPortalUser`,
    /// `hasAccessToSiteCode`, `hasAccessToSiteId`. Answers `{resultList, totalCount, limited, limitMessage}`;
    /// searches stop at 5000 matching rows.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin)]
    #[oai(path = "/Search/", method = "post", operation_id = "userPostSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<UserSearchRequest>) -> ApiResult<Json<UserSearchPage>> {
        Ok(Json(service::search_page(&state, &caller, &body.0).await?))
    }
}
