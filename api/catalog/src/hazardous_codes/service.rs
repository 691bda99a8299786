//! Rules of the hazardous codes: a read of the provider catalogue.

use kernel::error::ApiResult;
use kernel::state::AppState;

use super::model::HazardousCode;
use super::repo;

pub async fn active(state: &AppState) -> ApiResult<Vec<HazardousCode>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::active(&mut conn).await?)
}
