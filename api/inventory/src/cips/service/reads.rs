//! Reads of one CIP: the record, the item page's parts, quantities, summary, history, like-UPC, costs, the
//! replenishment, hold and repair settings, MLQ.

use kernel::access::Caller;
use kernel::audit::{self, AuditDetail};
use kernel::error::{ApiError, ApiResult};
use kernel::records;
use kernel::state::AppState;
use tenancy::SiteScope;

use super::visibility::{mask_picks, sees_cost, visible};
use super::{NOT_FOUND, PENDING_MESSAGE, READ, SUMMARY};
use crate::cips::model::{
    Cip, CipCommon, CipPick, CipQuantities, CipSummary, HoldType, KeepFullEditCheck, LikeUpcOnHand, Mlq, RepairInfo, ReplenishmentSource,
    WarehouseCost, REPL_KANBAN, REPL_MINMAX, REPL_VENDING, STATUS_ACTIVE, STATUS_PENDING,
};
use crate::cips::repo;

pub fn repl_type_name(t: i32) -> &'static str {
    match t {
        REPL_KANBAN => "Kanban",
        REPL_MINMAX => "MinMax",
        REPL_VENDING => "Vending",
        _ => "Unknown",
    }
}

/// The CIP `id`; a pending one (its Item Add not approved) answers 409 with the spec's message.
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Cip> {
    let (record_scope, mut cip) = visible(state, caller, scope, id, READ).await?;
    if cip.status_id == STATUS_PENDING {
        return Err(ApiError::conflict(PENDING_MESSAGE));
    }
    // The cost column follows the caller's rights at the record's own site.
    if !sees_cost(state, caller, scope, record_scope.site_id()).await? {
        cip.cust_avg_cost = None;
    }
    Ok(cip)
}

/// The item page's general data.
pub async fn common(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<CipCommon> {
    let cip = get(state, caller, scope, id).await?;
    let record_scope = records::record_scope(state, caller, scope, cip.site_id, READ, NOT_FOUND).await?;
    let mut tx = record_scope.begin(&state.pool).await?;
    let cid = match cip.cid_no {
        Some(n) => repo::cid_part(&mut tx, n).await?,
        None => None,
    };
    let item = match cip.item_id {
        Some(n) => repo::item_part(&mut tx, n).await?,
        None => None,
    };
    let buddy = match cip.buddy_cip_no {
        Some(n) => repo::find_ref(&mut tx, n).await?,
        None => None,
    };
    let repair = match cip.repair_cip_no {
        Some(n) => repo::find_ref(&mut tx, n).await?,
        None => None,
    };
    let related_items = repo::related_items(&mut tx, id).await?;
    let (alternate_location_count, virtual_location_count) = repo::location_counts(&mut tx, id).await?;
    Ok(CipCommon { cip, cid, item, buddy, repair, related_items, alternate_location_count, virtual_location_count })
}

pub async fn quantities(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<CipQuantities> {
    let (s, _) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    repo::quantities(&mut tx, cip_no).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// The CIP summary pop-up (CIPSummaryView at the CIP's site).
pub async fn summary(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<CipSummary> {
    let (s, _) = visible(state, caller, scope, cip_no, SUMMARY).await?;
    let mut tx = s.begin(&state.pool).await?;
    repo::summary(&mut tx, cip_no).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// The CIP's history of changes, newest first (at most 200).
pub async fn audit_detail(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<Vec<AuditDetail>> {
    let (s, _) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(audit::history(&mut tx, "cip", &cip_no.to_string(), Some(s.client_id()), 200).await?)
}

pub async fn like_upc(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<Vec<CipPick>> {
    let (s, _) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let mut rows = repo::like_upc(&mut tx, s.site_id(), cip_no).await?;
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, scope, s.site_id()).await?);
    Ok(rows)
}

pub async fn like_upc_on_hand(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<LikeUpcOnHand> {
    let (s, _) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let (asp_upc, cip_count, qty_on_hand) = repo::like_upc_on_hand(&mut tx, s.site_id(), cip_no).await?;
    Ok(LikeUpcOnHand { cip_no, asp_upc, cip_count, qty_on_hand })
}

pub async fn warehouse_cost(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<WarehouseCost> {
    let (s, _) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let (warehouse, average) = repo::costs(&mut tx, cip_no).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    drop(tx);
    let visible = sees_cost(state, caller, scope, s.site_id()).await?;
    Ok(WarehouseCost { cip_no, warehouse_cost: warehouse.filter(|_| visible), cust_avg_cost: average.filter(|_| visible), cost_visible: visible })
}

/// May keep_full be changed: only for an active MinMax CIP with a max (keep full orders back to max).
pub fn keep_full_rule(cip: &Cip) -> Option<&'static str> {
    if cip.status_id != STATUS_ACTIVE {
        Some("Keep Full can only be changed on an active CIP.")
    } else if cip.repl_type != REPL_MINMAX {
        Some("Keep Full is only for MinMax CIPs.")
    } else if cip.max_qty.is_none() {
        Some("Set a Max first: Keep Full orders back to Max.")
    } else {
        None
    }
}

pub async fn keep_full_check(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<KeepFullEditCheck> {
    let (_, cip) = visible(state, caller, scope, cip_no, READ).await?;
    let message = keep_full_rule(&cip);
    Ok(KeepFullEditCheck { cip_no, editable: message.is_none(), keep_full: cip.keep_full, message: message.map(str::to_owned) })
}

pub async fn replenishment_source(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<ReplenishmentSource> {
    let (s, cip) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let (kanban_bin_count, dispenser_bin_count) = repo::device_counts(&mut tx, cip_no).await?;
    let vend_name = match &cip.vend_code {
        Some(v) => repo::vendor_name(&mut tx, s.site_id(), v).await?,
        None => None,
    };
    let source = match cip.repl_type {
        REPL_KANBAN => "Kanban",
        REPL_VENDING => "Vending",
        _ => "Vendor",
    };
    Ok(ReplenishmentSource {
        cip_no,
        repl_type: cip.repl_type,
        repl_type_name: repl_type_name(cip.repl_type).to_owned(),
        source: source.to_owned(),
        vend_code: cip.vend_code,
        vend_name,
        kanban_bin_count,
        dispenser_bin_count,
        consigned: cip.consigned,
    })
}

pub async fn hold_type(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<HoldType> {
    let (s, _) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    repo::hold_type(&mut tx, cip_no).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

pub async fn repair(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<RepairInfo> {
    let (s, cip) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let facts = match cip.cid_no {
        Some(n) => repo::cid_facts(&mut tx, n).await?,
        None => None,
    };
    let repair_cip = match cip.repair_cip_no {
        Some(n) => repo::find_ref(&mut tx, n).await?,
        None => None,
    };
    let repaired_for = repo::repaired_for(&mut tx, cip_no).await?;
    Ok(RepairInfo {
        cip_no,
        repairable: facts.as_ref().is_some_and(|f| f.repairable),
        repaired_part: facts.as_ref().is_some_and(|f| f.repaired_part),
        repair_cip,
        repaired_for,
    })
}

pub async fn mlq(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<Mlq> {
    let (s, cip) = visible(state, caller, scope, cip_no, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let (warehouse_net_mlq, cid_net_mlq) = repo::net_mlq(&mut tx, s.site_id(), cip.item_id, cip.cid_no).await?;
    Ok(Mlq { cip_no, cid_no: cip.cid_no, item_id: cip.item_id, warehouse_net_mlq, cid_net_mlq })
}
