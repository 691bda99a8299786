//! Rules of the vendor site resource (docs/vendor-sites.md): reads at a site the caller may use with ViewVendors,
//! writes with EditVendorSite, each write audited with before and after. Also the site helpers the approved vendors
//! share.

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;
use serde_json::Value;
use tenancy::{SiteScope, TenantTx};

use super::model::*;
use super::repo::{self, SearchFilter, Values};
use crate::vendors::repo::Sight;

pub const READ: &[Perm] = &[Perm::ViewVendors];
pub const EDIT: &[Perm] = &[Perm::EditVendorSite];
pub const NOT_FOUND: &str = "The vendor site you are trying to find does not exist.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
/// Audit entity of vendor sites.
pub const ENTITY: &str = "vendor_site";

// ---- sites

/// The scope of `site_id` when it is a site of the current client the caller may use with one of `perms`; 404
/// otherwise (another client's site, a site the caller may not use, no such site).
pub async fn site_scope(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, perms: &[Perm]) -> ApiResult<SiteScope> {
    if site_id == current.site_id() && !caller.holds_any(perms) {
        return Err(ApiError::not_found(SITE_NOT_FOUND));
    }
    records::record_scope(state, caller, current, site_id, perms, SITE_NOT_FOUND).await
}

/// A site named in a path: digits are a site id, anything else a site code (case-insensitive).
pub async fn named_site(state: &AppState, caller: &Caller, current: &SiteScope, site: &str, perms: &[Perm]) -> ApiResult<SiteScope> {
    let site = site.trim();
    let id = if !site.is_empty() && site.chars().all(|c| c.is_ascii_digit()) {
        site.parse::<i64>().map_err(|_| ApiError::not_found(SITE_NOT_FOUND))?
    } else {
        let mut conn = state.pool.acquire().await?;
        repo::site_by_code(&mut conn, site).await?.ok_or_else(|| ApiError::not_found(SITE_NOT_FOUND))?
    };
    site_scope(state, caller, current, id, perms).await
}

/// The caller's sites of the current client where it holds one of `perms`, with their codes and scopes.
pub async fn granted_sites(state: &AppState, caller: &Caller, current: &SiteScope, perms: &[Perm]) -> ApiResult<Vec<(String, SiteScope)>> {
    let mut conn = state.pool.acquire().await?;
    let sites = repo::client_sites_of_user(&mut conn, caller.user_id, current.client_id()).await?;
    drop(conn);
    let names: Vec<&str> = perms.iter().map(|p| p.as_str()).collect();
    let mut out = Vec::new();
    for (site_id, code) in sites {
        if site_id == current.site_id() {
            if caller.holds_any(perms) {
                out.push((code, current.clone()));
            }
            continue;
        }
        if let Some(access) = state.authz.access(caller.user_id, site_id).await? {
            if access.holds_any(names.iter().copied()) && access.scope().client_id() == current.client_id() {
                out.push((code, access.scope().clone()));
            }
        }
    }
    Ok(out)
}

/// A transaction on `first` that also sees the rows of `others`.
pub async fn begin_over(state: &AppState, first: &SiteScope, others: &[SiteScope]) -> ApiResult<TenantTx> {
    let mut tx = first.begin(&state.pool).await?;
    for s in others {
        tx.widen(s).await?;
    }
    Ok(tx)
}

// ---- reads

/// The vendor site of vendor `code` at `site` (an id or a code), VND-018.
pub async fn by_site_and_code(state: &AppState, caller: &Caller, current: &SiteScope, site: &str, code: &str) -> ApiResult<VendorSite> {
    let s = named_site(state, caller, current, site, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let found = repo::find_by_code(&mut tx, s.site_id(), code.trim()).await?;
    drop(tx);
    found.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// The search (VND-034): a vendor's sites, or a site's vendors, over the sites the caller may view vendors at.
pub async fn search(state: &AppState, caller: &Caller, current: &SiteScope, request: &VendorSiteSearchRequest) -> ApiResult<VendorSitePage> {
    let page = request.page.resolve(&SORT)?;
    let f = &request.filter;
    let scopes: Vec<SiteScope> = match f.site_id {
        Some(id) => vec![site_scope(state, caller, current, id, READ).await?],
        None => granted_sites(state, caller, current, READ).await?.into_iter().map(|(_, s)| s).collect(),
    };
    let filter = SearchFilter {
        sites: scopes.iter().map(SiteScope::site_id).collect(),
        vend_code: trimmed(&f.vend_code).map(str::to_owned),
        text: kernel::validate::trimmed_owned(&f.text),
        preferred: f.preferred,
    };
    let mut tx = begin_over(state, current, &scopes).await?;
    let (rows, total) = repo::search(&mut tx, &filter, &page).await?;
    Ok(VendorSitePage::new(rows, total))
}

// ---- changes

/// Checks one text field; `None` when not given (for a partial change), `Some(None)` when given empty.
fn text_field(p: &mut Problems, field: &str, label: &str, v: &Option<String>, max: usize) -> Option<Option<String>> {
    let raw = v.as_ref()?;
    Some(p.optional_text(field, label, Some(raw), max))
}

/// The fields as a partial change: `None` for a field not given.
struct Patch {
    preferred: Option<bool>,
    texts: [Option<Option<String>>; 8],
    build_consigned_vendor: Option<bool>,
}

const TEXTS: [(&str, &str, usize); 8] = [
    ("contact_name", "Contact Name", 200),
    ("email", "Email", 200),
    ("vendor_comments", "Vendor Comments", 2000),
    ("po_comments", "PO Comments", 2000),
    ("vendor_cust_account", "Vendor Customer Account", 100),
    ("inside_sales_notes", "Inside Sales Notes", 2000),
    ("outside_sales_notes", "Outside Sales Notes", 2000),
    ("notes", "Notes", 2000),
];

fn patch_of(f: &VendorSiteFields, p: &mut Problems) -> Patch {
    let raw = [&f.contact_name, &f.email, &f.vendor_comments, &f.po_comments, &f.vendor_cust_account, &f.inside_sales_notes, &f.outside_sales_notes, &f.notes];
    let texts: [Option<Option<String>>; 8] = std::array::from_fn(|i| {
        let (field, label, max) = TEXTS[i];
        text_field(p, field, label, raw[i], max)
    });
    if let Some(Some(e)) = &texts[1] {
        if !kernel::validate::is_email(e) {
            p.add("email", "invalidEmail", "Please enter a valid value for Email");
        }
    }
    Patch { preferred: f.preferred, texts, build_consigned_vendor: f.build_consigned_vendor }
}

impl Patch {
    fn is_empty(&self) -> bool {
        self.preferred.is_none() && self.build_consigned_vendor.is_none() && self.texts.iter().all(Option::is_none)
    }

    /// The values after applying this change to `base`.
    fn apply(&self, base: &Values) -> Values {
        let t = |i: usize, old: &Option<String>| self.texts[i].clone().unwrap_or_else(|| old.clone());
        Values {
            preferred: self.preferred.unwrap_or(base.preferred),
            contact_name: t(0, &base.contact_name),
            email: t(1, &base.email),
            vendor_comments: t(2, &base.vendor_comments),
            po_comments: t(3, &base.po_comments),
            vendor_cust_account: t(4, &base.vendor_cust_account),
            inside_sales_notes: t(5, &base.inside_sales_notes),
            outside_sales_notes: t(6, &base.outside_sales_notes),
            notes: t(7, &base.notes),
            build_consigned_vendor: self.build_consigned_vendor.unwrap_or(base.build_consigned_vendor),
        }
    }
}

fn values_of(r: &VendorSite) -> Values {
    Values {
        preferred: r.preferred,
        contact_name: r.contact_name.clone(),
        email: r.email.clone(),
        vendor_comments: r.vendor_comments.clone(),
        po_comments: r.po_comments.clone(),
        vendor_cust_account: r.vendor_cust_account.clone(),
        inside_sales_notes: r.inside_sales_notes.clone(),
        outside_sales_notes: r.outside_sales_notes.clone(),
        notes: r.notes.clone(),
        build_consigned_vendor: r.build_consigned_vendor,
    }
}

async fn record(tx: &mut TenantTx, caller: &Caller, site_id: i64, id: i64, action: &str, changes: Value) -> ApiResult<()> {
    let client = tx.scope().client_id();
    audit::record(tx, Some(caller), AuditEntry { action, entity: ENTITY, entity_id: id.to_string(), client_id: Some(client), site_id: Some(site_id), changes })
        .await?;
    Ok(())
}

/// `{field: {from, to}}` without the bookkeeping fields.
fn changes(before: &VendorSite, after: &VendorSite) -> Value {
    let mut d = audit::diff(&audit::snapshot(before), &audit::snapshot(after));
    if let Some(map) = d.as_object_mut() {
        for k in ["updated_at", "updated_by_id"] {
            map.remove(k);
        }
    }
    d
}

/// A vendor site for a vendor the rule shows at the site (VND-036); the same vendor twice at a site is 409.
pub async fn insert(state: &AppState, caller: &Caller, current: &SiteScope, input: &VendorSiteInsert) -> ApiResult<VendorSiteSaved> {
    let s = match input.site_id {
        Some(id) => site_scope(state, caller, current, id, EDIT).await?,
        None => current.clone(),
    };
    let mut p = Problems::default();
    let code = p.required_text("vend_code", "Vendor Code", input.vend_code.as_deref().unwrap_or(""), 40);
    let values = patch_of(&input.fields, &mut p).apply(&Values::default());
    let mut tx = s.begin(&state.pool).await?;
    let vendor = if code.is_empty() { None } else { crate::vendors::service::referenced_vendor(&mut tx, Sight::site(s.site_id(), s.client_id()), "vend_code", &code, &mut p).await? };
    p.check()?;
    let Some((vend_id, vend_code)) = vendor else { return Err(ApiError::internal("vendor checked above")) };
    if repo::exists(&mut tx, s.site_id(), vend_id).await? {
        return Err(ApiError::conflict(&format!("Vendor {vend_code} already has a vendor site at this site.")));
    }
    let id = repo::insert(&mut tx, s.site_id(), vend_id, &values, caller.user_id).await?;
    let created = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("created vendor site not found"))?;
    record(&mut tx, caller, s.site_id(), id, "create", audit::snapshot(&created)).await?;
    tx.commit().await?;
    Ok(VendorSiteSaved { success: true, message: format!("Vendor site {} at {} created.", created.vend_code, created.site_code), vendor_site: created })
}

/// Replaces a vendor site's fields (VND-035).
pub async fn update(state: &AppState, caller: &Caller, current: &SiteScope, input: &VendorSiteUpdate) -> ApiResult<VendorSiteSaved> {
    let (s, before) = records::load_visible(state, caller, current, EDIT, NOT_FOUND, |tx| Box::pin(repo::find(tx, input.vendor_site_id))).await?;
    let mut p = Problems::default();
    // A replacement: what is not sent is cleared.
    let f = &input.fields;
    let full = VendorSiteFields {
        preferred: Some(f.preferred.unwrap_or(false)),
        build_consigned_vendor: Some(f.build_consigned_vendor.unwrap_or(false)),
        contact_name: Some(f.contact_name.clone().unwrap_or_default()),
        email: Some(f.email.clone().unwrap_or_default()),
        vendor_comments: Some(f.vendor_comments.clone().unwrap_or_default()),
        po_comments: Some(f.po_comments.clone().unwrap_or_default()),
        vendor_cust_account: Some(f.vendor_cust_account.clone().unwrap_or_default()),
        inside_sales_notes: Some(f.inside_sales_notes.clone().unwrap_or_default()),
        outside_sales_notes: Some(f.outside_sales_notes.clone().unwrap_or_default()),
        notes: Some(f.notes.clone().unwrap_or_default()),
    };
    let values = patch_of(&full, &mut p).apply(&values_of(&before));
    p.check()?;
    let mut tx = s.begin(&state.pool).await?;
    if repo::update(&mut tx, before.vendor_site_id, &values, caller.user_id).await? == 0 {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let after = repo::find(&mut tx, before.vendor_site_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    record(&mut tx, caller, s.site_id(), before.vendor_site_id, "update", changes(&before, &after)).await?;
    tx.commit().await?;
    Ok(VendorSiteSaved { success: true, message: format!("Vendor site {} at {} saved.", after.vend_code, after.site_code), vendor_site: after })
}

/// Applies the given fields to the vendor's vendor site at every site of the current client where the caller may
/// edit vendor sites (VND-037), in one transaction; answers the sites changed.
pub async fn update_all_sites(state: &AppState, caller: &Caller, current: &SiteScope, input: &VendorSiteUpdateAll) -> ApiResult<UpdateAllSitesAnswer> {
    let mut p = Problems::default();
    let code = p.required_text("vend_code", "Vendor Code", input.vend_code.as_deref().unwrap_or(""), 40);
    let patch = patch_of(&input.fields, &mut p);
    if patch.is_empty() {
        p.add("Error", "required", "Please give at least one field to change.");
    }
    p.check()?;
    let granted = granted_sites(state, caller, current, EDIT).await?;
    if granted.is_empty() {
        return Err(ApiError::forbidden(&format!("You do not have permission: {}", kernel::perm::describe(EDIT))));
    }
    let scopes: Vec<SiteScope> = granted.iter().map(|(_, s)| s.clone()).collect();
    let mut tx = begin_over(state, current, &scopes).await?;
    let sites: Vec<i64> = scopes.iter().map(SiteScope::site_id).collect();
    let rows = repo::of_code_at(&mut tx, &sites, &code).await?;
    if rows.is_empty() {
        return Err(ApiError::not_found(&format!("Vendor {code} has no vendor site at a site where you may edit vendor sites.")));
    }
    let mut changed = Vec::new();
    for before in rows {
        let values = patch.apply(&values_of(&before));
        repo::update(&mut tx, before.vendor_site_id, &values, caller.user_id).await?;
        let after = repo::find(&mut tx, before.vendor_site_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
        record(&mut tx, caller, before.site_id, before.vendor_site_id, "updateAllSites", changes(&before, &after)).await?;
        changed.push(SiteChanged { site_id: after.site_id, site_code: after.site_code, vendor_site_id: after.vendor_site_id });
    }
    tx.commit().await?;
    let names: Vec<&str> = changed.iter().map(|c| c.site_code.as_str()).collect();
    Ok(UpdateAllSitesAnswer { success: true, message: format!("Vendor {code} changed at {}.", names.join(", ")), changed_sites: changed })
}
