//! Rules of the approved vendor resource (docs/vendor-sites.md): reads with ViewVendors, changes with
//! ApprovedVendorEdit at every site they touch, each change audited.

use std::collections::BTreeSet;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing;
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;
use serde_json::{json, Value};
use tenancy::{SiteScope, TenantTx};

use super::model::*;
use super::repo::{self, SearchFilter};
use crate::vendor_sites::service::{begin_over, granted_sites, named_site, site_scope};
use crate::vendors::repo::Sight;
use crate::vendors::service as vendors;

pub const READ: &[Perm] = &[Perm::ViewVendors];
pub const EDIT: &[Perm] = &[Perm::ApprovedVendorEdit];
pub const NOT_FOUND: &str = "The approved vendor you are trying to find does not exist.";
pub const ITEM_NOT_FOUND: &str = "The item you are trying to find does not exist.";
/// Audit entity of approved-vendor links.
pub const ENTITY: &str = "approved_vendor";

fn mfg(v: &Option<String>) -> Option<String> {
    trimmed(v).map(str::to_uppercase)
}

async fn record(tx: &mut TenantTx, caller: &Caller, site_id: i64, id: i64, action: &str, changes: Value) -> ApiResult<()> {
    let client = tx.scope().client_id();
    audit::record(tx, Some(caller), AuditEntry { action, entity: ENTITY, entity_id: id.to_string(), client_id: Some(client), site_id: Some(site_id), changes })
        .await?;
    Ok(())
}

// ---- reads

/// The search (VND-047) over one site or every site of the current client where the caller may view vendors.
pub async fn search(state: &AppState, caller: &Caller, current: &SiteScope, request: &ApprovedVendorSearchRequest) -> ApiResult<ApprovedVendorPage> {
    let page = request.page.resolve(&SORT)?;
    let f = &request.filter;
    let scopes: Vec<SiteScope> = match f.site_id {
        Some(id) => vec![site_scope(state, caller, current, id, READ).await?],
        None => granted_sites(state, caller, current, READ).await?.into_iter().map(|(_, s)| s).collect(),
    };
    let filter = SearchFilter {
        sites: scopes.iter().map(SiteScope::site_id).collect(),
        mfg_code: mfg(&f.mfg_code),
        vend_code: trimmed(&f.vend_code).map(str::to_owned),
        text: kernel::validate::trimmed_owned(&f.text),
    };
    let mut tx = begin_over(state, current, &scopes).await?;
    let (rows, total) = repo::search(&mut tx, &filter, &page).await?;
    Ok(ApprovedVendorPage::new(rows, total))
}

/// The approved vendors of a manufacturer at a site (`site`: an id or a code), VND-022.
pub async fn of_manufacturer(state: &AppState, caller: &Caller, current: &SiteScope, mfg_code: &str, site: &str) -> ApiResult<Vec<ApprovedVendor>> {
    let s = named_site(state, caller, current, site, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(repo::of_manufacturer(&mut tx, s.site_id(), &mfg_code.trim().to_uppercase()).await?)
}

/// The item's manufacturer at the current site: (item_id, mfg_code); 404 for a CIP of another site or no such item.
async fn item_manufacturer(tx: &mut TenantTx, site_id: i64, cip_no: Option<i64>, item_id: Option<i64>) -> ApiResult<(Option<i64>, Option<String>)> {
    let item_id = match (cip_no, item_id) {
        (Some(cip), None) => repo::cip_item(tx, site_id, cip).await?.ok_or_else(|| ApiError::not_found(ITEM_NOT_FOUND))?,
        (None, Some(item)) => Some(item),
        (Some(_), Some(_)) => return Err(ApiError::invalid("item_id", "invalid", "Send either cip_no or item_id, not both.")),
        (None, None) => return Err(ApiError::invalid("cip_no", "required", "Please enter a value for cip_no or item_id.")),
    };
    let Some(item_id) = item_id else { return Ok((None, None)) };
    let mfg_code = repo::item_manufacturer(tx, item_id).await?.ok_or_else(|| ApiError::not_found(ITEM_NOT_FOUND))?;
    Ok((Some(item_id), Some(mfg_code)))
}

/// The approved vendors of an item's manufacturer at the current site (VND-048).
pub async fn for_item(state: &AppState, scope: &SiteScope, request: &ApprovedVendorsItemRequest) -> ApiResult<ItemApprovedVendors> {
    let mut tx = scope.begin(&state.pool).await?;
    let (item_id, mfg_code) = item_manufacturer(&mut tx, scope.site_id(), request.cip_no, request.item_id).await?;
    let (mfg_name, approved_vendors) = match &mfg_code {
        Some(m) => (repo::manufacturer(&mut tx, m).await?, repo::of_manufacturer(&mut tx, scope.site_id(), m).await?),
        None => (None, Vec::new()),
    };
    Ok(ItemApprovedVendors { item_id, mfg_code, mfg_name, approved_vendors })
}

/// Whether switching CIP `cip_no`'s vendor at `site` to `vend_code` should warn (VND-023): the item's manufacturer
/// has approved vendors at the site and the vendor is not one of them.
pub async fn switch_warning(state: &AppState, caller: &Caller, current: &SiteScope, site: &str, cip_no: &str, vend_code: &str) -> ApiResult<ApprovedVendorSwitchWarning> {
    let s = named_site(state, caller, current, site, READ).await?;
    let cip_no: i64 = cip_no.trim().parse().map_err(|_| ApiError::not_found(ITEM_NOT_FOUND))?;
    let mut tx = s.begin(&state.pool).await?;
    let (_, mfg_code) = item_manufacturer(&mut tx, s.site_id(), Some(cip_no), None).await?;
    let Some(mfg_code) = mfg_code else {
        return Ok(ApprovedVendorSwitchWarning { warn: false, message: None, mfg_code: None, approved_vendor_codes: Vec::new() });
    };
    let approved = repo::of_manufacturer(&mut tx, s.site_id(), &mfg_code).await?;
    let codes: Vec<String> = approved.iter().map(|a| a.vend_code.clone()).collect();
    let wanted = vend_code.trim();
    let warn = !codes.is_empty() && !codes.iter().any(|c| c.eq_ignore_ascii_case(wanted));
    let message = warn.then(|| {
        let site_code = approved.first().map_or("this site", |a| a.site_code.as_str());
        format!(
            "Vendor {wanted} is not an approved vendor of manufacturer {mfg_code} at {site_code}. Approved vendors: {}. Do you want to continue?",
            codes.join(", ")
        )
    });
    Ok(ApprovedVendorSwitchWarning { warn, message, mfg_code: Some(mfg_code), approved_vendor_codes: codes })
}

// ---- changes

/// A link checked against the site's data; problems are added under `prefix` (e.g. `items[2].`).
async fn check_link(tx: &mut TenantTx, site_id: i64, input: &ApprovedVendorInput, prefix: &str, p: &mut Problems) -> ApiResult<Option<(String, i64, String)>> {
    let before = p.0.len();
    let mfg_code = p.required_text(&format!("{prefix}mfg_code"), "Manufacturer", input.mfg_code.as_deref().unwrap_or(""), 20).to_uppercase();
    let vend_code = p.required_text(&format!("{prefix}vend_code"), "Vendor Code", input.vend_code.as_deref().unwrap_or(""), 40);
    if !mfg_code.is_empty() && repo::manufacturer(tx, &mfg_code).await?.is_none() {
        p.add(&format!("{prefix}mfg_code"), "notFound", &format!("Manufacturer {mfg_code} does not exist."));
    }
    let vendor = if vend_code.is_empty() { None } else { vendors::referenced_vendor(tx, Sight::site(site_id, tx.scope().client_id()), &format!("{prefix}vend_code"), &vend_code, p).await? };
    if p.0.len() > before {
        return Ok(None);
    }
    Ok(vendor.map(|(id, code)| (mfg_code, id, code)))
}

/// Adds one link (VND-044); the same link twice is 409.
pub async fn insert(state: &AppState, caller: &Caller, current: &SiteScope, input: &ApprovedVendorInput) -> ApiResult<ApprovedVendorSaved> {
    let s = match input.site_id {
        Some(id) => site_scope(state, caller, current, id, EDIT).await?,
        None => current.clone(),
    };
    let mut tx = s.begin(&state.pool).await?;
    let mut p = Problems::default();
    let link = check_link(&mut tx, s.site_id(), input, "", &mut p).await?;
    p.check()?;
    let Some((mfg_code, vend_id, vend_code)) = link else { return Err(ApiError::internal("link checked above")) };
    if repo::exists(&mut tx, s.site_id(), &mfg_code, vend_id).await? {
        return Err(ApiError::conflict(&format!("Vendor {vend_code} is already an approved vendor of {mfg_code} at this site.")));
    }
    let id = repo::insert(&mut tx, s.site_id(), &mfg_code, vend_id, caller.user_id).await?;
    let created = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("created approved vendor not found"))?;
    record(&mut tx, caller, s.site_id(), id, "create", audit::snapshot(&created)).await?;
    tx.commit().await?;
    Ok(ApprovedVendorSaved { success: true, message: format!("Vendor {vend_code} approved for {mfg_code}."), approved_vendor: created })
}

/// Adds several links (VND-045), all or none: any row's problem (including a link that exists already or is
/// repeated in the request) answers 400 naming the row (`items[i].field`) and adds nothing.
pub async fn insert_many(state: &AppState, caller: &Caller, current: &SiteScope, input: &ApprovedVendorsInput) -> ApiResult<ApprovedVendorsSaved> {
    if input.items.is_empty() {
        return Err(ApiError::invalid("items", "required", "Please give at least one approved vendor."));
    }
    let wanted: BTreeSet<i64> = input.items.iter().map(|i| i.site_id.unwrap_or(current.site_id())).collect();
    let mut scopes = Vec::new();
    for site in &wanted {
        scopes.push(if *site == current.site_id() { current.clone() } else { site_scope(state, caller, current, *site, EDIT).await? });
    }
    let mut tx = begin_over(state, current, &scopes).await?;
    let mut p = Problems::default();
    let mut links = Vec::new();
    let mut seen = BTreeSet::new();
    for (i, item) in input.items.iter().enumerate() {
        let site = item.site_id.unwrap_or(current.site_id());
        let prefix = format!("items[{i}].");
        if let Some((mfg_code, vend_id, vend_code)) = check_link(&mut tx, site, item, &prefix, &mut p).await? {
            if !seen.insert((site, mfg_code.clone(), vend_id)) {
                p.add(&format!("{prefix}vend_code"), "duplicate", &format!("Vendor {vend_code} for {mfg_code} is repeated in the request."));
            } else if repo::exists(&mut tx, site, &mfg_code, vend_id).await? {
                p.add(&format!("{prefix}vend_code"), "duplicate", &format!("Vendor {vend_code} is already an approved vendor of {mfg_code} at this site."));
            } else {
                links.push((site, mfg_code, vend_id));
            }
        }
    }
    p.check()?;
    let mut created = Vec::new();
    for (site, mfg_code, vend_id) in links {
        let id = repo::insert(&mut tx, site, &mfg_code, vend_id, caller.user_id).await?;
        let row = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("created approved vendor not found"))?;
        record(&mut tx, caller, site, id, "create", audit::snapshot(&row)).await?;
        created.push(row);
    }
    tx.commit().await?;
    Ok(ApprovedVendorsSaved { success: true, message: format!("{} approved vendors added.", created.len()), approved_vendors: created })
}

/// Removes one link (VND-050).
pub async fn remove(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<ApprovedVendorsRemoved> {
    let (s, row) = records::load_visible(state, caller, current, EDIT, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    let mut tx = s.begin(&state.pool).await?;
    if repo::delete(&mut tx, id).await? == 0 {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    record(&mut tx, caller, row.site_id, id, "delete", audit::snapshot(&row)).await?;
    tx.commit().await?;
    Ok(ApprovedVendorsRemoved { success: true, message: format!("Vendor {} is no longer approved for {}.", row.vend_code, row.mfg_code), removed: 1 })
}

/// Removes several links (VND-046), all or none: an id the caller may not remove (another site's, another
/// client's, unknown) answers 404 and removes nothing.
pub async fn remove_many(state: &AppState, caller: &Caller, current: &SiteScope, input: &ApprovedVendorsRemove) -> ApiResult<ApprovedVendorsRemoved> {
    let ids = listing::dedup_ids(&input.manufacturer_vendor_ids);
    if ids.is_empty() {
        return Err(ApiError::invalid("manufacturer_vendor_ids", "required", "Please give at least one approved vendor."));
    }
    let scopes: Vec<SiteScope> = granted_sites(state, caller, current, EDIT).await?.into_iter().map(|(_, s)| s).collect();
    let sites: Vec<i64> = scopes.iter().map(SiteScope::site_id).collect();
    let mut tx = begin_over(state, current, &scopes).await?;
    let rows = repo::find_many(&mut tx, &sites, &ids).await?;
    if rows.len() != ids.len() {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    for row in &rows {
        repo::delete(&mut tx, row.manufacturer_vendor_id).await?;
        record(&mut tx, caller, row.site_id, row.manufacturer_vendor_id, "delete", audit::snapshot(row)).await?;
    }
    tx.commit().await?;
    Ok(ApprovedVendorsRemoved { success: true, message: format!("{} approved vendors removed.", rows.len()), removed: i64::try_from(rows.len()).unwrap_or(i64::MAX) })
}

/// Copies a site's approved vendors (one manufacturer's or all) to other sites in one transaction (VND-049). The
/// caller must be able to change approved vendors at every target (404 for any other site: nothing is copied);
/// links whose vendor the rule does not show at a target are reported, not copied; existing links are kept.
pub async fn copy(state: &AppState, caller: &Caller, current: &SiteScope, request: &CopyApprovedRequest) -> ApiResult<CopyApprovedAnswer> {
    let from = site_scope(state, caller, current, request.from_site_id, READ).await?;
    let mut targets: BTreeSet<i64> = request.to_site_ids.clone().unwrap_or_default().into_iter().collect();
    targets.extend(request.to_site_id);
    if targets.is_empty() {
        return Err(ApiError::invalid("to_site_ids", "required", "Please choose at least one site to copy to."));
    }
    if targets.contains(&request.from_site_id) {
        return Err(ApiError::invalid("to_site_ids", "invalid", "A site cannot be copied to itself."));
    }
    let mfg_code = mfg(&request.mfg_code);
    let mut scopes = Vec::new();
    for t in &targets {
        scopes.push(if *t == current.site_id() && caller.holds_any(EDIT) { current.clone() } else { site_scope(state, caller, current, *t, EDIT).await? });
    }
    let mut all = scopes.clone();
    all.push(from.clone());
    let mut tx = begin_over(state, current, &all).await?;
    if let Some(m) = &mfg_code {
        if repo::manufacturer(&mut tx, m).await?.is_none() {
            return Err(ApiError::invalid("mfg_code", "notFound", &format!("Manufacturer {m} does not exist.")));
        }
    }
    let offered = repo::count_at(&mut tx, from.site_id(), mfg_code.as_deref()).await?;
    let mut results = Vec::new();
    let mut total = 0;
    for target in &scopes {
        let to = target.site_id();
        let not_visible = repo::not_visible_at(&mut tx, from.site_id(), to, mfg_code.as_deref()).await?;
        let ids = repo::copy(&mut tx, from.site_id(), to, mfg_code.as_deref(), caller.user_id).await?;
        for id in &ids {
            if let Some(row) = repo::find(&mut tx, *id).await? {
                let mut changes = audit::snapshot(&row);
                changes["copied_from_site_id"] = json!(from.site_id());
                record(&mut tx, caller, to, *id, "copy", changes).await?;
            }
        }
        let copied = i64::try_from(ids.len()).unwrap_or(i64::MAX);
        let skipped = i64::try_from(not_visible.len()).unwrap_or(i64::MAX);
        total += copied;
        let site_code = crate::vendor_sites::repo::site_code(&mut tx, to).await?.unwrap_or_default();
        results.push(CopySiteResult { site_id: to, site_code, copied, already_approved: (offered - copied - skipped).max(0), not_visible });
    }
    tx.commit().await?;
    Ok(CopyApprovedAnswer { success: true, message: format!("{total} approved vendors copied to {} sites.", results.len()), copied: total, sites: results })
}
