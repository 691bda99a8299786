//! The lists of CIPs: of a CID, an item-master part, a site, a customer part, a tracking code; the picker's
//! type-ahead; the CIPs due for replenishment with what to order.

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::listing::PageRequest;
use kernel::num::{Decimal, Quantity};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::quick::required_code;
use super::visibility::{mask_picks, sees_cost};
use super::{CID_NOT_FOUND, READ, SEE_AVERAGE_COST, SITE_NOT_FOUND, TRACKING_CODE_NOT_FOUND};
use crate::cips::model::{CipPick, CipPickPage, CipsOfCidRequest, ReplenishCipPage, PICK_SORT, REPLENISH_SORT};
use crate::cips::repo;

/// The CIPs of a CID the caller may see, paged.
pub async fn of_cid(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64, page: &PageRequest) -> ApiResult<CipPickPage> {
    let page = page.resolve(&PICK_SORT)?;
    let (s, _) = records::load_visible(state, caller, scope, READ, CID_NOT_FOUND, |tx| Box::pin(repo::cid_facts(tx, cid_no))).await?;
    let mut tx = s.begin(&state.pool).await?;
    let (mut rows, total) = repo::page_of_cid(&mut tx, cid_no, &page).await?;
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, scope, s.site_id()).await?);
    Ok(CipPickPage::new(rows, total))
}

pub async fn of_cid_search(state: &AppState, caller: &Caller, scope: &SiteScope, request: &CipsOfCidRequest) -> ApiResult<CipPickPage> {
    of_cid(state, caller, scope, request.cid_no, &request.page).await
}

/// The CIPs of an item-master part at the current site, paged.
pub async fn of_item(state: &AppState, caller: &Caller, scope: &SiteScope, item_id: i64, page: &PageRequest) -> ApiResult<CipPickPage> {
    let page = page.resolve(&PICK_SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (mut rows, total) = repo::page_of_item(&mut tx, scope.site_id(), item_id, &page).await?;
    drop(tx);
    mask_picks(&mut rows, caller.holds(SEE_AVERAGE_COST));
    Ok(CipPickPage::new(rows, total))
}

/// The CIPs of a site the caller may use, paged.
pub async fn of_site(state: &AppState, caller: &Caller, scope: &SiteScope, site_id: i64, page: &PageRequest) -> ApiResult<CipPickPage> {
    let page = page.resolve(&PICK_SORT)?;
    let s = records::record_scope(state, caller, scope, site_id, READ, SITE_NOT_FOUND).await?;
    let mut tx = s.begin(&state.pool).await?;
    let (mut rows, total) = repo::page_of_site(&mut tx, s.site_id(), &page).await?;
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, scope, s.site_id()).await?);
    Ok(CipPickPage::new(rows, total))
}

/// The CIPs of the current site with this customer part (case-insensitive).
pub async fn of_cust_item_code(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str) -> ApiResult<Vec<CipPick>> {
    let code = required_code(code, "cust_item_code", "Customer Part")?;
    let mut tx = scope.begin(&state.pool).await?;
    let mut rows = repo::pick_by_cust_item_code(&mut tx, scope.site_id(), &code).await?;
    drop(tx);
    mask_picks(&mut rows, caller.holds(SEE_AVERAGE_COST));
    Ok(rows)
}

/// Active CIPs for a picker: by code or customer-part prefix, or of one CID.
pub async fn active(state: &AppState, caller: &Caller, scope: &SiteScope, code: Option<&str>, cid_no: Option<i64>, limit: Option<i64>) -> ApiResult<Vec<CipPick>> {
    let limit = limit.unwrap_or(20);
    let mut problems = Problems::default();
    if !(1..=100).contains(&limit) {
        problems.add("limit", "outOfRange", "limit must be between 1 and 100.");
    }
    let code = code.map(str::trim).filter(|c| !c.is_empty());
    if code.is_none() && cid_no.is_none() {
        problems.add("code", "required", "Give a code or a cid_no.");
    }
    problems.check()?;
    let mut tx = scope.begin(&state.pool).await?;
    let mut rows = match code {
        Some(c) => repo::active_by_prefix(&mut tx, scope.site_id(), &c.to_uppercase(), cid_no, limit).await?,
        None => repo::active_of_cid(&mut tx, scope.site_id(), cid_no.unwrap_or_default(), limit).await?,
    };
    drop(tx);
    mask_picks(&mut rows, caller.holds(SEE_AVERAGE_COST));
    Ok(rows)
}

/// CIPs of a tracking code's site that default to it.
pub async fn of_tracking_code(state: &AppState, caller: &Caller, scope: &SiteScope, tracking_code_id: i64) -> ApiResult<Vec<CipPick>> {
    let (s, _) = records::load_visible(state, caller, scope, READ, TRACKING_CODE_NOT_FOUND, |tx| Box::pin(repo::tracking_code_site(tx, tracking_code_id))).await?;
    let mut tx = s.begin(&state.pool).await?;
    let mut rows = repo::by_tracking_code(&mut tx, s.site_id(), tracking_code_id).await?;
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, scope, s.site_id()).await?);
    Ok(rows)
}

/// What to order for a CIP at or below min: up to max (min when no max), whole lots unless keep full; at least one
/// lot when it sits exactly at its target.
pub fn suggested_qty(position: Quantity, min: Quantity, max: Option<Quantity>, lot: Option<Quantity>, keep_full: bool) -> Quantity {
    let target = max.unwrap_or(min).value();
    let lot = lot.map(Quantity::value).filter(|l| *l > Decimal::ZERO);
    let need = target - position.value();
    if need <= Decimal::ZERO {
        return Quantity::round(lot.unwrap_or(Decimal::ONE));
    }
    Quantity::round(match lot {
        Some(l) if !keep_full => (need / l).ceil() * l,
        _ => need,
    })
}

/// The current site's MinMax CIPs due for replenishment, paged.
pub async fn replenish(state: &AppState, scope: &SiteScope, page: &PageRequest) -> ApiResult<ReplenishCipPage> {
    let page = page.resolve(&REPLENISH_SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (mut rows, total) = repo::page_to_replenish(&mut tx, scope.site_id(), &page).await?;
    for r in &mut rows {
        r.suggested_qty = suggested_qty(r.qty_position, r.min_qty, r.max_qty, r.lot_qty, r.keep_full);
    }
    Ok(ReplenishCipPage::new(rows, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suggested_order_fills_to_max_in_whole_lots() {
        let q = |s: &str| Quantity::parse(s).expect("quantity");
        assert_eq!(suggested_qty(q("3"), q("4"), Some(q("20")), Some(q("5")), false), q("20"));
        assert_eq!(suggested_qty(q("4"), q("4"), Some(q("20")), Some(q("6")), false), q("18"));
        assert_eq!(suggested_qty(q("4"), q("4"), Some(q("20")), Some(q("6")), true), q("16"));
        assert_eq!(suggested_qty(q("4"), q("4"), None, Some(q("6")), false), q("6"));
        assert_eq!(suggested_qty(q("-2"), q("4"), None, None, false), q("6"));
        assert_eq!(suggested_qty(q("4"), q("4"), Some(q("4")), None, false), q("1"));
    }

    #[test]
    fn a_suggested_order_in_fractional_lots_is_exact() {
        let q = |s: &str| Quantity::parse(s).expect("quantity");
        // 0.1 + 0.2 short of max in lots of 0.1: three lots, exactly 0.3 (binary floating point made it 0.30000000000000004).
        assert_eq!(suggested_qty(q("0.7"), q("0.9"), Some(q("1")), Some(q("0.1")), false).to_string(), "0.3");
        // 10 short in lots of 3: four lots.
        assert_eq!(suggested_qty(q("0"), q("5"), Some(q("10")), Some(q("3")), false), q("12"));
        assert_eq!(suggested_qty(q("0.001"), q("1"), Some(q("1")), Some(q("0.333")), false), q("0.999"));
    }
}
