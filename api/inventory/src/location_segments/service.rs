//! Rules of location segments: how a location is spelt at a site (its named segments) and the check every location
//! typed anywhere goes through (docs/cip.md, "Locations").

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use kernel::Perm;
use sqlx::PgConnection;
use tenancy::{SiteScope, TenantTx};

use super::model::{LocationSegment, LocationSegments, LocationSegmentsInput};
use super::repo;

/// Who may read a site's segments.
pub const READ: &[Perm] = &[Perm::BasicAccess];
/// Who may name a site's segments.
pub const SEGMENT_ADMIN: &[Perm] = &[Perm::FSSConnectAdmin, Perm::CribDeviceAdmin];
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";

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

/// The segments of a site the caller may use.
pub async fn segments(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<LocationSegments> {
    let scope = records::record_scope(state, caller, current, site_id, READ, SITE_NOT_FOUND).await?;
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
