//! Rules of the CIP resource (docs/cip.md): the status rule, the "multiple" flag, costs only with InvFISPrice, the
//! searches, and the checks of every change (replenishment settings, defaults, buddy, CID, related items, repaired
//! parts). Every change locks the CIP, is audited in its transaction, and answers the CIP as it is now.

use serde_json::{json, Value};

use kernel::access::Caller;
use kernel::audit::{self, AuditDetail, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::listing::{self, Page, PageRequest, SortSpec};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::model::{
    CidUpdate, Cip, CipCommon, CipFilter, CipMin1Page, CipPick, CipPickPage, CipQuantities, CipRowPage, CipSaved, CipSearchExport,
    CipSearchRequest, CipSummary, CipsOfCidRequest, CreateRepairedCip, DefaultsUpdate, HoldType, KeepFullEditCheck, LikeUpcOnHand, Mlq,
    OtherUpdate, RelatedItemsSave, RepairInfo, RepairUpdate, ReplenishCipPage, ReplenishmentSource, ReplenishmentUpdate, SubFilterAnswer,
    SubFilterRequest, WarehouseCost, REPL_KANBAN, REPL_MINMAX, REPL_VENDING, STATUS_ACTIVE, STATUS_PENDING,
};
use super::repo::search::{self as search_repo, SearchFilter, SUB_FILTER_LIMIT};
use super::repo::{self, NewLocation, OtherFields, Replenishment};
use crate::locations::service as locations;

pub const READ: &[Perm] = &[Perm::BasicAccess];
pub const WRITE: &[Perm] = &[Perm::ItemEdit];
pub const SUMMARY: &[Perm] = &[Perm::CIPSummaryView];
pub const NOT_FOUND: &str = "The item you are trying to find does not exist.";
pub const CID_NOT_FOUND: &str = "The CID you are trying to find does not exist.";
pub const TRACKING_CODE_NOT_FOUND: &str = "The tracking code you are trying to find does not exist.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
/// The status rule of spec 1 section 5 (item route guard), held by the server too.
pub const PENDING_MESSAGE: &str = "Can't display CIP until Item Add Req is approved.";
pub const PENDING_WRITE_MESSAGE: &str = "This CIP waits for its Item Add requisition to be approved and cannot be changed yet.";
/// The largest quantity a setting may hold (numeric(18, 3)).
pub const MAX_QTY: f64 = 999_999_999_999.0;

/// Shows the average cost (spec 1 section 2: the item picker's cost column).
const SEE_AVERAGE_COST: Perm = Perm::InvFISPrice;

pub const ROW_SORT: SortSpec = SortSpec {
    fields: &[
        ("cip_no", "cip_no"),
        ("cip_code", "cip_code"),
        ("cust_item_code", "cust_item_code"),
        ("cust_desc1", "cust_desc1"),
        ("cust_desc2", "cust_desc2"),
        ("status_id", "status_id"),
        ("location", "location"),
        ("qty_on_hand", "qty_on_hand"),
        ("qty_avail", "qty_avail"),
        ("qty_on_order", "qty_on_order"),
        ("min_qty", "min_qty"),
        ("max_qty", "max_qty"),
        ("repl_type", "repl_type"),
        ("vend_code", "vend_code"),
        ("annual_usage", "annual_usage"),
        ("last_issue_date", "last_issue_date"),
        ("last_receipt_date", "last_receipt_date"),
        ("updated_at", "updated_at"),
    ],
    default_field: "cip_code",
    default_descending: false,
};

pub const PICK_SORT: SortSpec = SortSpec {
    fields: &[
        ("cip_no", "cip_no"),
        ("cip_code", "cip_code"),
        ("cust_item_code", "cust_item_code"),
        ("cust_desc1", "cust_desc1"),
        ("location", "location"),
        ("qty_on_hand", "qty_on_hand"),
        ("status_id", "status_id"),
    ],
    default_field: "cip_code",
    default_descending: false,
};

pub const MIN1_SORT: SortSpec = SortSpec {
    fields: &[("cip_no", "cip_no"), ("cip_code", "cip_code"), ("cust_item_code", "cust_item_code"), ("cust_desc1", "cust_desc1"), ("location", "location"), ("status_id", "status_id")],
    default_field: "cip_code",
    default_descending: false,
};

pub const REPLENISH_SORT: SortSpec = SortSpec {
    fields: &[("cip_code", "cip_code"), ("cust_item_code", "cust_item_code"), ("location", "location"), ("vend_code", "vend_code"), ("qty_position", "qty_position")],
    default_field: "cip_code",
    default_descending: false,
};

pub fn repl_type_name(t: i32) -> &'static str {
    match t {
        REPL_KANBAN => "Kanban",
        REPL_MINMAX => "MinMax",
        REPL_VENDING => "Vending",
        _ => "Unknown",
    }
}

// ---- visibility and costs

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

fn mask_picks(rows: &mut [CipPick], sees: bool) {
    if !sees {
        for r in rows {
            r.cust_avg_cost = None;
        }
    }
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
async fn finish_write(state: &AppState, caller: &Caller, current: &SiteScope, mut tx: TenantTx, before: &Cip, action: &str, message: String) -> ApiResult<CipSaved> {
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

// ---- reads of one CIP

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

// ---- lists

fn page_of(page_number: Option<i64>, page_size: Option<i64>, sort_field: Option<String>, sort_direction: Option<String>, spec: &SortSpec) -> ApiResult<Page> {
    PageRequest { page_number, page_index: None, page_size, sort_field, sort_direction }.resolve(spec)
}

/// The paging of a GET list (query parameters pageNumber, pageSize, sortField, sortDirection).
pub struct ListPage {
    pub page_number: Option<i64>,
    pub page_size: Option<i64>,
    pub sort_field: Option<String>,
    pub sort_direction: Option<String>,
}

impl ListPage {
    fn resolve(self, spec: &SortSpec) -> ApiResult<Page> {
        page_of(self.page_number, self.page_size, self.sort_field, self.sort_direction, spec)
    }
}

/// The CIPs of a CID the caller may see, paged.
pub async fn of_cid(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64, page: Page) -> ApiResult<CipPickPage> {
    let (s, _) = records::load_visible(state, caller, scope, READ, CID_NOT_FOUND, |tx| Box::pin(repo::cid_facts(tx, cid_no))).await?;
    let mut tx = s.begin(&state.pool).await?;
    let (mut rows, total) = repo::page_of_cid(&mut tx, cid_no, &page).await?;
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, scope, s.site_id()).await?);
    Ok(CipPickPage::new(rows, total))
}

pub async fn of_cid_get(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64, page: ListPage) -> ApiResult<CipPickPage> {
    of_cid(state, caller, scope, cid_no, page.resolve(&PICK_SORT)?).await
}

pub async fn of_cid_search(state: &AppState, caller: &Caller, scope: &SiteScope, request: &CipsOfCidRequest) -> ApiResult<CipPickPage> {
    of_cid(state, caller, scope, request.cid_no, request.page.resolve(&PICK_SORT)?).await
}

/// The CIPs of an item-master part at the current site, paged.
pub async fn of_item(state: &AppState, caller: &Caller, scope: &SiteScope, item_id: i64, page: ListPage) -> ApiResult<CipPickPage> {
    let page = page.resolve(&PICK_SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (mut rows, total) = repo::page_of_item(&mut tx, scope.site_id(), item_id, &page).await?;
    drop(tx);
    mask_picks(&mut rows, caller.holds(SEE_AVERAGE_COST));
    Ok(CipPickPage::new(rows, total))
}

/// The CIPs of a site the caller may use, paged.
pub async fn of_site(state: &AppState, caller: &Caller, scope: &SiteScope, site_id: i64, page: ListPage) -> ApiResult<CipPickPage> {
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
pub fn suggested_qty(position: f64, min: f64, max: Option<f64>, lot: Option<f64>, keep_full: bool) -> f64 {
    let target = max.unwrap_or(min);
    let lot = lot.filter(|l| *l > 0.0);
    let need = target - position;
    if need <= 0.0 {
        return lot.unwrap_or(1.0);
    }
    match lot {
        Some(l) if !keep_full => (need / l).ceil() * l,
        _ => need,
    }
}

/// The current site's MinMax CIPs due for replenishment, paged.
pub async fn replenish(state: &AppState, scope: &SiteScope, page: ListPage) -> ApiResult<ReplenishCipPage> {
    let page = page.resolve(&REPLENISH_SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (mut rows, total) = repo::page_to_replenish(&mut tx, scope.site_id(), &page).await?;
    for r in &mut rows {
        r.suggested_qty = suggested_qty(r.qty_position, r.min_qty, r.max_qty, r.lot_qty, r.keep_full);
    }
    Ok(ReplenishCipPage::new(rows, total))
}

// ---- the global search box

fn required_code(code: &str, field: &str, label: &str) -> ApiResult<String> {
    let c = code.trim();
    if c.is_empty() {
        return Err(ApiError::invalid(field, "required", &format!("Please enter a {label}.")));
    }
    if c.chars().count() > 100 || c.chars().any(char::is_control) {
        return Err(ApiError::invalid(field, "invalid", &format!("Please enter a valid {label}.")));
    }
    Ok(c.to_owned())
}

/// The scope of the site named by `site_code`, if the caller may use it (same client); 404 otherwise.
async fn site_scope(state: &AppState, caller: &Caller, current: &SiteScope, site_code: &str) -> ApiResult<SiteScope> {
    let code = required_code(site_code, "site_code", "Site Code")?;
    let mut tx = current.begin(&state.pool).await?;
    let site = repo::site_by_code(&mut tx, &code).await?;
    drop(tx);
    let site = site.ok_or_else(|| ApiError::not_found(SITE_NOT_FOUND))?;
    records::record_scope(state, caller, current, site, READ, SITE_NOT_FOUND).await
}

#[derive(Clone, Copy)]
pub enum QuickKind {
    CipCode,
    CipNo,
    CustItemCode,
    ErpItemCode,
}

/// One quick search of the global search box: the matching CIPs of the named site (exact, case-insensitive); an
/// empty list when none matches ('Item not found.' is the box's message).
pub async fn quick(state: &AppState, caller: &Caller, current: &SiteScope, kind: QuickKind, text: &str, site_code: &str) -> ApiResult<Vec<CipPick>> {
    let (field, label) = match kind {
        QuickKind::CipCode => ("cip_code", "CIP ID"),
        QuickKind::CipNo => ("cip_no", "CIP Number"),
        QuickKind::CustItemCode => ("code", "Customer Part"),
        QuickKind::ErpItemCode => ("erp_item_code", "ERP Item Code"),
    };
    let text = required_code(text, field, label)?;
    let number = match kind {
        QuickKind::CipNo => Some(text.parse::<i64>().map_err(|_| ApiError::invalid("cip_no", "notANumber", "CIP Id must be a number."))?),
        _ => None,
    };
    let s = site_scope(state, caller, current, site_code).await?;
    let mut tx = s.begin(&state.pool).await?;
    let site_id = s.site_id();
    let mut rows = match (kind, number) {
        (QuickKind::CipNo, Some(n)) => repo::pick_by_cip_no(&mut tx, site_id, n).await?,
        (QuickKind::CipCode, _) => repo::pick_by_cip_code(&mut tx, site_id, &text).await?,
        (QuickKind::CustItemCode, _) => repo::pick_by_cust_item_code(&mut tx, site_id, &text).await?,
        (QuickKind::ErpItemCode, _) => repo::pick_by_erp_item_code(&mut tx, site_id, &text).await?,
        (QuickKind::CipNo, None) => Vec::new(),
    };
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, current, site_id).await?);
    Ok(rows)
}

// ---- searches

/// `prefix%` for `like` on an upper-cased column, pattern characters escaped.
pub fn prefix_pattern(text: &str) -> String {
    let contains = listing::contains_pattern(&text.trim().to_uppercase());
    contains.get(1..).unwrap_or_default().to_owned()
}

/// The search's site scope and its filter, validated (every problem at once).
async fn resolve_filter(state: &AppState, caller: &Caller, current: &SiteScope, f: &CipFilter) -> ApiResult<(SiteScope, SearchFilter)> {
    let mut problems = Problems::default();
    if f.status_id.is_some_and(|s| !(1..=10).contains(&s)) {
        problems.add("status_id", "outOfRange", "status_id must be an item status between 1 and 10.");
    }
    if f.repl_type.is_some_and(|t| !(1..=3).contains(&t)) {
        problems.add("repl_type", "outOfRange", "repl_type must be Kanban 1, MinMax 2 or Vending 3.");
    }
    for (v, field) in [(&f.cip_code, "cip_code"), (&f.cust_item_code, "cust_item_code"), (&f.description, "description"), (&f.text, "text"), (&f.location, "location"), (&f.vend_code, "vend_code")] {
        if v.as_deref().is_some_and(|s| s.chars().any(char::is_control)) {
            problems.add(field, "invalid", &format!("Please enter a valid value for {field}."));
        }
    }
    problems.check()?;
    let scope = match trimmed(&f.site_code) {
        Some(code) => site_scope(state, caller, current, code).await?,
        None => current.clone(),
    };
    let contains = |v: &Option<String>| trimmed(v).map(|s| listing::contains_pattern(&s.to_uppercase()));
    let prefix = |v: &Option<String>| trimmed(v).map(str::to_uppercase);
    let filter = SearchFilter {
        site_id: scope.site_id(),
        cip_no: f.cip_no,
        cid_no: f.cid_no,
        item_id: f.item_id,
        status_id: f.status_id,
        cip_code: prefix(&f.cip_code),
        cust_item_code: prefix(&f.cust_item_code),
        location: prefix(&f.location),
        description: contains(&f.description),
        text: contains(&f.text),
        vend_code: trimmed(&f.vend_code).map(str::to_owned),
        repl_type: f.repl_type,
        consigned: f.consigned,
        dispensing: f.dispensing,
        keep_full: f.keep_full,
        below_min: f.below_min,
        has_on_hand: f.has_on_hand,
        words: Default::default(),
    };
    Ok((scope, filter))
}

/// The CIP search grid (Search).
pub async fn search(state: &AppState, caller: &Caller, current: &SiteScope, request: &CipSearchRequest) -> ApiResult<CipRowPage> {
    let page = request.page.resolve(&ROW_SORT)?;
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let mut tx = scope.begin_page(&state.pool).await?;
    let (mut rows, total) = search_repo::rows(&mut tx, &filter, &page).await?;
    drop(tx);
    if !sees_cost(state, caller, current, scope.site_id()).await? {
        for r in &mut rows {
            r.cust_avg_cost = None;
        }
    }
    Ok(CipRowPage::new(rows, total))
}

/// The search's rows (up to 5000) as a workbook of the requested columns.
pub async fn export(state: &AppState, caller: &Caller, current: &SiteScope, request: &CipSearchExport) -> ApiResult<XlsxFile> {
    let page = request.page.resolve(&ROW_SORT)?.export();
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let mut rows = search_repo::all_rows(&mut tx, &filter, &page).await?;
    drop(tx);
    if !sees_cost(state, caller, current, scope.site_id()).await? {
        for r in &mut rows {
            r.cust_avg_cost = None;
        }
    }
    export::respond(&request.columns, &rows)
}

/// The item picker's search (CIPSearch).
pub async fn picker_search(state: &AppState, caller: &Caller, current: &SiteScope, request: &CipSearchRequest) -> ApiResult<CipPickPage> {
    let page = request.page.resolve(&PICK_SORT)?;
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let mut tx = scope.begin_page(&state.pool).await?;
    let (mut rows, total) = search_repo::picks(&mut tx, &filter, &page).await?;
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, current, scope.site_id()).await?);
    Ok(CipPickPage::new(rows, total))
}

/// The search with the fewest fields (Min1/Search).
pub async fn min1_search(state: &AppState, caller: &Caller, current: &SiteScope, request: &CipSearchRequest) -> ApiResult<CipMin1Page> {
    let page = request.page.resolve(&MIN1_SORT)?;
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let mut tx = scope.begin_page(&state.pool).await?;
    let (rows, total) = search_repo::min1(&mut tx, &filter, &page).await?;
    Ok(CipMin1Page::new(rows, total))
}

/// Distinct values of an allow-listed column over the search's rows (the grid's column filter).
pub async fn sub_filter(state: &AppState, caller: &Caller, current: &SiteScope, request: &SubFilterRequest) -> ApiResult<SubFilterAnswer> {
    let column = request.field.column();
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let starts = trimmed(&request.starts_with).map(str::to_uppercase);
    let mut tx = scope.begin(&state.pool).await?;
    let mut values = search_repo::distinct_values(&mut tx, &filter, column, starts.as_deref()).await?;
    let limited = i64::try_from(values.len()).unwrap_or(i64::MAX) > SUB_FILTER_LIMIT;
    values.truncate(usize::try_from(SUB_FILTER_LIMIT).unwrap_or(500));
    Ok(SubFilterAnswer { field: column.to_owned(), values, limited })
}

// ---- changes

fn check_qty(problems: &mut Problems, v: Option<f64>, field: &str, label: &str, positive: bool) {
    let Some(v) = v else { return };
    if !v.is_finite() || v > MAX_QTY {
        problems.add(field, "outOfRange", &format!("{label} must be a number up to 999,999,999,999."));
    } else if positive && v <= 0.0 {
        problems.add(field, "outOfRange", &format!("{label} must be greater than 0."));
    } else if v < 0.0 {
        problems.add(field, "outOfRange", &format!("{label} cannot be negative."));
    }
}

/// Checks replenishment settings against the CIP (`kanban_bins`: its kanban bins): every problem at once.
pub fn validate_replenishment(input: &ReplenishmentUpdate, cip: &Cip, kanban_bins: i64) -> Problems {
    let mut p = Problems::default();
    if !(1..=3).contains(&input.repl_type) {
        p.add("repl_type", "outOfRange", "Replenishment type must be Kanban 1, MinMax 2 or Vending 3.");
    }
    check_qty(&mut p, input.min_qty, "min_qty", "Min", false);
    check_qty(&mut p, input.max_qty, "max_qty", "Max", false);
    check_qty(&mut p, input.lot_qty, "lot_qty", "Lot", true);
    check_qty(&mut p, input.reorder_qty, "reorder_qty", "Reorder quantity", false);
    if input.num_lots.is_some_and(|n| n < 0) {
        p.add("num_lots", "outOfRange", "Number of lots cannot be negative.");
    }
    if let (Some(min), Some(max)) = (input.min_qty, input.max_qty) {
        if min > max {
            p.add("max_qty", "minAboveMax", "Max must be greater than or equal to Min.");
        }
    }
    if input.repl_type == REPL_MINMAX {
        if input.min_qty.is_none() {
            p.add("min_qty", "required", "Min is required for MinMax replenishment.");
        }
        if input.max_qty.is_none() {
            p.add("max_qty", "required", "Max is required for MinMax replenishment.");
        }
    }
    if input.keep_full && !(input.repl_type == REPL_MINMAX && input.max_qty.is_some()) {
        p.add("keep_full", "notAllowed", "Keep Full is only for MinMax CIPs with a Max.");
    }
    if input.keep_full != cip.keep_full && cip.status_id != STATUS_ACTIVE {
        p.add("keep_full", "notAllowed", "Keep Full can only be changed on an active CIP.");
    }
    if input.repl_type == REPL_VENDING && !cip.dispensing {
        p.add("repl_type", "notDispensing", "A Vending CIP must be dispensing: assign it to a dispenser bin first.");
    }
    if cip.repl_type == REPL_KANBAN && input.repl_type != REPL_KANBAN && kanban_bins > 0 {
        p.add("repl_type", "hasKanbanBins", &format!("Remove the CIP's {kanban_bins} kanban bin(s) before changing its replenishment type."));
    }
    p
}

/// Min, max, lot, reorder quantity, number of lots, keep full and replenishment type.
pub async fn update_replenishment(state: &AppState, caller: &Caller, current: &SiteScope, input: &ReplenishmentUpdate) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let (kanban_bins, _) = repo::device_counts(&mut tx, before.cip_no).await?;
    validate_replenishment(input, &before, kanban_bins).check()?;
    let r = Replenishment {
        repl_type: input.repl_type,
        min_qty: input.min_qty,
        max_qty: input.max_qty,
        lot_qty: input.lot_qty,
        reorder_qty: input.reorder_qty,
        num_lots: input.num_lots,
        keep_full: input.keep_full,
    };
    repo::update_replenishment(&mut tx, before.cip_no, &r).await?;
    finish_write(state, caller, current, tx, &before, "cip.replenishment.update", "Replenishment settings saved.".to_owned()).await
}

/// Default employee and tracking codes: records of the CIP's site, active, track N a code of level N.
pub async fn update_defaults(state: &AppState, caller: &Caller, current: &SiteScope, input: &DefaultsUpdate) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let mut p = Problems::default();
    if let Some(id) = input.default_employee_id {
        match repo::employee(&mut tx, id).await? {
            Some((site, active)) if site == before.site_id => {
                if !active {
                    p.add("default_employee_id", "inactive", &format!("Employee {id} is not active."));
                }
            }
            _ => p.add("default_employee_id", "notFound", &format!("Employee {id} does not exist at this site.")),
        }
    }
    let tracks = [input.default_track1, input.default_track2, input.default_track3, input.default_track4];
    for (i, t) in tracks.iter().enumerate() {
        let Some(id) = *t else { continue };
        let level = i64::try_from(i + 1).unwrap_or_default();
        let field = format!("default_track{level}");
        match repo::tracking_code_site(&mut tx, id).await? {
            Some(code) if code.site_id == before.site_id => {
                if code.tracking_level_id != level {
                    p.add(&field, "wrongLevel", &format!("Tracking code {id} is a level {} code, not level {level}.", code.tracking_level_id));
                } else if !code.is_active {
                    p.add(&field, "inactive", &format!("Tracking code {id} is not active."));
                }
            }
            _ => p.add(&field, "notFound", &format!("Tracking code {id} does not exist at this site.")),
        }
    }
    p.check()?;
    repo::update_defaults(&mut tx, before.cip_no, input.default_employee_id, tracks).await?;
    finish_write(state, caller, current, tx, &before, "cip.defaults.update", "Defaults saved.".to_owned()).await
}

/// Consigned, vendor, buddy CIP and the four short custom fields.
pub async fn update_other(state: &AppState, caller: &Caller, current: &SiteScope, input: &OtherUpdate) -> ApiResult<CipSaved> {
    let mut p = Problems::default();
    let vend_code = p.optional_text("vend_code", "Vendor", input.vend_code.as_deref(), 40);
    let custom = [
        p.optional_text("custom_1", "Custom 1", input.custom_1.as_deref(), 200),
        p.optional_text("custom_2", "Custom 2", input.custom_2.as_deref(), 200),
        p.optional_text("custom_3", "Custom 3", input.custom_3.as_deref(), 200),
        p.optional_text("custom_4", "Custom 4", input.custom_4.as_deref(), 200),
    ];
    p.check()?;
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let mut p = Problems::default();
    if let Some(v) = &vend_code {
        if repo::vendor_name(&mut tx, before.site_id, v).await?.is_none() {
            p.add("vend_code", "notFound", &format!("Vendor {v} does not exist at this site."));
        }
    }
    if let Some(b) = input.buddy_cip_no {
        if b == before.cip_no {
            p.add("buddy_cip_no", "self", "A CIP cannot be its own buddy.");
        } else {
            match repo::find(&mut tx, b).await? {
                Some(buddy) if buddy.site_id == before.site_id => {
                    let same_cid = buddy.cid_no.is_some() && buddy.cid_no == before.cid_no;
                    let same_item = buddy.item_id.is_some() && buddy.item_id == before.item_id;
                    if buddy.status_id != STATUS_ACTIVE {
                        p.add("buddy_cip_no", "inactive", &format!("Buddy CIP {b} is not active."));
                    } else if !(same_cid || same_item) {
                        p.add("buddy_cip_no", "otherItem", "The buddy CIP must be of the same CID or the same manufacturer part.");
                    }
                }
                _ => p.add("buddy_cip_no", "notFound", &format!("CIP {b} does not exist at this site.")),
            }
        }
    }
    p.check()?;
    repo::update_other(&mut tx, before.cip_no, &OtherFields { consigned: input.consigned, vend_code, buddy_cip_no: input.buddy_cip_no, custom }).await?;
    finish_write(state, caller, current, tx, &before, "cip.other.update", "Saved.".to_owned()).await
}

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
    if before.qty_on_hand != 0.0 || before.qty_on_order != 0.0 || before.qty_on_hold != 0.0 || before.qty_backorder != 0.0 {
        return Err(ApiError::conflict("The CIP still holds stock or open orders: move them before changing its CID."));
    }
    repo::update_cid(&mut tx, before.cip_no, target.cid_no, target.item_id).await?;
    finish_write(state, caller, current, tx, &before, "cip.cid.update", format!("The CIP now belongs to CID {} ({}).", target.cid_no, target.cust_item_code)).await
}

/// Replaces the items shown with the CIP: CIPs of the same site, not itself, each once.
pub async fn save_related(state: &AppState, caller: &Caller, current: &SiteScope, input: &RelatedItemsSave) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let mut p = Problems::default();
    let mut rows: Vec<(i64, i32)> = Vec::new();
    for (i, r) in input.related_items.iter().enumerate() {
        let field = format!("related_items[{i}].related_cip_no");
        let relation = r.relation.unwrap_or(1);
        if !(1..=3).contains(&relation) {
            p.add(&format!("related_items[{i}].relation"), "outOfRange", "relation must be Substitute 1, Accessory 2 or SparePart 3.");
        }
        if r.related_cip_no == before.cip_no {
            p.add(&field, "self", "A CIP cannot be related to itself.");
        } else if rows.iter().any(|(id, _)| *id == r.related_cip_no) {
            p.add(&field, "duplicate", &format!("CIP {} is listed twice.", r.related_cip_no));
        } else if repo::find_ref(&mut tx, r.related_cip_no).await?.is_none() {
            p.add(&field, "notFound", &format!("CIP {} does not exist at this site.", r.related_cip_no));
        } else {
            rows.push((r.related_cip_no, relation));
        }
    }
    p.check()?;
    let from: Vec<i64> = repo::related_items(&mut tx, before.cip_no).await?.into_iter().map(|r| r.related_cip_no).collect();
    repo::replace_related(&mut tx, before.cip_no, &rows).await?;
    let to: Vec<i64> = rows.iter().map(|r| r.0).collect();
    record(&mut tx, caller, before.cip_no, "cip.related_items.save", json!({"related_items": {"from": from, "to": to}})).await?;
    tx.commit().await?;
    let mut cip = before;
    if !sees_cost(state, caller, current, cip.site_id).await? {
        cip.cust_avg_cost = None;
    }
    Ok(CipSaved { success: true, message: format!("{} related item(s) saved.", rows.len()), cip })
}

/// Links the CIP stocking a repairable CIP's repaired units: a repaired-part CIP of the same manufacturer part.
pub async fn update_repair(state: &AppState, caller: &Caller, current: &SiteScope, input: &RepairUpdate) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    if let Some(r) = input.repair_cip_no {
        let facts = match before.cid_no {
            Some(n) => repo::cid_facts(&mut tx, n).await?,
            None => None,
        };
        if !facts.is_some_and(|f| f.repairable) {
            return Err(ApiError::conflict("The CIP's CID is not repairable."));
        }
        if r == before.cip_no {
            return Err(ApiError::invalid("repair_cip_no", "self", "A CIP cannot stock its own repaired units."));
        }
        let Some(target) = repo::find(&mut tx, r).await?.filter(|t| t.site_id == before.site_id) else {
            return Err(ApiError::invalid("repair_cip_no", "notFound", &format!("CIP {r} does not exist at this site.")));
        };
        let target_facts = match target.cid_no {
            Some(n) => repo::cid_facts(&mut tx, n).await?,
            None => None,
        };
        if !target_facts.is_some_and(|f| f.repaired_part) {
            return Err(ApiError::invalid("repair_cip_no", "notRepairedPart", &format!("CIP {r} is not a repaired-part CIP (its CID is not flagged repaired part).")));
        }
        if target.item_id != before.item_id {
            return Err(ApiError::invalid("repair_cip_no", "otherItem", "The repaired-part CIP must be of the same manufacturer part."));
        }
    }
    repo::set_repair(&mut tx, before.cip_no, input.repair_cip_no).await?;
    finish_write(state, caller, current, tx, &before, "cip.repair.update", "Repair settings saved.".to_owned()).await
}

fn with_suffix(code: &str) -> String {
    format!("{code}-R")
}

/// Creates the repaired-part CID (a copy of the CID flagged repaired part) and its CIP for a repairable CIP that has
/// none yet, and links them; answers the new CIP.
pub async fn create_repaired(state: &AppState, caller: &Caller, current: &SiteScope, input: &CreateRepairedCip) -> ApiResult<CipSaved> {
    let mut p = Problems::default();
    let cust_item_code = p.optional_text("cust_item_code", "Customer Part", input.cust_item_code.as_deref(), 100);
    let cip_code = p.optional_text("cip_code", "CIP Code", input.cip_code.as_deref(), 100);
    p.check()?;
    let (_, mut tx, original) = begin_write(state, caller, current, input.cip_no).await?;
    let Some(cid) = (match original.cid_no {
        Some(n) => repo::cid_facts(&mut tx, n).await?,
        None => None,
    }) else {
        return Err(ApiError::conflict("The CIP has no CID."));
    };
    if !cid.repairable {
        return Err(ApiError::conflict("The CIP's CID is not repairable."));
    }
    if cid.repaired_part {
        return Err(ApiError::conflict("The CIP is itself a repaired part."));
    }
    if let Some(existing) = original.repair_cip_no {
        return Err(ApiError::conflict(&format!("The CIP already has a repaired-part CIP ({existing}).")));
    }
    let site_id = original.site_id;
    let cust_item_code = cust_item_code.unwrap_or_else(|| with_suffix(&cid.cust_item_code));
    let cip_code = cip_code.unwrap_or_else(|| with_suffix(&original.cip_code));
    let mut p = Problems::default();
    if cust_item_code.chars().count() > 100 {
        p.add("cust_item_code", "tooLong", "Customer Part can be at most 100 characters.");
    } else if repo::cust_item_code_taken(&mut tx, site_id, &cust_item_code).await? {
        p.add("cust_item_code", "duplicate", &format!("Customer part {cust_item_code} already exists at this site."));
    }
    if cip_code.chars().count() > 100 {
        p.add("cip_code", "tooLong", "CIP Code can be at most 100 characters.");
    } else if repo::cip_code_taken(&mut tx, site_id, &cip_code).await? {
        p.add("cip_code", "duplicate", &format!("CIP code {cip_code} already exists at this site."));
    }
    let raw_location = trimmed(&input.location).map(str::to_owned).or_else(|| original.location.clone());
    let location = match raw_location {
        Some(l) => locations::check_into(&mut tx, "location", &l, &mut p).await?,
        None => {
            p.add("location", "required", "Please enter a location.");
            None
        }
    };
    p.check()?;
    let location = location.ok_or_else(|| ApiError::internal("a location without problems did not parse"))?;
    let new_cid = repo::insert_repaired_cid(&mut tx, cid.cid_no, &cust_item_code).await?;
    let new_cip = repo::insert_repaired_cip(&mut tx, original.cip_no, new_cid, &cip_code, &NewLocation { location: location.location, segments: location.segments }).await?;
    repo::set_repair(&mut tx, original.cip_no, Some(new_cip)).await?;
    let created = repo::find(&mut tx, new_cip).await?.ok_or_else(|| ApiError::internal("the repaired-part CIP vanished"))?;
    let scope = tx.scope().clone();
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "cid.create_repaired",
            entity: "cid",
            entity_id: new_cid.to_string(),
            client_id: Some(scope.client_id()),
            site_id: Some(site_id),
            changes: json!({"cust_item_code": cust_item_code, "repaired_part": true, "from_cid_no": cid.cid_no}),
        },
    )
    .await?;
    record(&mut tx, caller, new_cip, "cip.create_repaired", audit::snapshot(&created)).await?;
    record(&mut tx, caller, original.cip_no, "cip.repair.update", json!({"repair_cip_no": {"from": Value::Null, "to": new_cip}})).await?;
    tx.commit().await?;
    let mut cip = created;
    if !sees_cost(state, caller, current, site_id).await? {
        cip.cust_avg_cost = None;
    }
    Ok(CipSaved { success: true, message: format!("Repaired-part CIP {} created.", cip.cip_code), cip })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cip() -> Cip {
        Cip {
            cip_no: 1,
            site_id: 1,
            cid_no: Some(1),
            item_id: Some(1),
            cip_code: "X".into(),
            cust_item_code: None,
            cust_desc1: None,
            cust_desc2: None,
            status_id: 1,
            location: None,
            loc_seg1: None,
            loc_seg2: None,
            loc_seg3: None,
            loc_seg4: None,
            loc_seg5: None,
            qty_on_hand: 0.0,
            qty_avail: 0.0,
            qty_on_hold: 0.0,
            qty_on_order: 0.0,
            qty_backorder: 0.0,
            cust_avg_cost: None,
            consigned: false,
            min_qty: Some(2.0),
            max_qty: Some(10.0),
            lot_qty: None,
            reorder_qty: None,
            num_lots: None,
            repl_type: REPL_MINMAX,
            keep_full: false,
            buddy_cip_no: None,
            dispensing: false,
            vend_code: None,
            default_employee_id: None,
            default_track1: None,
            default_track2: None,
            default_track3: None,
            default_track4: None,
            repair_cip_no: None,
            custom_1: None,
            custom_2: None,
            custom_3: None,
            custom_4: None,
            multiple: false,
            updated_at: chrono::Utc::now(),
        }
    }

    fn input() -> ReplenishmentUpdate {
        ReplenishmentUpdate { cip_no: 1, repl_type: REPL_MINMAX, min_qty: Some(2.0), max_qty: Some(10.0), lot_qty: Some(5.0), reorder_qty: None, num_lots: None, keep_full: false }
    }

    fn fields(p: Problems) -> Vec<String> {
        p.0.into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn replenishment_settings_need_min_not_above_max_and_a_positive_lot() {
        assert!(validate_replenishment(&input(), &cip(), 0).is_empty());
        let bad = ReplenishmentUpdate { min_qty: Some(12.0), lot_qty: Some(0.0), reorder_qty: Some(-1.0), ..input() };
        assert_eq!(fields(validate_replenishment(&bad, &cip(), 0)), ["lot_qty", "reorder_qty", "max_qty"]);
        let missing = ReplenishmentUpdate { min_qty: None, max_qty: None, ..input() };
        assert_eq!(fields(validate_replenishment(&missing, &cip(), 0)), ["min_qty", "max_qty"]);
        let huge = ReplenishmentUpdate { max_qty: Some(f64::INFINITY), ..input() };
        assert_eq!(fields(validate_replenishment(&huge, &cip(), 0)), ["max_qty"]);
    }

    #[test]
    fn keep_full_only_for_minmax_with_a_max_and_vending_only_when_dispensing() {
        let kanban_keep_full = ReplenishmentUpdate { repl_type: REPL_KANBAN, keep_full: true, ..input() };
        assert_eq!(fields(validate_replenishment(&kanban_keep_full, &cip(), 0)), ["keep_full"]);
        let vending = ReplenishmentUpdate { repl_type: REPL_VENDING, ..input() };
        assert_eq!(fields(validate_replenishment(&vending, &cip(), 0)), ["repl_type"]);
        assert!(validate_replenishment(&vending, &Cip { dispensing: true, ..cip() }, 0).is_empty());
        let from_kanban = Cip { repl_type: REPL_KANBAN, ..cip() };
        assert_eq!(fields(validate_replenishment(&input(), &from_kanban, 2)), ["repl_type"]);
        assert!(keep_full_rule(&cip()).is_none());
        assert!(keep_full_rule(&Cip { max_qty: None, ..cip() }).is_some());
        assert!(keep_full_rule(&Cip { repl_type: REPL_VENDING, ..cip() }).is_some());
    }

    #[test]
    fn the_suggested_order_fills_to_max_in_whole_lots() {
        assert_eq!(suggested_qty(3.0, 4.0, Some(20.0), Some(5.0), false), 20.0);
        assert_eq!(suggested_qty(4.0, 4.0, Some(20.0), Some(6.0), false), 18.0);
        assert_eq!(suggested_qty(4.0, 4.0, Some(20.0), Some(6.0), true), 16.0);
        assert_eq!(suggested_qty(4.0, 4.0, None, Some(6.0), false), 6.0);
        assert_eq!(suggested_qty(-2.0, 4.0, None, None, false), 6.0);
    }

    #[test]
    fn prefix_patterns_are_upper_case_and_escaped() {
        assert_eq!(prefix_pattern(" ab_1 "), "AB\\_1%");
        assert_eq!(prefix_pattern("50%"), "50\\%%");
    }
}
