//! Rules of the child records of a shared vendor: reads with ViewVendors, changes with SharedVendorEdit; names
//! required, e-mail addresses and phone numbers checked, list values checked against their reference lists, one
//! brand, commodity, grade category and competitor brand name per shared vendor (409 otherwise); every change
//! audited with the record before and after.

use serde::Serialize;
use serde_json::{json, Value};
use sqlx::{PgConnection, Postgres, Transaction};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::{Page, SortSpec};
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};

use super::model::{
    AccountContactInput, BrandInput, ChildSearchRequest, CommodityInput, CompetitorBrandInput, ContactInput, GradeInput, SharedVendorAccountContact,
    SharedVendorAccountContactPage, SharedVendorBrand, SharedVendorBrandPage, SharedVendorCommodity, SharedVendorCommodityPage, SharedVendorCompetitorBrand,
    SharedVendorCompetitorBrandPage, SharedVendorContact, SharedVendorContactPage, SharedVendorGrade, SharedVendorGradePage, ACCOUNT_CONTACT_SORT, BRAND_SORT,
    COMMODITY_SORT, COMPETITOR_BRAND_SORT, CONTACT_SORT, GRADE_SORT,
};
use super::repo::{self, AccountContact, Contact, Grade};
use crate::shared_vendors::repo as parent;
use crate::shared_vendors::service::{required_id, NOT_FOUND as SHARED_VENDOR_NOT_FOUND};

pub const CONTACT_NOT_FOUND: &str = "The shared vendor contact you are trying to find does not exist.";
pub const BRAND_NOT_FOUND: &str = "The shared vendor brand you are trying to find does not exist.";
pub const COMMODITY_NOT_FOUND: &str = "The shared vendor commodity you are trying to find does not exist.";
pub const GRADE_NOT_FOUND: &str = "The shared vendor grade you are trying to find does not exist.";
pub const COMPETITOR_BRAND_NOT_FOUND: &str = "The shared vendor competitor brand you are trying to find does not exist.";
pub const ACCOUNT_CONTACT_NOT_FOUND: &str = "The account contact you are trying to find does not exist.";

// ---------------------------------------------------------------------------------------------------- shared

/// The shared vendor, the page and the text of a child search; 404 for an unknown shared vendor.
async fn prepare<'r>(conn: &mut PgConnection, request: &'r ChildSearchRequest, sort: &SortSpec) -> ApiResult<(i64, Page, Option<&'r str>)> {
    let sv = required_id(request.shared_vendor_id)?;
    let page = request.page.resolve(sort)?;
    if !parent::exists(conn, sv).await? {
        return Err(ApiError::not_found(SHARED_VENDOR_NOT_FOUND));
    }
    Ok((sv, page, trimmed(&request.search_text)))
}

/// Locks the parent shared vendor for a change of its records (404 when missing).
async fn lock_parent(conn: &mut PgConnection, sv: i64) -> ApiResult<()> {
    if parent::lock(conn, sv).await? {
        Ok(())
    } else {
        Err(ApiError::not_found(SHARED_VENDOR_NOT_FOUND))
    }
}

/// The one ending of every change of a child record: audits `{entity}.{verb}` of record `id` with `changes`, commits,
/// answers `row`.
async fn commit<T>(mut tx: Transaction<'static, Postgres>, caller: &Caller, entity: &str, verb: &str, id: i64, changes: Value, row: T) -> ApiResult<T> {
    let action = format!("{entity}.{verb}");
    audit::record(&mut tx, Some(caller), AuditEntry { action: &action, entity, entity_id: id.to_string(), client_id: None, site_id: None, changes }).await?;
    tx.commit().await?;
    Ok(row)
}

fn created<T: Serialize>(row: &T) -> Value {
    audit::snapshot(row)
}

fn changed<T: Serialize>(before: &T, after: &T) -> Value {
    let mut changes = audit::diff(&audit::snapshot(before), &audit::snapshot(after));
    if let Value::Object(map) = &mut changes {
        map.remove("updated_at");
    }
    changes
}

fn deleted<T: Serialize>(row: &T) -> Value {
    json!({ "before": audit::snapshot(row) })
}


async fn check_type(conn: &mut PgConnection, list: &str, field: &str, label: &str, value: i32) -> ApiResult<()> {
    if parent::type_value_exists(conn, list, value).await? {
        Ok(())
    } else {
        Err(ApiError::invalid(field, "unknown", &format!("There is no active {label} with this id.")))
    }
}

// ---------------------------------------------------------------------------------------------------- contacts

pub fn contact_values(input: &ContactInput) -> ApiResult<Contact> {
    let mut p = Problems::default();
    if input.contact_type_id.is_none() {
        p.add("contact_type_id", "required", "Please enter a valid value for Contact Type");
    }
    let contact_name = p.required_text("contact_name", "Contact Name", input.contact_name.as_deref().unwrap_or(""), 100);
    let phone = p.optional_phone("phone", "Phone", trimmed(&input.phone));
    let phone_ext = p.optional_text("phone_ext", "Ext", trimmed(&input.phone_ext), 6);
    if phone_ext.as_deref().is_some_and(|x| !x.bytes().all(|b| b.is_ascii_digit())) {
        p.add("phone_ext", "invalid", "An extension is up to 6 digits.");
    }
    let email = p.optional_email("email", "Email", trimmed(&input.email));
    let notes = p.optional_text("notes", "Notes", trimmed(&input.notes), 2000);
    p.check()?;
    Ok(Contact { contact_type_id: input.contact_type_id.unwrap_or_default(), contact_name, phone, phone_ext, email, notes })
}

pub async fn search_contacts(state: &AppState, request: &ChildSearchRequest) -> ApiResult<SharedVendorContactPage> {
    let mut conn = state.pool.acquire().await?;
    let (sv, page, text) = prepare(&mut conn, request, &CONTACT_SORT).await?;
    let (rows, total) = repo::search_contacts(&mut conn, sv, text, &page).await?;
    Ok(SharedVendorContactPage::new(rows, total))
}

pub async fn insert_contact(state: &AppState, caller: &Caller, input: &ContactInput) -> ApiResult<SharedVendorContact> {
    let sv = required_id(input.shared_vendor_id)?;
    let v = contact_values(input)?;
    let mut tx = state.pool.begin().await?;
    lock_parent(&mut tx, sv).await?;
    check_type(&mut tx, "SharedVendorContactType", "contact_type_id", "contact type", v.contact_type_id).await?;
    let id = repo::insert_contact(&mut tx, sv, &v, caller.user_id).await?;
    let row = repo::find_contact(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(CONTACT_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_contact", "create", id, created(&row), row).await
}

pub async fn update_contact(state: &AppState, caller: &Caller, input: &ContactInput) -> ApiResult<SharedVendorContact> {
    let id = input
        .shared_vendor_contact_id
        .ok_or_else(|| ApiError::invalid("shared_vendor_contact_id", "required", "Please enter a valid value for Shared Vendor Contact Id"))?;
    let v = contact_values(input)?;
    let mut tx = state.pool.begin().await?;
    let before = repo::find_contact(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(CONTACT_NOT_FOUND))?;
    lock_parent(&mut tx, before.shared_vendor_id).await?;
    if v.contact_type_id != before.contact_type_id {
        check_type(&mut tx, "SharedVendorContactType", "contact_type_id", "contact type", v.contact_type_id).await?;
    }
    repo::update_contact(&mut tx, id, &v, caller.user_id).await?;
    let after = repo::find_contact(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(CONTACT_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_contact", "update", id, changed(&before, &after), after).await
}

pub async fn delete_contact(state: &AppState, caller: &Caller, id: i64) -> ApiResult<SharedVendorContact> {
    let mut tx = state.pool.begin().await?;
    let row = repo::find_contact(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(CONTACT_NOT_FOUND))?;
    lock_parent(&mut tx, row.shared_vendor_id).await?;
    repo::delete_contact(&mut tx, id).await?;
    commit(tx, caller, "shared_vendor_contact", "delete", id, deleted(&row), row).await
}

// ---------------------------------------------------------------------------------------------------- brands

pub async fn search_brands(state: &AppState, request: &ChildSearchRequest) -> ApiResult<SharedVendorBrandPage> {
    let mut conn = state.pool.acquire().await?;
    let (sv, page, text) = prepare(&mut conn, request, &BRAND_SORT).await?;
    let (rows, total) = repo::search_brands(&mut conn, sv, text, &page).await?;
    Ok(SharedVendorBrandPage::new(rows, total))
}

pub async fn insert_brand(state: &AppState, caller: &Caller, input: &BrandInput) -> ApiResult<SharedVendorBrand> {
    let sv = required_id(input.shared_vendor_id)?;
    let brand_id = input.brand_id.ok_or_else(|| ApiError::invalid("brand_id", "required", "Please enter a valid value for Brand"))?;
    let mut tx = state.pool.begin().await?;
    lock_parent(&mut tx, sv).await?;
    if !repo::brand_active(&mut tx, brand_id).await? {
        return Err(ApiError::invalid("brand_id", "unknown", "There is no active brand with this id."));
    }
    if repo::brand_taken(&mut tx, sv, brand_id).await? {
        return Err(ApiError::conflict("This brand is already listed for this shared vendor."));
    }
    let id = repo::insert_brand(&mut tx, sv, brand_id, caller.user_id).await?;
    let row = repo::find_brand(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(BRAND_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_brand", "create", id, created(&row), row).await
}

pub async fn delete_brand(state: &AppState, caller: &Caller, id: i64) -> ApiResult<SharedVendorBrand> {
    let mut tx = state.pool.begin().await?;
    let row = repo::find_brand(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(BRAND_NOT_FOUND))?;
    lock_parent(&mut tx, row.shared_vendor_id).await?;
    repo::delete_brand(&mut tx, id).await?;
    commit(tx, caller, "shared_vendor_brand", "delete", id, deleted(&row), row).await
}

// ---------------------------------------------------------------------------------------------------- commodities

pub async fn search_commodities(state: &AppState, request: &ChildSearchRequest) -> ApiResult<SharedVendorCommodityPage> {
    let mut conn = state.pool.acquire().await?;
    let (sv, page, text) = prepare(&mut conn, request, &COMMODITY_SORT).await?;
    let (rows, total) = repo::search_commodities(&mut conn, sv, text, &page).await?;
    Ok(SharedVendorCommodityPage::new(rows, total))
}

pub async fn insert_commodity(state: &AppState, caller: &Caller, input: &CommodityInput) -> ApiResult<SharedVendorCommodity> {
    let sv = required_id(input.shared_vendor_id)?;
    let mut p = Problems::default();
    let code = p.required_text("commodity_code", "Commodity Code", input.commodity_code.as_deref().unwrap_or(""), 8);
    if !code.is_empty() && (code.len() != 8 || !code.bytes().all(|b| b.is_ascii_digit())) {
        p.add("commodity_code", "invalid", "A commodity code is 8 digits (UNSPSC).");
    }
    p.check()?;
    let mut tx = state.pool.begin().await?;
    lock_parent(&mut tx, sv).await?;
    if !repo::commodity_active(&mut tx, &code).await? {
        return Err(ApiError::invalid("commodity_code", "unknown", "There is no active commodity code like this."));
    }
    if repo::commodity_taken(&mut tx, sv, &code).await? {
        return Err(ApiError::conflict("This commodity is already listed for this shared vendor."));
    }
    let id = repo::insert_commodity(&mut tx, sv, &code, caller.user_id).await?;
    let row = repo::find_commodity(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(COMMODITY_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_commodity", "create", id, created(&row), row).await
}

pub async fn delete_commodity(state: &AppState, caller: &Caller, id: i64) -> ApiResult<SharedVendorCommodity> {
    let mut tx = state.pool.begin().await?;
    let row = repo::find_commodity(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(COMMODITY_NOT_FOUND))?;
    lock_parent(&mut tx, row.shared_vendor_id).await?;
    repo::delete_commodity(&mut tx, id).await?;
    commit(tx, caller, "shared_vendor_commodity", "delete", id, deleted(&row), row).await
}

// ---------------------------------------------------------------------------------------------------- grades

pub fn grade_values(input: &GradeInput) -> ApiResult<Grade> {
    let mut p = Problems::default();
    if input.grade_category_id.is_none() {
        p.add("grade_category_id", "required", "Please enter a valid value for Grade Category");
    }
    if input.grade_id.is_none() {
        p.add("grade_id", "required", "Please enter a valid value for Grade");
    }
    let comments = p.optional_text("comments", "Comments", trimmed(&input.comments), 2000);
    p.check()?;
    Ok(Grade { grade_category_id: input.grade_category_id.unwrap_or_default(), grade_id: input.grade_id.unwrap_or_default(), graded_on: input.graded_on, comments })
}

async fn check_grade(conn: &mut PgConnection, v: &Grade) -> ApiResult<()> {
    check_type(conn, "SharedVendorGradeCategory", "grade_category_id", "grade category", v.grade_category_id).await?;
    check_type(conn, "SharedVendorGrade", "grade_id", "grade", v.grade_id).await
}

pub async fn search_grades(state: &AppState, request: &ChildSearchRequest) -> ApiResult<SharedVendorGradePage> {
    let mut conn = state.pool.acquire().await?;
    let (sv, page, text) = prepare(&mut conn, request, &GRADE_SORT).await?;
    let (rows, total) = repo::search_grades(&mut conn, sv, text, &page).await?;
    Ok(SharedVendorGradePage::new(rows, total))
}

pub async fn insert_grade(state: &AppState, caller: &Caller, input: &GradeInput) -> ApiResult<SharedVendorGrade> {
    let sv = required_id(input.shared_vendor_id)?;
    let v = grade_values(input)?;
    let mut tx = state.pool.begin().await?;
    lock_parent(&mut tx, sv).await?;
    check_grade(&mut tx, &v).await?;
    if repo::grade_owner(&mut tx, sv, v.grade_category_id, 0).await?.is_some() {
        return Err(ApiError::conflict("This shared vendor already has a grade in this category."));
    }
    let id = repo::insert_grade(&mut tx, sv, &v, caller.user_id).await?;
    let row = repo::find_grade(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(GRADE_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_grade", "create", id, created(&row), row).await
}

pub async fn update_grade(state: &AppState, caller: &Caller, input: &GradeInput) -> ApiResult<SharedVendorGrade> {
    let id = input
        .shared_vendor_grade_id
        .ok_or_else(|| ApiError::invalid("shared_vendor_grade_id", "required", "Please enter a valid value for Shared Vendor Grade Id"))?;
    let v = grade_values(input)?;
    let mut tx = state.pool.begin().await?;
    let before = repo::find_grade(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(GRADE_NOT_FOUND))?;
    lock_parent(&mut tx, before.shared_vendor_id).await?;
    check_grade(&mut tx, &v).await?;
    if repo::grade_owner(&mut tx, before.shared_vendor_id, v.grade_category_id, id).await?.is_some() {
        return Err(ApiError::conflict("This shared vendor already has a grade in this category."));
    }
    repo::update_grade(&mut tx, id, &v, caller.user_id).await?;
    let after = repo::find_grade(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(GRADE_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_grade", "update", id, changed(&before, &after), after).await
}

pub async fn delete_grade(state: &AppState, caller: &Caller, id: i64) -> ApiResult<SharedVendorGrade> {
    let mut tx = state.pool.begin().await?;
    let row = repo::find_grade(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(GRADE_NOT_FOUND))?;
    lock_parent(&mut tx, row.shared_vendor_id).await?;
    repo::delete_grade(&mut tx, id).await?;
    commit(tx, caller, "shared_vendor_grade", "delete", id, deleted(&row), row).await
}

// ---------------------------------------------------------------------------------------------------- competitor brands

pub async fn search_competitor_brands(state: &AppState, request: &ChildSearchRequest) -> ApiResult<SharedVendorCompetitorBrandPage> {
    let mut conn = state.pool.acquire().await?;
    let (sv, page, text) = prepare(&mut conn, request, &COMPETITOR_BRAND_SORT).await?;
    let (rows, total) = repo::search_competitor_brands(&mut conn, sv, text, &page).await?;
    Ok(SharedVendorCompetitorBrandPage::new(rows, total))
}

pub async fn insert_competitor_brand(state: &AppState, caller: &Caller, input: &CompetitorBrandInput) -> ApiResult<SharedVendorCompetitorBrand> {
    let sv = required_id(input.shared_vendor_id)?;
    let mut p = Problems::default();
    let name = p.required_text("brand_name", "Brand Name", input.brand_name.as_deref().unwrap_or(""), 100);
    let notes = p.optional_text("notes", "Notes", trimmed(&input.notes), 2000);
    p.check()?;
    let mut tx = state.pool.begin().await?;
    lock_parent(&mut tx, sv).await?;
    if repo::competitor_brand_taken(&mut tx, sv, &name).await? {
        return Err(ApiError::conflict(&format!("{name} is already a competitor brand of this shared vendor.")));
    }
    let id = repo::insert_competitor_brand(&mut tx, sv, &name, notes.as_deref(), caller.user_id).await?;
    let row = repo::find_competitor_brand(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(COMPETITOR_BRAND_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_competitor_brand", "create", id, created(&row), row).await
}

pub async fn delete_competitor_brand(state: &AppState, caller: &Caller, id: i64) -> ApiResult<SharedVendorCompetitorBrand> {
    let mut tx = state.pool.begin().await?;
    let row = repo::find_competitor_brand(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(COMPETITOR_BRAND_NOT_FOUND))?;
    lock_parent(&mut tx, row.shared_vendor_id).await?;
    repo::delete_competitor_brand(&mut tx, id).await?;
    commit(tx, caller, "shared_vendor_competitor_brand", "delete", id, deleted(&row), row).await
}

// ---------------------------------------------------------------------------------------------------- account contacts

pub fn account_contact_values(input: &AccountContactInput) -> ApiResult<AccountContact> {
    let mut p = Problems::default();
    let contact_name = p.required_text("contact_name", "Contact Name", input.contact_name.as_deref().unwrap_or(""), 100);
    let role_title = p.optional_text("role_title", "Role", trimmed(&input.role_title), 100);
    let phone = p.optional_phone("phone", "Phone", trimmed(&input.phone));
    let email = p.optional_email("email", "Email", trimmed(&input.email));
    let notes = p.optional_text("notes", "Notes", trimmed(&input.notes), 2000);
    p.check()?;
    Ok(AccountContact { contact_name, role_title, phone, email, notes })
}

pub async fn search_account_contacts(state: &AppState, request: &ChildSearchRequest) -> ApiResult<SharedVendorAccountContactPage> {
    let mut conn = state.pool.acquire().await?;
    let (sv, page, text) = prepare(&mut conn, request, &ACCOUNT_CONTACT_SORT).await?;
    let (rows, total) = repo::search_account_contacts(&mut conn, sv, text, &page).await?;
    Ok(SharedVendorAccountContactPage::new(rows, total))
}

pub async fn insert_account_contact(state: &AppState, caller: &Caller, input: &AccountContactInput) -> ApiResult<SharedVendorAccountContact> {
    let sv = required_id(input.shared_vendor_id)?;
    let v = account_contact_values(input)?;
    let mut tx = state.pool.begin().await?;
    lock_parent(&mut tx, sv).await?;
    let id = repo::insert_account_contact(&mut tx, sv, &v, caller.user_id).await?;
    let row = repo::find_account_contact(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(ACCOUNT_CONTACT_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_account_contact", "create", id, created(&row), row).await
}

pub async fn update_account_contact(state: &AppState, caller: &Caller, input: &AccountContactInput) -> ApiResult<SharedVendorAccountContact> {
    let id = input
        .shared_vendor_account_contact_id
        .ok_or_else(|| ApiError::invalid("shared_vendor_account_contact_id", "required", "Please enter a valid value for Account Contact Id"))?;
    let v = account_contact_values(input)?;
    let mut tx = state.pool.begin().await?;
    let before = repo::find_account_contact(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(ACCOUNT_CONTACT_NOT_FOUND))?;
    lock_parent(&mut tx, before.shared_vendor_id).await?;
    repo::update_account_contact(&mut tx, id, &v, caller.user_id).await?;
    let after = repo::find_account_contact(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(ACCOUNT_CONTACT_NOT_FOUND))?;
    commit(tx, caller, "shared_vendor_account_contact", "update", id, changed(&before, &after), after).await
}

pub async fn delete_account_contact(state: &AppState, caller: &Caller, id: i64) -> ApiResult<SharedVendorAccountContact> {
    let mut tx = state.pool.begin().await?;
    let row = repo::find_account_contact(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(ACCOUNT_CONTACT_NOT_FOUND))?;
    lock_parent(&mut tx, row.shared_vendor_id).await?;
    repo::delete_account_contact(&mut tx, id).await?;
    commit(tx, caller, "shared_vendor_account_contact", "delete", id, deleted(&row), row).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_contact_is_refused_with_every_problem_at_once() {
        let input = ContactInput { contact_name: Some("  ".into()), phone: Some("call me".into()), phone_ext: Some("x12".into()), email: Some("pat@".into()), ..Default::default() };
        let Err(ApiError::BadRequest(body)) = contact_values(&input) else { panic!("expected a 400") };
        let fields: Vec<&str> = body.0.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["contact_type_id", "contact_name", "phone", "phone_ext", "email"]);
        let ok = contact_values(&ContactInput { contact_type_id: Some(1), contact_name: Some(" Pat Jones ".into()), email: Some("pat@grainger.com".into()), ..Default::default() });
        assert!(ok.is_ok_and(|c| c.contact_name == "Pat Jones" && c.phone.is_none()));
    }
}
