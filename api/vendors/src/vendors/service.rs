//! The vendor resource's reads and writes: the vendor rule and a user's vendor restrictions on every read, one
//! validation for every write (insert, each block's update, `Vendor/Validate`; `rules.rs`), the audit of every
//! write. The blocks a buyer edits are views of one record (`blocks.rs`).

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::validate::Problems;
use kernel::Perm;
use serde_json::json;
use tenancy::{SiteScope, TenantTx};

use super::blocks::{self, Block};
use super::model::*;
use super::repo::{self, SearchFilter, Sight};
use super::rules::{normalise, validate, Key};
pub use super::rules::{referenced_vendor, DIVERSITY_REQUIRED};

pub const READ: &[Perm] = &[Perm::ViewVendors];
pub const NOT_FOUND: &str = "The vendor you are trying to find does not exist.";
const ENTITY: &str = "vendor";
/// The vendorsites area audits vendor_site rows under this entity name.
pub const VENDOR_SITE_ENTITY: &str = "vendor_site";
const NETSUITE: i32 = 7;

/// The caller's view of vendors at the current site. A holder of LimitedVendorUser sees only the vendors of their
/// restrictions, unless they also hold VendorSearchAllSites (administrators hold every permission).
pub fn sight(caller: &Caller, scope: &SiteScope) -> Sight {
    let restricted = caller.holds(Perm::LimitedVendorUser) && !caller.holds(Perm::VendorSearchAllSites);
    Sight { site_id: scope.site_id(), client_id: scope.client_id(), restricted_user: restricted.then_some(caller.user_id) }
}

fn common_of(d: &VendorDetail, site_id: i64) -> Vendor {
    Vendor {
        vend_id: d.vend_id,
        site_id,
        vend_code: d.vend_code.clone(),
        vend_name: d.fields.vend_name.clone(),
        erp_type_id: d.erp_type_id,
        erp_company: d.erp_company.clone(),
        is_vmi: d.is_vmi,
        is_manufacturer: d.fields.is_manufacturer,
        active: d.fields.active,
    }
}

async fn by_code(tx: &mut TenantTx, sight: Sight, code: &str) -> ApiResult<VendorDetail> {
    repo::detail_by_code(tx, sight, code.trim()).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

async fn by_id(tx: &mut TenantTx, sight: Sight, id: i64) -> ApiResult<VendorDetail> {
    repo::detail_by_id(tx, sight, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// The vendor `id` of the caller's client if the vendor rule shows it at the caller's current site; any other vendor
/// (another client's, another ERP company's, outside the caller's restrictions) answers 404.
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Vendor> {
    let mut tx = scope.begin(&state.pool).await?;
    let d = by_id(&mut tx, sight(caller, scope), id).await?;
    Ok(common_of(&d, scope.site_id()))
}

/// The common part by code.
pub async fn common_by_code(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str) -> ApiResult<Vendor> {
    let mut tx = scope.begin(&state.pool).await?;
    let d = by_code(&mut tx, sight(caller, scope), code).await?;
    Ok(common_of(&d, scope.site_id()))
}

/// The whole vendor by code (the detail screen).
pub async fn detail(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str) -> ApiResult<VendorDetail> {
    let mut tx = scope.begin(&state.pool).await?;
    by_code(&mut tx, sight(caller, scope), code).await
}

/// The route guard's look-up: the vendor exists at the current site (manufacturers: `is_manufacturer` says so).
pub async fn vendor_code(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str) -> ApiResult<VendorCodeAnswer> {
    let d = detail(state, caller, scope, code).await?;
    Ok(VendorCodeAnswer {
        vend_id: d.vend_id,
        vend_code: d.vend_code,
        vend_name: d.fields.vend_name,
        is_vmi: d.is_vmi,
        is_manufacturer: d.fields.is_manufacturer,
        is_hidden: d.is_hidden,
        erp_type_id: d.erp_type_id,
        erp_company: d.erp_company,
    })
}

/// The vendor of CIP `cip_no` at the current site.
pub async fn common_by_cip(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<Vendor> {
    let mut tx = scope.begin(&state.pool).await?;
    let code = repo::cip_vend_code(&mut tx, scope.site_id(), cip_no)
        .await?
        .flatten()
        .ok_or_else(|| ApiError::not_found("The CIP you are trying to find does not exist or has no vendor."))?;
    let d = by_code(&mut tx, sight(caller, scope), &code).await?;
    Ok(common_of(&d, scope.site_id()))
}

/// The non-consigned counterpart of vendor `code` at `site_id` (which must be the current site): the vendor named
/// by its `nonconsigned_vend_code`, or the vendor itself when it names none.
pub async fn non_consigned(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str, site_id: i64) -> ApiResult<Vendor> {
    if site_id != scope.site_id() {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let mut tx = scope.begin(&state.pool).await?;
    let s = sight(caller, scope);
    let d = by_code(&mut tx, s, code).await?;
    let target = match d.fields.nonconsigned_vend_code.as_deref() {
        Some(other) => by_code(&mut tx, s, other).await?,
        None => d,
    };
    Ok(common_of(&target, scope.site_id()))
}

/// The vendor payments of `code` go to: its remit-to vendor, or itself when it names none.
pub async fn remit_to_of(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str) -> ApiResult<Vendor> {
    let mut tx = scope.begin(&state.pool).await?;
    let s = sight(caller, scope);
    let d = by_code(&mut tx, s, code).await?;
    let target = match d.fields.remit_to_vend_code.as_deref() {
        Some(other) => by_code(&mut tx, s, other).await?,
        None => d,
    };
    Ok(common_of(&target, scope.site_id()))
}

/// Remit-to vendors a vendor `code` may name: the site's vendors flagged remit-to whose code or name starts with
/// `prefix` (`*` for all), at most 100.
pub async fn remit_to_candidates(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str, prefix: &str) -> ApiResult<Vec<Vendor>> {
    let mut tx = scope.begin(&state.pool).await?;
    let s = sight(caller, scope);
    let d = by_code(&mut tx, s, code).await?;
    let prefix = if prefix.trim() == "*" { "" } else { prefix.trim() };
    let rows = repo::remit_to_candidates(&mut tx, s, d.vend_id, prefix).await?;
    Ok(rows.iter().filter(|r| r.erp_type_id == d.erp_type_id && r.erp_company == d.erp_company).map(|r| common_of(r, scope.site_id())).collect())
}

pub async fn hover(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, with_buyer: bool) -> ApiResult<VendorHover> {
    let mut tx = scope.begin(&state.pool).await?;
    repo::hover(&mut tx, sight(caller, scope), id, with_buyer).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// A block of vendor `code`, read at the current site.
pub async fn block<T>(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str, view: fn(&VendorDetail) -> T) -> ApiResult<T> {
    let d = detail(state, caller, scope, code).await?;
    Ok(view(&d))
}

pub async fn set_up(state: &AppState, caller: &Caller, scope: &SiteScope, code: &str) -> ApiResult<VendorSetUp> {
    let mut tx = scope.begin(&state.pool).await?;
    let d = by_code(&mut tx, sight(caller, scope), code).await?;
    let erp_type_description = repo::type_description(&mut tx, "ERPType", d.erp_type_id).await?;
    let f = d.fields;
    Ok(VendorSetUp {
        vend_code: d.vend_code,
        vmi: d.is_vmi,
        consigned_vmi: f.consigned_vmi,
        erp_type_id: d.erp_type_id,
        erp_type_description,
        hold: f.hold,
        po_hold_type: f.po_hold_type,
        supplier_managed: f.supplier_managed,
        tap_asn_action_type: f.tap_asn_action_type,
        is_hidden: d.is_hidden,
        do_not_send_to_erp: f.do_not_send_to_erp,
        corporate_preferred: f.corporate_preferred,
        remit_to: f.remit_to,
        remit_to_vend_code: f.remit_to_vend_code,
        edi: f.edi,
        shared_vendor_id: d.shared_vendor_id,
        shared_vendor_name: d.shared_vendor_name,
        preferred_supplier: f.preferred_supplier,
    })
}

/// Changes one block of vendor `code`: the whole vendor is validated as changed, written and audited
/// (`{field: {from, to}}`).
pub async fn update_block(state: &AppState, caller: &Caller, scope: &SiteScope, block: Block<'_>) -> ApiResult<VendorSaved> {
    let (code, site_code, name) = block.target();
    let mut tx = scope.begin(&state.pool).await?;
    let (current_site, ..) = repo::site_erp(&mut tx, scope.site_id()).await?;
    check_site_code(site_code.as_deref(), &current_site)?;
    let before = by_code(&mut tx, sight(caller, scope), code).await?;
    let mut fields = before.fields.clone();
    block.apply(&mut fields);
    normalise(&mut fields);
    let key = Key { code: &before.vend_code, erp_type_id: before.erp_type_id, erp_company: before.erp_company.as_deref(), except: Some(before.vend_id) };
    validate(&mut tx, sight(caller, scope), &key, &mut fields, Some(&before.fields)).await?.check()?;
    repo::update(&mut tx, before.vend_id, &fields, caller.user_id).await?;
    let changes = audit::diff(&audit::snapshot(&before.fields), &audit::snapshot(&fields));
    record(&mut tx, caller, before.vend_id, "update", json!({"block": name, "changes": changes})).await?;
    tx.commit().await?;
    Ok(VendorSaved { vend_id: before.vend_id, vend_code: before.vend_code, message: format!("The vendor's {name} was saved.") })
}

/// Hides or shows a vendor (hidden vendors leave the searches unless asked for).
pub async fn update_hidden(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, body: &HiddenUpdate) -> ApiResult<VendorSaved> {
    if body.vend_id != id {
        return Err(ApiError::invalid("vend_id", "mismatch", "The vendor id of the body must be the id of the path."));
    }
    let mut tx = scope.begin(&state.pool).await?;
    let before = by_id(&mut tx, sight(caller, scope), id).await?;
    repo::set_hidden(&mut tx, id, body.is_hidden, caller.user_id).await?;
    let action = if body.is_hidden { "hide" } else { "unhide" };
    record(&mut tx, caller, id, action, json!({"is_hidden": {"from": before.is_hidden, "to": body.is_hidden}})).await?;
    tx.commit().await?;
    let message = if body.is_hidden { "The vendor is hidden." } else { "The vendor is shown again." };
    Ok(VendorSaved { vend_id: id, vend_code: before.vend_code, message: message.to_owned() })
}

async fn record(tx: &mut TenantTx, caller: &Caller, id: i64, action: &str, changes: serde_json::Value) -> ApiResult<()> {
    let (client, site) = (tx.scope().client_id(), tx.site_id());
    audit::record(tx, Some(caller), AuditEntry { action, entity: ENTITY, entity_id: id.to_string(), client_id: Some(client), site_id: Some(site), changes })
        .await?;
    Ok(())
}

fn check_site_code(given: Option<&str>, current: &str) -> ApiResult<()> {
    match given.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) if !s.eq_ignore_ascii_case(current) => Err(ApiError::invalid("site_code", "notCurrentSite", "The site must be your current site.")),
        _ => Ok(()),
    }
}

// ---- insert ----

/// The kind of a new vendor: the operation that creates it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Vmi,
    NetSuite,
}

/// The ERP type, company and VMI flag a new vendor of `kind` takes from the current site.
async fn new_vendor_key(tx: &mut TenantTx, kind: Kind, site_code: Option<&str>) -> ApiResult<(i32, Option<String>, bool)> {
    let (code, erp, company, vmi_erp) = repo::site_erp(tx, tx.site_id()).await?;
    check_site_code(site_code, &code)?;
    match kind {
        Kind::Plain => Ok((erp, company, false)),
        Kind::NetSuite if erp == NETSUITE => Ok((erp, company, false)),
        Kind::NetSuite => Err(ApiError::invalid("site_code", "notNetSuite", "The site's ERP is not NetSuite; add the vendor as a plain vendor.")),
        Kind::Vmi => match vmi_erp {
            Some(t) => Ok((t, None, true)),
            None => Err(ApiError::invalid("site_code", "noVmiErp", "This site has no VMI ERP type; VMI vendors cannot be added here.")),
        },
    }
}

/// The fields of a new vendor from the payload (value ids of terms and ship methods become their codes).
async fn fields_of_new(tx: &mut TenantTx, n: &NewVendor, p: &mut Problems) -> ApiResult<VendorFields> {
    let terms_code = match (&n.terms_code, n.terms_type_id) {
        (Some(c), _) if !c.trim().is_empty() => Some(c.clone()),
        (_, Some(id)) => {
            let code = repo::type_code_of(tx, "Terms", id).await?;
            if code.is_none() {
                p.add("terms_type_id", "unknownValue", "Please select valid Terms.");
            }
            code
        }
        _ => None,
    };
    let ship_type = match n.ship_type_id {
        Some(id) => {
            let code = repo::type_code_of(tx, "ShipMethod", id).await?;
            if code.is_none() {
                p.add("ship_type_id", "unknownValue", "Please select a valid Ship Method.");
            }
            code
        }
        None => None,
    };
    let mut f = VendorFields {
        vend_name: n.vend_name.clone(),
        active: true,
        is_manufacturer: n.is_manufacturer,
        cust_vendor_number: n.cust_vendor_number.clone(),
        tax_id: n.tax_id.clone(),
        account_no: n.account_no.clone(),
        is_international: n.is_international,
        terms_code,
        freight_terms_type_id: n.freight_type_id,
        ship_type,
        currency_code_type_id: n.currency_type_id,
        ns_billing: n.ns_billing.clone(),
        ns_shipping: n.ns_shipping.clone(),
        bank_info: n.bank_info.clone(),
        diverse_supplier: n.diverse_supplier,
        diversity_type: n.diversity_type,
        comments: n.comments.clone(),
        hold: n.hold,
        ..Default::default()
    };
    if let Some(a) = &n.address {
        blocks::apply_address(&mut f, a);
    }
    normalise(&mut f);
    Ok(f)
}

/// Validates a new vendor without saving it; answers the fields and key it would be saved with.
async fn prepare_new(tx: &mut TenantTx, sight: Sight, n: &NewVendor, kind: Kind) -> ApiResult<(String, i32, Option<String>, bool, VendorFields)> {
    let (erp, company, is_vmi) = new_vendor_key(tx, kind, n.site_code.as_deref()).await?;
    let mut p = Problems::default();
    let mut fields = fields_of_new(tx, n, &mut p).await?;
    let code = match n.vend_code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => c.to_owned(),
        None => repo::next_code(tx, erp, company.as_deref()).await?,
    };
    let key = Key { code: &code, erp_type_id: erp, erp_company: company.as_deref(), except: None };
    let mut more = validate(tx, sight, &key, &mut fields, None).await?;
    p.0.append(&mut more.0);
    p.check()?;
    Ok((code, erp, company, is_vmi, fields))
}

/// Adds a vendor of `kind` at the current site (and the site's vendor_site record).
pub async fn insert(state: &AppState, caller: &Caller, scope: &SiteScope, n: &NewVendor, kind: Kind) -> ApiResult<VendorSaved> {
    let mut tx = scope.begin(&state.pool).await?;
    let (code, erp, company, is_vmi, fields) = prepare_new(&mut tx, sight(caller, scope), n, kind).await?;
    let id = repo::insert(&mut tx, &code, erp, company.as_deref(), is_vmi, &fields, caller.user_id).await?;
    repo::insert_vendor_site(&mut tx, scope.site_id(), id, caller.user_id).await?;
    let mut snapshot = audit::snapshot(&fields);
    if let Some(o) = snapshot.as_object_mut() {
        o.insert("vend_code".into(), json!(code));
        o.insert("erp_type_id".into(), json!(erp));
        o.insert("erp_company".into(), json!(company));
        o.insert("is_vmi".into(), json!(is_vmi));
    }
    record(&mut tx, caller, id, "create", snapshot).await?;
    tx.commit().await?;
    Ok(VendorSaved { vend_id: id, vend_code: code, message: "The vendor was added.".to_owned() })
}

/// `Vendor/Validate`: what Insert (or InsertVMI with `vmi`) would refuse, without saving.
pub async fn validate_new(state: &AppState, caller: &Caller, scope: &SiteScope, body: &VendorValidateRequest) -> ApiResult<VendorValid> {
    let mut tx = scope.begin(&state.pool).await?;
    let kind = if body.vmi { Kind::Vmi } else { Kind::Plain };
    prepare_new(&mut tx, sight(caller, scope), &body.vendor, kind).await?;
    Ok(VendorValid { valid: true })
}

// ---- search ----

pub async fn search(state: &AppState, caller: &Caller, scope: &SiteScope, r: &VendorSearchRequest) -> ApiResult<VendorPage> {
    let page = r.page.resolve(&SORT)?;
    // The spec's request names the user and site; the search always runs as the caller at the current site, so a
    // different one is refused rather than silently ignored.
    if r.asp_user_id.is_some_and(|u| u != caller.user_id) {
        return Err(ApiError::invalid("asp_user_id", "notCaller", "The search runs as the signed-in user."));
    }
    if r.site_id.is_some_and(|s| s != scope.site_id()) {
        return Err(ApiError::invalid("site_id", "notCurrentSite", "The search runs at your current site."));
    }
    if let Some(code) = r.site_code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        let mut tx = scope.begin(&state.pool).await?;
        let (current, ..) = repo::site_erp(&mut tx, scope.site_id()).await?;
        check_site_code(Some(code), &current)?;
    }
    let everything = caller.holds(Perm::VendorSearchAllSites);
    if (r.no_site_filter || r.ignore_restrictions) && !everything {
        return Err(ApiError::forbidden("Searching past the site's vendor rule or your vendor restrictions needs VendorSearchAllSites."));
    }
    let manufacturers_only = match r.vendor_model.as_deref().map(str::trim).map(str::to_ascii_lowercase).as_deref() {
        None | Some("") | Some("vendor") => false,
        Some("manufacturer") => true,
        Some(_) => return Err(ApiError::invalid("vendor_model", "invalid", "The vendor model must be vendor or manufacturer.")),
    };
    let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let mut restricted = sight(caller, scope).restricted_user;
    if r.ignore_restrictions {
        restricted = None;
    }
    let f = SearchFilter {
        site_id: scope.site_id(),
        client_id: scope.client_id(),
        site_rule: !r.no_site_filter,
        restricted_user: restricted,
        show_hidden: r.show_hidden,
        filter_sxe_code: r.filter_sxe_code,
        assigned_to_shared_vendor: r.assigned_to_shared_vendor,
        vend_code_to_ignore: text(&r.vend_code_to_ignore),
        exclude_cod_vendors: r.exclude_cod_vendors,
        manufacturers_only,
        text: text(&r.criteria),
        mfg: r.mfg.or(r.is_oem),
        vmi: r.vmi,
        erp_type_id: r.erp_type_id,
        division_no: text(&r.division_no),
        company: text(&r.company),
        vmi_erp_type_id: r.vmi_erp_type_id,
        cust_code: text(&r.cust_code),
        currency_code_type_id: r.currency_code_type_id,
        consigned_vmi: r.consigned_vmi,
        remit_to_only: r.remit_to_only,
    };
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, &f, &page).await?;
    Ok(VendorPage::new(rows, total))
}

// ---- audit details ----

/// One audit event of a vendor the caller sees at the current site.
pub async fn audit_detail(state: &AppState, caller: &Caller, scope: &SiteScope, audit_id: i64) -> ApiResult<VendorAuditDetail> {
    let mut tx = scope.begin(&state.pool).await?;
    let e = repo::audit_event(&mut tx, audit_id, ENTITY, scope.client_id()).await?.ok_or_else(|| ApiError::not_found("The audit record does not exist."))?;
    let id: i64 = e.entity_id.parse().map_err(|_| ApiError::not_found("The audit record does not exist."))?;
    by_id(&mut tx, sight(caller, scope), id).await.map_err(|_| ApiError::not_found("The audit record does not exist."))?;
    Ok(e)
}

/// One audit event of a vendor_site record of the current site whose vendor the caller sees.
pub async fn vendor_site_audit_detail(state: &AppState, caller: &Caller, scope: &SiteScope, audit_id: i64) -> ApiResult<VendorAuditDetail> {
    let missing = || ApiError::not_found("The audit record does not exist.");
    let mut tx = scope.begin(&state.pool).await?;
    let e = repo::audit_event(&mut tx, audit_id, VENDOR_SITE_ENTITY, scope.client_id()).await?.ok_or_else(missing)?;
    if e.site_id != Some(scope.site_id()) {
        return Err(missing());
    }
    let row: i64 = e.entity_id.parse().map_err(|_| missing())?;
    let vend_id = repo::vendor_site_vendor(&mut tx, row, scope.site_id()).await?.ok_or_else(missing)?;
    by_id(&mut tx, sight(caller, scope), vend_id).await.map_err(|_| missing())?;
    Ok(e)
}
