//! Moving a CIP to another CID of its site.

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use super::change::{begin_write, finish_write};
use crate::cips::model::{CidUpdate, CipSaved, STATUS_ACTIVE};
use crate::cips::repo;

/// Moves the CIP to another active CID of its site; refused while the CIP holds stock or open orders.
pub async fn update_cid(state: &AppState, caller: &Caller, current: &SiteScope, input: &CidUpdate) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let target = repo::cid_facts(&mut tx, input.cid_no).await?.filter(|c| c.site_id == before.site_id);
    let Some(target) = target else {
        return Err(ApiError::invalid("cid_no", "notFound", &format!("CID {} does not exist at this site.", input.cid_no)));
    };
    if before.cid_no == Some(target.cid_no) {
        return Err(ApiError::invalid("cid_no", "unchanged", &format!("The CIP already belongs to CID {}.", target.cid_no)));
    }
    if target.merged {
        return Err(ApiError::invalid("cid_no", "merged", &format!("CID {} was merged into another CID.", target.cid_no)));
    }
    if target.cid_status != STATUS_ACTIVE {
        return Err(ApiError::invalid("cid_no", "inactive", &format!("CID {} is not active.", target.cid_no)));
    }
    if [before.qty_on_hand, before.qty_on_order, before.qty_on_hold, before.qty_backorder].iter().any(|q| !q.is_zero()) {
        return Err(ApiError::conflict("The CIP still holds stock or open orders: move them before changing its CID."));
    }
    repo::update_cid(&mut tx, before.cip_no, target.cid_no, target.item_id).await?;
    finish_write(state, caller, current, tx, &before, "cip.cid.update", format!("The CIP now belongs to CID {} ({}).", target.cid_no, target.cust_item_code)).await
}
