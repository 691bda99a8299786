//! Wire types of locations (docs/cip.md).

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use sqlx::FromRow;

use kernel::error::ValidationError;

use crate::cips::model::CipRef;

/// One segment of a checked location.
#[derive(Object, Clone, Debug)]
pub struct LocationPart {
    pub seg_no: i32,
    pub seg_name: String,
    pub value: String,
}

/// Is a location valid at the site and is it free?
#[derive(Object, Clone, Debug)]
pub struct LocationCheck {
    /// The location as it would be saved (trimmed, upper case).
    pub location: String,
    /// It fits the site's segments.
    pub valid: bool,
    /// No other CIP of the site has it as its location or as an alternate location.
    pub free: bool,
    /// Why it is not valid or not free; null when it is both.
    pub message: Option<String>,
    pub segments: Vec<LocationPart>,
    /// The CIPs that use it (at most 20).
    pub used_by: Vec<CipRef>,
}

/// Another place a CIP is kept at its site.
#[derive(Object, FromRow, Clone, Debug, serde::Serialize)]
pub struct AlternateLocation {
    pub alternate_location_id: i64,
    pub site_id: i64,
    pub cip_no: i64,
    pub location: String,
    pub loc_seg1: Option<String>,
    pub loc_seg2: Option<String>,
    pub loc_seg3: Option<String>,
    pub loc_seg4: Option<String>,
    pub loc_seg5: Option<String>,
    pub notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for AlternateLocation {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

#[derive(Object, Clone, Debug)]
pub struct AlternateLocationInsert {
    pub cip_no: i64,
    #[oai(validator(max_length = 120))]
    pub location: String,
    #[oai(validator(max_length = 500))]
    pub notes: Option<String>,
}

#[derive(Object, Clone, Debug)]
pub struct AlternateLocationUpdate {
    pub alternate_location_id: i64,
    #[oai(validator(max_length = 120))]
    pub location: String,
    #[oai(validator(max_length = 500))]
    pub notes: Option<String>,
}

/// A place outside the crib where a CIP is kept and still counted as the crib's.
#[derive(Object, FromRow, Clone, Debug, serde::Serialize)]
pub struct VirtualLocation {
    pub virtual_location_id: i64,
    pub site_id: i64,
    pub cip_no: i64,
    pub location: String,
    pub loc_seg1: Option<String>,
    pub loc_seg2: Option<String>,
    pub loc_seg3: Option<String>,
    pub loc_seg4: Option<String>,
    pub loc_seg5: Option<String>,
    pub description: Option<String>,
}

#[derive(Object, Clone, Debug)]
pub struct VirtualLocationInput {
    #[oai(validator(max_length = 120))]
    pub location: String,
    #[oai(validator(max_length = 200))]
    pub description: Option<String>,
}

/// The full list of a CIP's virtual locations (Save replaces the stored list).
#[derive(Object, Clone, Debug)]
pub struct VirtualLocationSave {
    pub cip_no: i64,
    #[oai(validator(max_items = 50))]
    pub virtual_locations: Vec<VirtualLocationInput>,
}

/// What Validate found: the problems Save would refuse with, field by field.
#[derive(Object, Clone, Debug)]
pub struct VirtualLocationValidation {
    pub valid: bool,
    pub errors: Vec<ValidationError>,
    /// The locations as they would be saved.
    pub locations: Vec<String>,
}
