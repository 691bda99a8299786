//! Rules of the developer help resource.

use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

use super::model::DeveloperHelp;
use super::repo;

pub const NOT_FOUND: &str = "There is no developer help for this field.";

pub async fn get(state: &AppState, id: i64) -> ApiResult<DeveloperHelp> {
    let mut conn = state.pool.acquire().await?;
    repo::find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}
