//! Wire types of the tracking code resource.

use poem_openapi::Object;
use sqlx::FromRow;

/// Tracking code.
#[derive(Object, FromRow, Clone, Debug)]
pub struct TrackingCode {
    #[oai(rename = "trackingCodeId")]
    pub tracking_code_id: i64,
    pub site_id: i64,
    #[oai(rename = "trackingLevelID")]
    pub tracking_level_id: i64,
    #[oai(rename = "trackingNumber")]
    pub tracking_number: String,
    pub description: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
}

impl kernel::records::SiteRecord for TrackingCode {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}
