//! Rules of the vendor resource.

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::Perm;
use tenancy::SiteScope;

use super::model::Vendor;
use super::repo;

pub const READ: &[Perm] = &[Perm::ViewVendors];
pub const NOT_FOUND: &str = "The vendor you are trying to find does not exist.";

/// The vendor `id` of the caller's client if the vendor rule shows it at the caller's current site; any other vendor
/// (another client's, another ERP company's) answers 404.
pub async fn get(state: &AppState, _caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Vendor> {
    let mut tx = scope.begin(&state.pool).await?;
    let found = repo::find(&mut tx, scope.site_id(), id).await?;
    drop(tx);
    found.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}
