//! Wire types of location segments (docs/cip.md, "Locations").

use poem_openapi::Object;
use sqlx::FromRow;

/// One named segment of a site's locations.
#[derive(Object, FromRow, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LocationSegment {
    /// 1 to 5, in the order the segments are written.
    pub seg_no: i32,
    pub seg_name: String,
    /// The most characters the segment may hold.
    pub seg_length: i32,
}

/// How a site spells its locations: segments joined by '-' (A-01-03), each at most its length.
#[derive(Object, Clone, Debug)]
pub struct LocationSegments {
    pub site_id: i64,
    pub site_code: String,
    /// false: the site named no segments and the default applies (up to five segments of up to 20 characters).
    pub defined: bool,
    pub segments: Vec<LocationSegment>,
}

#[derive(Object, Clone, Debug)]
pub struct LocationSegmentInput {
    #[oai(validator(max_length = 30))]
    pub seg_name: String,
    pub seg_length: i32,
}

/// A site's segments, in order (seg_no follows the order); an empty list returns the site to the default.
#[derive(Object, Clone, Debug)]
pub struct LocationSegmentsInput {
    pub site_id: i64,
    #[oai(validator(max_items = 5))]
    pub segments: Vec<LocationSegmentInput>,
}
