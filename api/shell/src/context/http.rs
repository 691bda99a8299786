//! Operations of the user context under `/api/V1/Site`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{ChangeSiteRequest, UserContext};
use super::service;

pub struct ContextApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Site", tag = "ApiTags::Shell")]
impl ContextApi {
    /// Get the user context by site code
    ///
    /// When `site_code` names one of the caller's available sites it becomes the current site; without it the
    /// stored current site is used. A site the caller may not use gives 403.
    #[requires(password_change)]
    #[oai(path = "/UserContext", method = "get", operation_id = "getUserContextBySiteCode")]
    async fn user_context(&self, state: Data<&AppState>, caller: Data<&Caller>, site_code: Query<Option<String>>) -> ApiResult<Json<UserContext>> {
        Ok(Json(service::for_site_code(&state, &caller, site_code.0.as_deref()).await?))
    }

    /// Change the current site
    ///
    /// Answers the new context. Punch-in users cannot change site; a site the caller may not use gives 403.
    #[requires(signed_in)]
    #[oai(path = "/CurrentSite", method = "put", operation_id = "changeCurrentSite")]
    async fn change_current_site(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ChangeSiteRequest>) -> ApiResult<Json<UserContext>> {
        Ok(Json(service::change_current_site(&state, &caller, &body).await?))
    }
}
