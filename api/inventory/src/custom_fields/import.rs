//! Import of custom values from a file of rows (CSV or the first sheet of an .xlsx workbook), checked row by row
//! against the rules of the site (`rules`), all applied rows in one transaction.

use std::collections::HashMap;

use kernel::access::Caller;
use kernel::audit;
use kernel::error::{ApiError, ApiResult};
use kernel::import::{ImportFile, ImportLimits};
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::model::{CustomImportRefusal, CustomImportResult, EntityType};
use super::repo;
use super::rules::{changed, Rules};
use super::service::{entry, ENTITY_CID, ENTITY_CIP};

/// Data rows one import may hold.
pub const IMPORT_MAX_ROWS: usize = 10_000;

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
