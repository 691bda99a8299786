//! The rules engine of custom fields: a record's values checked against the definitions and possible values of its
//! kind at its site (type, length, required, listed and offered values), and whether stored values would fit a
//! changed definition. No transaction of its own: the services and the import load the rules in theirs.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde_json::json;

use kernel::error::{ApiError, ApiResult, ValidationError};
use tenancy::TenantTx;

use super::model::{CustomFieldDefinition, CustomFieldValue, CustomFieldValuePossible, EntityType, FieldType};
use super::repo;

/// Slots per record kind (spec 3 section 9).
pub const SLOTS: i32 = 20;
/// Longest value when a definition names no `max_length`.
pub const DEFAULT_MAX_LENGTH: usize = 500;

pub fn field_name(field_no: i32) -> String {
    format!("custom{field_no}")
}

/// Does the text of a number field read as a (finite) number? The text is stored as typed, never computed with.
fn is_number(v: &str) -> bool {
    v.parse::<f64>().is_ok_and(f64::is_finite) // not money: only whether a custom field's text reads as a number
}

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
            FieldType::Number if is_number(v) => Ok(Some(v.to_owned())),
            FieldType::Number => Err(format!("{label} must be a number.")),
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

pub fn slot(values: &[Option<String>], field_no: i32) -> Option<&String> {
    usize::try_from(field_no - 1).ok().and_then(|i| values.get(i)).and_then(Option::as_ref)
}

pub fn parse_date(v: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(v, "%Y-%m-%d").or_else(|_| NaiveDate::parse_from_str(v, "%m/%d/%Y")).ok()
}

/// Which slots differ: `{custom<n>: {from, to}}` for the audit trail.
pub fn changed(before: &[Option<String>], after: &[Option<String>]) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for n in 1..=SLOTS {
        let (b, a) = (slot(before, n), slot(after, n));
        if b != a {
            out.insert(field_name(n), json!({"from": b, "to": a}));
        }
    }
    serde_json::Value::Object(out)
}

/// 409 when some stored value would not fit a definition of `field_type` / `max_length` (list: `listed` values).
pub fn refuse_misfits(field_type: FieldType, max_length: Option<i32>, stored: &[String], listed: &[CustomFieldValuePossible], label: &str) -> ApiResult<()> {
    let max = max_length.and_then(|m| usize::try_from(m).ok()).unwrap_or(DEFAULT_MAX_LENGTH);
    let misfit = stored.iter().find(|v| {
        v.chars().count() > max
            || match field_type {
                FieldType::Text => false,
                FieldType::Number => !is_number(v.trim()),
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
