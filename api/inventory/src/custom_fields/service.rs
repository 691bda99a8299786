//! Rules of custom fields: definitions (slot, label, type, required, visible, max length), possible values of list
//! fields, and the values of CIDs and CIPs checked against their definition (docs/cid.md).

use std::collections::HashMap;

use chrono::NaiveDate;
use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::import::{ImportFile, ImportLimits};
use kernel::listing::{limited, PageRequest, SortSpec, ROW_CAP_MESSAGE};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::model::*;
use super::repo::{self, DefinitionFields};

pub const READ: &[Perm] = &[Perm::BasicAccess];
/// Definitions and possible values.
pub const ADMIN: &[Perm] = &[Perm::CustomFieldAdmin];
/// Values of CIDs and CIPs.
pub const EDIT: &[Perm] = &[Perm::ItemEdit];

pub const DEFINITION_NOT_FOUND: &str = "The custom field you are trying to find does not exist.";
pub const POSSIBLE_NOT_FOUND: &str = "The custom field value you are trying to find does not exist.";
pub const CID_NOT_FOUND: &str = "The CID you are trying to find does not exist.";
pub const CIP_NOT_FOUND: &str = "The item you are trying to find does not exist.";

/// Slots per record kind (spec 3 section 9).
pub const SLOTS: i32 = 20;
/// Longest value when a definition names no `max_length`.
pub const DEFAULT_MAX_LENGTH: usize = 500;
/// Data rows one import may hold.
pub const IMPORT_MAX_ROWS: usize = 10_000;

pub const POSSIBLE_SORT: SortSpec = SortSpec {
    fields: &[("custom_field_value", "lower(custom_field_value)"), ("description", "lower(description)"), ("is_visible", "is_visible")],
    default_field: "custom_field_value",
    default_descending: false,
};

/// Audit entity names (docs/cid.md): CID and CIP values are recorded on the record itself.
pub const ENTITY_CID: &str = "cid";
pub const ENTITY_CIP: &str = "cip";
pub const ENTITY_DEFINITION: &str = "custom_field_definition";
pub const ENTITY_POSSIBLE: &str = "custom_field_value_possible";

fn field_name(field_no: i32) -> String {
    format!("custom{field_no}")
}

fn entry<'a>(scope: &SiteScope, action: &'a str, entity: &'a str, id: i64, changes: serde_json::Value) -> AuditEntry<'a> {
    AuditEntry { action, entity, entity_id: id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes }
}

// ---------------------------------------------------------------------------------------------------------------
// Checking values against definitions

/// The definitions and possible values of one record kind at one site: what a value is checked against.
pub struct Rules {
    pub entity: EntityType,
    defs: HashMap<i32, CustomFieldDefinition>,
    possible: HashMap<i64, Vec<CustomFieldValuePossible>>,
}

impl Rules {
    pub async fn load(tx: &mut TenantTx, site_id: i64, entity: EntityType) -> Result<Self, sqlx::Error> {
        let defs = repo::definitions(tx, site_id, entity).await?;
        let mut possible: HashMap<i64, Vec<CustomFieldValuePossible>> = HashMap::new();
        for p in repo::possible_values_of_site(tx, site_id, entity).await? {
            possible.entry(p.custom_field_definition_id).or_default().push(p);
        }
        Ok(Self { entity, defs: defs.into_iter().map(|d| (d.field_no, d)).collect(), possible })
    }

    #[cfg(test)]
    fn of(entity: EntityType, defs: Vec<CustomFieldDefinition>, possible: Vec<CustomFieldValuePossible>) -> Self {
        let mut by_def: HashMap<i64, Vec<CustomFieldValuePossible>> = HashMap::new();
        for p in possible {
            by_def.entry(p.custom_field_definition_id).or_default().push(p);
        }
        Self { entity, defs: defs.into_iter().map(|d| (d.field_no, d)).collect(), possible: by_def }
    }

    pub fn definition(&self, field_no: i32) -> Option<&CustomFieldDefinition> {
        self.defs.get(&field_no)
    }

    /// The definition a column header names: `custom<n>` or a label (case-insensitive).
    pub fn by_header(&self, header: &str) -> Option<&CustomFieldDefinition> {
        let h = header.trim();
        if let Some(n) = h.to_ascii_lowercase().strip_prefix("custom").and_then(|n| n.parse::<i32>().ok()) {
            return self.defs.get(&n);
        }
        self.defs.values().find(|d| d.label.eq_ignore_ascii_case(h))
    }

    /// Every defined field with the record's value, slot order.
    pub fn fields(&self, values: &[Option<String>]) -> Vec<CustomFieldValue> {
        let mut defs: Vec<&CustomFieldDefinition> = self.defs.values().collect();
        defs.sort_by_key(|d| d.field_no);
        defs.into_iter()
            .map(|d| CustomFieldValue {
                field_no: d.field_no,
                custom_field_definition_id: d.custom_field_definition_id,
                label: d.label.clone(),
                field_type: d.field_type.clone(),
                is_required: d.is_required,
                is_visible: d.is_visible,
                max_length: d.max_length,
                value: slot(values, d.field_no).cloned(),
            })
            .collect()
    }

    /// The value to store in slot `field_no` for `raw`, or why it is refused. `current` is what the record holds
    /// now (a hidden list value it already holds may stay).
    pub fn check(&self, field_no: i32, raw: Option<&str>, current: Option<&str>) -> Result<Option<String>, String> {
        let Some(def) = self.defs.get(&field_no) else {
            return Err(format!("Custom field {field_no} is not defined for {} at this site.", self.entity.records()));
        };
        let label = &def.label;
        let Some(v) = raw.map(str::trim).filter(|v| !v.is_empty()) else {
            return if def.is_required { Err(format!("Please enter a value for {label}.")) } else { Ok(None) };
        };
        let max = def.max_length.and_then(|m| usize::try_from(m).ok()).unwrap_or(DEFAULT_MAX_LENGTH);
        if v.chars().count() > max {
            return Err(format!("{label} can be at most {max} characters."));
        }
        if v.chars().any(char::is_control) {
            return Err(format!("Please enter a valid value for {label}."));
        }
        match FieldType::parse(&def.field_type).unwrap_or(FieldType::Text) {
            FieldType::Text => Ok(Some(v.to_owned())),
            FieldType::Number => match v.parse::<f64>() {
                Ok(n) if n.is_finite() => Ok(Some(v.to_owned())),
                _ => Err(format!("{label} must be a number.")),
            },
            FieldType::Date => parse_date(v).map(|d| Some(d.format("%Y-%m-%d").to_string())).ok_or_else(|| format!("{label} must be a date (YYYY-MM-DD).")),
            FieldType::List => {
                let listed = self.possible.get(&def.custom_field_definition_id).map(Vec::as_slice).unwrap_or_default();
                match listed.iter().find(|p| p.custom_field_value.eq_ignore_ascii_case(v)) {
                    None => Err(format!("{label} must be one of its listed values; '{v}' is not.")),
                    Some(p) if !p.is_visible && !current.is_some_and(|c| c.eq_ignore_ascii_case(v)) => {
                        Err(format!("{label}: '{}' is no longer offered.", p.custom_field_value))
                    }
                    Some(p) => Ok(Some(p.custom_field_value.clone())),
                }
            }
        }
    }

    /// The record's 20 values after `changes`; every refused change is reported with its field. With `new_record`
    /// every required field must end with a value (a new record), otherwise only changed fields are checked.
    pub fn apply(&self, current: &[Option<String>], changes: &[(i32, Option<String>)], new_record: bool) -> Result<Vec<Option<String>>, Vec<ValidationError>> {
        let mut out: Vec<Option<String>> = (1..=SLOTS).map(|n| slot(current, n).cloned()).collect();
        let mut errors = Vec::new();
        let mut seen = Vec::new();
        for (field_no, raw) in changes {
            let name = field_name(*field_no);
            if !(1..=SLOTS).contains(field_no) {
                errors.push(ValidationError::new("field_no", "outOfRange", "A custom field number is between 1 and 20."));
                continue;
            }
            if seen.contains(field_no) {
                errors.push(ValidationError::new(&name, "duplicate", &format!("Custom field {field_no} is given twice.")));
                continue;
            }
            seen.push(*field_no);
            match self.check(*field_no, raw.as_deref(), slot(current, *field_no).map(String::as_str)) {
                Ok(v) => out[usize::try_from(field_no - 1).unwrap_or_default()] = v,
                Err(msg) => errors.push(ValidationError::new(&name, "invalid", &msg)),
            }
        }
        if new_record {
            let mut defs: Vec<&CustomFieldDefinition> = self.defs.values().filter(|d| d.is_required && !seen.contains(&d.field_no)).collect();
            defs.sort_by_key(|d| d.field_no);
            for d in defs {
                if slot(&out, d.field_no).is_none() {
                    errors.push(ValidationError::new(&field_name(d.field_no), "required", &format!("Please enter a value for {}.", d.label)));
                }
            }
        }
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(errors)
        }
    }
}

fn slot(values: &[Option<String>], field_no: i32) -> Option<&String> {
    usize::try_from(field_no - 1).ok().and_then(|i| values.get(i)).and_then(Option::as_ref)
}

fn parse_date(v: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(v, "%Y-%m-%d").or_else(|_| NaiveDate::parse_from_str(v, "%m/%d/%Y")).ok()
}

/// Which slots differ: `{custom<n>: {from, to}}` for the audit trail.
fn changed(before: &[Option<String>], after: &[Option<String>]) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for n in 1..=SLOTS {
        let (b, a) = (slot(before, n), slot(after, n));
        if b != a {
            out.insert(field_name(n), json!({"from": b, "to": a}));
        }
    }
    serde_json::Value::Object(out)
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

/// 409 when some stored value would not fit a definition of `field_type` / `max_length` (list: `listed` values).
fn refuse_misfits(field_type: FieldType, max_length: Option<i32>, stored: &[String], listed: &[CustomFieldValuePossible], label: &str) -> ApiResult<()> {
    let max = max_length.and_then(|m| usize::try_from(m).ok()).unwrap_or(DEFAULT_MAX_LENGTH);
    let misfit = stored.iter().find(|v| {
        v.chars().count() > max
            || match field_type {
                FieldType::Text => false,
                FieldType::Number => !v.trim().parse::<f64>().is_ok_and(f64::is_finite),
                FieldType::Date => parse_date(v.trim()).is_none(),
                FieldType::List => !listed.iter().any(|p| p.custom_field_value.eq_ignore_ascii_case(v.trim())),
            }
    });
    match misfit {
        Some(v) => Err(ApiError::conflict(&format!(
            "Records of this site hold '{v}' in {label}, which a {} field{} would not accept. Change those values first.",
            field_type.as_str(),
            if max_length.is_some() { format!(" of at most {max} characters") } else { String::new() }
        ))),
        None => Ok(()),
    }
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

// ---------------------------------------------------------------------------------------------------------------
// Import

/// How the rows of a file name their records.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyColumn {
    Code,
    Number,
}

/// Imports custom values from a file of rows (CSV or the first sheet of an .xlsx workbook): the header names the
/// record key (`cust_item_code` or `cid_no` for CIDs, `cip_code` or `cip_no` for CIPs) in the first column and a
/// custom field (its label or `custom<n>`) in each other column. A blank cell leaves the value unchanged. Every row
/// that fails a check is refused with its reasons; the other rows are applied, all in one transaction.
pub async fn import(state: &AppState, caller: &Caller, scope: &SiteScope, entity: EntityType, file: ImportFile) -> ApiResult<CustomImportResult> {
    let _permit = state.imports.admit().await?;
    let rows = kernel::import::read_all_blocking(file, ImportLimits::new(&state.settings, IMPORT_MAX_ROWS)).await?;
    let Some((header, data)) = rows.split_first() else {
        return Err(ApiError::invalid("file", "empty", "The file is empty: its first row must name the columns."));
    };
    let header: Vec<&str> = header.cells.iter().collect();
    let key_header = header.first().map(|h| h.trim().to_ascii_lowercase()).unwrap_or_default();
    let key = match (entity, key_header.as_str()) {
        (EntityType::CID, "cust_item_code") | (EntityType::CIP, "cip_code") => KeyColumn::Code,
        (EntityType::CID, "cid_no") | (EntityType::CIP, "cip_no") => KeyColumn::Number,
        (EntityType::CID, _) => return Err(ApiError::invalid("file", "keyColumn", "The first column must be cust_item_code or cid_no.")),
        (EntityType::CIP, _) => return Err(ApiError::invalid("file", "keyColumn", "The first column must be cip_code or cip_no.")),
    };
    let mut tx = scope.begin(&state.pool).await?;
    let rules = Rules::load(&mut tx, scope.site_id(), entity).await?;
    let mut columns: Vec<i32> = Vec::new();
    let mut p = Problems::default();
    for h in &header[1..] {
        match rules.by_header(h) {
            Some(d) if columns.contains(&d.field_no) => p.add("file", "duplicateColumn", &format!("Column '{}' names {} again.", h.trim(), d.label)),
            Some(d) => columns.push(d.field_no),
            None => p.add("file", "unknownColumn", &format!("Column '{}' is not a custom field of {} at this site.", h.trim(), entity.records())),
        }
    }
    if columns.is_empty() && p.is_empty() {
        p.add("file", "noColumns", "The file names no custom field column.");
    }
    p.check()?;

    // Every record the file names, found in one statement.
    let keys: Vec<String> = data.iter().map(|r| r.cell(0).trim().to_owned()).collect();
    // (key as the file matches it) -> (record no, current values)
    let mut records: HashMap<String, (i64, Vec<Option<String>>)> = HashMap::new();
    match key {
        KeyColumn::Code => {
            let lower: Vec<String> = keys.iter().map(|k| k.to_lowercase()).filter(|k| !k.is_empty()).collect();
            match entity {
                EntityType::CID => {
                    for r in repo::cid_values_by_codes(&mut tx, scope.site_id(), &lower).await? {
                        records.insert(r.cust_item_code.to_lowercase(), (r.cid_no, r.values));
                    }
                }
                EntityType::CIP => {
                    for r in repo::cip_values_by_codes(&mut tx, scope.site_id(), &lower).await? {
                        records.insert(r.cip_code.to_lowercase(), (r.cip_no, r.values));
                    }
                }
            }
        }
        KeyColumn::Number => {
            let nos: Vec<i64> = keys.iter().filter_map(|k| k.parse().ok()).collect();
            match entity {
                EntityType::CID => {
                    for r in repo::cid_values_by_nos(&mut tx, scope.site_id(), &nos).await? {
                        records.insert(r.cid_no.to_string(), (r.cid_no, r.values));
                    }
                }
                EntityType::CIP => {
                    for r in repo::cip_values_by_nos(&mut tx, scope.site_id(), &nos).await? {
                        records.insert(r.cip_no.to_string(), (r.cip_no, r.values));
                    }
                }
            }
        }
    }

    let key_field = key_header.clone();
    let mut refusals = Vec::new();
    let mut applied = 0i64;
    let mut refused = 0i64;
    let mut first_row_of: HashMap<i64, i64> = HashMap::new();
    for (i, row) in data.iter().enumerate() {
        let row_no = i64::try_from(row.number).unwrap_or(i64::MAX);
        let key_text = keys[i].clone();
        let refuse = |field: &str, error: String| CustomImportRefusal { row: row_no, key: Some(key_text.clone()).filter(|k| !k.is_empty()), field: field.to_owned(), error };
        let lookup = match key {
            KeyColumn::Code => key_text.to_lowercase(),
            KeyColumn::Number => key_text.parse::<i64>().map(|n| n.to_string()).unwrap_or_default(),
        };
        let Some((record_no, current)) = records.get(&lookup).cloned() else {
            let why = if key_text.is_empty() {
                format!("The row names no {key_field}.")
            } else {
                format!("No {} of this site has {key_field} '{key_text}'.", entity.as_str())
            };
            refusals.push(refuse(&key_field, why));
            refused += 1;
            continue;
        };
        if let Some(first) = first_row_of.get(&record_no) {
            refusals.push(refuse(&key_field, format!("The same {} is already in row {first}.", entity.as_str())));
            refused += 1;
            continue;
        }
        first_row_of.insert(record_no, row_no);
        let changes: Vec<(i32, Option<String>)> = columns
            .iter()
            .enumerate()
            .filter_map(|(c, field_no)| row.cells.get(c + 1).map(|v| v.trim()).filter(|v| !v.is_empty()).map(|v| (*field_no, Some(v.to_owned()))))
            .collect();
        match rules.apply(&current, &changes, false) {
            Err(errors) => {
                refusals.extend(errors.into_iter().map(|e| refuse(&e.field, e.error)));
                refused += 1;
            }
            Ok(after) => {
                let diff = changed(&current, &after);
                if diff.as_object().is_some_and(|o| !o.is_empty()) {
                    match entity {
                        EntityType::CID => {
                            repo::set_cid_values(&mut tx, record_no, &after).await?;
                            audit::record(&mut tx, Some(caller), entry(scope, "cid.custom_values_import", ENTITY_CID, record_no, diff)).await?;
                        }
                        EntityType::CIP => {
                            repo::set_cip_values(&mut tx, record_no, &after).await?;
                            audit::record(&mut tx, Some(caller), entry(scope, "cip.custom_values_import", ENTITY_CIP, record_no, diff)).await?;
                        }
                    }
                }
                applied += 1;
            }
        }
    }
    tx.commit().await?;
    Ok(CustomImportResult { entity_type: entity, total_rows: applied + refused, applied_rows: applied, refused_rows: refused, refusals })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn def(id: i64, field_no: i32, label: &str, field_type: &str, required: bool, max: Option<i32>) -> CustomFieldDefinition {
        CustomFieldDefinition {
            custom_field_definition_id: id,
            site_id: 1,
            entity_type: "CID".into(),
            field_no,
            label: label.into(),
            field_type: field_type.into(),
            is_required: required,
            is_visible: true,
            max_length: max,
        }
    }

    fn possible(id: i64, def: i64, value: &str, visible: bool) -> CustomFieldValuePossible {
        CustomFieldValuePossible { custom_field_value_possible_id: id, custom_field_definition_id: def, site_id: 1, custom_field_value: value.into(), description: None, is_visible: visible }
    }

    fn rules() -> Rules {
        Rules::of(
            EntityType::CID,
            vec![def(1, 1, "Bin Note", "text", false, Some(5)), def(2, 2, "Shelf Qty", "number", false, None), def(3, 3, "Inspected", "date", false, None), def(4, 4, "Grade", "list", true, None)],
            vec![possible(10, 4, "Gold", true), possible(11, 4, "Silver", false)],
        )
    }

    #[test]
    fn values_are_checked_against_their_type() {
        let r = rules();
        assert_eq!(r.check(1, Some(" abc "), None), Ok(Some("abc".into())));
        assert!(r.check(1, Some("abcdef"), None).unwrap_err().contains("at most 5"));
        assert_eq!(r.check(2, Some("12.5"), None), Ok(Some("12.5".into())));
        assert!(r.check(2, Some("twelve"), None).unwrap_err().contains("must be a number"));
        assert!(r.check(2, Some("NaN"), None).is_err());
        assert_eq!(r.check(3, Some("03/15/2025"), None), Ok(Some("2025-03-15".into())));
        assert!(r.check(3, Some("2025-13-01"), None).is_err());
        assert_eq!(r.check(4, Some("gold"), None), Ok(Some("Gold".into())));
        assert!(r.check(4, Some("Bronze"), None).unwrap_err().contains("listed values"));
        assert!(r.check(5, Some("x"), None).unwrap_err().contains("not defined"));
    }

    #[test]
    fn hidden_list_values_stay_but_are_not_newly_chosen() {
        let r = rules();
        assert!(r.check(4, Some("Silver"), Some("Gold")).unwrap_err().contains("no longer offered"));
        assert_eq!(r.check(4, Some("Silver"), Some("silver")), Ok(Some("Silver".into())));
    }

    #[test]
    fn required_fields_cannot_be_cleared_and_new_records_must_fill_them() {
        let r = rules();
        let current: Vec<Option<String>> = vec![None, None, None, Some("Gold".into())];
        let errors = r.apply(&current, &[(4, None)], false).unwrap_err();
        assert_eq!(errors[0].field, "custom4");
        let after = r.apply(&current, &[(1, Some("ok".into()))], false).unwrap();
        assert_eq!(after.len(), 20);
        assert_eq!(after[0].as_deref(), Some("ok"));
        assert_eq!(after[3].as_deref(), Some("Gold"));
        let errors = r.apply(&[], &[(1, Some("x".into()))], true).unwrap_err();
        assert_eq!(errors.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(), ["custom4"]);
        let errors = r.apply(&[], &[(2, Some("x".into())), (2, Some("1".into())), (21, None)], false).unwrap_err();
        assert_eq!(errors.len(), 3);
    }

    #[test]
    fn headers_name_fields_by_label_or_slot() {
        let r = rules();
        assert_eq!(r.by_header("custom2").map(|d| d.field_no), Some(2));
        assert_eq!(r.by_header(" grade ").map(|d| d.field_no), Some(4));
        assert!(r.by_header("custom9").is_none());
        assert!(r.by_header("colour").is_none());
    }

    #[test]
    fn a_type_change_is_refused_while_stored_values_do_not_fit() {
        assert!(refuse_misfits(FieldType::Number, None, &["12".into(), "1.5".into()], &[], "Qty").is_ok());
        assert!(refuse_misfits(FieldType::Number, None, &["12".into(), "n/a".into()], &[], "Qty").is_err());
        assert!(refuse_misfits(FieldType::Text, Some(2), &["abc".into()], &[], "Qty").is_err());
        assert!(refuse_misfits(FieldType::List, None, &["gold".into()], &[possible(1, 1, "Gold", true)], "Grade").is_ok());
    }
}
