//! Rules of the vendor resource: the vendor rule and a user's vendor restrictions on every read, one validation
//! for every write (insert, each block's update, `Vendor/Validate`), the audit of every write.

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::contains_pattern;
use kernel::state::AppState;
use kernel::validate::Problems;
use kernel::Perm;
use serde_json::json;
use tenancy::{SiteScope, TenantTx};

use super::model::*;
use super::repo::{self, SearchFilter, Sight};

pub const READ: &[Perm] = &[Perm::ViewVendors];
pub const NOT_FOUND: &str = "The vendor you are trying to find does not exist.";
pub const DIVERSITY_REQUIRED: &str = "You must select a Diversity Type.";
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

// ---- blocks ----

pub fn header_of(d: &VendorDetail) -> VendorHeader {
    let f = &d.fields;
    VendorHeader {
        vend_code: d.vend_code.clone(),
        site_code: None,
        vend_name: f.vend_name.clone(),
        cust_code: f.cust_code.clone(),
        is_manufacturer: f.is_manufacturer,
        active: f.active,
        hold: f.hold,
        po_hold_type: f.po_hold_type,
        edi: f.edi,
        consigned_vmi: f.consigned_vmi,
        supplier_managed: f.supplier_managed,
        tap_asn_action_type: f.tap_asn_action_type,
        corporate_preferred: f.corporate_preferred,
        preferred_supplier: f.preferred_supplier,
        buyer_id: f.buyer_id,
        remit_to: f.remit_to,
        remit_to_vend_code: f.remit_to_vend_code.clone(),
    }
}

fn apply_header(f: &mut VendorFields, b: &VendorHeader) {
    f.vend_name = b.vend_name.clone();
    f.cust_code = b.cust_code.clone();
    f.is_manufacturer = b.is_manufacturer;
    f.active = b.active;
    f.hold = b.hold;
    f.po_hold_type = b.po_hold_type;
    f.edi = b.edi;
    f.consigned_vmi = b.consigned_vmi;
    f.supplier_managed = b.supplier_managed;
    f.tap_asn_action_type = b.tap_asn_action_type;
    f.corporate_preferred = b.corporate_preferred;
    f.preferred_supplier = b.preferred_supplier;
    f.buyer_id = b.buyer_id;
    f.remit_to = b.remit_to;
    f.remit_to_vend_code = b.remit_to_vend_code.clone();
}

pub fn location_of(d: &VendorDetail) -> VendorLocation {
    let f = &d.fields;
    VendorLocation {
        vend_code: d.vend_code.clone(),
        site_code: None,
        address: NewVendorAddress {
            address1: f.address1.clone(),
            address2: f.address2.clone(),
            city: f.city.clone(),
            state_type_id: f.state_type_id,
            postal_code: f.postal_code.clone(),
            county: f.county.clone(),
            phone: f.phone.clone(),
            email: f.email.clone(),
            contact_name: f.contact_name.clone(),
            type_country_code_id: f.type_country_code_id,
        },
        is_international: f.is_international,
    }
}

fn apply_location(f: &mut VendorFields, b: &VendorLocation) {
    apply_address(f, &b.address);
    f.is_international = b.is_international;
}

/// The address of the location block and of the new-vendor payload.
fn apply_address(f: &mut VendorFields, a: &NewVendorAddress) {
    f.address1 = a.address1.clone();
    f.address2 = a.address2.clone();
    f.city = a.city.clone();
    f.state_type_id = a.state_type_id;
    f.postal_code = a.postal_code.clone();
    f.county = a.county.clone();
    f.phone = a.phone.clone();
    f.email = a.email.clone();
    f.contact_name = a.contact_name.clone();
    f.type_country_code_id = a.type_country_code_id;
}

pub fn identification_of(d: &VendorDetail) -> VendorIdentification {
    let f = &d.fields;
    VendorIdentification {
        vend_code: d.vend_code.clone(),
        site_code: None,
        tax_id: f.tax_id.clone(),
        cust_vendor_number: f.cust_vendor_number.clone(),
        sxe_code: f.sxe_code.clone(),
        account_no: f.account_no.clone(),
        division_no: f.division_no.clone(),
    }
}

fn apply_identification(f: &mut VendorFields, b: &VendorIdentification) {
    f.tax_id = b.tax_id.clone();
    f.cust_vendor_number = b.cust_vendor_number.clone();
    f.sxe_code = b.sxe_code.clone();
    f.account_no = b.account_no.clone();
    f.division_no = b.division_no.clone();
}

pub fn billing_of(d: &VendorDetail) -> VendorBilling {
    let f = &d.fields;
    VendorBilling {
        vend_code: d.vend_code.clone(),
        site_code: None,
        freight_terms_type_id: f.freight_terms_type_id,
        terms_code: f.terms_code.clone(),
        ship_type: f.ship_type.clone(),
        currency_code_type_id: f.currency_code_type_id,
        con_pay_schedule: f.con_pay_schedule.clone(),
        min_purc_amount: f.min_purc_amount,
        tax_id: f.tax_id.clone(),
        last_trans_paid: d.last_trans_paid,
    }
}

fn apply_billing(f: &mut VendorFields, b: &VendorBilling) {
    f.freight_terms_type_id = b.freight_terms_type_id;
    f.terms_code = b.terms_code.clone();
    f.ship_type = b.ship_type.clone();
    f.currency_code_type_id = b.currency_code_type_id;
    f.con_pay_schedule = b.con_pay_schedule.clone();
    f.min_purc_amount = b.min_purc_amount;
}

pub fn netsuite_of(d: &VendorDetail) -> VendorNetSuite {
    let f = &d.fields;
    VendorNetSuite {
        vend_code: d.vend_code.clone(),
        site_code: None,
        ns_internal_id: f.ns_internal_id.clone(),
        ns_billing: f.ns_billing.clone(),
        ns_shipping: f.ns_shipping.clone(),
        bank_info: f.bank_info.clone(),
        freight_terms_type_id: f.freight_terms_type_id,
    }
}

fn apply_netsuite(f: &mut VendorFields, b: &VendorNetSuite) {
    f.ns_internal_id = b.ns_internal_id.clone();
    f.ns_billing = b.ns_billing.clone();
    f.ns_shipping = b.ns_shipping.clone();
    f.bank_info = b.bank_info.clone();
    f.freight_terms_type_id = b.freight_terms_type_id;
}

pub fn miscellaneous_of(d: &VendorDetail) -> VendorMiscellaneous {
    let f = &d.fields;
    VendorMiscellaneous {
        vend_code: d.vend_code.clone(),
        site_code: None,
        diverse_supplier: f.diverse_supplier,
        diversity_type: f.diversity_type,
        form_template_id: f.form_template_id,
        bypass_template: f.bypass_template,
        comments: f.comments.clone(),
        po_comments: f.po_comments.clone(),
        product_file_notes: f.product_file_notes.clone(),
        nonconsigned_vend_code: f.nonconsigned_vend_code.clone(),
        consigned_vend_code: f.consigned_vend_code.clone(),
        cust_vendor_number: f.cust_vendor_number.clone(),
        do_not_send_to_erp: f.do_not_send_to_erp,
    }
}

fn apply_miscellaneous(f: &mut VendorFields, b: &VendorMiscellaneous) {
    f.diverse_supplier = b.diverse_supplier;
    f.diversity_type = b.diversity_type;
    f.form_template_id = b.form_template_id;
    f.bypass_template = b.bypass_template;
    f.comments = b.comments.clone();
    f.po_comments = b.po_comments.clone();
    f.product_file_notes = b.product_file_notes.clone();
    f.nonconsigned_vend_code = b.nonconsigned_vend_code.clone();
    f.consigned_vend_code = b.consigned_vend_code.clone();
    f.cust_vendor_number = b.cust_vendor_number.clone();
    f.do_not_send_to_erp = b.do_not_send_to_erp;
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

/// Which block an update changes.
pub enum Block<'a> {
    Header(&'a VendorHeader),
    Location(&'a VendorLocation),
    Identification(&'a VendorIdentification),
    Billing(&'a VendorBilling),
    NetSuite(&'a VendorNetSuite),
    Miscellaneous(&'a VendorMiscellaneous),
}

/// Changes one block of vendor `code`: the whole vendor is validated as changed, written and audited
/// (`{field: {from, to}}`).
pub async fn update_block(state: &AppState, caller: &Caller, scope: &SiteScope, block: Block<'_>) -> ApiResult<VendorSaved> {
    let (code, site_code, name) = match &block {
        Block::Header(b) => (&b.vend_code, &b.site_code, "header"),
        Block::Location(b) => (&b.vend_code, &b.site_code, "location"),
        Block::Identification(b) => (&b.vend_code, &b.site_code, "identification"),
        Block::Billing(b) => (&b.vend_code, &b.site_code, "billing"),
        Block::NetSuite(b) => (&b.vend_code, &b.site_code, "NetSuite"),
        Block::Miscellaneous(b) => (&b.vend_code, &b.site_code, "miscellaneous"),
    };
    let mut tx = scope.begin(&state.pool).await?;
    let (current_site, ..) = repo::site_erp(&mut tx, scope.site_id()).await?;
    check_site_code(site_code.as_deref(), &current_site)?;
    let before = by_code(&mut tx, sight(caller, scope), code).await?;
    let mut fields = before.fields.clone();
    match block {
        Block::Header(b) => apply_header(&mut fields, b),
        Block::Location(b) => apply_location(&mut fields, b),
        Block::Identification(b) => apply_identification(&mut fields, b),
        Block::Billing(b) => apply_billing(&mut fields, b),
        Block::NetSuite(b) => apply_netsuite(&mut fields, b),
        Block::Miscellaneous(b) => apply_miscellaneous(&mut fields, b),
    }
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
        apply_address(&mut f, a);
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

// ---- validation: one function for every write ----

pub struct Key<'a> {
    pub code: &'a str,
    pub erp_type_id: i32,
    pub erp_company: Option<&'a str>,
    /// The vendor being changed (none for a new one).
    pub except: Option<i64>,
}

fn tidy(v: &mut Option<String>) {
    *v = v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
}

/// Trims text; empty text is no value. Codes are upper case.
pub fn normalise(f: &mut VendorFields) {
    f.vend_name = f.vend_name.trim().to_owned();
    for v in [
        &mut f.cust_code, &mut f.cust_vendor_number, &mut f.sxe_code, &mut f.tax_id, &mut f.account_no, &mut f.division_no,
        &mut f.address1, &mut f.address2, &mut f.city, &mut f.postal_code, &mut f.county, &mut f.phone, &mut f.email,
        &mut f.contact_name, &mut f.terms_code, &mut f.ship_type, &mut f.con_pay_schedule, &mut f.ns_internal_id, &mut f.ns_billing,
        &mut f.ns_shipping, &mut f.bank_info, &mut f.comments, &mut f.po_comments, &mut f.product_file_notes,
        &mut f.nonconsigned_vend_code, &mut f.consigned_vend_code, &mut f.remit_to_vend_code,
    ] {
        tidy(v);
    }
    for v in [&mut f.terms_code, &mut f.ship_type, &mut f.con_pay_schedule] {
        *v = v.as_deref().map(str::to_uppercase);
    }
    if let Some(p) = f.postal_code.as_mut() {
        *p = p.to_uppercase();
    }
}

/// US EIN: 12-3456789 or nine digits.
pub fn is_us_tax_id(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() == 9 && b.iter().all(u8::is_ascii_digit))
        || (b.len() == 10 && b[2] == b'-' && b[..2].iter().all(u8::is_ascii_digit) && b[3..].iter().all(u8::is_ascii_digit))
}

/// Other countries' tax ids: letters, digits, spaces, dots, slashes and dashes, 4 to 30 characters.
pub fn is_foreign_tax_id(s: &str) -> bool {
    (4..=30).contains(&s.chars().count()) && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '.' | '/'))
}

/// US ZIP (12345 or 12345-6789) or Canadian postal code (A1A 1A1, space optional).
pub fn postal_code_fits(country: &str, code: &str) -> bool {
    let b = code.as_bytes();
    match country {
        "US" => (b.len() == 5 && b.iter().all(u8::is_ascii_digit))
            || (b.len() == 10 && b[5] == b'-' && b[..5].iter().all(u8::is_ascii_digit) && b[6..].iter().all(u8::is_ascii_digit)),
        "CA" => {
            let s: Vec<u8> = b.iter().copied().filter(|c| *c != b' ').collect();
            s.len() == 6
                && b.len() <= 7
                && s.iter().enumerate().all(|(i, c)| if i % 2 == 0 { c.is_ascii_alphabetic() } else { c.is_ascii_digit() })
        }
        _ => true,
    }
}

pub fn is_vendor_code(s: &str) -> bool {
    !s.is_empty() && s.len() <= 20 && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn is_email(s: &str) -> bool {
    match s.split_once('@') {
        Some((user, domain)) => !user.is_empty() && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.') && !s.contains(char::is_whitespace),
        None => false,
    }
}

/// Everything a buyer would regret, for every write: the code (format, duplicate at the same ERP type and
/// company), name, address (required parts, the state of the country, US/CA postal codes), tax id, list values
/// unknown to asp.type_value, the diversity type of a diverse supplier, the remit-to vendor.
pub async fn validate(tx: &mut TenantTx, sight: Sight, key: &Key<'_>, f: &mut VendorFields, before: Option<&VendorFields>) -> ApiResult<Problems> {
    let mut p = Problems::default();
    if !is_vendor_code(key.code) {
        p.add("vend_code", "invalid", "The vendor code must be 1 to 20 letters, digits, dashes, dots or underscores.");
    } else if repo::code_taken(tx, key.code, key.erp_type_id, key.erp_company, key.except).await? {
        p.add("vend_code", "duplicate", &format!("Vendor code {} already exists for this ERP type and company.", key.code));
    }
    p.required_text("vend_name", "Vendor Name", &f.vend_name, 100);
    for (field, value, max) in [
        ("cust_code", &f.cust_code, 30),
        ("cust_vendor_number", &f.cust_vendor_number, 50),
        ("sxe_code", &f.sxe_code, 30),
        ("account_no", &f.account_no, 50),
        ("division_no", &f.division_no, 20),
        ("address1", &f.address1, 100),
        ("address2", &f.address2, 100),
        ("city", &f.city, 60),
        ("county", &f.county, 60),
        ("phone", &f.phone, 30),
        ("email", &f.email, 200),
        ("contact_name", &f.contact_name, 100),
        ("ns_internal_id", &f.ns_internal_id, 50),
        ("ns_billing", &f.ns_billing, 500),
        ("ns_shipping", &f.ns_shipping, 500),
        ("bank_info", &f.bank_info, 500),
        ("comments", &f.comments, 2000),
        ("po_comments", &f.po_comments, 2000),
        ("product_file_notes", &f.product_file_notes, 2000),
    ] {
        p.optional_text(field, field, value.as_deref(), max);
    }
    if f.address1.is_none() {
        p.add("address1", "required", "Please enter a value for Address 1.");
    }
    if f.city.is_none() {
        p.add("city", "required", "Please enter a value for City.");
    }
    // The country: a domestic vendor is in the United States unless told otherwise.
    let country = match f.type_country_code_id {
        Some(id) => match repo::type_code_of(tx, "Country", id).await? {
            Some(c) => Some(c),
            None => {
                p.add("type_country_code_id", "unknownValue", "Please select a valid Country.");
                None
            }
        },
        None if !f.is_international => Some("US".to_owned()),
        None => {
            p.add("type_country_code_id", "required", "Please select the Country of an international vendor.");
            None
        }
    };
    if let (Some(c), false) = (&country, f.is_international) {
        if c != "US" {
            p.add("is_international", "invalid", "A vendor outside the United States must be marked international.");
        }
    }
    if let (Some(c), true) = (&country, f.is_international) {
        if c == "US" {
            p.add("is_international", "invalid", "A vendor in the United States is not international.");
        }
    }
    let has_states = matches!(country.as_deref(), Some("US" | "CA"));
    match f.state_type_id {
        Some(id) => match repo::state_country(tx, id).await? {
            None => p.add("state_type_id", "unknownValue", "Please select a valid State."),
            Some(sc) if country.as_deref().is_some_and(|c| c != sc) => {
                p.add("state_type_id", "invalid", "The state must be a state of the vendor's country.")
            }
            Some(_) => {}
        },
        None if has_states => p.add("state_type_id", "required", "Please select a State."),
        None => {}
    }
    match (&f.postal_code, country.as_deref()) {
        (Some(code), Some(c @ ("US" | "CA"))) if !postal_code_fits(c, code) => {
            let example = if c == "US" { "12345 or 12345-6789" } else { "A1A 1A1" };
            p.add("postal_code", "invalid", &format!("Please enter a valid Postal Code ({example})."));
        }
        (None, Some("US" | "CA")) => p.add("postal_code", "required", "Please enter a value for Postal Code."),
        (Some(code), _) => {
            p.optional_text("postal_code", "Postal Code", Some(code), 20);
        }
        _ => {}
    }
    if let Some(e) = &f.email {
        if !is_email(e) {
            p.add("email", "invalid", "Please enter a valid Email.");
        }
    }
    if let Some(t) = &f.tax_id {
        if f.is_international {
            if !is_foreign_tax_id(t) {
                p.add("tax_id", "invalid", "Please enter a valid Tax ID (4 to 30 letters, digits, spaces, dots, slashes or dashes).");
            }
        } else if !is_us_tax_id(t) {
            p.add("tax_id", "invalid", "Please enter a valid Tax ID: a US EIN is 12-3456789 or 9 digits.");
        }
    }
    if f.diverse_supplier {
        let none = match f.diversity_type {
            None => true,
            Some(id) => repo::type_code_of(tx, "VendorDiversity", id).await?.is_none_or(|c| c == "NONE"),
        };
        if none {
            p.add("diversity_type", "required", DIVERSITY_REQUIRED);
        }
    } else if let Some(id) = f.diversity_type {
        if !repo::type_value_exists(tx, "VendorDiversity", id).await? {
            p.add("diversity_type", "unknownValue", "Please select a valid Diversity Type.");
        }
    }
    for (field, list, label, value) in [
        ("currency_code_type_id", "Currency", "Currency", f.currency_code_type_id),
        ("freight_terms_type_id", "FreightTerms", "Freight Terms", f.freight_terms_type_id),
        ("form_template_id", "FormTemplate", "Form Template", f.form_template_id),
        ("hold", "VendorHold", "Hold", f.hold),
        ("po_hold_type", "VendorHoldMethod", "PO Hold Type", f.po_hold_type),
        ("tap_asn_action_type", "ASNAction", "ASN Action", f.tap_asn_action_type),
    ] {
        if let Some(id) = value {
            if !repo::type_value_exists(tx, list, id).await? {
                p.add(field, "unknownValue", &format!("Please select a valid {label}."));
            }
        }
    }
    for (field, list, label, value) in [
        ("terms_code", "Terms", "Terms", &f.terms_code),
        ("ship_type", "ShipMethod", "Ship Method", &f.ship_type),
        ("con_pay_schedule", "ConsignedPaySchedule", "Consigned Pay Schedule", &f.con_pay_schedule),
    ] {
        if let Some(code) = value {
            if !repo::type_code_exists(tx, list, code).await? {
                p.add(field, "unknownValue", &format!("Please select a valid {label}."));
            }
        }
    }
    if let Some(m) = f.min_purc_amount {
        if !m.is_finite() || !(0.0..=1e12).contains(&m) {
            p.add("min_purc_amount", "invalid", "The minimum purchase amount must be zero or more.");
        }
    }
    // References to other vendors: a new or changed one must be a vendor the caller reads at this site (the rule of
    // every read); one already stored is left as it is, so an old reference does not block saving another block.
    let unchanged = |field: &str, value: &Option<String>| {
        before.is_some_and(|b| {
            let stored = match field {
                "remit_to_vend_code" => &b.remit_to_vend_code,
                "nonconsigned_vend_code" => &b.nonconsigned_vend_code,
                _ => &b.consigned_vend_code,
            };
            stored.as_deref().map(str::to_uppercase) == value.as_deref().map(str::to_uppercase)
        })
    };
    if let Some(r) = f.remit_to_vend_code.clone().filter(|_| !unchanged("remit_to_vend_code", &f.remit_to_vend_code)) {
        if r.eq_ignore_ascii_case(key.code) {
            p.add("remit_to_vend_code", "invalid", "A vendor cannot be its own remit-to vendor.");
        } else if !repo::code_taken(tx, &r, key.erp_type_id, key.erp_company, None).await? {
            p.add("remit_to_vend_code", "unknownValue", "The remit-to vendor must be a vendor of the same ERP type and company.");
        } else if let Some((_, code)) = referenced_vendor(tx, sight, "remit_to_vend_code", &r, &mut p).await? {
            f.remit_to_vend_code = Some(code);
        }
    }
    if let Some(c) = f.nonconsigned_vend_code.clone().filter(|_| !unchanged("nonconsigned_vend_code", &f.nonconsigned_vend_code)) {
        f.nonconsigned_vend_code = referenced_vendor(tx, sight, "nonconsigned_vend_code", &c, &mut p).await?.map(|(_, code)| code).or(Some(c));
    }
    if let Some(c) = f.consigned_vend_code.clone().filter(|_| !unchanged("consigned_vend_code", &f.consigned_vend_code)) {
        f.consigned_vend_code = referenced_vendor(tx, sight, "consigned_vend_code", &c, &mut p).await?.map(|(_, code)| code).or(Some(c));
    }
    if let Some(b) = f.buyer_id {
        let client = tx.scope().client_id();
        if !repo::user_of_client(tx, b, client).await? {
            p.add("buyer_id", "unknownValue", "Please select a valid Buyer.");
        }
    }
    Ok(p)
}

/// A write's reference to another vendor by code (`field` of the body), for every write of the area that stores
/// one: the vendor must be one `sight` reads, by the same rule as the reads of that record (the vendor rule at the
/// site; the vendor blocks also the caller's restrictions); otherwise a problem naming the field, as for a vendor
/// that does not exist. Answers the vendor's id and its code as the vendor has it.
pub async fn referenced_vendor(tx: &mut TenantTx, sight: Sight, field: &str, code: &str, p: &mut Problems) -> ApiResult<Option<(i64, String)>> {
    let code = code.trim();
    let found = repo::visible_code(tx, sight, code).await?;
    if found.is_none() {
        p.add(field, "notFound", &format!("Vendor {code} does not exist at this site."));
    }
    Ok(found)
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
        text: text(&r.criteria).map(|t| contains_pattern(&t)),
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

// ---- RFQ vendors ----

pub const RFQ_VENDOR_NOT_FOUND: &str = "The RFQ vendor you are trying to find does not exist.";

/// The vendor of RFQ vendor `rfq_vendor_id` of the current site (VND-024). Another site's or client's RFQ vendor, or
/// one whose vendor the vendor rule or the caller's restrictions hide, answers 404.
pub async fn min_rfq(state: &AppState, caller: &Caller, scope: &SiteScope, rfq_vendor_id: i64) -> ApiResult<VendorMinRfq> {
    let mut tx = scope.begin(&state.pool).await?;
    repo::rfq_vendor(&mut tx, sight(caller, scope), rfq_vendor_id).await?.ok_or_else(|| ApiError::not_found(RFQ_VENDOR_NOT_FOUND))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn us_tax_ids_are_eins() {
        assert!(is_us_tax_id("12-3456789"));
        assert!(is_us_tax_id("123456789"));
        assert!(!is_us_tax_id("1234-56789"));
        assert!(!is_us_tax_id("12345678"));
        assert!(!is_us_tax_id("AB-3456789"));
        assert!(is_foreign_tax_id("DE 123 456 789"));
        assert!(!is_foreign_tax_id("x"));
    }

    #[test]
    fn postal_codes_follow_the_country() {
        assert!(postal_code_fits("US", "77001"));
        assert!(postal_code_fits("US", "77001-1234"));
        assert!(!postal_code_fits("US", "7700"));
        assert!(!postal_code_fits("US", "ABCDE"));
        assert!(postal_code_fits("CA", "M5V 2T6"));
        assert!(postal_code_fits("CA", "M5V2T6"));
        assert!(!postal_code_fits("CA", "12345"));
        assert!(postal_code_fits("DE", "10115"));
    }

    #[test]
    fn vendor_codes_are_short_and_plain() {
        assert!(is_vendor_code("10452"));
        assert!(is_vendor_code("SKF-01"));
        assert!(!is_vendor_code(""));
        assert!(!is_vendor_code("a b"));
        assert!(!is_vendor_code(&"9".repeat(21)));
    }
}
