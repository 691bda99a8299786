//! Object-level checks for tenant records: the one helper every resource that loads a record by id goes through.
//!
//! A record is read in the schema of the caller's current client (another client's rows are simply not there); then
//! the record's own site must be one the caller may use with the needed permissions, and belong to that same
//! client. Anything else answers 404, indistinguishable from a missing record.

use std::future::Future;

use authz::AuthzError;
use tenancy::{SiteScope, TenantTx};

use crate::access::Caller;
use crate::error::{ApiError, ApiResult};
use crate::perm::Perm;
use crate::state::AppState;

mod repo;

/// A tenant record that knows its site.
pub trait SiteRecord {
    fn site_id(&self) -> i64;
}

/// The scope of a record found through `current` whose row says it belongs to `record_site_id`.
pub async fn record_scope(
    state: &AppState,
    caller: &Caller,
    current: &SiteScope,
    record_site_id: i64,
    perms: &[Perm],
    not_found: &str,
) -> ApiResult<SiteScope> {
    if record_site_id == current.site_id() {
        return Ok(current.clone());
    }
    let names: Vec<&str> = perms.iter().map(|p| p.as_str()).collect();
    match state.authz.grant(caller.user_id, record_site_id, &names).await {
        Ok(scope) if scope.client_id() == current.client_id() => Ok(scope),
        Ok(_) | Err(AuthzError::SiteNotAvailable(_) | AuthzError::MissingPermission(_)) => Err(ApiError::not_found(not_found)),
        // A failure of the authorizer itself is ours (500), not a missing record.
        Err(e) => Err(e.into()),
    }
}

/// The sites of the current client where the caller holds one of `perms` (the current site first when it does):
/// what a search over records of several sites may show. Asked of the authorizer site by site, as `record_scope` does.
pub async fn granted_site_ids(state: &AppState, caller: &Caller, current: &SiteScope, perms: &[Perm]) -> ApiResult<Vec<i64>> {
    let mut conn = state.pool.acquire().await?;
    let sites = repo::client_sites_of_user(&mut conn, caller.user_id, current.client_id()).await?;
    drop(conn);
    let names: Vec<&str> = perms.iter().map(|p| p.as_str()).collect();
    let mut out = Vec::new();
    if caller.holds_any(perms) {
        out.push(current.site_id());
    }
    for site in sites {
        if site == current.site_id() {
            continue;
        }
        if let Some(access) = state.authz.access(caller.user_id, site).await? {
            if access.holds_any(names.iter().copied()) && access.scope().client_id() == current.client_id() {
                out.push(site);
            }
        }
    }
    Ok(out)
}

/// Loads a record with `find` in the caller's client schema (through the scope the guard issued), then checks the
/// caller may use the record's own site with one of `perms`. Answers the record with the scope of its site; a
/// missing record, one of another client or of a site the caller may not use answers 404 with `not_found`.
///
/// Row-level security shows the transaction only the current site's rows; when the record is not there, the lookup
/// is repeated with the client's other sites the caller may use with `perms` made visible (through their scopes, so
/// the database still shows nothing the authorizer did not grant).
pub async fn load_visible<R, F>(state: &AppState, caller: &Caller, scope: &SiteScope, perms: &[Perm], not_found: &str, find: F) -> ApiResult<(SiteScope, R)>
where
    R: SiteRecord,
    F: for<'t> Fn(&'t mut TenantTx) -> std::pin::Pin<Box<dyn Future<Output = Result<Option<R>, sqlx::Error>> + Send + 't>>,
{
    let mut tx = scope.begin(&state.pool).await?;
    let mut found = find(&mut tx).await?;
    if found.is_none() {
        let names: Vec<&str> = perms.iter().map(|p| p.as_str()).collect();
        let mut widened = false;
        for site in repo::client_sites_of_user(&mut tx, caller.user_id, scope.client_id()).await? {
            if site == scope.site_id() {
                continue;
            }
            if let Some(access) = state.authz.access(caller.user_id, site).await? {
                if names.is_empty() || access.holds_any(names.iter().copied()) {
                    tx.widen(access.scope()).await?;
                    widened = true;
                }
            }
        }
        if widened {
            found = find(&mut tx).await?;
        }
    }
    // Read only: dropping the transaction queues its rollback, which the pool sends with the connection check it
    // makes on release anyway, instead of a commit round trip on the request's path.
    drop(tx);
    let record = found.ok_or_else(|| ApiError::not_found(not_found))?;
    let scope = record_scope(state, caller, scope, record.site_id(), perms, not_found).await?;
    Ok((scope, record))
}
