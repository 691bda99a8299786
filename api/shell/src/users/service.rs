//! Rules of the user summary: users of other clients are not found.

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use super::model::UserSummary;
use super::repo;

/// The user `id`, if it is the caller or shares the client of the caller's current site (`scope`).
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<UserSummary> {
    let mut conn = state.pool.acquire().await?;
    repo::find_visible(&mut conn, id, caller.user_id, scope.client_id())
        .await?
        .ok_or_else(|| ApiError::not_found("The user you are trying to find does not exist."))
}
