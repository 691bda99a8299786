//! Who sees a CIP (the caller's client, a site the caller may use) and its costs (InvFISPrice at its site).

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::records;
use kernel::state::AppState;
use kernel::Perm;
use tenancy::SiteScope;

use super::{NOT_FOUND, SEE_AVERAGE_COST};
use crate::cips::model::{Cip, CipPick};
use crate::cips::repo;

/// The CIP `cip_no` of the caller's client, with the scope of its site, if the caller may use that site with one of
/// `perms`; 404 otherwise.
pub async fn visible(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64, perms: &[Perm]) -> ApiResult<(SiteScope, Cip)> {
    records::load_visible(state, caller, scope, perms, NOT_FOUND, |tx| Box::pin(repo::find(tx, cip_no))).await
}

/// May the caller see costs at `site_id`?
pub async fn sees_cost(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<bool> {
    if site_id == current.site_id() {
        Ok(caller.holds(SEE_AVERAGE_COST))
    } else {
        Ok(state.authz.has_any(caller.user_id, site_id, &[SEE_AVERAGE_COST.as_str()]).await?)
    }
}

pub(super) fn mask_picks(rows: &mut [CipPick], sees: bool) {
    if !sees {
        for r in rows {
            r.cust_avg_cost = None;
        }
    }
}
