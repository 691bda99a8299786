//! Custom fields' operations: definitions (slot, label, type, required, visible, max length), possible values of list
//! fields, and the values of CIDs and CIPs, checked by the rules engine (`rules`); the import is `import`
//! (docs/cid.md).

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::{limited, PageRequest, ROW_CAP_MESSAGE};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::model::*;
use super::repo::{self, DefinitionFields};
use super::rules::{changed, refuse_misfits, Rules, DEFAULT_MAX_LENGTH, SLOTS};

pub const READ: &[Perm] = &[Perm::BasicAccess];
/// Definitions and possible values.
pub const ADMIN: &[Perm] = &[Perm::CustomFieldAdmin];
/// Values of CIDs and CIPs.
pub const EDIT: &[Perm] = &[Perm::ItemEdit];

pub const DEFINITION_NOT_FOUND: &str = "The custom field you are trying to find does not exist.";
pub const POSSIBLE_NOT_FOUND: &str = "The custom field value you are trying to find does not exist.";
pub const CID_NOT_FOUND: &str = "The CID you are trying to find does not exist.";
pub const CIP_NOT_FOUND: &str = "The item you are trying to find does not exist.";

/// Audit entity names (docs/cid.md): CID and CIP values are recorded on the record itself.
pub const ENTITY_CID: &str = "cid";
pub const ENTITY_CIP: &str = "cip";
pub const ENTITY_DEFINITION: &str = "custom_field_definition";
pub const ENTITY_POSSIBLE: &str = "custom_field_value_possible";

pub fn entry<'a>(scope: &SiteScope, action: &'a str, entity: &'a str, id: i64, changes: serde_json::Value) -> AuditEntry<'a> {
    AuditEntry { action, entity, entity_id: id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes }
}

/// The values a CID gets when it is created (used by CID creation and, later, the item-add requisition): every
/// required CID field of the site must be given. Checked in the creating transaction.
pub async fn values_for_new_cid(tx: &mut TenantTx, site_id: i64, changes: &[(i32, Option<String>)]) -> ApiResult<Vec<Option<String>>> {
    let rules = Rules::load(tx, site_id, EntityType::CID).await?;
    rules.apply(&[], changes, true).map_err(ApiError::validation)
}

// ---------------------------------------------------------------------------------------------------------------
// Definitions

/// The definitions of `entity` at the current site.
pub async fn definitions(state: &AppState, scope: &SiteScope, entity: EntityType) -> ApiResult<CustomFieldDefinitions> {
    let mut tx = scope.begin(&state.pool).await?;
    let definitions = repo::definitions(&mut tx, scope.site_id(), entity).await?;
    Ok(CustomFieldDefinitions { entity_type: entity, site_id: scope.site_id(), definitions })
}

fn check_label(p: &mut Problems, label: &str) -> String {
    p.required_text("label", "Label", label, 50)
}

/// A new definition at the current site, in the slot asked for or the first free one.
pub async fn new_definition(state: &AppState, caller: &Caller, scope: &SiteScope, input: &CustomFieldDefinitionNew) -> ApiResult<CustomFieldDefinition> {
    let mut p = Problems::default();
    let label = check_label(&mut p, &input.label);
    p.check()?;
    let mut tx = scope.begin(&state.pool).await?;
    let existing = repo::definitions(&mut tx, scope.site_id(), input.entity_type).await?;
    let field_no = match input.field_no {
        Some(n) if existing.iter().any(|d| d.field_no == n) => {
            return Err(ApiError::conflict(&format!("Custom field {n} of {} is already defined at this site.", input.entity_type.records())));
        }
        Some(n) => n,
        None => (1..=SLOTS).find(|n| !existing.iter().any(|d| d.field_no == *n)).ok_or_else(|| {
            ApiError::conflict(&format!("All 20 custom fields of {} are defined at this site.", input.entity_type.records()))
        })?,
    };
    if repo::label_taken(&mut tx, scope.site_id(), input.entity_type, &label, None).await? {
        return Err(ApiError::conflict(&format!("A custom field of {} named '{label}' already exists at this site.", input.entity_type.records())));
    }
    // Values already in the slot (written before the field was defined) must fit the new definition.
    let stored = repo::stored_values(&mut tx, scope.site_id(), input.entity_type, field_no, 1000).await?;
    let fields = DefinitionFields {
        label: &label,
        field_type: input.field_type.as_str(),
        is_required: input.is_required.unwrap_or(false),
        is_visible: input.is_visible.unwrap_or(true),
        max_length: input.max_length,
    };
    refuse_misfits(input.field_type, input.max_length, &stored, &[], &label)?;
    let created = repo::insert_definition(&mut tx, scope.site_id(), input.entity_type, field_no, &fields).await?;
    audit::record(&mut tx, Some(caller), entry(scope, "custom_field_definition.create", ENTITY_DEFINITION, created.custom_field_definition_id, audit::snapshot(&created))).await?;
    tx.commit().await?;
    Ok(created)
}

/// Changes a definition the caller may administer at its site.
pub async fn update_definition(state: &AppState, caller: &Caller, current: &SiteScope, input: &CustomFieldDefinitionUpdate) -> ApiResult<CustomFieldDefinition> {
    let mut p = Problems::default();
    let label = check_label(&mut p, &input.label);
    p.check()?;
    let id = input.custom_field_definition_id;
    let (scope, before) = records::load_visible(state, caller, current, ADMIN, DEFINITION_NOT_FOUND, |tx| Box::pin(repo::find_definition(tx, id))).await?;
    let entity = if before.entity_type == "CIP" { EntityType::CIP } else { EntityType::CID };
    let mut tx = scope.begin(&state.pool).await?;
    if repo::label_taken(&mut tx, scope.site_id(), entity, &label, Some(id)).await? {
        return Err(ApiError::conflict(&format!("A custom field of {} named '{label}' already exists at this site.", entity.records())));
    }
    if before.field_type != input.field_type.as_str() || input.max_length.is_some_and(|m| before.max_length.is_none_or(|b| m < b)) {
        let stored = repo::stored_values(&mut tx, scope.site_id(), entity, before.field_no, 1000).await?;
        let listed = repo::possible_values_of(&mut tx, id).await?;
        refuse_misfits(input.field_type, input.max_length, &stored, &listed, &label)?;
    }
    let fields = DefinitionFields {
        label: &label,
        field_type: input.field_type.as_str(),
        is_required: input.is_required.unwrap_or(before.is_required),
        is_visible: input.is_visible.unwrap_or(before.is_visible),
        max_length: input.max_length,
    };
    let after = repo::update_definition(&mut tx, id, &fields).await?.ok_or_else(|| ApiError::not_found(DEFINITION_NOT_FOUND))?;
    audit::record(&mut tx, Some(caller), entry(&scope, "custom_field_definition.update", ENTITY_DEFINITION, id, audit::diff(&audit::snapshot(&before), &audit::snapshot(&after)))).await?;
    tx.commit().await?;
    Ok(after)
}

// ---------------------------------------------------------------------------------------------------------------
// Possible values

/// A page of a field's possible values.
pub async fn possible_values(state: &AppState, caller: &Caller, current: &SiteScope, definition_id: i64, show_hidden: bool, page: &PageRequest) -> ApiResult<CustomFieldValuePossiblePage> {
    let page = page.resolve(&POSSIBLE_SORT)?;
    let (scope, _) = records::load_visible(state, caller, current, READ, DEFINITION_NOT_FOUND, |tx| Box::pin(repo::find_definition(tx, definition_id))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let (list, total) = repo::search_possible(&mut tx, definition_id, show_hidden, &page).await?;
    let limited = limited(total);
    Ok(CustomFieldValuePossiblePage { list, total_count: total, limited, limit_message: limited.then(|| ROW_CAP_MESSAGE.to_owned()) })
}

fn check_possible(def: &CustomFieldDefinition, value: &str, description: Option<&str>) -> Result<(String, Option<String>), ApiError> {
    let mut p = Problems::default();
    let max = def.max_length.and_then(|m| usize::try_from(m).ok()).unwrap_or(DEFAULT_MAX_LENGTH);
    let value = p.required_text("custom_field_value", "Value", value, max);
    let description = p.optional_text("description", "Description", description, 200);
    p.check()?;
    if def.field_type != FieldType::List.as_str() {
        return Err(ApiError::invalid(
            "custom_field_definition_id",
            "notAList",
            &format!("{} is a {} field; only list fields have possible values.", def.label, def.field_type),
        ));
    }
    Ok((value, description))
}

/// A new possible value of a list field the caller may administer.
pub async fn add_possible(state: &AppState, caller: &Caller, current: &SiteScope, input: &CustomFieldValuePossibleNew) -> ApiResult<CustomFieldValuePossible> {
    let def_id = input.custom_field_definition_id;
    let (scope, def) = records::load_visible(state, caller, current, ADMIN, DEFINITION_NOT_FOUND, |tx| Box::pin(repo::find_definition(tx, def_id))).await?;
    let (value, description) = check_possible(&def, &input.custom_field_value, input.description.as_deref())?;
    let mut tx = scope.begin(&state.pool).await?;
    if repo::possible_value_taken(&mut tx, def_id, &value, None).await? {
        return Err(ApiError::conflict(&format!("'{value}' is already a value of {}.", def.label)));
    }
    let created = repo::insert_possible(&mut tx, scope.site_id(), def_id, &value, description.as_deref(), input.is_visible.unwrap_or(true)).await?;
    audit::record(&mut tx, Some(caller), entry(&scope, "custom_field_value_possible.create", ENTITY_POSSIBLE, created.custom_field_value_possible_id, audit::snapshot(&created))).await?;
    tx.commit().await?;
    Ok(created)
}

/// Applies one change of a possible value inside `tx` (the value's own site): a rename follows into every record
/// of the site that holds the old text.
async fn change_possible(tx: &mut TenantTx, caller: &Caller, scope: &SiteScope, before: &CustomFieldValuePossible, input: &CustomFieldValuePossibleUpdate) -> ApiResult<CustomFieldValuePossible> {
    let def = repo::find_definition(tx, before.custom_field_definition_id).await?.ok_or_else(|| ApiError::not_found(DEFINITION_NOT_FOUND))?;
    let (value, description) = check_possible(&def, &input.custom_field_value, input.description.as_deref())?;
    if repo::possible_value_taken(tx, def.custom_field_definition_id, &value, Some(before.custom_field_value_possible_id)).await? {
        return Err(ApiError::conflict(&format!("'{value}' is already a value of {}.", def.label)));
    }
    let after = repo::update_possible(tx, before.custom_field_value_possible_id, &value, description.as_deref(), input.is_visible.unwrap_or(before.is_visible))
        .await?
        .ok_or_else(|| ApiError::not_found(POSSIBLE_NOT_FOUND))?;
    let mut changes = audit::diff(&audit::snapshot(before), &audit::snapshot(&after));
    if before.custom_field_value != value {
        let entity = if def.entity_type == "CIP" { EntityType::CIP } else { EntityType::CID };
        let renamed = repo::rename_stored(tx, def.site_id, entity, def.field_no, &before.custom_field_value, &value).await?;
        if let Some(obj) = changes.as_object_mut() {
            obj.insert("records_renamed".into(), json!(renamed));
        }
    }
    audit::record(tx, Some(caller), entry(scope, "custom_field_value_possible.update", ENTITY_POSSIBLE, after.custom_field_value_possible_id, changes)).await?;
    Ok(after)
}

/// Changes one possible value the caller may administer.
pub async fn update_possible(state: &AppState, caller: &Caller, current: &SiteScope, input: &CustomFieldValuePossibleUpdate) -> ApiResult<CustomFieldValuePossible> {
    let id = input.custom_field_value_possible_id;
    let (scope, before) = records::load_visible(state, caller, current, ADMIN, POSSIBLE_NOT_FOUND, |tx| Box::pin(repo::find_possible(tx, id))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let after = change_possible(&mut tx, caller, &scope, &before, input).await?;
    tx.commit().await?;
    Ok(after)
}

/// The possible values with these ids, all of the current site (404 names none of another).
async fn possible_at_site(tx: &mut TenantTx, ids: &[i64]) -> ApiResult<Vec<CustomFieldValuePossible>> {
    let wanted = kernel::listing::dedup_ids(ids);
    let found = repo::find_possible_many(tx, &wanted).await?;
    if found.len() != wanted.len() {
        return Err(ApiError::not_found(POSSIBLE_NOT_FOUND));
    }
    Ok(found)
}

/// Changes several possible values of the current site at once: all or none.
pub async fn update_possible_bulk(state: &AppState, caller: &Caller, scope: &SiteScope, input: &CustomFieldValuePossibleBulkUpdate) -> ApiResult<Vec<CustomFieldValuePossible>> {
    let ids: Vec<i64> = input.values.iter().map(|v| v.custom_field_value_possible_id).collect();
    if kernel::listing::dedup_ids(&ids).len() != ids.len() {
        return Err(ApiError::invalid("values", "duplicate", "A value is listed twice."));
    }
    let mut tx = scope.begin(&state.pool).await?;
    let before = possible_at_site(&mut tx, &ids).await?;
    let mut out = Vec::with_capacity(input.values.len());
    for change in &input.values {
        let Some(b) = before.iter().find(|b| b.custom_field_value_possible_id == change.custom_field_value_possible_id) else {
            return Err(ApiError::not_found(POSSIBLE_NOT_FOUND));
        };
        out.push(change_possible(&mut tx, caller, scope, b, change).await?);
    }
    tx.commit().await?;
    Ok(out)
}

/// Shows or hides possible values of the current site.
pub async fn set_visibility(state: &AppState, caller: &Caller, scope: &SiteScope, is_visible: bool, input: &CustomFieldValuePossibleIds) -> ApiResult<Vec<CustomFieldValuePossible>> {
    let mut tx = scope.begin(&state.pool).await?;
    let before = possible_at_site(&mut tx, &input.custom_field_value_possible_ids).await?;
    let ids: Vec<i64> = before.iter().map(|b| b.custom_field_value_possible_id).collect();
    repo::set_possible_visibility(&mut tx, &ids, is_visible).await?;
    for b in before.iter().filter(|b| b.is_visible != is_visible) {
        audit::record(&mut tx, Some(caller), entry(scope, "custom_field_value_possible.visibility", ENTITY_POSSIBLE, b.custom_field_value_possible_id, json!({"is_visible": {"from": b.is_visible, "to": is_visible}}))).await?;
    }
    let after = repo::find_possible_many(&mut tx, &ids).await?;
    tx.commit().await?;
    Ok(after)
}

// ---------------------------------------------------------------------------------------------------------------
// Values of CIDs and CIPs

/// The custom fields of a CID the caller may see.
pub async fn cid_values(state: &AppState, caller: &Caller, current: &SiteScope, cid_no: i64) -> ApiResult<CidCustomValues> {
    let (scope, row) = records::load_visible(state, caller, current, READ, CID_NOT_FOUND, |tx| Box::pin(repo::cid_values(tx, cid_no))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let rules = Rules::load(&mut tx, scope.site_id(), EntityType::CID).await?;
    Ok(CidCustomValues { cid_no, site_id: row.site_id, fields: rules.fields(&row.values) })
}

fn changes_of(values: &[CustomValueInput]) -> Vec<(i32, Option<String>)> {
    values.iter().map(|v| (v.field_no, v.value.clone())).collect()
}

/// Sets custom values of a CID the caller may edit.
pub async fn set_cid_values(state: &AppState, caller: &Caller, current: &SiteScope, input: &CidCustomValuesInput) -> ApiResult<CidCustomValues> {
    let cid_no = input.cid_no;
    let (scope, row) = records::load_visible(state, caller, current, EDIT, CID_NOT_FOUND, |tx| Box::pin(repo::cid_values(tx, cid_no))).await?;
    if let Some(primary) = row.merged_into_cid_no {
        return Err(ApiError::conflict(&format!("CID {cid_no} was merged into CID {primary}; change the primary CID instead.")));
    }
    let mut tx = scope.begin(&state.pool).await?;
    let rules = Rules::load(&mut tx, scope.site_id(), EntityType::CID).await?;
    let after = rules.apply(&row.values, &changes_of(&input.values), false).map_err(ApiError::validation)?;
    let diff = changed(&row.values, &after);
    if diff.as_object().is_some_and(|o| !o.is_empty()) {
        repo::set_cid_values(&mut tx, cid_no, &after).await?;
        audit::record(&mut tx, Some(caller), entry(&scope, "cid.custom_values", ENTITY_CID, cid_no, diff)).await?;
        tx.commit().await?;
    }
    Ok(CidCustomValues { cid_no, site_id: row.site_id, fields: rules.fields(&after) })
}

/// The custom fields of a CIP the caller may see.
pub async fn cip_values(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<CipCustomValues> {
    let (scope, row) = records::load_visible(state, caller, current, READ, CIP_NOT_FOUND, |tx| Box::pin(repo::cip_values(tx, cip_no))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let rules = Rules::load(&mut tx, scope.site_id(), EntityType::CIP).await?;
    Ok(CipCustomValues { cip_no, cid_no: row.cid_no, site_id: row.site_id, fields: rules.fields(&row.values) })
}

/// Sets custom values of a CIP the caller may edit.
pub async fn set_cip_values(state: &AppState, caller: &Caller, current: &SiteScope, input: &CipCustomValuesInput) -> ApiResult<CipCustomValues> {
    let cip_no = input.cip_no;
    let (scope, row) = records::load_visible(state, caller, current, EDIT, CIP_NOT_FOUND, |tx| Box::pin(repo::cip_values(tx, cip_no))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let rules = Rules::load(&mut tx, scope.site_id(), EntityType::CIP).await?;
    let after = rules.apply(&row.values, &changes_of(&input.values), false).map_err(ApiError::validation)?;
    let diff = changed(&row.values, &after);
    if diff.as_object().is_some_and(|o| !o.is_empty()) {
        repo::set_cip_values(&mut tx, cip_no, &after).await?;
        audit::record(&mut tx, Some(caller), entry(&scope, "cip.custom_values", ENTITY_CIP, cip_no, diff)).await?;
        tx.commit().await?;
    }
    Ok(CipCustomValues { cip_no, cid_no: row.cid_no, site_id: row.site_id, fields: rules.fields(&after) })
}
