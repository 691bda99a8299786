//! Rules of the CID resource: reads with object-level checks, the existence checks, what depends on a CID's item,
//! its maintenance calls, creating a CID with its first CIP, and merging duplicate CIDs (docs/cid.md).

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditDetail, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::fields;
use kernel::listing::{contains_pattern, limited, ROW_CAP_MESSAGE};
use kernel::num::Quantity;
use kernel::records::{self, SiteRecord};
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::model::*;
use super::repo::{self, NewCid, NewCip};
use crate::custom_fields::service as custom;

pub const READ: &[Perm] = &[Perm::BasicAccess];
pub const EDIT: &[Perm] = &[Perm::ItemEdit];
pub const MERGE: &[Perm] = &[Perm::ItemMerge];
pub const NOT_FOUND: &str = "The CID you are trying to find does not exist.";
pub const CIP_NOT_FOUND: &str = "The item you are trying to find does not exist.";
/// Audit entity of CIDs (`GET Audit/Detail/{id}` reads it) and of CIPs (shared with the CIP resource).
pub const ENTITY: &str = "cid";
pub const ENTITY_CIP: &str = "cip";
/// Changes shown by `Audit/Detail`.
const HISTORY_LIMIT: i64 = 500;

/// Shows the average cost (spec 1 section 2: the item picker's cost column).
const SEE_AVERAGE_COST: Perm = Perm::InvFISPrice;
const STATUS_ACTIVE: i32 = 1;
const STATUS_DEACTIVATED: i32 = 3;

/// CID hold types (`cid_hold_type`): why a CID is held from ordering or issue.
pub const HOLD_TYPES: &[(i32, &str)] = &[(1, "Quality hold"), (2, "Engineering review"), (3, "Supersede pending"), (4, "Recall"), (5, "Do not reorder")];

fn entry(scope: &SiteScope, action: &'static str, entity: &'static str, id: i64, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity, entity_id: id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes }
}

/// Whether the caller sees average costs at the record's site.
async fn sees_cost(state: &AppState, caller: &Caller, current: &SiteScope, record: &SiteScope) -> ApiResult<bool> {
    if record.site_id() == current.site_id() {
        Ok(caller.holds(SEE_AVERAGE_COST))
    } else {
        Ok(state.authz.has_any(caller.user_id, record.site_id(), &[SEE_AVERAGE_COST.as_str()]).await?)
    }
}

/// Loads a CID the caller may use with `perms` (404 otherwise) with the scope of its site.
async fn load<R: SiteRecord>(
    state: &AppState,
    caller: &Caller,
    current: &SiteScope,
    perms: &[Perm],
    find: impl for<'t> Fn(&'t mut TenantTx) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<Option<R>, sqlx::Error>> + Send + 't>>,
) -> ApiResult<(SiteScope, R)> {
    records::load_visible(state, caller, current, perms, NOT_FOUND, find).await
}

/// A CID to change: visible with [`EDIT`] and not merged away.
async fn load_for_change(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<(SiteScope, Cid)> {
    let (scope, cid) = load(state, caller, current, EDIT, |tx| Box::pin(repo::find(tx, cid_no))).await?;
    if let Some(primary) = cid.merged_into_cid_no {
        return Err(ApiError::conflict(&format!("CID {cid_no} was merged into CID {primary}; change the primary CID instead.")));
    }
    Ok((scope, cid))
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

pub async fn get(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<Cid> {
    let (scope, mut cid) = load(state, caller, current, READ, |tx| Box::pin(repo::find(tx, cid_no))).await?;
    if !sees_cost(state, caller, current, &scope).await? {
        cid.cust_avg_cost = None;
    }
    Ok(cid)
}

pub async fn common(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<CidCommon> {
    let (scope, mut cid) = load(state, caller, current, READ, |tx| Box::pin(repo::common(tx, cid_no))).await?;
    if !sees_cost(state, caller, current, &scope).await? {
        cid.cust_avg_cost = None;
    }
    Ok(cid)
}

pub async fn header(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<CidHeader> {
    Ok(load(state, caller, current, READ, |tx| Box::pin(repo::header(tx, cid_no))).await?.1)
}

/// The scope of a CID the caller may read, then `then` in a transaction of that site.
async fn read_at<T>(
    state: &AppState,
    caller: &Caller,
    current: &SiteScope,
    cid_no: i64,
    then: impl for<'t> FnOnce(&'t mut TenantTx) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, sqlx::Error>> + Send + 't>>,
) -> ApiResult<T> {
    let (scope, _) = load(state, caller, current, READ, |tx| Box::pin(repo::header(tx, cid_no))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(then(&mut tx).await?)
}

pub async fn quantities(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64, non_consigned_only: bool) -> ApiResult<CidQuantities> {
    read_at(state, caller, current, cid_no, |tx| Box::pin(repo::quantities(tx, cid_no, non_consigned_only))).await
}

pub async fn hold_count(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<CidHoldCount> {
    read_at(state, caller, current, cid_no, |tx| Box::pin(repo::hold_count(tx, cid_no))).await
}

pub async fn usage(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<CidUsage> {
    read_at(state, caller, current, cid_no, |tx| Box::pin(repo::usage(tx, cid_no))).await
}

fn abc_letter(id: Option<i32>) -> Option<String> {
    id.and_then(|i| ["A", "B", "C", "D"].get(usize::try_from(i - 1).ok()?).map(|s| (*s).to_owned()))
}

pub async fn abc(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<CidAbc> {
    let (_, cid) = load(state, caller, current, READ, |tx| Box::pin(repo::find(tx, cid_no))).await?;
    Ok(CidAbc { cid_no, curr_abc_class_type_id: cid.curr_abc_class_type_id, abc_class: abc_letter(cid.curr_abc_class_type_id) })
}

/// The CID of a CIP the caller may see.
pub async fn of_cip(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<CidOfCip> {
    Ok(records::load_visible(state, caller, current, READ, CIP_NOT_FOUND, |tx| Box::pin(repo::of_cip(tx, cip_no))).await?.1)
}

/// The CIDs of the current site for an item master part.
pub async fn by_item(state: &AppState, scope: &SiteScope, item_id: i64) -> ApiResult<Vec<CidMin>> {
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::by_item(&mut tx, scope.site_id(), item_id).await?)
}

pub fn hold_types() -> Vec<CidHoldType> {
    HOLD_TYPES.iter().map(|(id, d)| CidHoldType { cid_hold_type: *id, description: (*d).to_owned() }).collect()
}

/// The history of a CID, with the history of the CIDs merged into it (their changes moved with them).
pub async fn history(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<Vec<AuditDetail>> {
    let (scope, _) = load(state, caller, current, READ, |tx| Box::pin(repo::header(tx, cid_no))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let mut ids = vec![cid_no];
    ids.extend(repo::merged_into(&mut tx, cid_no).await?);
    let mut all = Vec::new();
    for id in ids {
        all.extend(audit::history(&mut tx, ENTITY, &id.to_string(), Some(scope.client_id()), HISTORY_LIMIT).await?);
    }
    all.sort_by(|a, b| b.occurred_at.cmp(&a.occurred_at).then(b.audit_event_id.cmp(&a.audit_event_id)));
    all.truncate(usize::try_from(HISTORY_LIMIT).unwrap_or(500));
    Ok(all)
}

// ---------------------------------------------------------------------------------------------------------------
// Existence checks

/// The scope of `site_id` (the current site when absent) if the caller may read there; otherwise 404.
async fn site_scope(state: &AppState, caller: &Caller, current: &SiteScope, site_id: Option<i64>) -> ApiResult<SiteScope> {
    match site_id {
        None => Ok(current.clone()),
        Some(id) => records::record_scope(state, caller, current, id, READ, "The site you are trying to find does not exist.").await,
    }
}

fn answer(found: Option<repo::ExistsRow>) -> CidExistsAnswer {
    match found {
        Some(r) => CidExistsAnswer { exists: true, cid_no: Some(r.cid_no), cust_item_code: Some(r.cust_item_code), uom_typeid: Some(r.uom_typeid) },
        None => CidExistsAnswer { exists: false, cid_no: None, cust_item_code: None, uom_typeid: None },
    }
}

fn required_code(code: Option<&str>) -> ApiResult<String> {
    trimmed(&code.map(str::to_owned))
        .map(str::to_owned)
        .ok_or_else(|| ApiError::invalid("cust_item_code", "required", "Please enter a value for Customer Item Code."))
}

/// Whether a CID of the site has this customer part (case-insensitive), other than CID `except`; with `uom`, only
/// one whose unit of measure is the same (`true`) or different (`false`).
pub async fn cust_number_exists(
    state: &AppState,
    caller: &Caller,
    current: &SiteScope,
    site_id: Option<i64>,
    code: Option<&str>,
    except: Option<i64>,
    uom: Option<(i32, bool)>,
) -> ApiResult<CidExistsAnswer> {
    // The site first: a site the caller may not use answers 404 whatever else the request lacks.
    let scope = site_scope(state, caller, current, site_id).await?;
    let code = required_code(code)?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(answer(repo::with_code(&mut tx, scope.site_id(), &code, except, uom).await?))
}

/// Whether a CID of the site has this item (and, when given, this customer part).
pub async fn cid_exists(state: &AppState, caller: &Caller, current: &SiteScope, site_id: Option<i64>, item_id: i64, code: Option<&str>) -> ApiResult<CidExistsAnswer> {
    let scope = site_scope(state, caller, current, site_id).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let code = trimmed(&code.map(str::to_owned)).map(str::to_owned);
    Ok(answer(repo::with_item_and_code(&mut tx, scope.site_id(), item_id, code.as_deref()).await?))
}

// ---------------------------------------------------------------------------------------------------------------
// Dependency checks

fn reasons_of(d: &repo::Dependents) -> Vec<CidCheckReason> {
    let mut out = Vec::new();
    let mut add = |code: &str, count: i64, what: &str| {
        if count > 0 {
            out.push(CidCheckReason { code: code.to_owned(), message: format!("{count} {what}"), count });
        }
    };
    add("onHand", d.on_hand, "CIP(s) of this CID have quantity on hand.");
    add("onOrder", d.on_order, "CIP(s) of this CID have quantity on order.");
    add("backorder", d.backorder, "CIP(s) of this CID have quantity on backorder.");
    add("onHold", d.on_hold, "CIP(s) of this CID have quantity on hold.");
    add("kitParent", d.kit_parent, "kit component(s) belong to kits made of this CID's CIPs.");
    add("kitChild", d.kit_child, "kit(s) use this CID's CIPs as components.");
    add("kanban", d.kanban_bins, "kanban bin(s) hold this CID's CIPs.");
    out
}

async fn change_check(tx: &mut TenantTx, cid: &Cid) -> ApiResult<ChangeItemMasterCheck> {
    let reasons = reasons_of(&repo::dependents(tx, cid.cid_no).await?);
    Ok(ChangeItemMasterCheck { cid_no: cid.cid_no, item_id: cid.item_id, ok: reasons.is_empty(), reasons })
}

/// Whether the CID's item master part may be changed: not while its CIPs hold, expect or owe stock, or while kits
/// or kanban bins use them.
pub async fn check_change_item_master(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<ChangeItemMasterCheck> {
    let (scope, cid) = load(state, caller, current, READ, |tx| Box::pin(repo::find(tx, cid_no))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    change_check(&mut tx, &cid).await
}

pub async fn kit_check(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<KitCheck> {
    let links = read_at(state, caller, current, cid_no, |tx| Box::pin(repo::kit_links(tx, cid_no))).await?;
    let is_kit_parent = links.iter().any(|l| l.parent_cid_no == Some(cid_no));
    let is_kit_child = links.iter().any(|l| l.child_cid_no == Some(cid_no));
    Ok(KitCheck { cid_no, is_kit_parent, is_kit_child, links })
}

pub async fn kanban_check(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<KanbanCheck> {
    let (scope, _) = load(state, caller, current, READ, |tx| Box::pin(repo::header(tx, cid_no))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let kanban_cip_count = repo::kanban_cip_count(&mut tx, cid_no).await?;
    let bins = repo::kanban_bins(&mut tx, cid_no).await?;
    Ok(KanbanCheck { cid_no, is_kanban: kanban_cip_count > 0 || !bins.is_empty(), kanban_cip_count, bins })
}

// ---------------------------------------------------------------------------------------------------------------
// Maintenance

pub async fn set_warranty(state: &AppState, caller: &Caller, current: &SiteScope, input: &WarrantyInput) -> ApiResult<Cid> {
    let mut p = Problems::default();
    let manufacturer = p.optional_text("warranty_manufacturer", "Warranty Manufacturer", input.warranty_manufacturer.as_deref(), 100);
    let tracked = manufacturer.is_some() || input.warranty_start_type.is_some() || input.warranty_length.is_some();
    if tracked && input.warranty_length.is_none() {
        p.add("warranty_length", "required", "Please enter the warranty length in months.");
    }
    if tracked && input.warranty_start_type.is_none() {
        p.add("warranty_start_type", "required", "Please choose when the warranty starts (Receipt 1, Issue 2).");
    }
    p.check()?;
    let (scope, before) = load_for_change(state, caller, current, input.cid_no).await?;
    let mut tx = scope.begin(&state.pool).await?;
    repo::set_warranty(&mut tx, before.cid_no, manufacturer.as_deref(), input.warranty_start_type, input.warranty_length).await?;
    finish(state, caller, current, &scope, tx, &before, "cid.warranty").await
}

pub async fn set_abc(state: &AppState, caller: &Caller, current: &SiteScope, input: &AbcInput) -> ApiResult<Cid> {
    let (scope, before) = load_for_change(state, caller, current, input.cid_no).await?;
    let mut tx = scope.begin(&state.pool).await?;
    repo::set_abc(&mut tx, before.cid_no, input.curr_abc_class_type_id).await?;
    finish(state, caller, current, &scope, tx, &before, "cid.abc").await
}

pub async fn set_descriptions(state: &AppState, caller: &Caller, current: &SiteScope, input: &DescriptionInput) -> ApiResult<Cid> {
    let mut p = Problems::default();
    let desc1 = p.required_text("cust_desc1", "Description 1", &input.cust_desc1, 100);
    let desc2 = p.optional_text("cust_desc2", "Description 2", input.cust_desc2.as_deref(), 100);
    p.check()?;
    let (scope, before) = load_for_change(state, caller, current, input.cid_no).await?;
    let mut tx = scope.begin(&state.pool).await?;
    // The cid_copy_to_cips trigger carries the text to the CID's CIPs.
    repo::set_descriptions(&mut tx, before.cid_no, &desc1, desc2.as_deref()).await?;
    finish(state, caller, current, &scope, tx, &before, "cid.descriptions").await
}

/// Points the CID (and its CIPs) at another active item master part, when nothing depends on the current one.
pub async fn set_item_master(state: &AppState, caller: &Caller, current: &SiteScope, input: &ItemMasterInput) -> ApiResult<Cid> {
    let (scope, before) = load_for_change(state, caller, current, input.cid_no).await?;
    let mut tx = scope.begin(&state.pool).await?;
    check_item(&mut tx, input.item_id).await?;
    if before.item_id == Some(input.item_id) {
        return Ok(before);
    }
    let check = change_check(&mut tx, &before).await?;
    if !check.ok {
        let why: Vec<&str> = check.reasons.iter().map(|r| r.message.as_str()).collect();
        return Err(ApiError::conflict(&format!("The item master of CID {} cannot be changed: {}", before.cid_no, why.join(" "))));
    }
    repo::set_item(&mut tx, before.cid_no, input.item_id).await?;
    finish(state, caller, current, &scope, tx, &before, "cid.item_master").await
}

/// The item must exist in the item master and be Active.
async fn check_item(tx: &mut TenantTx, item_id: i64) -> ApiResult<repo::ItemRef> {
    let item = repo::item(tx, item_id).await?.ok_or_else(|| ApiError::invalid("item_id", "notFound", &format!("Item {item_id} does not exist in the item master.")))?;
    if item.item_status != STATUS_ACTIVE {
        return Err(ApiError::invalid("item_id", "inactive", &format!("Item {item_id} of the item master is not active.")));
    }
    Ok(item)
}

/// The vendor code trimmed, or 400 when no active vendor of that code is visible at the site.
async fn check_vendor(tx: &mut TenantTx, site_id: i64, vend_code: &str) -> ApiResult<String> {
    let code = vend_code.trim();
    if code.is_empty() {
        return Err(ApiError::invalid("vend_code", "required", "Please enter a value for Vendor Code."));
    }
    if !repo::vendor_visible(tx, site_id, code).await? {
        return Err(ApiError::invalid("vend_code", "notFound", &format!("Vendor '{code}' is not a vendor of this site.")));
    }
    Ok(code.to_owned())
}

/// The CID's default vendor; its CIPs that used the old default (or none) follow.
pub async fn set_cid_vendor(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64, vend_code: &str) -> ApiResult<Cid> {
    let (scope, before) = load_for_change(state, caller, current, cid_no).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let code = check_vendor(&mut tx, scope.site_id(), vend_code).await?;
    let cips = repo::set_cid_vendor(&mut tx, cid_no, before.vend_code.as_deref(), &code).await?;
    for cip_no in &cips {
        audit::record(&mut tx, Some(caller), entry(&scope, "cip.vendor", ENTITY_CIP, *cip_no, json!({"vend_code": {"to": code}}))).await?;
    }
    finish(state, caller, current, &scope, tx, &before, "cid.vendor").await
}

/// One CIP's vendor.
pub async fn set_cip_vendor(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64, vend_code: &str) -> ApiResult<CipVendorChange> {
    let (scope, before) = records::load_visible(state, caller, current, EDIT, CIP_NOT_FOUND, |tx| Box::pin(repo::find_cip(tx, cip_no))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let code = check_vendor(&mut tx, scope.site_id(), vend_code).await?;
    if before.vend_code.as_deref() != Some(code.as_str()) {
        repo::set_cip_vendor(&mut tx, cip_no, &code).await?;
        audit::record(&mut tx, Some(caller), entry(&scope, "cip.vendor", ENTITY_CIP, cip_no, json!({"vend_code": {"from": before.vend_code, "to": code}}))).await?;
        tx.commit().await?;
    }
    Ok(CipVendorChange { cip_no, cid_no: before.cid_no, vend_code: code })
}

/// Audits the change of `before` (what changed, read back in the same transaction), commits, answers the CID.
async fn finish(state: &AppState, caller: &Caller, current: &SiteScope, scope: &SiteScope, mut tx: TenantTx, before: &Cid, action: &'static str) -> ApiResult<Cid> {
    let mut after = repo::find(&mut tx, before.cid_no).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let mut changes = audit::diff(&audit::snapshot(before), &audit::snapshot(&after));
    if let Some(o) = changes.as_object_mut() {
        o.remove("updated_at");
    }
    if changes.as_object().is_some_and(|o| !o.is_empty()) {
        audit::record(&mut tx, Some(caller), entry(scope, action, ENTITY, before.cid_no, changes)).await?;
        tx.commit().await?;
    }
    if !sees_cost(state, caller, current, scope).await? {
        after.cust_avg_cost = None;
    }
    Ok(after)
}

// ---------------------------------------------------------------------------------------------------------------
// Creating a CID with its first CIP

/// Creates a CID and its first CIP at the transaction's site, inside the caller's transaction (the item-add
/// requisition creates them in its own): every rule of [`create`], audited, not committed.
pub async fn create_in(tx: &mut TenantTx, caller: &Caller, scope: &SiteScope, input: &CidNew) -> ApiResult<CidCreated> {
    fields::check(caller, &[(&fields::CUST_AVG_COST, input.cust_avg_cost.is_some())])?;
    let site_id = scope.site_id();
    let mut p = Problems::default();
    let code = p.required_text("cust_item_code", "Customer Item Code", &input.cust_item_code, 50);
    let desc1 = p.required_text("cust_desc1", "Description 1", &input.cust_desc1, 100);
    let desc2 = p.optional_text("cust_desc2", "Description 2", input.cust_desc2.as_deref(), 100);
    let cip_code = p.required_text("cip_code", "CIP Code", &input.cip_code, 50);
    let location = p.optional_text("location", "Location", input.location.as_deref(), 100);
    if let (Some(min), Some(max)) = (input.min_qty, input.max_qty) {
        if min > max {
            p.add("min_qty", "minAboveMax", "Min cannot be greater than Max.");
        }
    }
    p.check()?;

    let item = check_item(tx, input.item_id).await?;
    if let Some(uom) = input.uom_typeid {
        if !repo::uom_exists(tx, uom).await? {
            return Err(ApiError::invalid("uom_typeid", "notFound", "Please choose a valid unit of measure."));
        }
    }
    if let Some(other) = repo::with_code(tx, site_id, &code, None, None).await? {
        return Err(ApiError::conflict(&format!("Customer item code '{}' already exists at this site (CID {}).", other.cust_item_code, other.cid_no)));
    }
    if repo::cip_code_taken(tx, site_id, &cip_code).await? {
        return Err(ApiError::conflict(&format!("CIP code '{cip_code}' already exists at this site.")));
    }
    let vend_code = match trimmed(&input.vend_code) {
        Some(v) => Some(check_vendor(tx, site_id, v).await?),
        None => None,
    };
    // The site's location segments decide how the location splits (location_segments' one rule).
    let (location, segments) = match location {
        Some(l) => {
            let mut p = Problems::default();
            let parsed = crate::location_segments::service::check_into(tx, "location", &l, &mut p).await?;
            p.check()?;
            match parsed {
                Some(parsed) => (Some(parsed.location), parsed.segments.to_vec()),
                None => (None, vec![None; 5]),
            }
        }
        None => (None, vec![None; 5]),
    };
    let changes: Vec<(i32, Option<String>)> = input.custom.iter().map(|v| (v.field_no, v.value.clone())).collect();
    let custom_values = custom::values_for_new_cid(tx, site_id, &changes).await?;

    let cid_no = repo::insert_cid(
        tx,
        &NewCid {
            site_id,
            item_id: item.item_id,
            cust_item_code: &code,
            cust_desc1: &desc1,
            cust_desc2: desc2.as_deref(),
            vend_code: vend_code.as_deref(),
            uom_typeid: input.uom_typeid.unwrap_or(item.uom_typeid),
            serialized: input.serialized.unwrap_or(item.serialized),
            lot_control: input.lot_control.unwrap_or(item.lot_control),
            repairable: input.repairable.unwrap_or(item.repairable),
            kit: input.kit.unwrap_or(item.kit),
            crit_part: input.crit_part.unwrap_or(false),
            stock_item: input.stock_item.unwrap_or(true),
            taxable: input.taxable.unwrap_or(true),
            avg_lead_time: input.avg_lead_time,
            // As sent: the column (numeric(18, 3), narrower than a unit cost) rounds it once; rounding it to a unit
            // cost first would round twice.
            cust_avg_cost: input.cust_avg_cost,
            curr_abc_class_type_id: input.curr_abc_class_type_id,
            custom: &custom_values,
        },
    )
    .await?;
    let cip_no = repo::insert_cip(
        tx,
        &NewCip {
            site_id,
            cid_no,
            item_id: item.item_id,
            cip_code: &cip_code,
            location: location.as_deref(),
            segments: &segments,
            // Quantities keep three decimals, rounded as the columns always rounded them.
            min_qty: input.min_qty.map(Quantity::rounded),
            max_qty: input.max_qty.map(Quantity::rounded),
            consigned: input.consigned.unwrap_or(false),
            vend_code: vend_code.as_deref(),
            cust_avg_cost: input.cust_avg_cost,
        },
    )
    .await?;
    let cid = repo::find(tx, cid_no).await?.ok_or_else(|| ApiError::internal("the new CID is not there"))?;
    audit::record(tx, Some(caller), entry(scope, "cid.create", ENTITY, cid_no, audit::snapshot(&cid))).await?;
    audit::record(
        tx,
        Some(caller),
        entry(scope, "cip.create", ENTITY_CIP, cip_no, json!({"cid_no": cid_no, "cip_code": cip_code, "location": location, "min_qty": input.min_qty, "max_qty": input.max_qty})),
    )
    .await?;
    let seg = |i: usize| segments.get(i).cloned().flatten();
    Ok(CidCreated { cid, cip_no, cip_code, location, loc_seg1: seg(0), loc_seg2: seg(1), loc_seg3: seg(2), loc_seg4: seg(3), loc_seg5: seg(4) })
}

/// Creates a CID with its first CIP at the current site.
pub async fn create(state: &AppState, caller: &Caller, scope: &SiteScope, input: &CidNew) -> ApiResult<CidCreated> {
    let mut tx = scope.begin(&state.pool).await?;
    let mut created = create_in(&mut tx, caller, scope, input).await?;
    tx.commit().await?;
    if !caller.holds(SEE_AVERAGE_COST) {
        created.cid.cust_avg_cost = None;
    }
    Ok(created)
}

// ---------------------------------------------------------------------------------------------------------------
// Duplicates and merging

pub async fn duplicates(state: &AppState, scope: &SiteScope, search: &DuplicateCidSearch) -> ApiResult<DuplicateCidPage> {
    let page = search.page.resolve(&DUPLICATE_SORT)?;
    let q = trimmed(&search.q).map(contains_pattern);
    let mut tx = scope.begin(&state.pool).await?;
    let (list, total) = repo::duplicates(&mut tx, scope.site_id(), q.as_deref(), &page).await?;
    let limited = limited(total);
    Ok(DuplicateCidPage { list, total_count: total, limited, limit_message: limited.then(|| ROW_CAP_MESSAGE.to_owned()) })
}

/// Merges CIDs into `primary`, all of the primary's site: their CIPs and files move to the primary, they are marked
/// merged (`merged_into_cid_no`) and DeActivated, and their history shows with the primary's. One transaction.
pub async fn merge(state: &AppState, caller: &Caller, current: &SiteScope, primary: i64, input: &MergeInput) -> ApiResult<MergeResult> {
    let merged = kernel::listing::dedup_ids(&input.cid_nos);
    if merged.contains(&primary) {
        return Err(ApiError::invalid("cid_nos", "primaryListed", "The primary CID cannot be merged into itself."));
    }
    let (scope, _) = load(state, caller, current, MERGE, |tx| Box::pin(repo::header(tx, primary))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let mut all = merged.clone();
    all.push(primary);
    // The transaction sees the primary's site only, so a CID of another site is not found, like a missing one.
    let locked = repo::lock_many(&mut tx, &all).await?;
    for id in &merged {
        if !locked.iter().any(|(cid_no, ..)| cid_no == id) {
            return Err(ApiError::invalid("cid_nos", "notAtSite", &format!("CID {id} is not a CID of this site; only CIDs of the same site can be merged.")));
        }
    }
    let Some((_, _, primary_merged, primary_item)) = locked.iter().find(|(cid_no, ..)| *cid_no == primary).cloned() else {
        return Err(ApiError::not_found(NOT_FOUND));
    };
    if let Some(into) = primary_merged {
        return Err(ApiError::conflict(&format!("CID {primary} was itself merged into CID {into}.")));
    }
    if let Some((id, _, Some(into), _)) = locked.iter().find(|(id, _, m, _)| *id != primary && m.is_some()) {
        return Err(ApiError::conflict(&format!("CID {id} was already merged into CID {into}.")));
    }
    let moved_cips = repo::move_cips(&mut tx, &merged, primary, primary_item).await?;
    let moved_files = repo::move_files(&mut tx, scope.site_id(), &merged, primary).await?;
    repo::mark_merged(&mut tx, &merged, primary).await?;
    for id in &merged {
        audit::record(
            &mut tx,
            Some(caller),
            entry(&scope, "cid.merged", ENTITY, *id, json!({"merged_into_cid_no": {"from": null, "to": primary}, "cid_status": {"to": STATUS_DEACTIVATED}})),
        )
        .await?;
    }
    for cip_no in &moved_cips {
        audit::record(&mut tx, Some(caller), entry(&scope, "cip.cid_merge", ENTITY_CIP, *cip_no, json!({"cid_no": {"to": primary}}))).await?;
    }
    let result = MergeResult { primary_cid_no: primary, merged_cid_nos: merged, moved_cip_nos: moved_cips, moved_file_count: i64::try_from(moved_files).unwrap_or(i64::MAX) };
    audit::record(&mut tx, Some(caller), entry(&scope, "cid.merge", ENTITY, primary, audit::snapshot(&result))).await?;
    tx.commit().await?;
    Ok(result)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn reasons_name_each_dependency_with_its_count() {
        let d = repo::Dependents { on_hand: 2, on_order: 0, backorder: 1, on_hold: 0, kit_parent: 0, kit_child: 3, kanban_bins: 0 };
        let codes: Vec<(String, i64)> = reasons_of(&d).into_iter().map(|r| (r.code, r.count)).collect();
        assert_eq!(codes, vec![("onHand".into(), 2), ("backorder".into(), 1), ("kitChild".into(), 3)]);
        assert_eq!(abc_letter(Some(3)).as_deref(), Some("C"));
        assert_eq!(abc_letter(Some(9)), None);
    }
}
