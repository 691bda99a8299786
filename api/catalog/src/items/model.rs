//! Wire types of the item master.

use chrono::{DateTime, Utc};
use poem_openapi::types::MaybeUndefined;
use poem_openapi::{Enum, Object};
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::Quantity;
use kernel::page_type;

/// One manufacturer part of the provider catalogue (spec 3 section 3, "Item master"), with the names of the codes it
/// refers to.
#[derive(Object, FromRow, Serialize, Clone, Debug, PartialEq)]
pub struct ItemMaster {
    pub item_id: i64,
    pub desc1: String,
    pub desc2: Option<String>,
    /// Manufacturer code (upper case); with `mfg_part_no` unique in the catalogue.
    pub mfg_code: String,
    pub mfg_name: String,
    pub mfg_part_no: String,
    pub erp_vmi_item_code: Option<String>,
    /// Item status: Active 1, Obsolete 2, DeActivated 3, InConversionProcess 4, Pending 5, Orphan 6, Supersede 7,
    /// Labor 8, ItemExchanged 9, RejectedItemAdd 10.
    pub item_status: i32,
    /// Days.
    pub shelf_life: Option<i32>,
    pub lot_control: bool,
    pub serialized: bool,
    pub kit: bool,
    pub repairable: bool,
    /// Hazardous material code (UN number), see `HazardousCodes`.
    pub haz_code: Option<String>,
    pub haz_description: Option<String>,
    pub haz_volume_size: Option<Quantity>,
    pub msds_req: bool,
    /// UPC / EAN / GTIN, digits only.
    pub asp_upc: Option<String>,
    /// UNSPSC commodity code (8 digits).
    pub commodity_code: Option<String>,
    pub commodity_description: Option<String>,
    pub uom_typeid: i32,
    /// Unit of measure code, e.g. `EA`.
    pub uom_code: String,
    /// Shipping weight in pounds.
    pub ship_weight: Option<Quantity>,
    pub brand_id: Option<i64>,
    pub brand_name: Option<String>,
    /// Export control classification number, e.g. `EAR99` or `5A992.c`.
    pub export_classification: Option<String>,
    /// Export agency, e.g. `BIS`.
    pub export_agency: Option<String>,
    /// Export list, e.g. `CCL`.
    pub export_list: Option<String>,
    /// Country of origin for export (ISO 3166 alpha-2).
    pub export_country_code: Option<String>,
    pub foreign_lang_desc1: Option<String>,
    pub foreign_lang_desc2: Option<String>,
    pub tri_native_part: bool,
    pub erp_type_id: Option<i32>,
    /// SAT product code (Mexican tax authority).
    pub sat_code: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A CID of the asked site that points at the item.
#[derive(Object, FromRow, Clone, Debug)]
pub struct SiteCid {
    pub cid_no: i64,
    pub cust_item_code: String,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    /// Item status of the CID (same codes as `item_status`).
    pub cid_status: i32,
    /// How many stock locations (CIPs) the CID has at the site.
    pub cip_count: i64,
}

/// The item and what one site has of it (`Common/{id}/{siteId}`).
#[derive(Object, Clone, Debug)]
pub struct ItemMasterAtSite {
    #[oai(flatten)]
    pub item: ItemMaster,
    pub site_id: i64,
    /// Whether the site has at least one CID for the item.
    pub has_cid: bool,
    /// The site's CIDs for the item (merged CIDs left out), by cid_no.
    pub cids: Vec<SiteCid>,
}

/// The item master record of a CID (`CID/{cid}`).
#[derive(Object, Clone, Debug)]
pub struct ItemMasterOfCid {
    #[oai(flatten)]
    pub item: ItemMaster,
    pub cid_no: i64,
    /// The CID's site.
    pub site_id: i64,
    pub cust_item_code: String,
}

/// A CID as the object-level check needs it.
#[derive(FromRow, Clone, Debug)]
pub struct CidLink {
    pub cid_no: i64,
    pub site_id: i64,
    pub item_id: Option<i64>,
    pub cust_item_code: String,
}

impl kernel::records::SiteRecord for CidLink {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// Maintenance of an item-master record (`Maintenance/Update`). Only `item_id` is required: a field left out keeps
/// its value. Fields that may be empty are cleared with `null`; for the others `null` also keeps the value. Ship
/// weight and the export fields have their own operations.
#[derive(Object, Clone, Debug, Default)]
pub struct ItemMasterMaintenanceInput {
    pub item_id: Option<i64>,
    #[oai(validator(max_length = 200))]
    pub desc1: Option<String>,
    #[oai(validator(max_length = 200))]
    pub desc2: MaybeUndefined<String>,
    #[oai(validator(max_length = 20))]
    pub mfg_code: Option<String>,
    #[oai(validator(max_length = 50))]
    pub mfg_part_no: Option<String>,
    #[oai(validator(max_length = 50))]
    pub erp_vmi_item_code: MaybeUndefined<String>,
    /// Active 1, Obsolete 2 or DeActivated 3; an inactive item becomes active again only through `Reactivate`.
    pub item_status: Option<i32>,
    pub shelf_life: MaybeUndefined<i32>,
    pub lot_control: Option<bool>,
    pub serialized: Option<bool>,
    pub kit: Option<bool>,
    pub repairable: Option<bool>,
    #[oai(validator(max_length = 20))]
    pub haz_code: MaybeUndefined<String>,
    pub haz_volume_size: MaybeUndefined<Quantity>,
    pub msds_req: Option<bool>,
    #[oai(validator(max_length = 20))]
    pub asp_upc: MaybeUndefined<String>,
    #[oai(validator(max_length = 20))]
    pub commodity_code: MaybeUndefined<String>,
    pub uom_typeid: Option<i32>,
    pub brand_id: MaybeUndefined<i64>,
    #[oai(validator(max_length = 200))]
    pub foreign_lang_desc1: MaybeUndefined<String>,
    #[oai(validator(max_length = 200))]
    pub foreign_lang_desc2: MaybeUndefined<String>,
    pub tri_native_part: Option<bool>,
    pub erp_type_id: MaybeUndefined<i32>,
    #[oai(validator(max_length = 20))]
    pub sat_code: MaybeUndefined<String>,
}

/// The export data of an item (`Export/Update`): a field left out keeps its value, `null` clears it.
#[derive(Object, Clone, Debug, Default)]
pub struct ItemMasterExportInput {
    pub item_id: Option<i64>,
    #[oai(validator(max_length = 20))]
    pub export_classification: MaybeUndefined<String>,
    #[oai(validator(max_length = 50))]
    pub export_agency: MaybeUndefined<String>,
    #[oai(validator(max_length = 50))]
    pub export_list: MaybeUndefined<String>,
    #[oai(validator(max_length = 2))]
    pub export_country_code: MaybeUndefined<String>,
}

/// The shipping weight of an item (`ShipWeight/Update`), in pounds; `null` clears it.
#[derive(Object, Clone, Debug, Default)]
pub struct ItemMasterShipWeightInput {
    pub item_id: Option<i64>,
    pub ship_weight: MaybeUndefined<Quantity>,
}

/// What `Search/{type}` looks for in `search_text`.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemMasterSearchType {
    /// Manufacturer part number, as a prefix, ignoring punctuation and case ("62042RS" finds "6204-2RS").
    #[oai(rename = "mfgPart")]
    MfgPart,
    /// Every word appears in desc1, desc2 or the part number (any order, case-insensitive).
    #[oai(rename = "description")]
    Description,
    /// The UPC / EAN / GTIN, exactly (leading zeros optional).
    #[oai(rename = "upc")]
    Upc,
    /// The ERP / VMI item code, as a prefix, case-insensitive.
    #[oai(rename = "erpCode")]
    ErpCode,
    /// Any of the above; without `search_text`, every item (with the filters).
    #[oai(rename = "all")]
    All,
}

/// An item-master search: the paged-search envelope, the text and optional filters.
#[derive(Object, Clone, Debug, Default)]
pub struct ItemMasterSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Required for every type but `all`.
    #[oai(validator(max_length = 200))]
    pub search_text: Option<String>,
    /// Only this manufacturer.
    #[oai(validator(max_length = 20))]
    pub mfg_code: Option<String>,
    /// Only this brand.
    pub brand_id: Option<i64>,
    /// Only this commodity code (8 digits), or every code of a segment, family or class given by its first 2, 4 or 6
    /// digits.
    #[oai(validator(max_length = 8))]
    pub commodity_code: Option<String>,
    /// Only this item status.
    pub item_status: Option<i32>,
}

/// An item-master search exported as an Excel workbook.
#[derive(Object, Clone, Debug)]
pub struct ItemMasterExportRequest {
    #[oai(flatten)]
    pub search: ItemMasterSearchRequest,
    pub columns: Vec<ExportColumn>,
}

/// One row of an item-master search.
#[derive(Object, FromRow, Serialize, Clone, Debug)]
pub struct ItemMasterRow {
    pub item_id: i64,
    pub desc1: String,
    pub desc2: Option<String>,
    pub mfg_code: String,
    pub mfg_name: String,
    pub mfg_part_no: String,
    pub brand_id: Option<i64>,
    pub brand_name: Option<String>,
    pub erp_vmi_item_code: Option<String>,
    pub asp_upc: Option<String>,
    pub commodity_code: Option<String>,
    pub uom_code: String,
    pub item_status: i32,
    pub haz_code: Option<String>,
    pub ship_weight: Option<Quantity>,
    pub updated_at: DateTime<Utc>,
}

page_type!(ItemMasterPage, ItemMasterRow, "itemList");

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("item_id", "item_id"),
        ("desc1", "desc1"),
        ("desc2", "desc2"),
        ("mfg_code", "mfg_code"),
        ("mfg_name", "mfg_name"),
        ("mfg_part_no", "mfg_part_no"),
        ("brand_name", "brand_name"),
        ("erp_vmi_item_code", "erp_vmi_item_code"),
        ("asp_upc", "asp_upc"),
        ("commodity_code", "commodity_code"),
        ("uom_code", "uom_code"),
        ("item_status", "item_status"),
        ("haz_code", "haz_code"),
        ("ship_weight", "ship_weight"),
        ("updated_at", "updated_at"),
    ],
    default_field: "desc1",
    default_descending: false,
};
