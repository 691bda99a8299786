//! Wire types of the reference lists.

use poem_openapi::Object;
use sqlx::FromRow;

/// One value of a reference list (spec 4 "Type value"). `valueID` is what records store (a vendor's state, currency,
/// terms, ...); `code` is the list's short standard code where it has one ('TX', 'US', 'USD', 'NET30', 'EA').
#[derive(Object, FromRow, Clone, Debug, PartialEq, Eq)]
pub struct TypeValue {
    /// The list: the type code ('State', 'Currency', ...; 'Client' and 'Company' for the lists read from the
    /// product's own tables).
    #[oai(rename = "typeID")]
    pub type_id: String,
    #[oai(rename = "valueID")]
    pub value_id: i64,
    pub code: Option<String>,
    pub description: String,
    pub description2: Option<String>,
    /// Always true except in the "All" lists, which include deactivated values.
    #[oai(rename = "isActive")]
    pub is_active: bool,
}

/// The query of `PCList`: the site whose price code lists are wanted (default: the current site).
#[derive(Debug, Clone, Copy, Default)]
pub struct SiteQuery {
    pub site_id: Option<i64>,
}
