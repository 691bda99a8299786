//! Wire types of the CIP resource (docs/cip.md names every field and rule). Field names are spec 3 section 3's.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::{Quantity, UnitCost};
use kernel::page_type;

/// Item status of spec 1 section 4.
pub const STATUS_ACTIVE: i32 = 1;
pub const STATUS_PENDING: i32 = 5;
/// Replenishment types (spec 1 section 4).
pub const REPL_KANBAN: i32 = 1;
pub const REPL_MINMAX: i32 = 2;
pub const REPL_VENDING: i32 = 3;

// ---- sort allow-lists (name the caller may send, output column of the search)

pub const ROW_SORT: SortSpec = SortSpec {
    fields: &[
        ("cip_no", "cip_no"),
        ("cip_code", "cip_code"),
        ("cust_item_code", "cust_item_code"),
        ("cust_desc1", "cust_desc1"),
        ("cust_desc2", "cust_desc2"),
        ("status_id", "status_id"),
        ("location", "location"),
        ("qty_on_hand", "qty_on_hand"),
        ("qty_avail", "qty_avail"),
        ("qty_on_order", "qty_on_order"),
        ("min_qty", "min_qty"),
        ("max_qty", "max_qty"),
        ("repl_type", "repl_type"),
        ("vend_code", "vend_code"),
        ("annual_usage", "annual_usage"),
        ("last_issue_date", "last_issue_date"),
        ("last_receipt_date", "last_receipt_date"),
        ("updated_at", "updated_at"),
    ],
    default_field: "cip_code",
    default_descending: false,
};

pub const PICK_SORT: SortSpec = SortSpec {
    fields: &[
        ("cip_no", "cip_no"),
        ("cip_code", "cip_code"),
        ("cust_item_code", "cust_item_code"),
        ("cust_desc1", "cust_desc1"),
        ("location", "location"),
        ("qty_on_hand", "qty_on_hand"),
        ("status_id", "status_id"),
    ],
    default_field: "cip_code",
    default_descending: false,
};

pub const MIN1_SORT: SortSpec = SortSpec {
    fields: &[("cip_no", "cip_no"), ("cip_code", "cip_code"), ("cust_item_code", "cust_item_code"), ("cust_desc1", "cust_desc1"), ("location", "location"), ("status_id", "status_id")],
    default_field: "cip_code",
    default_descending: false,
};

pub const REPLENISH_SORT: SortSpec = SortSpec {
    fields: &[("cip_code", "cip_code"), ("cust_item_code", "cust_item_code"), ("location", "location"), ("vend_code", "vend_code"), ("qty_position", "qty_position")],
    default_field: "cip_code",
    default_descending: false,
};

/// Customer item at a location (CIP): the record's own fields.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct Cip {
    pub cip_no: i64,
    pub site_id: i64,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    /// Item status: Active 1, Obsolete 2, DeActivated 3, InConversionProcess 4, Pending 5, Orphan 6, Supersede 7,
    /// Labor 8, ItemExchanged 9, RejectedItemAdd 10.
    pub status_id: i32,
    pub location: Option<String>,
    pub loc_seg1: Option<String>,
    pub loc_seg2: Option<String>,
    pub loc_seg3: Option<String>,
    pub loc_seg4: Option<String>,
    pub loc_seg5: Option<String>,
    pub qty_on_hand: Quantity,
    pub qty_avail: Quantity,
    pub qty_on_hold: Quantity,
    pub qty_on_order: Quantity,
    pub qty_backorder: Quantity,
    /// Average cost (US dollars, 3 decimals); null unless the caller holds InvFISPrice at the record's site.
    pub cust_avg_cost: Option<UnitCost>,
    pub consigned: bool,
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
    pub lot_qty: Option<Quantity>,
    pub reorder_qty: Option<Quantity>,
    pub num_lots: Option<i32>,
    /// Replenishment type: Kanban 1, MinMax 2, Vending 3.
    pub repl_type: i32,
    pub keep_full: bool,
    pub buddy_cip_no: Option<i64>,
    /// The CIP is dispensed by a crib device (assigned to a bin of a dispenser station).
    pub dispensing: bool,
    pub vend_code: Option<String>,
    pub default_employee_id: Option<i64>,
    pub default_track1: Option<i64>,
    pub default_track2: Option<i64>,
    pub default_track3: Option<i64>,
    pub default_track4: Option<i64>,
    /// The CIP that stocks this item's repaired units (repairable CIDs).
    pub repair_cip_no: Option<i64>,
    pub custom_1: Option<String>,
    pub custom_2: Option<String>,
    pub custom_3: Option<String>,
    pub custom_4: Option<String>,
    /// The CID has more than one Active CIP (spec 1: the item is "multiple").
    pub multiple: bool,
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for Cip {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// The CID part of the item page.
#[derive(Object, FromRow, Clone, Debug)]
pub struct CipCid {
    pub cid_no: i64,
    pub cust_item_code: String,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub cid_status: i32,
    pub vend_code: Option<String>,
    pub uom_typeid: i32,
    pub serialized: bool,
    pub lot_control: bool,
    pub repairable: bool,
    pub repaired_part: bool,
    pub kit: bool,
    pub stock_item: bool,
    pub crit_part: bool,
    pub taxable: bool,
    pub avg_lead_time: Option<i32>,
    pub cid_hold_type: Option<i32>,
    pub curr_abc_class_type_id: Option<i32>,
}

/// The item-master part of the item page.
#[derive(Object, FromRow, Clone, Debug)]
pub struct CipItem {
    pub item_id: i64,
    pub desc1: String,
    pub desc2: Option<String>,
    pub mfg_code: String,
    pub mfg_name: Option<String>,
    pub mfg_part_no: String,
    pub erp_vmi_item_code: Option<String>,
    pub asp_upc: Option<String>,
    pub uom_code: Option<String>,
    pub commodity_code: Option<String>,
    pub item_status: i32,
}

/// Another CIP, as a reference (buddy, repaired-part CIP, kit child, related item).
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct CipRef {
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub status_id: i32,
    pub qty_on_hand: Quantity,
}

/// An item shown with this CIP.
#[derive(Object, FromRow, Clone, Debug)]
pub struct RelatedItem {
    pub related_cip_no: i64,
    /// Substitute 1, Accessory 2, SparePart 3.
    pub relation: i32,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub status_id: i32,
    pub qty_on_hand: Quantity,
}

/// The item page's general data (CIP Common): the CIP, its CID, its item-master part and the CIPs it points at.
#[derive(Object, Clone, Debug)]
pub struct CipCommon {
    pub cip: Cip,
    pub cid: Option<CipCid>,
    pub item: Option<CipItem>,
    pub buddy: Option<CipRef>,
    pub repair: Option<CipRef>,
    pub related_items: Vec<RelatedItem>,
    pub alternate_location_count: i64,
    pub virtual_location_count: i64,
}

/// A CIP as the item picker and the CIP lists show it.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct CipPick {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub site_id: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub location: Option<String>,
    pub qty_on_hand: Quantity,
    pub status_id: i32,
    /// Null unless the caller holds InvFISPrice at the CIP's site.
    pub cust_avg_cost: Option<UnitCost>,
    pub qty_avail: Quantity,
    pub consigned: bool,
    /// The UPC of the CIP's item-master part (what the like-UPC look-up matches on), if it has one.
    #[oai(rename = "likeUPC")]
    #[serde(rename = "likeUPC")]
    pub like_upc: Option<String>,
}

page_type!(CipPickPage, CipPick, "resultList");

/// One row of the CIP search grid.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct CipRow {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    pub site_id: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub status_id: i32,
    pub location: Option<String>,
    pub loc_seg1: Option<String>,
    pub loc_seg2: Option<String>,
    pub loc_seg3: Option<String>,
    pub loc_seg4: Option<String>,
    pub loc_seg5: Option<String>,
    pub qty_on_hand: Quantity,
    pub qty_avail: Quantity,
    pub qty_on_hold: Quantity,
    pub qty_on_order: Quantity,
    pub qty_backorder: Quantity,
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
    pub lot_qty: Option<Quantity>,
    pub reorder_qty: Option<Quantity>,
    pub repl_type: i32,
    pub keep_full: bool,
    pub consigned: bool,
    pub dispensing: bool,
    pub vend_code: Option<String>,
    /// Null unless the caller holds InvFISPrice at the searched site.
    pub cust_avg_cost: Option<UnitCost>,
    /// usage1 + ... + usage13.
    pub annual_usage: Quantity,
    pub last_issue_date: Option<DateTime<Utc>>,
    pub last_receipt_date: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

page_type!(CipRowPage, CipRow, "resultList");

/// A CIP with the fewest fields (Min1).
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct CipMin1 {
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub status_id: i32,
}

page_type!(CipMin1Page, CipMin1, "resultList");

/// The filters of the CIP searches. Empty texts count as not given; codes and locations match case-insensitively.
#[derive(Object, Clone, Debug, Default)]
pub struct CipFilter {
    /// One of the caller's sites of the current client; default the current site.
    #[oai(validator(max_length = 40))]
    pub site_code: Option<String>,
    pub cip_no: Option<i64>,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    pub status_id: Option<i32>,
    /// CIP code starts with.
    #[oai(validator(max_length = 100))]
    pub cip_code: Option<String>,
    /// Customer part (cust_item_code) starts with.
    #[oai(validator(max_length = 100))]
    pub cust_item_code: Option<String>,
    /// cust_desc1 or cust_desc2 contains.
    #[oai(validator(max_length = 200))]
    pub description: Option<String>,
    /// Any of CIP code, customer part and descriptions contains.
    #[oai(validator(max_length = 200))]
    pub text: Option<String>,
    /// Location starts with.
    #[oai(validator(max_length = 120))]
    pub location: Option<String>,
    #[oai(validator(max_length = 40))]
    pub vend_code: Option<String>,
    /// Kanban 1, MinMax 2, Vending 3.
    pub repl_type: Option<i32>,
    pub consigned: Option<bool>,
    pub dispensing: Option<bool>,
    pub keep_full: Option<bool>,
    /// true: on hand below min; false: min not set or on hand at or above it.
    pub below_min: Option<bool>,
    /// true: something on hand; false: nothing on hand.
    pub has_on_hand: Option<bool>,
}

/// A CIP search: the spec's paged-search envelope and the filters.
#[derive(Object, Clone, Debug, Default)]
pub struct CipSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: CipFilter,
}

/// A CIP search as an Excel workbook of the given columns (up to 5000 rows).
#[derive(Object, Clone, Debug)]
pub struct CipSearchExport {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: CipFilter,
    pub columns: Vec<ExportColumn>,
}

/// The columns the grid's column filter may list.
#[derive(poem_openapi::Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum SubFilterField {
    StatusId,
    ReplType,
    Location,
    LocSeg1,
    LocSeg2,
    LocSeg3,
    LocSeg4,
    LocSeg5,
    VendCode,
    Consigned,
    Dispensing,
    KeepFull,
}

impl SubFilterField {
    /// The column it lists.
    pub fn column(self) -> &'static str {
        match self {
            Self::StatusId => "status_id",
            Self::ReplType => "repl_type",
            Self::Location => "location",
            Self::LocSeg1 => "loc_seg1",
            Self::LocSeg2 => "loc_seg2",
            Self::LocSeg3 => "loc_seg3",
            Self::LocSeg4 => "loc_seg4",
            Self::LocSeg5 => "loc_seg5",
            Self::VendCode => "vend_code",
            Self::Consigned => "consigned",
            Self::Dispensing => "dispensing",
            Self::KeepFull => "keep_full",
        }
    }
}

/// Distinct values of one column for the grid's column filter.
#[derive(Object, Clone, Debug)]
pub struct SubFilterRequest {
    pub field: SubFilterField,
    /// Only values starting with this (case-insensitive).
    #[oai(validator(max_length = 100))]
    pub starts_with: Option<String>,
    #[oai(flatten)]
    pub filter: CipFilter,
}

#[derive(Object, FromRow, Clone, Debug)]
pub struct SubFilterValue {
    /// The value as text; null for rows without one.
    pub value: Option<String>,
    pub count: i64,
}

#[derive(Object, Clone, Debug)]
pub struct SubFilterAnswer {
    pub field: String,
    pub values: Vec<SubFilterValue>,
    /// More than 500 distinct values: the list stops there.
    pub limited: bool,
}

/// The CIPs of one CID, paged.
#[derive(Object, Clone, Debug)]
pub struct CipsOfCidRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub cid_no: i64,
}

/// Global search box, customer part: the code and the site to search.
#[derive(Object, Clone, Debug)]
pub struct QuickSearchCustItemCode {
    #[oai(validator(max_length = 100))]
    pub code: String,
    #[oai(validator(max_length = 40))]
    pub site_code: String,
}

/// Quantities of a CIP (spec 3 section 3).
#[derive(Object, FromRow, Clone, Debug)]
pub struct CipQuantities {
    pub cip_no: i64,
    pub qty_on_hand: Quantity,
    pub qty_avail: Quantity,
    pub qty_on_hold: Quantity,
    pub qty_on_order: Quantity,
    pub qty_scrap: Quantity,
    pub qty_backorder: Quantity,
    pub qty_work_order: Quantity,
    pub qty_transfer: Quantity,
    pub qty_excess: Quantity,
    /// on hand + on order - backorder: what the replenishment compares with min.
    pub qty_position: Quantity,
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
}

/// The CIP summary pop-up: quantities and usage.
#[derive(Object, FromRow, Clone, Debug)]
pub struct CipSummary {
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub location: Option<String>,
    pub status_id: i32,
    pub qty_on_hand: Quantity,
    pub qty_avail: Quantity,
    pub qty_on_hold: Quantity,
    pub qty_on_order: Quantity,
    pub qty_backorder: Quantity,
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
    pub repl_type: i32,
    /// Usage of the 13 periods, usage1 the most recent.
    pub usage: Vec<Quantity>,
    /// usage1 + ... + usage13.
    pub annual_usage: Quantity,
    /// Usage of the 12 calendar months, January first.
    pub month_usage: Vec<Quantity>,
    pub trans_count_cy: i32,
    pub trans_count_py: i32,
    pub repl_count_cy: i32,
    pub repl_count_py: i32,
    pub last_issue_date: Option<DateTime<Utc>>,
    pub last_receipt_date: Option<DateTime<Utc>>,
    pub last_count_date: Option<DateTime<Utc>>,
}

/// Like-UPC on hand: every CIP of the site whose item carries the same UPC, this one included.
#[derive(Object, Clone, Debug)]
pub struct LikeUpcOnHand {
    pub cip_no: i64,
    pub asp_upc: Option<String>,
    pub cip_count: i64,
    pub qty_on_hand: Quantity,
}

/// Warehouse cost of a CIP; both costs only with InvFISPrice at the CIP's site.
#[derive(Object, Clone, Debug)]
pub struct WarehouseCost {
    pub cip_no: i64,
    pub warehouse_cost: Option<UnitCost>,
    pub cust_avg_cost: Option<UnitCost>,
    /// The caller may see costs at this site (InvFISPrice).
    pub cost_visible: bool,
}

/// May keep_full be changed for this CIP, and why not.
#[derive(Object, Clone, Debug)]
pub struct KeepFullEditCheck {
    pub cip_no: i64,
    pub editable: bool,
    pub keep_full: bool,
    /// Why it may not be changed; null when editable.
    pub message: Option<String>,
}

/// Where a CIP's stock comes from.
#[derive(Object, Clone, Debug)]
pub struct ReplenishmentSource {
    pub cip_no: i64,
    pub repl_type: i32,
    /// Kanban, MinMax or Vending.
    pub repl_type_name: String,
    /// Vendor: ordered from vend_code (MinMax); Kanban: reordered by its kanban bins; Vending: refilled by its
    /// dispenser bins.
    pub source: String,
    pub vend_code: Option<String>,
    pub vend_name: Option<String>,
    pub kanban_bin_count: i64,
    pub dispenser_bin_count: i64,
    pub consigned: bool,
}

/// The hold settings of a CIP.
#[derive(Object, FromRow, Clone, Debug)]
pub struct HoldType {
    pub cip_no: i64,
    /// The CID's hold type (cid_hold_type); null when the item is not held.
    pub cid_hold_type: Option<i32>,
    pub qty_on_hold: Quantity,
}

/// The repaired-part settings of a CIP.
#[derive(Object, Clone, Debug)]
pub struct RepairInfo {
    pub cip_no: i64,
    /// The CID is repairable (its worn units can be repaired and restocked).
    pub repairable: bool,
    /// The CID is itself a repaired part.
    pub repaired_part: bool,
    /// The CIP that stocks this item's repaired units.
    pub repair_cip: Option<CipRef>,
    /// For a repaired-part CIP: the CIPs whose repaired units it stocks.
    pub repaired_for: Vec<CipRef>,
}

/// MLQ (maximum liability quantity) of a CIP: what the customer is committed to beyond its stock.
#[derive(Object, Clone, Debug)]
pub struct Mlq {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    /// Over the site's active CIPs of the same item: sum of max (min when no max) - on hand - on order, each CIP
    /// counted at zero or more.
    pub warehouse_net_mlq: Quantity,
    /// The same over the active CIPs of this CIP's CID.
    pub cid_net_mlq: Quantity,
}

#[derive(Object, Clone, Debug)]
pub struct MlqRequest {
    pub cip_no: i64,
}

/// A MinMax CIP at or below min, and what to order.
#[derive(Object, FromRow, Clone, Debug)]
pub struct ReplenishCip {
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub vend_code: Option<String>,
    pub qty_on_hand: Quantity,
    pub qty_on_order: Quantity,
    pub qty_backorder: Quantity,
    pub min_qty: Quantity,
    pub max_qty: Option<Quantity>,
    pub lot_qty: Option<Quantity>,
    pub keep_full: bool,
    /// on hand + on order - backorder.
    pub qty_position: Quantity,
    /// Up to max, rounded up to whole lots (keep-full CIPs to max exactly).
    pub suggested_qty: Quantity,
}

page_type!(ReplenishCipPage, ReplenishCip, "resultList");

// ---- writes

/// Default employee and tracking codes (track N must be a code of tracking level N); null clears.
#[derive(Object, Clone, Debug)]
pub struct DefaultsUpdate {
    pub cip_no: i64,
    pub default_employee_id: Option<i64>,
    pub default_track1: Option<i64>,
    pub default_track2: Option<i64>,
    pub default_track3: Option<i64>,
    pub default_track4: Option<i64>,
}

/// The other settings of a CIP; each field replaces the stored one.
#[derive(Object, Clone, Debug)]
pub struct OtherUpdate {
    pub cip_no: i64,
    pub consigned: bool,
    /// A vendor of the CIP's site.
    #[oai(validator(max_length = 40))]
    pub vend_code: Option<String>,
    /// Another active CIP of the same site and the same CID or item-master part; null clears.
    pub buddy_cip_no: Option<i64>,
    #[oai(validator(max_length = 200))]
    pub custom_1: Option<String>,
    #[oai(validator(max_length = 200))]
    pub custom_2: Option<String>,
    #[oai(validator(max_length = 200))]
    pub custom_3: Option<String>,
    #[oai(validator(max_length = 200))]
    pub custom_4: Option<String>,
}

/// Moves a CIP to another CID of its site.
#[derive(Object, Clone, Debug)]
pub struct CidUpdate {
    pub cip_no: i64,
    pub cid_no: i64,
}

/// Replenishment settings of a CIP.
#[derive(Object, Clone, Debug)]
pub struct ReplenishmentUpdate {
    pub cip_no: i64,
    /// Kanban 1, MinMax 2, Vending 3.
    pub repl_type: i32,
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
    pub lot_qty: Option<Quantity>,
    pub reorder_qty: Option<Quantity>,
    pub num_lots: Option<i32>,
    pub keep_full: bool,
}

#[derive(Object, Clone, Debug)]
pub struct RelatedItemInput {
    pub related_cip_no: i64,
    /// Substitute 1 (default), Accessory 2, SparePart 3.
    pub relation: Option<i32>,
}

/// The full list of items shown with a CIP (replaces the stored list).
#[derive(Object, Clone, Debug)]
pub struct RelatedItemsSave {
    pub cip_no: i64,
    #[oai(validator(max_items = 50))]
    pub related_items: Vec<RelatedItemInput>,
}

/// Links (or with null unlinks) the CIP stocking a repairable CIP's repaired units.
#[derive(Object, Clone, Debug)]
pub struct RepairUpdate {
    pub cip_no: i64,
    pub repair_cip_no: Option<i64>,
}

/// Creates the repaired-part CID and CIP of a repairable CIP.
#[derive(Object, Clone, Debug)]
pub struct CreateRepairedCip {
    pub cip_no: i64,
    /// Default: the CID's customer part with "-R".
    #[oai(validator(max_length = 100))]
    pub cust_item_code: Option<String>,
    /// Default: the CIP code with "-R".
    #[oai(validator(max_length = 100))]
    pub cip_code: Option<String>,
    /// Default: the original CIP's location.
    #[oai(validator(max_length = 120))]
    pub location: Option<String>,
}

/// What a write answers: the CIP as it is now.
#[derive(Object, Clone, Debug)]
pub struct CipSaved {
    pub success: bool,
    pub message: String,
    pub cip: Cip,
}
