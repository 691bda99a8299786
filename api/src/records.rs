//! Object-level checks for tenant records, shared by every resource that loads one by id.
//!
//! A record is read in the schema of the caller's current client (another client's rows are simply not there); then
//! the record's own site must be one the caller may use with the needed permissions, and belong to that same
//! client. Anything else answers 404, indistinguishable from a missing record.

use authz::AuthzError;
use tenancy::SiteScope;

use crate::access::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The caller's current site, granted for `perms`.
pub async fn current_scope(state: &AppState, caller: &Caller, perms: &[&str]) -> ApiResult<SiteScope> {
    let site = caller.current_site_id().ok_or_else(|| ApiError::forbidden("Select a site first."))?;
    Ok(state.authz.grant(caller.user_id, site, perms).await?)
}

/// The scope of a record found through `current` whose row says it belongs to `record_site_id`.
pub async fn record_scope(
    state: &AppState,
    caller: &Caller,
    current: &SiteScope,
    record_site_id: i64,
    perms: &[&str],
    not_found: &str,
) -> ApiResult<SiteScope> {
    if record_site_id == current.site_id() {
        return Ok(current.clone());
    }
    match state.authz.grant(caller.user_id, record_site_id, perms).await {
        Ok(scope) if scope.client_id() == current.client_id() => Ok(scope),
        Ok(_) | Err(AuthzError::SiteNotAvailable(_) | AuthzError::MissingPermission(_)) => Err(ApiError::not_found(not_found)),
        // A failure of the authorizer itself is ours (500), not a missing record.
        Err(e) => Err(e.into()),
    }
}
