//! Wire types of custom fields: definitions (20 per record kind and site), their possible values, and the values of
//! one CID or CIP (docs/cid.md).

use poem_openapi::{Enum, Object};
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::SortSpec;
use kernel::page_type;

/// Which record a custom field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize)]
#[oai(rename = "CustomFieldEntityType")]
pub enum EntityType {
    CID,
    CIP,
}

impl EntityType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CID => "CID",
            Self::CIP => "CIP",
        }
    }
    /// Plural for messages.
    pub fn records(self) -> &'static str {
        match self {
            Self::CID => "CIDs",
            Self::CIP => "CIPs",
        }
    }
}

/// How a value is checked: free text (up to `max_length`), a number, a date (stored `YYYY-MM-DD`; `MM/DD/YYYY` is
/// accepted), or one of the field's possible values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize)]
#[oai(rename = "CustomFieldType", rename_all = "lowercase")]
pub enum FieldType {
    Text,
    Number,
    Date,
    List,
}

impl FieldType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Number => "number",
            Self::Date => "date",
            Self::List => "list",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "text" => Some(Self::Text),
            "number" => Some(Self::Number),
            "date" => Some(Self::Date),
            "list" => Some(Self::List),
            _ => None,
        }
    }
}

/// One custom field of a record kind at a site: slot `field_no` (1-20) of the record's custom1..custom20.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CustomFieldDefinition {
    pub custom_field_definition_id: i64,
    pub site_id: i64,
    /// `CID` or `CIP`.
    pub entity_type: String,
    /// The slot: the value is stored in `custom<field_no>`.
    pub field_no: i32,
    pub label: String,
    /// `text`, `number`, `date` or `list`.
    pub field_type: String,
    pub is_required: bool,
    /// Hidden fields are not shown on the item page; their values are kept.
    pub is_visible: bool,
    /// Longest value accepted (characters); null means 500.
    pub max_length: Option<i32>,
}

impl kernel::records::SiteRecord for CustomFieldDefinition {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// A new definition (`PUT Custom/New`). `field_no` empty takes the first free slot.
#[derive(Debug, Clone, Object)]
pub struct CustomFieldDefinitionNew {
    pub entity_type: EntityType,
    #[oai(validator(minimum(value = "1"), maximum(value = "20")))]
    pub field_no: Option<i32>,
    /// Required, at most 50 characters, unique (case-insensitive) among the record kind's fields at the site.
    pub label: String,
    pub field_type: FieldType,
    pub is_required: Option<bool>,
    pub is_visible: Option<bool>,
    #[oai(validator(minimum(value = "1"), maximum(value = "500")))]
    pub max_length: Option<i32>,
}

/// A changed definition (`PUT Custom/Update`). Absent flags keep their value. A new `field_type` must accept every
/// value the site's records already hold in the field.
#[derive(Debug, Clone, Object)]
pub struct CustomFieldDefinitionUpdate {
    pub custom_field_definition_id: i64,
    pub label: String,
    pub field_type: FieldType,
    pub is_required: Option<bool>,
    pub is_visible: Option<bool>,
    #[oai(validator(minimum(value = "1"), maximum(value = "500")))]
    pub max_length: Option<i32>,
}

/// The definitions of one record kind at the current site, slot order.
#[derive(Debug, Clone, Object)]
pub struct CustomFieldDefinitions {
    pub entity_type: EntityType,
    pub site_id: i64,
    pub definitions: Vec<CustomFieldDefinition>,
}

/// A value a `list` field may take.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CustomFieldValuePossible {
    pub custom_field_value_possible_id: i64,
    pub custom_field_definition_id: i64,
    pub site_id: i64,
    pub custom_field_value: String,
    pub description: Option<String>,
    /// Hidden values are no longer offered; records holding one keep it.
    pub is_visible: bool,
}

impl kernel::records::SiteRecord for CustomFieldValuePossible {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

page_type!(CustomFieldValuePossiblePage, CustomFieldValuePossible, "itemList");

/// A new possible value (`POST CustomPossibleValue`).
#[derive(Debug, Clone, Object)]
pub struct CustomFieldValuePossibleNew {
    pub custom_field_definition_id: i64,
    /// Required, at most the field's `max_length` (500) characters, unique (case-insensitive) within the field.
    pub custom_field_value: String,
    pub description: Option<String>,
    pub is_visible: Option<bool>,
}

/// A changed possible value. Renaming it renames it in every record of the site that holds it.
#[derive(Debug, Clone, Object)]
pub struct CustomFieldValuePossibleUpdate {
    pub custom_field_value_possible_id: i64,
    pub custom_field_value: String,
    pub description: Option<String>,
    pub is_visible: Option<bool>,
}

/// Several possible values changed at once (`PUT CustomValuePossible/Update`): all or none.
#[derive(Debug, Clone, Object)]
pub struct CustomFieldValuePossibleBulkUpdate {
    #[oai(validator(min_items = 1, max_items = 500))]
    pub values: Vec<CustomFieldValuePossibleUpdate>,
}

/// The possible values to show or hide (`PUT CustomValuePossible/Visibility?is_visible=`); all at the current site.
#[derive(Debug, Clone, Object)]
pub struct CustomFieldValuePossibleIds {
    #[oai(validator(min_items = 1, max_items = 500))]
    pub custom_field_value_possible_ids: Vec<i64>,
}

/// One custom field of a record with its value.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CustomFieldValue {
    pub field_no: i32,
    pub custom_field_definition_id: i64,
    pub label: String,
    pub field_type: String,
    pub is_required: bool,
    pub is_visible: bool,
    pub max_length: Option<i32>,
    pub value: Option<String>,
}

/// The custom fields of a CID (`GET Item/CID/Custom/{cid_no}`): every defined field of the site, hidden ones with
/// `is_visible` false.
#[derive(Debug, Clone, Object)]
pub struct CidCustomValues {
    pub cid_no: i64,
    pub site_id: i64,
    pub fields: Vec<CustomFieldValue>,
}

/// The custom fields of a CIP (`GET Item/CIP/Custom/Values/{cip_no}`).
#[derive(Debug, Clone, Object)]
pub struct CipCustomValues {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub site_id: i64,
    pub fields: Vec<CustomFieldValue>,
}

/// One value to set: `value` empty or null clears the field.
#[derive(Debug, Clone, Object)]
pub struct CustomValueInput {
    #[oai(validator(minimum(value = "1"), maximum(value = "20")))]
    pub field_no: i32,
    pub value: Option<String>,
}

/// New values of some custom fields of a CID (`PUT Item/CID/CustomValues`); fields not listed keep their value.
#[derive(Debug, Clone, Object)]
pub struct CidCustomValuesInput {
    pub cid_no: i64,
    #[oai(validator(max_items = 20))]
    pub values: Vec<CustomValueInput>,
}

/// New values of some custom fields of a CIP (`PUT Item/CIP/Custom`).
#[derive(Debug, Clone, Object)]
pub struct CipCustomValuesInput {
    pub cip_no: i64,
    #[oai(validator(max_items = 20))]
    pub values: Vec<CustomValueInput>,
}

/// A row of an import that was refused (or a field of it).
#[derive(Debug, Clone, Object, PartialEq, Eq)]
pub struct CustomImportRefusal {
    /// Line of the file (the header is row 1).
    pub row: i64,
    /// The record key the row named (customer part, CIP code or number).
    pub key: Option<String>,
    /// `custom<n>`, the key column, or `Error` for the whole row.
    pub field: String,
    pub error: String,
}

/// What an import did: rows applied in one transaction, every refused row with its reasons.
#[derive(Debug, Clone, Object)]
pub struct CustomImportResult {
    pub entity_type: EntityType,
    pub total_rows: i64,
    pub applied_rows: i64,
    pub refused_rows: i64,
    pub refusals: Vec<CustomImportRefusal>,
}

/// A CID's 20 custom values (index 0 is custom1).
#[derive(Debug, Clone, FromRow)]
pub struct CidCustomRow {
    pub cid_no: i64,
    pub site_id: i64,
    pub cust_item_code: String,
    pub merged_into_cid_no: Option<i64>,
    pub values: Vec<Option<String>>,
}

impl kernel::records::SiteRecord for CidCustomRow {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// A CIP's 20 custom values (index 0 is custom1).
#[derive(Debug, Clone, FromRow)]
pub struct CipCustomRow {
    pub cip_no: i64,
    pub site_id: i64,
    pub cid_no: Option<i64>,
    pub cip_code: String,
    pub values: Vec<Option<String>>,
}

impl kernel::records::SiteRecord for CipCustomRow {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// The file of an import: CSV text (`text/csv`) or an Excel workbook (`.xlsx`, its first sheet).
#[derive(Debug, poem_openapi::ApiRequest)]
pub enum ImportFile {
    #[oai(content_type = "text/csv")]
    Csv(poem_openapi::payload::PlainText<String>),
    #[oai(content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")]
    Xlsx(poem_openapi::payload::Binary<Vec<u8>>),
}

/// How a field's possible values may be sorted (name the caller may send, expression of the list's query).
pub const POSSIBLE_SORT: SortSpec = SortSpec {
    fields: &[("custom_field_value", "lower(custom_field_value)"), ("description", "lower(description)"), ("is_visible", "is_visible")],
    default_field: "custom_field_value",
    default_descending: false,
};
