//! Rules of the list administration: a value needs a description, its valueID is unique within the list and scope
//! and never changes, lists the product depends on are not edited, values are deactivated rather than deleted
//! (records store their ids), and every change is audited.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::SortSpec;
use kernel::perm::Perm;
use kernel::reach;
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use tenancy::SiteScope;

use super::model::{TypeList, TypeValueInsert, TypeValuePage, TypeValueRecord, TypeValueSearch, TypeValueUpdate};
use super::repo::{self, NewValue, ValueChange};

pub const LIST_NOT_FOUND: &str = "The type list you are trying to find does not exist.";
pub const VALUE_NOT_FOUND: &str = "The type value you are trying to find does not exist.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
pub const SHARED_VALUE: &str =
    "Only a provider administrator adds or changes values every client shares; a value limited to one of your sites (siteId) you may add.";

const ADMIN: &[Perm] = &[Perm::TypeListAdmin];

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("sortOrder", "sort_order"),
        ("description", "description_order"),
        ("valueID", "value_id"),
        ("code", "code"),
        ("description2", "description2"),
        ("isActive", "is_active"),
        ("siteCode", "site_code"),
        ("erpTypeId", "erp_type_id"),
        ("updatedAt", "updated_at"),
    ],
    default_field: "sortOrder",
    default_descending: false,
};

pub async fn lists(state: &AppState) -> ApiResult<Vec<TypeList>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::lists(&mut conn).await?)
}

/// One page of a list's values the caller may see (active and inactive unless filtered): those without a site and
/// those of the current client's sites where the caller administers lists; another site's or client's never show.
pub async fn search(state: &AppState, caller: &Caller, current: &SiteScope, type_code: &str, request: &TypeValueSearch) -> ApiResult<TypeValuePage> {
    let page = request.page.resolve(&SORT)?;
    let sites = records::granted_site_ids(state, caller, current, ADMIN).await?;
    let mut conn = state.pool.acquire().await?;
    if repo::list(&mut conn, type_code).await?.is_none() {
        return Err(ApiError::not_found(LIST_NOT_FOUND));
    }
    let (rows, total) = repo::search(&mut conn, type_code, &sites, trimmed(&request.q), request.is_active, &page).await?;
    Ok(TypeValuePage::new(rows, total))
}

/// The texts every value has, checked; every problem is reported at once.
fn texts(p: &mut Problems, code: Option<&str>, description: Option<&str>, description2: Option<&str>) -> (Option<String>, String, Option<String>) {
    let code = p.optional_text("code", "Code", code, 40);
    let description = p.required_text("description", "Description", description.unwrap_or_default(), 200);
    let description2 = p.optional_text("description2", "Description 2", description2, 200);
    (code, description, description2)
}

/// Checks a new value (the scope's site and ERP type must exist; they are checked against the database later).
pub fn validate_insert(input: &TypeValueInsert) -> ApiResult<NewValue> {
    let mut p = Problems::default();
    if input.value_id.is_some_and(|v| v < 0) {
        p.add("valueID", "invalid", "The value id cannot be negative.");
    }
    if input.ecs_id.is_some_and(|v| v < 1) {
        p.add("ecsId", "invalid", "Please enter a valid value for ecs.");
    }
    let (code, description, description2) = texts(&mut p, input.code.as_deref(), input.description.as_deref(), input.description2.as_deref());
    p.check()?;
    Ok(NewValue {
        value_id: input.value_id,
        code,
        description,
        description2,
        sort_order: input.sort_order,
        site_id: input.site_id,
        erp_type_id: input.erp_type_id,
        ecs_id: input.ecs_id,
    })
}

/// Who may add or change a value of this scope. A value limited to a site belongs to that site's client: it is
/// edited where the caller administers lists at that site, of the current client (else 404, as for a missing
/// value). A value without a site (for every site, or for an ERP type or an ecs of any client) is every client's: only
/// a provider administrator edits it (403).
async fn may_edit(state: &AppState, caller: &Caller, current: &SiteScope, site_id: Option<i64>, not_found: &str) -> ApiResult<()> {
    match site_id {
        Some(site_id) => records::record_scope(state, caller, current, site_id, ADMIN, not_found).await.map(|_| ()),
        None if reach::is_provider_admin(caller) => Ok(()),
        None => Err(ApiError::forbidden(SHARED_VALUE)),
    }
}

/// The list, when it exists and may be edited.
async fn editable_list(conn: &mut sqlx::PgConnection, type_code: &str) -> ApiResult<String> {
    match repo::list(conn, type_code).await? {
        None => Err(ApiError::not_found(LIST_NOT_FOUND)),
        Some((code, false)) => Err(ApiError::conflict(&format!("The list '{code}' cannot be edited: the product depends on its values."))),
        Some((code, true)) => Ok(code),
    }
}

/// Adds a value to `type_code`, audited. A site limit must name a site of the current client where the caller
/// administers lists (else 404), a value without one needs a provider administrator (403); a taken valueID in the
/// same scope is a 409.
pub async fn insert(state: &AppState, caller: &Caller, current: &SiteScope, type_code: &str, input: &TypeValueInsert) -> ApiResult<TypeValueRecord> {
    // Whose value it would be comes first: a site the caller may not use is not found, whatever else the body holds.
    may_edit(state, caller, current, input.site_id, SITE_NOT_FOUND).await?;
    let value = validate_insert(input)?;
    let mut tx = state.pool.begin().await?;
    let type_code = editable_list(&mut tx, type_code).await?;
    if let Some(site_id) = value.site_id {
        if !repo::site_exists(&mut tx, site_id).await? {
            return Err(ApiError::not_found(SITE_NOT_FOUND));
        }
    }
    if let Some(erp) = value.erp_type_id {
        if !repo::erp_type_exists(&mut tx, erp).await? {
            return Err(ApiError::invalid("erpTypeId", "invalid", "Please select a valid ERP type."));
        }
    }
    let value_id = match value.value_id {
        Some(v) => {
            if repo::value_taken(&mut tx, &type_code, &value, v).await? {
                return Err(ApiError::conflict(&format!("The list '{type_code}' already has a value with id {v} for this scope.")));
            }
            v
        }
        None => i32::try_from(repo::next_value_id(&mut tx, &type_code).await?)
            .map_err(|_| ApiError::conflict(&format!("The list '{type_code}' has no free value id after its highest; send a valueID.")))?,
    };
    let id = repo::insert(&mut tx, &type_code, &value, value_id, caller.user_id).await?;
    let saved = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("inserted type value not found"))?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "type_value.create", entity: "type_value", entity_id: id.to_string(), client_id: None, site_id: saved.site_id, changes: audit::snapshot(&saved) },
    )
    .await?;
    tx.commit().await?;
    Ok(saved)
}

/// Changes a value of `type_code` (texts, order, active state), audited with what changed. Another site's or
/// client's value answers 404 (see `may_edit`).
pub async fn update(state: &AppState, caller: &Caller, current: &SiteScope, type_code: &str, input: &TypeValueUpdate) -> ApiResult<TypeValueRecord> {
    let mut tx = state.pool.begin().await?;
    let type_code = editable_list(&mut tx, type_code).await?;
    let before = repo::find(&mut tx, input.type_value_id).await?.filter(|v| v.type_code == type_code).ok_or_else(|| ApiError::not_found(VALUE_NOT_FOUND))?;
    may_edit(state, caller, current, before.site_id, VALUE_NOT_FOUND).await?;
    let mut p = Problems::default();
    let (code, description, description2) = texts(
        &mut p,
        input.code.as_deref().or(before.code.as_deref()),
        input.description.as_deref().or(Some(&before.description)),
        input.description2.as_deref().or(before.description2.as_deref()),
    );
    p.check()?;
    let change = ValueChange {
        code,
        description,
        description2,
        sort_order: input.sort_order.unwrap_or(before.sort_order),
        is_active: input.is_active.unwrap_or(before.is_active),
    };
    repo::update(&mut tx, before.type_value_id, &change, caller.user_id).await?;
    let after = repo::find(&mut tx, before.type_value_id).await?.ok_or_else(|| ApiError::not_found(VALUE_NOT_FOUND))?;
    let changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "type_value.update",
            entity: "type_value",
            entity_id: after.type_value_id.to_string(),
            client_id: None,
            site_id: after.site_id,
            changes: json!(changes),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_value_needs_a_description_and_a_sensible_id() {
        let Err(ApiError::BadRequest(body)) = validate_insert(&TypeValueInsert { value_id: Some(-1), description: Some("  ".into()), code: Some("x".repeat(41)), ..Default::default() }) else {
            panic!("expected a 400");
        };
        let fields: Vec<&str> = body.0.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, vec!["valueID", "code", "description"]);
        let ok = validate_insert(&TypeValueInsert { description: Some(" Net 120 ".into()), code: Some("".into()), ..Default::default() }).expect("valid");
        assert_eq!((ok.description.as_str(), ok.code), ("Net 120", None));
    }
}
