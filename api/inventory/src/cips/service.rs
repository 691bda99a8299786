//! Rules of the CIP resource.

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::records;
use kernel::state::AppState;
use kernel::Perm;
use tenancy::SiteScope;

use super::model::Cip;
use super::repo;

pub const READ: &[Perm] = &[Perm::BasicAccess];
pub const NOT_FOUND: &str = "The item you are trying to find does not exist.";

/// Shows the average cost (spec 1 section 2: the item picker's cost column).
const SEE_AVERAGE_COST: Perm = Perm::InvFISPrice;

/// The CIP `id` of the caller's client, if the caller may use its site with [`READ`].
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Cip> {
    let (record_scope, mut cip) = records::load_visible(state, caller, scope, READ, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    // The cost column follows the caller's rights at the record's own site.
    let sees_cost = if record_scope.site_id() == scope.site_id() {
        caller.holds(SEE_AVERAGE_COST)
    } else {
        state.authz.has_any(caller.user_id, record_scope.site_id(), &[SEE_AVERAGE_COST.as_str()]).await?
    };
    if !sees_cost {
        cip.cust_avg_cost = None;
    }
    Ok(cip)
}
