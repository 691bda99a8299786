//! Wire types of the list administration.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::PageRequest;
use kernel::page_type;

/// A reference list and how many values it has.
#[derive(Object, FromRow, Clone, Debug)]
pub struct TypeList {
    #[oai(rename = "typeCode")]
    pub type_code: String,
    pub description: String,
    /// False for lists the product depends on (ERP types): shown, not edited.
    pub editable: bool,
    #[oai(rename = "valueCount")]
    pub value_count: i64,
    #[oai(rename = "activeCount")]
    pub active_count: i64,
}

/// One value of a list with everything the administrator sees and edits.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct TypeValueRecord {
    #[oai(rename = "typeValueId")]
    #[serde(rename = "typeValueId")]
    pub type_value_id: i64,
    #[oai(rename = "typeCode")]
    #[serde(rename = "typeCode")]
    pub type_code: String,
    /// What records store; unique within the list and scope; never changes.
    #[oai(rename = "valueID")]
    #[serde(rename = "valueID")]
    pub value_id: i32,
    pub code: Option<String>,
    pub description: String,
    pub description2: Option<String>,
    #[oai(rename = "sortOrder")]
    #[serde(rename = "sortOrder")]
    pub sort_order: i32,
    #[oai(rename = "isActive")]
    #[serde(rename = "isActive")]
    pub is_active: bool,
    /// The one site the value is limited to (null: every site).
    #[oai(rename = "siteId")]
    #[serde(rename = "siteId")]
    pub site_id: Option<i64>,
    #[oai(rename = "siteCode")]
    #[serde(skip)]
    pub site_code: Option<String>,
    /// The one ERP type the value is limited to (null: every ERP type).
    #[oai(rename = "erpTypeId")]
    #[serde(rename = "erpTypeId")]
    pub erp_type_id: Option<i32>,
    /// The one site ERP or customer code the value is limited to (null: every one).
    #[oai(rename = "ecsId")]
    #[serde(rename = "ecsId")]
    pub ecs_id: Option<i64>,
    #[oai(rename = "updatedBy")]
    #[serde(skip)]
    pub updated_by: Option<String>,
    #[oai(rename = "updatedAt")]
    #[serde(skip)]
    pub updated_at: DateTime<Utc>,
}

/// The search of one list's values: paging, free text over code and descriptions, and active state.
#[derive(Object, Debug, Clone, Default)]
pub struct TypeValueSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Text the code, description or description2 contains (ignoring case).
    pub q: Option<String>,
    /// Only active (true) or only inactive (false) values; missing: both.
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
}

page_type!(TypeValuePage, TypeValueRecord, "itemList");

/// A new value. Without `valueID` the next free one of the list is taken.
#[derive(Object, Debug, Clone, Default)]
pub struct TypeValueInsert {
    #[oai(rename = "valueID")]
    pub value_id: Option<i32>,
    pub code: Option<String>,
    pub description: Option<String>,
    pub description2: Option<String>,
    #[oai(rename = "sortOrder")]
    pub sort_order: Option<i32>,
    #[oai(rename = "siteId")]
    pub site_id: Option<i64>,
    #[oai(rename = "erpTypeId")]
    pub erp_type_id: Option<i32>,
    #[oai(rename = "ecsId")]
    pub ecs_id: Option<i64>,
}

/// A change of a value: its texts, order and active state (valueID and scope never change: records point at them).
/// Missing fields keep their value.
#[derive(Object, Debug, Clone, Default)]
pub struct TypeValueUpdate {
    #[oai(rename = "typeValueId")]
    pub type_value_id: i64,
    pub code: Option<String>,
    pub description: Option<String>,
    pub description2: Option<String>,
    #[oai(rename = "sortOrder")]
    pub sort_order: Option<i32>,
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
}
