//! Wire types of the vendor resource.

use poem_openapi::Object;
use sqlx::FromRow;

/// Vendor, the common part.
#[derive(Object, FromRow, Clone, Debug)]
pub struct Vendor {
    pub vend_id: i64,
    /// The site it was read at (vendors are shared by the client's sites that the vendor rule matches).
    pub site_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    /// ERP type: None 0, Enterprise 1, SXE 2, FreescaleSAP 3, Trilogie 4, TrilogieWD 5, TrilogieIntegrated 6,
    /// NetSuite 7.
    pub erp_type_id: i32,
    pub erp_company: Option<String>,
    pub is_vmi: bool,
    pub is_manufacturer: bool,
    pub active: bool,
}
