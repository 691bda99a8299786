//! Wire types of the brands.

use poem_openapi::Object;
use sqlx::FromRow;

/// A brand and its manufacturer.
#[derive(Object, FromRow, Clone, Debug)]
pub struct Brand {
    pub brand_id: i64,
    pub brand_name: String,
    /// The manufacturer that owns the brand, when known.
    pub mfg_code: Option<String>,
    pub mfg_name: Option<String>,
    pub is_active: bool,
    /// How many item-master parts carry the brand.
    pub item_count: i64,
}
