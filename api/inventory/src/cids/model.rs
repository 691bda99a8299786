//! Wire types of the CID resource (spec 3 section 3 "Customer item definition"; shapes in docs/cid.md).

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::{PageRequest, SortSpec};
use kernel::num::{Money, Percent, Quantity, UnitCost};
use kernel::page_type;

use crate::custom_fields::model::CustomValueInput;

/// A customer item definition: what a client calls a part at a site, with its flags, costs and custom values.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct Cid {
    pub cid_no: i64,
    pub site_id: i64,
    pub item_id: Option<i64>,
    pub cust_item_code: String,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    /// Default vendor.
    pub vend_code: Option<String>,
    /// Item status: Active 1, Obsolete 2, DeActivated 3, InConversionProcess 4, Pending 5, Orphan 6, Supersede 7,
    /// Labor 8, ItemExchanged 9, RejectedItemAdd 10.
    pub cid_status: i32,
    pub uom_typeid: i32,
    pub serialized: bool,
    pub lot_control: bool,
    pub adr_flag: bool,
    pub no_split_adr: bool,
    pub repairable: bool,
    pub repaired_part: bool,
    pub taxable: bool,
    /// Days.
    pub avg_lead_time: Option<i32>,
    /// One of `GET api/V2/Item/CID/HoldType`.
    pub cid_hold_type: Option<i32>,
    pub crit_part: bool,
    /// Average cost (US dollars); null unless the caller holds InvFISPrice at the CID's site.
    pub cust_avg_cost: Option<UnitCost>,
    pub kit: bool,
    pub stock_item: bool,
    pub fix_price: bool,
    pub auto_po: bool,
    pub hist_price: Option<UnitCost>,
    pub hist_date: Option<NaiveDate>,
    pub hist_qty: Option<Quantity>,
    pub hist_type: Option<i32>,
    pub target_override: bool,
    pub target_percent: Option<Percent>,
    pub target_contract_date: Option<NaiveDate>,
    pub target_contract_percent: Option<Percent>,
    pub contract_price: Option<UnitCost>,
    pub contract_review_date: Option<NaiveDate>,
    pub warranty_manufacturer: Option<String>,
    /// Warranty starts at: Receipt 1, Issue 2.
    pub warranty_start_type: Option<i32>,
    /// Months.
    pub warranty_length: Option<i32>,
    /// ABC class: A 1, B 2, C 3, D 4.
    pub curr_abc_class_type_id: Option<i32>,
    pub inventory_class: Option<String>,
    pub cogs_value: Option<Money>,
    pub margin_exclusion_date: Option<NaiveDate>,
    pub margin_exclusion_comment: Option<String>,
    pub custom1: Option<String>,
    pub custom2: Option<String>,
    pub custom3: Option<String>,
    pub custom4: Option<String>,
    pub custom5: Option<String>,
    pub custom6: Option<String>,
    pub custom7: Option<String>,
    pub custom8: Option<String>,
    pub custom9: Option<String>,
    pub custom10: Option<String>,
    pub custom11: Option<String>,
    pub custom12: Option<String>,
    pub custom13: Option<String>,
    pub custom14: Option<String>,
    pub custom15: Option<String>,
    pub custom16: Option<String>,
    pub custom17: Option<String>,
    pub custom18: Option<String>,
    pub custom19: Option<String>,
    pub custom20: Option<String>,
    /// Set when this CID was merged into another; its CIPs and files are there now.
    pub merged_into_cid_no: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for Cid {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// The CID with what the item page shows beside it (`GET Common/{cid_no}`): its item master part, vendor name, and
/// how many CIPs stock it. `multiple` is true when more than one of its CIPs is Active.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidCommon {
    pub cid_no: i64,
    pub site_id: i64,
    pub cust_item_code: String,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub cid_status: i32,
    pub item_id: Option<i64>,
    pub mfg_code: Option<String>,
    pub mfg_part_no: Option<String>,
    pub item_desc1: Option<String>,
    pub item_status: Option<i32>,
    pub uom_typeid: i32,
    pub uom_code: Option<String>,
    pub vend_code: Option<String>,
    pub vend_name: Option<String>,
    /// Null unless the caller holds InvFISPrice at the CID's site.
    pub cust_avg_cost: Option<UnitCost>,
    pub avg_lead_time: Option<i32>,
    pub cid_hold_type: Option<i32>,
    pub crit_part: bool,
    pub kit: bool,
    pub stock_item: bool,
    pub serialized: bool,
    pub lot_control: bool,
    pub repairable: bool,
    pub taxable: bool,
    pub curr_abc_class_type_id: Option<i32>,
    pub warranty_manufacturer: Option<String>,
    pub warranty_start_type: Option<i32>,
    pub warranty_length: Option<i32>,
    pub cip_count: i64,
    pub active_cip_count: i64,
    pub multiple: bool,
    pub merged_into_cid_no: Option<i64>,
}

impl kernel::records::SiteRecord for CidCommon {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// The item page's header line (`GET CIDHeader/{cid_no}`).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidHeader {
    pub cid_no: i64,
    pub site_id: i64,
    pub cust_item_code: String,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub cid_status: i32,
    pub item_id: Option<i64>,
    pub mfg_code: Option<String>,
    pub mfg_part_no: Option<String>,
    pub uom_code: Option<String>,
    /// On hand over all its CIPs.
    pub qty_on_hand: Quantity,
    pub cip_count: i64,
    pub multiple: bool,
    pub kit: bool,
    pub crit_part: bool,
    pub merged_into_cid_no: Option<i64>,
}

impl kernel::records::SiteRecord for CidHeader {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// A CID in a list (the CIDs of an item, duplicates, `Min1`).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidMin {
    pub cid_no: i64,
    pub site_id: i64,
    pub cust_item_code: String,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub cid_status: i32,
    pub item_id: Option<i64>,
    pub uom_typeid: i32,
    pub vend_code: Option<String>,
    pub cip_count: i64,
}

/// The CID of a CIP (`GET Min1/CIP/{cip_no}`).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidOfCip {
    pub cip_no: i64,
    pub cip_code: String,
    pub cid_no: i64,
    pub site_id: i64,
    pub cust_item_code: String,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub cid_status: i32,
    pub item_id: Option<i64>,
    pub uom_typeid: i32,
}

impl kernel::records::SiteRecord for CidOfCip {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// Quantities summed over a CID's CIPs (`SummaryQuantities`; `NonConsignedSummaryQuantity` counts the CIPs that are
/// not consigned only). Quantities of areas not built yet (requisitions, put-away, pending adjustments) are not
/// part of it.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidQuantities {
    pub cid_no: i64,
    pub cip_count: i64,
    pub qty_on_hand: Quantity,
    /// Available to issue.
    pub qty_avail: Quantity,
    pub qty_on_hold: Quantity,
    pub qty_on_order: Quantity,
    pub qty_backorder: Quantity,
    pub qty_scrap: Quantity,
    pub qty_work_order: Quantity,
    pub qty_transfer: Quantity,
    pub qty_excess: Quantity,
    pub min_qty: Quantity,
    pub max_qty: Quantity,
}

/// How many of a CID's CIPs hold stock on hold (`POHLDCount`).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidHoldCount {
    pub cid_no: i64,
    /// CIPs with qty_on_hold above 0.
    pub hold_count: i64,
    pub qty_on_hold: Quantity,
}

/// Usage summed over a CID's CIPs (`SummaryUsage`): 13 four-week periods (usage1 the most recent) and their annual
/// total, 12 calendar months (January first), and transaction and replenishment counts of this and last year.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidUsage {
    pub cid_no: i64,
    pub cip_count: i64,
    pub usage1: Quantity,
    pub usage2: Quantity,
    pub usage3: Quantity,
    pub usage4: Quantity,
    pub usage5: Quantity,
    pub usage6: Quantity,
    pub usage7: Quantity,
    pub usage8: Quantity,
    pub usage9: Quantity,
    pub usage10: Quantity,
    pub usage11: Quantity,
    pub usage12: Quantity,
    pub usage13: Quantity,
    /// usage1 + ... + usage13.
    pub annual_usage: Quantity,
    /// 12 values, January to December.
    pub month_usage: Vec<Quantity>,
    pub month_usage_total: Quantity,
    pub trans_count_cy: i64,
    pub trans_count_py: i64,
    pub repl_count_cy: i64,
    pub repl_count_py: i64,
}

/// A CID's ABC class.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CidAbc {
    pub cid_no: i64,
    /// A 1, B 2, C 3, D 4.
    pub curr_abc_class_type_id: Option<i32>,
    pub abc_class: Option<String>,
}

/// A CID hold type (`GET api/V2/Item/CID/HoldType`).
#[derive(Debug, Clone, Object)]
pub struct CidHoldType {
    pub cid_hold_type: i32,
    pub description: String,
}

/// One reason a check found.
#[derive(Debug, Clone, Object, PartialEq, Eq, Serialize)]
pub struct CidCheckReason {
    /// Stable code: `onHand`, `onOrder`, `backorder`, `onHold`, `kitParent`, `kitChild`, `kanban`.
    pub code: String,
    pub message: String,
    pub count: i64,
}

/// Whether the CID's item master may be changed (`CheckOKToChangeItemMaster`): `ok` when nothing depends on it.
#[derive(Debug, Clone, Object, Serialize)]
pub struct ChangeItemMasterCheck {
    pub cid_no: i64,
    pub item_id: Option<i64>,
    pub ok: bool,
    pub reasons: Vec<CidCheckReason>,
}

/// A kit a CID's CIP belongs to.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidKitLink {
    pub parent_cip_no: i64,
    pub parent_cip_code: String,
    pub parent_cid_no: Option<i64>,
    pub child_cip_no: i64,
    pub child_cip_code: String,
    pub child_cid_no: Option<i64>,
    pub qty: Quantity,
}

/// Whether a CID's CIPs are kits or parts of kits (`KitCheck`).
#[derive(Debug, Clone, Object, Serialize)]
pub struct KitCheck {
    pub cid_no: i64,
    /// Some CIP of the CID is a kit with children.
    pub is_kit_parent: bool,
    /// Some CIP of the CID is a child of a kit.
    pub is_kit_child: bool,
    /// Every kit link the CID's CIPs take part in, as parent or child.
    pub links: Vec<CidKitLink>,
}

/// A kanban bin of a CID's CIP.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct CidKanbanBin {
    pub kanban_bin_id: i64,
    pub cip_no: i64,
    pub tool_code: String,
    pub bin_qty: Quantity,
    /// Full 1, Empty 2, Ordered 3.
    pub bin_status: i32,
}

/// Whether a CID is a kanban item (`KanbanCheck`): a CIP of replenishment type Kanban or with kanban bins.
#[derive(Debug, Clone, Object, Serialize)]
pub struct KanbanCheck {
    pub cid_no: i64,
    pub is_kanban: bool,
    /// CIPs of the CID whose replenishment type is Kanban (1).
    pub kanban_cip_count: i64,
    pub bins: Vec<CidKanbanBin>,
}

/// The answer of the existence checks.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CidExistsAnswer {
    pub exists: bool,
    /// The CID found (the first by number when several match).
    pub cid_no: Option<i64>,
    pub cust_item_code: Option<String>,
    pub uom_typeid: Option<i32>,
}

/// New warranty tracking of a CID (`PUT WarrantyTracking`); all empty turns tracking off.
#[derive(Debug, Clone, Object)]
pub struct WarrantyInput {
    pub cid_no: i64,
    pub warranty_manufacturer: Option<String>,
    /// Receipt 1, Issue 2.
    #[oai(validator(minimum(value = "1"), maximum(value = "2")))]
    pub warranty_start_type: Option<i32>,
    /// Months, 1 to 600.
    #[oai(validator(minimum(value = "1"), maximum(value = "600")))]
    pub warranty_length: Option<i32>,
}

/// A CID's new ABC class (`PUT ABC`); null clears it.
#[derive(Debug, Clone, Object)]
pub struct AbcInput {
    pub cid_no: i64,
    #[oai(validator(minimum(value = "1"), maximum(value = "4")))]
    pub curr_abc_class_type_id: Option<i32>,
}

/// A CID's new item master part (`PUT ItemMaster`).
#[derive(Debug, Clone, Object)]
pub struct ItemMasterInput {
    pub cid_no: i64,
    pub item_id: i64,
}

/// A CID's new descriptions (`POST CustomerDescription/Update`); its CIPs follow.
#[derive(Debug, Clone, Object)]
pub struct DescriptionInput {
    pub cid_no: i64,
    /// Required, at most 100 characters.
    pub cust_desc1: String,
    /// At most 100 characters; empty clears it.
    pub cust_desc2: Option<String>,
}

/// A new CID with its first CIP (`POST api/V1/Item/CID`).
#[derive(Debug, Clone, Object)]
pub struct CidNew {
    /// Required, at most 50 characters, unique at the site (case-insensitive).
    pub cust_item_code: String,
    /// Required, at most 100 characters.
    pub cust_desc1: String,
    pub cust_desc2: Option<String>,
    /// An active item of the item master.
    pub item_id: i64,
    /// A vendor visible at the site.
    pub vend_code: Option<String>,
    /// Default: the item master's unit of measure.
    pub uom_typeid: Option<i32>,
    /// Defaults: the item master's flags.
    pub serialized: Option<bool>,
    pub lot_control: Option<bool>,
    pub repairable: Option<bool>,
    pub kit: Option<bool>,
    pub crit_part: Option<bool>,
    pub stock_item: Option<bool>,
    pub taxable: Option<bool>,
    #[oai(validator(minimum(value = "0"), maximum(value = "3650")))]
    pub avg_lead_time: Option<i32>,
    /// The starting average cost: only with TransactionAvgCost at the site (else 403 naming the field; leave it out
    /// and receipts set it, or `PUT Transaction/Update/CustAvgCost` corrects it).
    #[oai(validator(minimum(value = "0"), maximum(value = "999999999")))]
    pub cust_avg_cost: Option<UnitCost>,
    #[oai(validator(minimum(value = "1"), maximum(value = "4")))]
    pub curr_abc_class_type_id: Option<i32>,
    /// Custom values of the CID; every required CID field of the site must be given.
    #[oai(default, validator(max_items = 20))]
    pub custom: Vec<CustomValueInput>,
    /// The first CIP: required, at most 50 characters, unique at the site (case-insensitive).
    pub cip_code: String,
    /// Where it is stocked, its segments joined by `-` (named and limited per site; see docs/cid.md).
    pub location: Option<String>,
    #[oai(validator(minimum(value = "0"), maximum(value = "999999999")))]
    pub min_qty: Option<Quantity>,
    #[oai(validator(minimum(value = "0"), maximum(value = "999999999")))]
    pub max_qty: Option<Quantity>,
    pub consigned: Option<bool>,
}

/// What creating a CID made.
#[derive(Debug, Clone, Object)]
pub struct CidCreated {
    pub cid: Cid,
    pub cip_no: i64,
    pub cip_code: String,
    pub location: Option<String>,
    pub loc_seg1: Option<String>,
    pub loc_seg2: Option<String>,
    pub loc_seg3: Option<String>,
    pub loc_seg4: Option<String>,
    pub loc_seg5: Option<String>,
}

/// The CIDs to merge into the primary (`POST api/V1/Item/CIP/CID/Merge?primary_cid=`).
#[derive(Debug, Clone, Object)]
pub struct MergeInput {
    #[oai(validator(min_items = 1, max_items = 50))]
    pub cid_nos: Vec<i64>,
}

/// What a merge moved.
#[derive(Debug, Clone, Object, Serialize)]
pub struct MergeResult {
    pub primary_cid_no: i64,
    pub merged_cid_nos: Vec<i64>,
    pub moved_cip_nos: Vec<i64>,
    pub moved_file_count: i64,
}

/// A CID that shares its item (or its customer description and manufacturer part) with another CID of the site.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct DuplicateCid {
    pub cid_no: i64,
    pub site_id: i64,
    pub cust_item_code: String,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub cid_status: i32,
    pub item_id: Option<i64>,
    pub mfg_code: Option<String>,
    pub mfg_part_no: Option<String>,
    pub cip_count: i64,
    /// The CIDs of one group share this key: `item:<item_id>` or `part:<mfg_part_no>|<description>`.
    pub duplicate_key: String,
    /// `item` (same item master part) or `description` (same customer description and manufacturer part number).
    pub duplicate_reason: String,
    /// CIDs in the group.
    pub group_size: i64,
}

page_type!(DuplicateCidPage, DuplicateCid, "itemList");

pub const DUPLICATE_SORT: SortSpec = SortSpec {
    fields: &[
        ("duplicate_key", "duplicate_key"),
        ("cid_no", "cid_no"),
        ("cust_item_code", "lower(cust_item_code)"),
        ("cust_desc1", "lower(cust_desc1)"),
        ("item_id", "item_id"),
        ("mfg_part_no", "mfg_part_no"),
        ("cip_count", "cip_count"),
        ("group_size", "group_size"),
    ],
    default_field: "duplicate_key",
    default_descending: false,
};

/// The duplicate-CID search: paging plus an optional text filter on customer part, description or manufacturer
/// part number.
#[derive(Debug, Clone, Default, Object)]
pub struct DuplicateCidSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    pub q: Option<String>,
}

/// A CIP's vendor after `PUT VendorCode/CIP/{cip_no}`.
#[derive(Debug, Clone, Object, Serialize)]
pub struct CipVendorChange {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub vend_code: String,
}
