//! Wire types of the historic price methods of sites.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use sqlx::FromRow;

use kernel::listing::PageRequest;
use kernel::page_type;

/// A method a site offers (spec 4 "Historic price method site link").
#[derive(Object, FromRow, Clone, Debug)]
pub struct HistoricPriceMethodSite {
    pub type_historic_pricing_method_site_id: i64,
    pub site_id: i64,
    pub site_code: String,
    /// The method: its 'HistoricPriceMethod' value.
    #[oai(rename = "valueID")]
    pub value_id: i32,
    pub code: Option<String>,
    pub description: String,
    /// A deactivated method stays linked but is not offered.
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

/// The search of one site's methods (default: the current site).
#[derive(Object, Debug, Clone, Default)]
pub struct HistoricPriceMethodSiteSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    pub site_id: Option<i64>,
}

page_type!(HistoricPriceMethodSitePage, HistoricPriceMethodSite, "itemList");

/// A new historic price method (a 'HistoricPriceMethod' value).
#[derive(Object, Debug, Clone, Default)]
pub struct HistoricPriceMethodInsert {
    #[oai(rename = "valueID")]
    pub value_id: Option<i32>,
    pub code: Option<String>,
    pub description: Option<String>,
    pub description2: Option<String>,
    #[oai(rename = "sortOrder")]
    pub sort_order: Option<i32>,
}

/// Which methods a site stops and starts offering, by their valueID.
#[derive(Object, Debug, Clone, Default)]
pub struct HistoricPriceMethodSiteUpdate {
    pub site_id: i64,
    #[oai(default)]
    pub remove: Vec<i32>,
    #[oai(default)]
    pub insert: Vec<i32>,
}
