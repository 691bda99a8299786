//! Rules of locations: how a location is spelt at a site (its named segments), whether it is free, and a CIP's
//! alternate and virtual locations (docs/cip.md, "Locations").

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use kernel::Perm;
use sqlx::PgConnection;
use tenancy::{SiteScope, TenantTx};

use super::model::{
    AlternateLocation, AlternateLocationInsert, AlternateLocationUpdate, LocationCheck, LocationPart, LocationSegment, LocationSegments,
    LocationSegmentsInput, VirtualLocation, VirtualLocationSave, VirtualLocationValidation,
};
use super::repo::{self, LocationValue};
use crate::cips::service as cips;

/// Who may name a site's segments.
pub const SEGMENT_ADMIN: &[Perm] = &[Perm::FSSConnectAdmin, Perm::CribDeviceAdmin];
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
pub const ALTERNATE_NOT_FOUND: &str = "The alternate location you are trying to find does not exist.";

/// Segments are written joined by this.
pub const SEPARATOR: char = '-';
/// Longest location, separators included.
pub const MAX_LOCATION: usize = 120;
/// A site that named no segments takes up to this many segments of up to [`DEFAULT_SEGMENT_LENGTH`] characters.
pub const DEFAULT_SEGMENTS: i32 = 5;
pub const DEFAULT_SEGMENT_LENGTH: i32 = 20;

/// A location as it is saved: upper case, each segment trimmed, joined by '-'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedLocation {
    pub location: String,
    pub segments: [Option<String>; 5],
}

pub fn default_segments() -> Vec<LocationSegment> {
    (1..=DEFAULT_SEGMENTS).map(|n| LocationSegment { seg_no: n, seg_name: format!("Segment {n}"), seg_length: DEFAULT_SEGMENT_LENGTH }).collect()
}

/// Checks `raw` against the site's segments `defs`; the message says what is wrong, in the segment's own name.
pub fn parse(defs: &[LocationSegment], raw: &str) -> Result<ParsedLocation, String> {
    let text = raw.trim().to_uppercase();
    if text.is_empty() {
        return Err("Please enter a location.".to_owned());
    }
    if text.chars().count() > MAX_LOCATION {
        return Err(format!("A location can be at most {MAX_LOCATION} characters."));
    }
    let parts: Vec<&str> = text.split(SEPARATOR).map(str::trim).collect();
    if parts.len() > defs.len() {
        let names: Vec<&str> = defs.iter().map(|d| d.seg_name.as_str()).collect();
        return Err(format!("A location at this site has at most {} segments ({}).", defs.len(), names.join("-")));
    }
    let mut segments: [Option<String>; 5] = Default::default();
    for (i, (part, def)) in parts.iter().zip(defs).enumerate() {
        if part.is_empty() {
            return Err(format!("{} is empty.", def.seg_name));
        }
        if part.chars().count() > usize::try_from(def.seg_length).unwrap_or(0) {
            return Err(format!("{} can be at most {} characters.", def.seg_name, def.seg_length));
        }
        if !part.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '.' | '/' | '_' | '#')) {
            return Err(format!("{} may hold only letters, digits, spaces and . / _ #.", def.seg_name));
        }
        if let Some(slot) = segments.get_mut(i) {
            *slot = Some((*part).to_owned());
        }
    }
    Ok(ParsedLocation { location: parts.join("-"), segments })
}

/// The segments in force at a site: its own, else the default.
pub async fn effective_segments(conn: &mut PgConnection, site_id: i64) -> Result<(bool, Vec<LocationSegment>), sqlx::Error> {
    let own = repo::segments(conn, site_id).await?;
    Ok(if own.is_empty() { (false, default_segments()) } else { (true, own) })
}

/// `raw` checked against the segments of the transaction's site; a problem on `field` when it does not fit.
pub async fn check_into(tx: &mut TenantTx, field: &str, raw: &str, problems: &mut Problems) -> ApiResult<Option<ParsedLocation>> {
    let site_id = tx.site_id();
    let (_, defs) = effective_segments(tx, site_id).await?;
    Ok(match parse(&defs, raw) {
        Ok(p) => Some(p),
        Err(message) => {
            problems.add(field, "invalidLocation", &message);
            None
        }
    })
}

// ---- segments

/// The segments of a site the caller may use.
pub async fn segments(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<LocationSegments> {
    let scope = records::record_scope(state, caller, current, site_id, cips::READ, SITE_NOT_FOUND).await?;
    let mut conn = state.pool.acquire().await?;
    let site_code = repo::site_code(&mut conn, scope.site_id()).await?.ok_or_else(|| ApiError::not_found(SITE_NOT_FOUND))?;
    let (defined, segments) = effective_segments(&mut conn, scope.site_id()).await?;
    Ok(LocationSegments { site_id: scope.site_id(), site_code, defined, segments })
}

fn validate_segments(input: &LocationSegmentsInput) -> ApiResult<Vec<LocationSegment>> {
    let mut problems = Problems::default();
    let mut out = Vec::new();
    for (i, s) in input.segments.iter().enumerate() {
        let name = problems.required_text(&format!("segments[{i}].seg_name"), "Segment Name", &s.seg_name, 30);
        if name.contains(SEPARATOR) {
            problems.add(&format!("segments[{i}].seg_name"), "invalid", "A segment name cannot contain '-'.");
        }
        if out.iter().any(|o: &LocationSegment| o.seg_name.eq_ignore_ascii_case(&name)) {
            problems.add(&format!("segments[{i}].seg_name"), "duplicate", &format!("Segment {name} is named twice."));
        }
        if !(1..=DEFAULT_SEGMENT_LENGTH).contains(&s.seg_length) {
            problems.add(&format!("segments[{i}].seg_length"), "outOfRange", &format!("A segment length must be between 1 and {DEFAULT_SEGMENT_LENGTH}."));
        }
        out.push(LocationSegment { seg_no: i32::try_from(i + 1).unwrap_or(5), seg_name: name, seg_length: s.seg_length });
    }
    problems.check()?;
    Ok(out)
}

/// Names a site's segments (FSSConnectAdmin or CribDeviceAdmin at that site).
pub async fn set_segments(state: &AppState, caller: &Caller, current: &SiteScope, input: &LocationSegmentsInput) -> ApiResult<LocationSegments> {
    let segs = validate_segments(input)?;
    let scope = records::record_scope(state, caller, current, input.site_id, SEGMENT_ADMIN, SITE_NOT_FOUND).await?;
    let mut tx = state.pool.begin().await?;
    let site_code = repo::site_code(&mut tx, scope.site_id()).await?.ok_or_else(|| ApiError::not_found(SITE_NOT_FOUND))?;
    let before = repo::segments(&mut tx, scope.site_id()).await?;
    repo::replace_segments(&mut tx, scope.site_id(), &segs).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "location_segments.update",
            entity: "site_location_segment",
            entity_id: scope.site_id().to_string(),
            client_id: Some(scope.client_id()),
            site_id: Some(scope.site_id()),
            changes: json!({"from": before, "to": segs}),
        },
    )
    .await?;
    tx.commit().await?;
    let defined = !segs.is_empty();
    Ok(LocationSegments { site_id: scope.site_id(), site_code, defined, segments: if defined { segs } else { default_segments() } })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn defs() -> Vec<LocationSegment> {
        vec![
            LocationSegment { seg_no: 1, seg_name: "Aisle".into(), seg_length: 2 },
            LocationSegment { seg_no: 2, seg_name: "Rack".into(), seg_length: 2 },
            LocationSegment { seg_no: 3, seg_name: "Shelf".into(), seg_length: 3 },
        ]
    }

    #[test]
    fn locations_are_trimmed_upper_cased_and_split_into_the_sites_segments() {
        let p = parse(&defs(), "  a - 01-b2 ").expect("valid");
        assert_eq!(p.location, "A-01-B2");
        assert_eq!(p.segments, [Some("A".into()), Some("01".into()), Some("B2".into()), None, None]);
        assert_eq!(parse(&defs(), "C").expect("one segment").location, "C");
    }

    #[test]
    fn a_location_that_does_not_fit_the_segments_says_which_segment_is_wrong() {
        assert_eq!(parse(&defs(), "A-01-02-03").err().as_deref(), Some("A location at this site has at most 3 segments (Aisle-Rack-Shelf)."));
        assert_eq!(parse(&defs(), "A-123").err().as_deref(), Some("Rack can be at most 2 characters."));
        assert_eq!(parse(&defs(), "A--1").err().as_deref(), Some("Rack is empty."));
        assert_eq!(parse(&defs(), "A-0;").err().as_deref(), Some("Rack may hold only letters, digits, spaces and . / _ #."));
        assert_eq!(parse(&defs(), "   ").err().as_deref(), Some("Please enter a location."));
    }

    #[test]
    fn without_named_segments_five_segments_of_twenty_characters_fit() {
        let d = default_segments();
        assert!(parse(&d, "A-01-01-TOP-12345678901234567890").is_ok());
        assert!(parse(&d, "A-B-C-D-E-F").is_err());
    }
}
