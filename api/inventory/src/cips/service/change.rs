//! How every change of a CIP opens (the CIP's row lock, the pending rule) and closes (the audit row of what changed,
//! the commit, the CIP as saved).

use serde_json::Value;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::visibility::{sees_cost, visible};
use super::{NOT_FOUND, PENDING_WRITE_MESSAGE, WRITE};
use crate::cips::model::{Cip, CipSaved, STATUS_PENDING};
use crate::cips::repo;

/// The CIP `cip_no` as the open transaction sees it (another resource's change that names a CIP of its site).
pub async fn find_in(tx: &mut TenantTx, cip_no: i64) -> ApiResult<Option<Cip>> {
    Ok(repo::find(tx, cip_no).await?)
}

/// Opens a change of the CIP: the scope of its site (the caller needs [`WRITE`] there), a transaction holding the
/// CIP's row lock, and the CIP as it is under that lock. A pending CIP (its Item Add not approved) is refused.
pub async fn begin_write(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<(SiteScope, TenantTx, Cip)> {
    begin_change(state, caller, current, cip_no, WRITE).await
}

/// [`begin_write`] for changes another permission allows (crib devices).
pub async fn begin_change(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64, perms: &[Perm]) -> ApiResult<(SiteScope, TenantTx, Cip)> {
    let (scope, _) = visible(state, caller, current, cip_no, perms).await?;
    let mut tx = scope.begin(&state.pool).await?;
    if !repo::lock(&mut tx, cip_no).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let cip = repo::find(&mut tx, cip_no).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if cip.status_id == STATUS_PENDING {
        return Err(ApiError::conflict(PENDING_WRITE_MESSAGE));
    }
    Ok((scope, tx, cip))
}

/// The audited end of a change: what changed between `before` and the CIP now, committed, and the CIP as saved.
pub(super) async fn finish_write(state: &AppState, caller: &Caller, current: &SiteScope, mut tx: TenantTx, before: &Cip, action: &str, message: String) -> ApiResult<CipSaved> {
    let mut after = repo::find(&mut tx, before.cip_no).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    record(&mut tx, caller, before.cip_no, action, changes(before, &after)).await?;
    tx.commit().await?;
    if !sees_cost(state, caller, current, after.site_id).await? {
        after.cust_avg_cost = None;
    }
    Ok(CipSaved { success: true, message, cip: after })
}

/// `{field: {from, to}}` without the bookkeeping fields.
pub fn changes(before: &Cip, after: &Cip) -> Value {
    let mut d = audit::diff(&audit::snapshot(before), &audit::snapshot(after));
    if let Some(map) = d.as_object_mut() {
        map.remove("updated_at");
        map.remove("multiple");
    }
    d
}

/// One audit row about the CIP, in the transaction of its site.
pub async fn record(tx: &mut TenantTx, caller: &Caller, cip_no: i64, action: &str, changes: Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity: "cip", entity_id: cip_no.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes },
    )
    .await?;
    Ok(())
}
