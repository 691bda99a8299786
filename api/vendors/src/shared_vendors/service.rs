//! Rules of shared vendors: reads for holders of ViewVendors, changes only with SharedVendorEdit (provider staff:
//! the record is shared by every client), every change audited with what it was before and after. Site links are
//! limited to the sites the caller may use; client vendors are found through the vendor rule at the current site.

use chrono::NaiveDate;
use serde_json::{json, Value};
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::num::Percent;
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{is_web_address, trimmed, trimmed_owned, Problems};
use kernel::Perm;
use tenancy::SiteScope;

use super::model::{
    AssignedVendor, AssignedVendorPage, AssignedVendorSearchRequest, CostInfoInput, FieldDistinctValues, FieldDistinctValuesRequest, IdentificationInput,
    MarketMarginInput, SharedVendor, SharedVendorInsertInput, SharedVendorPage, SharedVendorSearchRequest, SharedVendorSite, SharedVendorSiteInput,
    SharedVendorSitePage, SharedVendorSiteSearchRequest, SharedVendorSummaryPage, SharedVendorUpdateInput, VipManagementInput, WebOrderingInfoInput,
    DISTINCT_FIELDS, SITE_SORT, SORT, SUMMARY_SORT, VENDOR_SORT,
};
use super::repo::{self, CostInfo, Filters, Identification, MarketMargin, VendorFilters, VipManagement, WebOrdering};

pub const READ: &[Perm] = &[Perm::ViewVendors];
pub const WRITE: &[Perm] = &[Perm::SharedVendorEdit];
pub const NOT_FOUND: &str = "The shared vendor you are trying to find does not exist.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
pub const SITE_LINK_NOT_FOUND: &str = "The shared vendor site you are trying to find does not exist.";
pub const VENDOR_NOT_FOUND: &str = "The vendor you are trying to find does not exist.";

// ---------------------------------------------------------------------------------------------------- checks

/// The shared vendor id a body must carry.
pub fn required_id(id: Option<i64>) -> ApiResult<i64> {
    id.ok_or_else(|| ApiError::invalid("shared_vendor_id", "required", "Please enter a valid value for Shared Vendor Id"))
}

fn percent(p: &mut Problems, field: &str, label: &str, v: Option<Percent>, low: i64) {
    if let Some(v) = v {
        if v < Percent::from(low) || v > Percent::from(100) {
            p.add(field, "outOfRange", &format!("{label} must be between {low} and 100."));
        }
    }
}

fn text(p: &mut Problems, v: &Option<String>, field: &str, label: &str, max: usize) -> Option<String> {
    p.optional_text(field, label, trimmed(v), max)
}

async fn audit_change(conn: &mut PgConnection, caller: &Caller, action: &str, entity: &str, id: i64, before: Value, after: Value) -> ApiResult<()> {
    let mut changes = audit::diff(&before, &after);
    if let Value::Object(map) = &mut changes {
        map.remove("updated_at");
    }
    audit::record(conn, Some(caller), AuditEntry { action, entity, entity_id: id.to_string(), client_id: None, site_id: None, changes }).await?;
    Ok(())
}

async fn load_for_change(conn: &mut PgConnection, id: i64) -> ApiResult<SharedVendor> {
    if !repo::lock(conn, id).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    repo::find(conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

async fn reload(conn: &mut PgConnection, id: i64) -> ApiResult<SharedVendor> {
    repo::find(conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// 404 unless the shared vendor exists (for the searches of its records).
pub async fn ensure_exists(conn: &mut PgConnection, id: i64) -> ApiResult<()> {
    if repo::exists(conn, id).await? {
        Ok(())
    } else {
        Err(ApiError::not_found(NOT_FOUND))
    }
}

// ---------------------------------------------------------------------------------------------------- reads

pub async fn get(state: &AppState, id: i64) -> ApiResult<SharedVendor> {
    let mut conn = state.pool.acquire().await?;
    reload(&mut conn, id).await
}

fn filters(request: &SharedVendorSearchRequest) -> Filters {
    Filters {
        name: trimmed_owned(&request.search_text),
        is_active: request.is_active,
        is_vip: request.is_vip,
        preferred_supplier: request.preferred_supplier,
    }
}

pub async fn search(state: &AppState, request: &SharedVendorSearchRequest) -> ApiResult<SharedVendorPage> {
    let page = request.page.resolve(&SORT)?;
    let mut conn = state.pool.acquire().await?;
    let (rows, total) = repo::search(&mut conn, &filters(request), &page).await?;
    Ok(SharedVendorPage::new(rows, total))
}

pub async fn summary(state: &AppState, scope: &SiteScope, request: &SharedVendorSearchRequest) -> ApiResult<SharedVendorSummaryPage> {
    let page = request.page.resolve(&SUMMARY_SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::summary(&mut tx, &filters(request), &page, scope.site_id()).await?;
    drop(tx);
    Ok(SharedVendorSummaryPage::new(rows, total))
}

// ---------------------------------------------------------------------------------------------------- header

pub async fn insert(state: &AppState, caller: &Caller, input: &SharedVendorInsertInput) -> ApiResult<SharedVendor> {
    let mut p = Problems::default();
    let name = p.required_text("shared_vendor_name", "Shared Vendor Name", input.shared_vendor_name.as_deref().unwrap_or(""), 200);
    let manager = text(&mut p, &input.sourcing_manager, "sourcing_manager", "Sourcing Manager", 100);
    p.check()?;
    let mut tx = state.pool.begin().await?;
    if let Some(owner) = repo::name_owner(&mut tx, &name, 0).await? {
        return Err(ApiError::conflict(&format!("A shared vendor named {name} already exists ({owner}).")));
    }
    let id = repo::insert(&mut tx, &name, input.is_active.unwrap_or(true), input.preferred_supplier.unwrap_or(false), manager.as_deref(), caller.user_id).await?;
    let after = reload(&mut tx, id).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "shared_vendor.create", entity: "shared_vendor", entity_id: id.to_string(), client_id: None, site_id: None, changes: audit::snapshot(&after) },
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn update(state: &AppState, caller: &Caller, input: &SharedVendorUpdateInput) -> ApiResult<SharedVendor> {
    let id = required_id(input.shared_vendor_id)?;
    let mut p = Problems::default();
    let name = input.shared_vendor_name.as_deref().map(|n| p.required_text("shared_vendor_name", "Shared Vendor Name", n, 200));
    p.check()?;
    let mut tx = state.pool.begin().await?;
    let before = load_for_change(&mut tx, id).await?;
    let name = name.unwrap_or_else(|| before.shared_vendor_name.clone());
    let is_active = input.is_active.unwrap_or(before.is_active);
    if name == before.shared_vendor_name && is_active == before.is_active {
        return Ok(before);
    }
    if let Some(owner) = repo::name_owner(&mut tx, &name, id).await? {
        return Err(ApiError::conflict(&format!("A shared vendor named {name} already exists ({owner}).")));
    }
    repo::update_header(&mut tx, id, &name, is_active, caller.user_id).await?;
    finish(tx, caller, "shared_vendor.update", id, &before).await
}

/// Reloads the changed shared vendor, audits the change from `before`, commits.
async fn finish(mut tx: sqlx::Transaction<'static, sqlx::Postgres>, caller: &Caller, action: &str, id: i64, before: &SharedVendor) -> ApiResult<SharedVendor> {
    let after = reload(&mut tx, id).await?;
    audit_change(&mut tx, caller, action, "shared_vendor", id, audit::snapshot(before), audit::snapshot(&after)).await?;
    tx.commit().await?;
    Ok(after)
}

// ---------------------------------------------------------------------------------------------------- detail blocks

pub fn identification(input: &IdentificationInput) -> ApiResult<Identification> {
    let mut p = Problems::default();
    let duns = text(&mut p, &input.duns_number, "duns_number", "DUNS Number", 11).map(|d| d.replace('-', ""));
    if duns.as_deref().is_some_and(|d| d.len() != 9 || !d.bytes().all(|b| b.is_ascii_digit())) {
        p.add("duns_number", "invalid", "A DUNS number is 9 digits.");
    }
    let website = text(&mut p, &input.website, "website", "Website", 300);
    if website.as_deref().is_some_and(|w| !is_web_address(w)) {
        p.add("website", "invalid", "Please enter a web address starting with http:// or https://.");
    }
    let v = Identification {
        preferred_supplier: input.preferred_supplier.unwrap_or(false),
        sourcing_manager: text(&mut p, &input.sourcing_manager, "sourcing_manager", "Sourcing Manager", 100),
        duns_number: duns,
        tax_id: text(&mut p, &input.tax_id, "tax_id", "Tax Id", 20),
        website,
        parent_company: text(&mut p, &input.parent_company, "parent_company", "Parent Company", 200),
    };
    p.check()?;
    Ok(v)
}

pub async fn update_identification(state: &AppState, caller: &Caller, input: &IdentificationInput) -> ApiResult<SharedVendor> {
    let id = required_id(input.shared_vendor_id)?;
    change_block(state, caller, id, Block::Identification(identification(input)?)).await
}

pub fn web_ordering(input: &WebOrderingInfoInput) -> ApiResult<WebOrdering> {
    let mut p = Problems::default();
    let url = text(&mut p, &input.web_ordering_url, "web_ordering_url", "Web Ordering URL", 300);
    if url.as_deref().is_some_and(|w| !is_web_address(w)) {
        p.add("web_ordering_url", "invalid", "Please enter a web address starting with http:// or https://.");
    }
    let v = WebOrdering {
        offers_web_ordering: input.offers_web_ordering.unwrap_or(false),
        offers_punchout: input.offers_punchout.unwrap_or(false),
        offers_edi: input.offers_edi.unwrap_or(false),
        offers_online_invoicing: input.offers_online_invoicing.unwrap_or(false),
        web_ordering_url: url,
        web_ordering_notes: text(&mut p, &input.web_ordering_notes, "web_ordering_notes", "Web Ordering Notes", 2000),
    };
    p.check()?;
    Ok(v)
}

pub async fn update_web_ordering(state: &AppState, caller: &Caller, input: &WebOrderingInfoInput) -> ApiResult<SharedVendor> {
    let id = required_id(input.shared_vendor_id)?;
    change_block(state, caller, id, Block::WebOrdering(web_ordering(input)?)).await
}

pub fn cost_info(input: &CostInfoInput) -> ApiResult<CostInfo> {
    let mut p = Problems::default();
    if input.pay_terms_days.is_some_and(|d| !(0..=365).contains(&d)) {
        p.add("pay_terms_days", "outOfRange", "Pay terms days must be between 0 and 365.");
    }
    percent(&mut p, "pay_terms_discount_pct", "The pay terms discount", input.pay_terms_discount_pct, 0);
    percent(&mut p, "incentive_rebate_pct", "The incentive rebate", input.incentive_rebate_pct, 0);
    let v = CostInfo {
        pay_terms_code: text(&mut p, &input.pay_terms_code, "pay_terms_code", "Pay Terms", 20).map(|c| c.to_uppercase()),
        pay_terms_days: input.pay_terms_days,
        pay_terms_discount_pct: input.pay_terms_discount_pct,
        incentive_program: input.incentive_program.unwrap_or(false),
        incentive_rebate_pct: input.incentive_rebate_pct,
        incentive_notes: text(&mut p, &input.incentive_notes, "incentive_notes", "Incentive Notes", 2000),
        cost_update_frequency: text(&mut p, &input.cost_update_frequency, "cost_update_frequency", "Cost Update Frequency", 50),
        cost_info_notes: text(&mut p, &input.cost_info_notes, "cost_info_notes", "Cost Info Notes", 2000),
    };
    p.check()?;
    Ok(v)
}

pub async fn update_cost_info(state: &AppState, caller: &Caller, input: &CostInfoInput) -> ApiResult<SharedVendor> {
    let id = required_id(input.shared_vendor_id)?;
    change_block(state, caller, id, Block::CostInfo(cost_info(input)?)).await
}

pub fn vip(input: &VipManagementInput) -> ApiResult<VipManagement> {
    let mut p = Problems::default();
    let v = VipManagement {
        is_vip: input.is_vip.unwrap_or(false),
        vip_manager: text(&mut p, &input.vip_manager, "vip_manager", "VIP Manager", 100),
        strategy: text(&mut p, &input.strategy, "strategy", "Strategy", 2000),
        strategy_notes: text(&mut p, &input.strategy_notes, "strategy_notes", "Strategy Notes", 2000),
        notes: text(&mut p, &input.notes, "notes", "Notes", 4000),
    };
    if v.is_vip && v.vip_manager.is_none() {
        p.add("vip_manager", "required", "A VIP supplier needs a VIP Manager.");
    }
    p.check()?;
    Ok(v)
}

pub async fn update_vip(state: &AppState, caller: &Caller, input: &VipManagementInput) -> ApiResult<SharedVendor> {
    let id = required_id(input.shared_vendor_id)?;
    change_block(state, caller, id, Block::VipManagement(vip(input)?)).await
}

pub fn market_margin(input: &MarketMarginInput) -> ApiResult<MarketMargin> {
    let mut p = Problems::default();
    percent(&mut p, "target_margin_pct", "The target margin", input.target_margin_pct, -100);
    percent(&mut p, "min_margin_pct", "The minimum margin", input.min_margin_pct, -100);
    if let (Some(t), Some(m)) = (input.target_margin_pct, input.min_margin_pct) {
        if m > t {
            p.add("min_margin_pct", "invalid", "The minimum margin cannot be above the target margin.");
        }
    }
    let v = MarketMargin {
        market_type_id: input.market_type_id,
        target_margin_pct: input.target_margin_pct,
        min_margin_pct: input.min_margin_pct,
        market_margin_notes: text(&mut p, &input.market_margin_notes, "market_margin_notes", "Market Margin Notes", 2000),
    };
    p.check()?;
    Ok(v)
}

pub async fn update_market_margin(state: &AppState, caller: &Caller, input: &MarketMarginInput) -> ApiResult<SharedVendor> {
    let id = required_id(input.shared_vendor_id)?;
    change_block(state, caller, id, Block::MarketMargin(market_margin(input)?)).await
}

/// A validated detail block of a shared vendor.
enum Block {
    Identification(Identification),
    WebOrdering(WebOrdering),
    CostInfo(CostInfo),
    VipManagement(VipManagement),
    MarketMargin(MarketMargin),
}

/// Writes one detail block of shared vendor `id`: locks and loads it (404 when missing), checks the block's list
/// values that changed against their reference lists, writes, then audits the change and commits (`finish`).
async fn change_block(state: &AppState, caller: &Caller, id: i64, block: Block) -> ApiResult<SharedVendor> {
    let mut tx = state.pool.begin().await?;
    let before = load_for_change(&mut tx, id).await?;
    let user = caller.user_id;
    let action = match &block {
        Block::Identification(v) => {
            repo::update_identification(&mut tx, id, v, user).await?;
            "shared_vendor.identification"
        }
        Block::WebOrdering(v) => {
            repo::update_web_ordering(&mut tx, id, v, user).await?;
            "shared_vendor.web_ordering_info"
        }
        Block::CostInfo(v) => {
            if let Some(code) = v.pay_terms_code.as_deref().filter(|c| Some(*c) != before.pay_terms_code.as_deref()) {
                if !repo::type_code_exists(&mut tx, "SharedVendorPayTerms", code).await? {
                    return Err(ApiError::invalid("pay_terms_code", "unknown", &format!("There are no pay terms {code}.")));
                }
            }
            repo::update_cost_info(&mut tx, id, v, user).await?;
            "shared_vendor.cost_info"
        }
        Block::VipManagement(v) => {
            repo::update_vip(&mut tx, id, v, user).await?;
            "shared_vendor.vip_management"
        }
        Block::MarketMargin(v) => {
            if let Some(t) = v.market_type_id.filter(|t| Some(*t) != before.market_type_id) {
                if !repo::type_value_exists(&mut tx, "SharedVendorMarketType", t).await? {
                    return Err(ApiError::invalid("market_type_id", "unknown", "There is no active market type with this id."));
                }
            }
            repo::update_market_margin(&mut tx, id, v, user).await?;
            "shared_vendor.market_margin"
        }
    };
    finish(tx, caller, action, id, &before).await
}

// ---------------------------------------------------------------------------------------------------- site links

pub async fn search_sites(state: &AppState, caller: &Caller, scope: &SiteScope, request: &SharedVendorSiteSearchRequest) -> ApiResult<SharedVendorSitePage> {
    let id = required_id(request.shared_vendor_id)?;
    let page = request.page.resolve(&SITE_SORT)?;
    let mut conn = state.pool.acquire().await?;
    ensure_exists(&mut conn, id).await?;
    let (rows, total) = repo::search_sites(&mut conn, id, caller.user_id, scope.client_id(), &page).await?;
    Ok(SharedVendorSitePage::new(rows, total))
}

/// A site link's shared vendor, site, SPA number and dates.
type SiteLinkValues = (i64, i64, Option<String>, Option<NaiveDate>, Option<NaiveDate>);

pub fn site_link_values(input: &SharedVendorSiteInput) -> ApiResult<SiteLinkValues> {
    let mut p = Problems::default();
    if input.shared_vendor_id.is_none() {
        p.add("shared_vendor_id", "required", "Please enter a valid value for Shared Vendor Id");
    }
    if input.site_id.is_none() {
        p.add("site_id", "required", "Please enter a valid value for Site");
    }
    let spa = text(&mut p, &input.spa_number, "spa_number", "SPA Number", 50);
    if let (Some(s), Some(e)) = (input.spa_start_date, input.spa_end_date) {
        if s > e {
            p.add("spa_start_date", "startAfterEnd", "Start Date can not be greater than the End Date");
        }
    }
    p.check()?;
    Ok((input.shared_vendor_id.unwrap_or_default(), input.site_id.unwrap_or_default(), spa, input.spa_start_date, input.spa_end_date))
}

pub async fn insert_site(state: &AppState, caller: &Caller, scope: &SiteScope, input: &SharedVendorSiteInput) -> ApiResult<SharedVendorSite> {
    let (sv, site_id, spa, start, end) = site_link_values(input)?;
    // Only a site the caller may change shared vendors at, of the current client; anything else reads as missing.
    let site_scope = records::record_scope(state, caller, scope, site_id, WRITE, SITE_NOT_FOUND).await?;
    let mut tx = state.pool.begin().await?;
    if !repo::lock(&mut tx, sv).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    if repo::site_link_exists(&mut tx, sv, site_id).await? {
        return Err(ApiError::conflict("This shared vendor is already linked to this site."));
    }
    let id = repo::insert_site_link(&mut tx, sv, site_id, spa.as_deref(), start, end, caller.user_id).await?;
    let row = repo::site_link_row(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(SITE_LINK_NOT_FOUND))?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "shared_vendor_site.create",
            entity: "shared_vendor_site",
            entity_id: id.to_string(),
            client_id: Some(site_scope.client_id()),
            site_id: Some(site_id),
            changes: audit::snapshot(&row),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(row)
}

/// Removes a site link; answers the link as it was.
pub async fn delete_site(state: &AppState, caller: &Caller, scope: &SiteScope, id: Option<i64>) -> ApiResult<SharedVendorSite> {
    let id = id.ok_or_else(|| ApiError::invalid("shared_vendor_site_id", "required", "Please enter a valid value for Shared Vendor Site Id"))?;
    let mut tx = state.pool.begin().await?;
    let link = repo::find_site_link(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(SITE_LINK_NOT_FOUND))?;
    // Another client's link reads as missing, as does one at a site the caller may not change.
    if link.client_id != scope.client_id() {
        return Err(ApiError::not_found(SITE_LINK_NOT_FOUND));
    }
    records::record_scope(state, caller, scope, link.site_id, WRITE, SITE_LINK_NOT_FOUND).await?;
    let row = repo::site_link_row(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(SITE_LINK_NOT_FOUND))?;
    repo::delete_site_link(&mut tx, id).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "shared_vendor_site.delete",
            entity: "shared_vendor_site",
            entity_id: id.to_string(),
            client_id: Some(link.client_id),
            site_id: Some(link.site_id),
            changes: json!({ "before": audit::snapshot(&link) }),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(row)
}

// ---------------------------------------------------------------------------------------------------- client vendors

/// Assigns the client vendor `vend_code` (as the vendor rule shows it at the current site) to a shared vendor, or
/// unassigns it when `shared_vendor_id` is missing or 0. Answers the vendors changed.
pub async fn assign_vendor(state: &AppState, caller: &Caller, scope: &SiteScope, vend_code: Option<&str>, shared_vendor_id: Option<i64>) -> ApiResult<Vec<AssignedVendor>> {
    let code = vend_code.map(str::trim).filter(|c| !c.is_empty()).ok_or_else(|| ApiError::invalid("vend_code", "required", "Please enter a valid value for Vendor Code"))?;
    let target = shared_vendor_id.filter(|id| *id != 0);
    if let Some(t) = target {
        let mut conn = state.pool.acquire().await?;
        match repo::is_active(&mut conn, t).await? {
            None => return Err(ApiError::invalid("shared_vendor_id", "unknown", "There is no shared vendor with this id.")),
            Some(false) => return Err(ApiError::invalid("shared_vendor_id", "inactive", "An inactive shared vendor cannot be assigned.")),
            Some(true) => {}
        }
    }
    let mut tx = scope.begin(&state.pool).await?;
    let vendors = repo::vendors_by_code(&mut tx, scope.site_id(), code).await?;
    if vendors.is_empty() {
        return Err(ApiError::not_found(VENDOR_NOT_FOUND));
    }
    for v in &vendors {
        if v.shared_vendor_id == target {
            continue;
        }
        repo::set_vendor_shared(&mut tx, v.vend_id, target, caller.user_id).await?;
        let action = if target.is_some() { "vendor.assign_shared_vendor" } else { "vendor.unassign_shared_vendor" };
        audit::record(
            &mut tx,
            Some(caller),
            AuditEntry {
                action,
                entity: "vendor",
                entity_id: v.vend_id.to_string(),
                client_id: Some(scope.client_id()),
                site_id: Some(scope.site_id()),
                changes: json!({ "vend_code": v.vend_code, "shared_vendor_id": { "from": v.shared_vendor_id, "to": target } }),
            },
        )
        .await?;
    }
    let ids: Vec<i64> = vendors.iter().map(|v| v.vend_id).collect();
    let out = repo::vendors_by_ids(&mut tx, scope.site_id(), &ids).await?;
    tx.commit().await?;
    Ok(out)
}

pub async fn vendors_with_shared(state: &AppState, scope: &SiteScope) -> ApiResult<Vec<AssignedVendor>> {
    let mut tx = scope.begin(&state.pool).await?;
    let rows = repo::assigned_vendors(&mut tx, scope.site_id(), None).await?;
    drop(tx);
    Ok(rows)
}

fn vendor_filters(scope: &SiteScope, id: i64, r: &AssignedVendorSearchRequest) -> VendorFilters {
    VendorFilters {
        shared_vendor_id: id,
        site_id: scope.site_id(),
        text: trimmed_owned(&r.search_text),
        vend_code: trimmed(&r.vend_code).map(str::to_owned),
        erp_company: trimmed(&r.erp_company).map(str::to_owned),
        is_vmi: r.is_vmi,
    }
}

pub async fn search_vendors(state: &AppState, scope: &SiteScope, id: i64, request: &AssignedVendorSearchRequest) -> ApiResult<AssignedVendorPage> {
    let page = request.page.resolve(&VENDOR_SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    ensure_exists(&mut tx, id).await?;
    let (rows, total) = repo::search_vendors(&mut tx, &vendor_filters(scope, id, request), &page).await?;
    drop(tx);
    Ok(AssignedVendorPage::new(rows, total))
}

/// The allow-listed column for a field name (exact, then case-insensitive), else 400 on `field_name`.
pub fn distinct_column(field: Option<&str>) -> ApiResult<(&'static str, &'static str)> {
    let f = field.map(str::trim).filter(|f| !f.is_empty()).ok_or_else(|| ApiError::invalid("field_name", "required", "Please enter a valid value for Field Name"))?;
    DISTINCT_FIELDS
        .iter()
        .find(|(n, _)| *n == f)
        .or_else(|| DISTINCT_FIELDS.iter().find(|(n, _)| n.eq_ignore_ascii_case(f)))
        .copied()
        .ok_or_else(|| ApiError::invalid("field_name", "invalidField", &format!("Distinct values of {f} are not available.")))
}

pub async fn distinct_values(state: &AppState, scope: &SiteScope, id: i64, request: &FieldDistinctValuesRequest) -> ApiResult<FieldDistinctValues> {
    let (name, column) = distinct_column(request.field_name.as_deref())?;
    let mut tx = scope.begin(&state.pool).await?;
    ensure_exists(&mut tx, id).await?;
    let values = repo::distinct_vendor_values(&mut tx, &vendor_filters(scope, id, &request.search), column).await?;
    drop(tx);
    Ok(FieldDistinctValues { field_name: name.to_owned(), values })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_is_refused_with_every_problem_named_by_its_field() {
        let Err(ApiError::BadRequest(body)) = market_margin(&MarketMarginInput { target_margin_pct: Some(Percent::from(10)), min_margin_pct: Some(Percent::from(12)), ..Default::default() }) else {
            panic!("expected a 400")
        };
        assert_eq!(body.0.errors[0].field, "min_margin_pct");
        let Err(ApiError::BadRequest(body)) = identification(&IdentificationInput { duns_number: Some("12".into()), website: Some("grainger".into()), ..Default::default() }) else {
            panic!("expected a 400")
        };
        let fields: Vec<&str> = body.0.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["duns_number", "website"]);
        assert!(vip(&VipManagementInput { is_vip: Some(true), ..Default::default() }).is_err());
        assert!(distinct_column(Some("VEND_NAME")).is_ok_and(|(n, _)| n == "vend_name"));
        assert!(distinct_column(Some("password_hash")).is_err() && distinct_column(None).is_err());
    }
}
