//! Rules of the brands: a read of the provider catalogue.

use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

use super::model::Brand;
use super::repo;

pub const NOT_FOUND: &str = "The brand you are trying to find does not exist.";

pub async fn get(state: &AppState, id: i64) -> ApiResult<Brand> {
    let mut conn = state.pool.acquire().await?;
    repo::find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}
