//! Wire types of sites.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Debug, Clone, Object, FromRow)]
pub struct SiteInfo {
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    pub site_code: String,
    pub site_name: String,
    #[oai(rename = "erpTypeID")]
    pub erp_type_id: i32,
    #[oai(rename = "vmierpTypeID")]
    pub vmi_erp_type_id: Option<i32>,
    pub erp_company: Option<String>,
    pub account_login: Option<String>,
    pub client_id: i64,
    pub client_code: String,
    pub app_type: i32,
    pub show_ctb_usage: bool,
    pub asp8_rfq: bool,
    pub customer_portal_catalog: bool,
}

#[derive(Object)]
pub struct SiteSettings {
    pub site_id: i64,
    pub show_ctb_usage: bool,
    pub asp8_rfq: bool,
    pub customer_portal_catalog: bool,
}
