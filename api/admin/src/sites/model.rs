//! Wire types of the sites resource.

use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::SortSpec;

/// Sortable fields (API name, output column of the search).
pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("id", "id"),
        ("site_code", "site_code"),
        ("site_name", "site_name"),
        ("client_id", "client_id"),
        ("client_code", "client_code"),
        ("erp_type_id", "erp_type_id"),
        ("is_active", "is_active"),
    ],
    default_field: "site_code",
    default_descending: false,
};

#[derive(Debug, Clone, Object, Serialize, FromRow)]
pub struct SiteRecord {
    /// site_id
    pub id: i64,
    pub site_code: String,
    pub site_name: String,
    pub client_id: i64,
    pub client_code: String,
    pub erp_type_id: i32,
    pub is_active: bool,
    pub customer_portal_catalog: bool,
    pub asp8_rfq: bool,
    pub show_ctb_usage: bool,
}

/// A site as written by the console; absent fields keep their value on update (defaults on create). `client_code`
/// is read-only (it follows `client_id`), and `client_id` cannot change once the site exists.
#[derive(Debug, Clone, Default, Object)]
pub struct SiteInput {
    #[oai(validator(max_length = 40))]
    pub site_code: Option<String>,
    #[oai(validator(max_length = 200))]
    pub site_name: Option<String>,
    pub client_id: Option<i64>,
    #[oai(validator(minimum(value = "0"), maximum(value = "7")))]
    pub erp_type_id: Option<i32>,
    pub is_active: Option<bool>,
    pub customer_portal_catalog: Option<bool>,
    pub asp8_rfq: Option<bool>,
    pub show_ctb_usage: Option<bool>,
}

/// The sites search's own filters.
#[derive(Debug, Clone, Default)]
pub struct SiteFilters {
    pub client_id: Option<i64>,
    pub is_active: Option<bool>,
}
