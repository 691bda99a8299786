//! Rules of the brands: a read of the provider catalogue.

use kernel::error::{ApiError, ApiResult};
use kernel::listing::contains_pattern;
use kernel::state::AppState;

use super::model::Brand;
use super::repo;

pub const NOT_FOUND: &str = "The brand you are trying to find does not exist.";

pub async fn get(state: &AppState, id: i64) -> ApiResult<Brand> {
    let mut conn = state.pool.acquire().await?;
    repo::find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// How many brands a search answers: a picker's page.
pub const SEARCH_LIMIT: i64 = 25;

pub async fn search(state: &AppState, q: Option<&str>, mfg_code: Option<&str>) -> ApiResult<Vec<Brand>> {
    let pattern = q.map(str::trim).filter(|t| !t.is_empty()).map(contains_pattern);
    let mfg_code = mfg_code.map(str::trim).filter(|t| !t.is_empty());
    let mut conn = state.pool.acquire().await?;
    Ok(repo::search(&mut conn, pattern.as_deref(), mfg_code, SEARCH_LIMIT).await?)
}
