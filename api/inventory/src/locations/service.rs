//! Rules of locations: whether a location is free, and a CIP's alternate and virtual locations (docs/cip.md,
//! "Locations"). How a location is spelt at a site is `location_segments`.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::{SiteScope, TenantTx};

use super::model::{
    AlternateLocation, AlternateLocationInsert, AlternateLocationUpdate, LocationCheck, LocationPart, VirtualLocation, VirtualLocationSave,
    VirtualLocationValidation,
};
use super::repo::{self, LocationValue};
use crate::cips::service as cips;
use crate::location_segments::service::{check_into, effective_segments, parse, ParsedLocation};

pub const ALTERNATE_NOT_FOUND: &str = "The alternate location you are trying to find does not exist.";

// ---- location check

/// Is `location` valid at the site, and free? With `cip_no`, at that CIP's site, the CIP's own use not counting.
pub async fn location_check(state: &AppState, caller: &Caller, current: &SiteScope, location: &str, cip_no: Option<i64>) -> ApiResult<LocationCheck> {
    let scope = match cip_no {
        Some(no) => cips::visible(state, caller, current, no, cips::READ).await?.0,
        None => current.clone(),
    };
    let mut tx = scope.begin(&state.pool).await?;
    let (_, defs) = effective_segments(&mut tx, scope.site_id()).await?;
    let normalised = location.trim().to_uppercase();
    let (valid, message, parts) = match parse(&defs, location) {
        Ok(p) => {
            let parts = p
                .segments
                .iter()
                .zip(&defs)
                .filter_map(|(v, d)| v.as_ref().map(|v| LocationPart { seg_no: d.seg_no, seg_name: d.seg_name.clone(), value: v.clone() }))
                .collect();
            (true, None, parts)
        }
        Err(m) => (false, Some(m), Vec::new()),
    };
    let used_by = if normalised.is_empty() { Vec::new() } else { repo::users_of(&mut tx, scope.site_id(), &normalised, cip_no).await? };
    let free = used_by.is_empty();
    let message = message.or_else(|| {
        used_by.first().map(|u| format!("Location {normalised} is used by CIP {} ({}).", u.cip_no, u.cip_code))
    });
    Ok(LocationCheck { location: normalised, valid, free, message, segments: parts, used_by })
}

// ---- alternate locations

pub async fn alternates(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<Vec<AlternateLocation>> {
    let (scope, _) = cips::visible(state, caller, current, cip_no, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::alternates(&mut tx, cip_no).await?)
}

/// An alternate location of `cip_no` (primary location `primary`) is valid, not the primary, not twice on the CIP and
/// not used by another CIP of the site.
async fn check_alternate(tx: &mut TenantTx, cip_no: i64, primary: Option<&str>, raw: &str, except: Option<i64>) -> ApiResult<ParsedLocation> {
    let mut problems = Problems::default();
    let parsed = check_into(tx, "location", raw, &mut problems).await?;
    if let Some(p) = &parsed {
        if primary.is_some_and(|l| l.eq_ignore_ascii_case(&p.location)) {
            problems.add("location", "duplicate", &format!("{} is the CIP's own location.", p.location));
        } else if repo::alternate_exists(tx, cip_no, &p.location, except).await? {
            problems.add("location", "duplicate", &format!("{} is already an alternate location of this CIP.", p.location));
        } else {
            let site_id = tx.site_id();
            if let Some(other) = repo::users_of(tx, site_id, &p.location, Some(cip_no)).await?.first() {
                problems.add("location", "inUse", &format!("Location {} is used by CIP {} ({}).", p.location, other.cip_no, other.cip_code));
            }
        }
    }
    problems.check()?;
    parsed.ok_or_else(|| ApiError::internal("a location without problems did not parse"))
}

async fn record_cip_change(tx: &mut TenantTx, caller: &Caller, cip_no: i64, action: &str, changes: serde_json::Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity: "cip", entity_id: cip_no.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes },
    )
    .await?;
    Ok(())
}

pub async fn insert_alternate(state: &AppState, caller: &Caller, current: &SiteScope, input: &AlternateLocationInsert) -> ApiResult<AlternateLocation> {
    let mut problems = Problems::default();
    let notes = problems.optional_text("notes", "Notes", input.notes.as_deref(), 500);
    problems.check()?;
    let (_, mut tx, cip) = cips::begin_write(state, caller, current, input.cip_no).await?;
    let parsed = check_alternate(&mut tx, cip.cip_no, cip.location.as_deref(), &input.location, None).await?;
    let id = repo::insert_alternate(&mut tx, cip.cip_no, &LocationValue { location: &parsed.location, segments: &parsed.segments, text: notes.as_deref() }).await?;
    let saved = repo::find_alternate(&mut tx, id).await?.ok_or_else(|| ApiError::internal("inserted alternate location vanished"))?;
    record_cip_change(&mut tx, caller, cip.cip_no, "cip.alternate_location.insert", json!({"alternate_location_id": id, "location": saved.location, "notes": saved.notes})).await?;
    tx.commit().await?;
    Ok(saved)
}

/// The alternate location `id` with the scope of its site (404 when the caller may not change it there).
async fn visible_alternate(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<(SiteScope, AlternateLocation)> {
    records::load_visible(state, caller, current, cips::WRITE, ALTERNATE_NOT_FOUND, |tx| Box::pin(repo::find_alternate(tx, id))).await
}

pub async fn update_alternate(state: &AppState, caller: &Caller, current: &SiteScope, input: &AlternateLocationUpdate) -> ApiResult<AlternateLocation> {
    let mut problems = Problems::default();
    let notes = problems.optional_text("notes", "Notes", input.notes.as_deref(), 500);
    problems.check()?;
    let (_, row) = visible_alternate(state, caller, current, input.alternate_location_id).await?;
    let (_, mut tx, cip) = cips::begin_write(state, caller, current, row.cip_no).await?;
    let before = repo::find_alternate(&mut tx, row.alternate_location_id).await?.ok_or_else(|| ApiError::not_found(ALTERNATE_NOT_FOUND))?;
    let parsed = check_alternate(&mut tx, cip.cip_no, cip.location.as_deref(), &input.location, Some(before.alternate_location_id)).await?;
    repo::update_alternate(&mut tx, before.alternate_location_id, &LocationValue { location: &parsed.location, segments: &parsed.segments, text: notes.as_deref() }).await?;
    let after = repo::find_alternate(&mut tx, before.alternate_location_id).await?.ok_or_else(|| ApiError::not_found(ALTERNATE_NOT_FOUND))?;
    record_cip_change(
        &mut tx,
        caller,
        cip.cip_no,
        "cip.alternate_location.update",
        json!({"alternate_location_id": after.alternate_location_id, "location": {"from": before.location, "to": after.location}, "notes": {"from": before.notes, "to": after.notes}}),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete_alternate(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<AlternateLocation> {
    let (_, row) = visible_alternate(state, caller, current, id).await?;
    let (_, mut tx, cip) = cips::begin_write(state, caller, current, row.cip_no).await?;
    let before = repo::find_alternate(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(ALTERNATE_NOT_FOUND))?;
    repo::delete_alternate(&mut tx, id).await?;
    record_cip_change(&mut tx, caller, cip.cip_no, "cip.alternate_location.delete", json!({"alternate_location_id": id, "location": before.location})).await?;
    tx.commit().await?;
    Ok(before)
}

// ---- virtual locations

type VirtualRows = Vec<repo::VirtualRow>;

/// Every problem of a virtual-location list, field by field, and the rows as they would be saved.
async fn check_virtuals(tx: &mut TenantTx, primary: Option<&str>, input: &VirtualLocationSave) -> ApiResult<(Vec<ValidationError>, VirtualRows)> {
    let mut problems = Problems::default();
    let mut rows: VirtualRows = Vec::new();
    for (i, v) in input.virtual_locations.iter().enumerate() {
        let field = format!("virtual_locations[{i}].location");
        let description = problems.optional_text(&format!("virtual_locations[{i}].description"), "Description", v.description.as_deref(), 200);
        if let Some(p) = check_into(tx, &field, &v.location, &mut problems).await? {
            if primary.is_some_and(|l| l.eq_ignore_ascii_case(&p.location)) {
                problems.add(&field, "duplicate", &format!("{} is the CIP's own location.", p.location));
            } else if rows.iter().any(|r| r.0 == p.location) {
                problems.add(&field, "duplicate", &format!("{} is listed twice.", p.location));
            }
            rows.push((p.location, p.segments, description));
        }
    }
    Ok((problems.0, rows))
}

pub async fn virtuals(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<Vec<VirtualLocation>> {
    let (scope, _) = cips::visible(state, caller, current, cip_no, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::virtuals(&mut tx, cip_no).await?)
}

/// What Save would say about the list, without saving.
pub async fn validate_virtuals(state: &AppState, caller: &Caller, current: &SiteScope, input: &VirtualLocationSave) -> ApiResult<VirtualLocationValidation> {
    let (scope, cip) = cips::visible(state, caller, current, input.cip_no, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let (errors, rows) = check_virtuals(&mut tx, cip.location.as_deref(), input).await?;
    Ok(VirtualLocationValidation { valid: errors.is_empty(), errors, locations: rows.into_iter().map(|r| r.0).collect() })
}

/// Replaces the CIP's virtual locations with the list.
pub async fn save_virtuals(state: &AppState, caller: &Caller, current: &SiteScope, input: &VirtualLocationSave) -> ApiResult<Vec<VirtualLocation>> {
    let (_, mut tx, cip) = cips::begin_write(state, caller, current, input.cip_no).await?;
    let (errors, rows) = check_virtuals(&mut tx, cip.location.as_deref(), input).await?;
    Problems(errors).check()?;
    let before: Vec<String> = repo::virtuals(&mut tx, cip.cip_no).await?.into_iter().map(|v| v.location).collect();
    repo::replace_virtuals(&mut tx, cip.cip_no, &rows).await?;
    let after = repo::virtuals(&mut tx, cip.cip_no).await?;
    let to: Vec<&String> = after.iter().map(|v| &v.location).collect();
    record_cip_change(&mut tx, caller, cip.cip_no, "cip.virtual_location.save", json!({"virtual_locations": {"from": before, "to": to}})).await?;
    tx.commit().await?;
    Ok(after)
}
