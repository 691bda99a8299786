//! Wire types of the shared vendor cost catalogue.

use chrono::{DateTime, NaiveDate, Utc};
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::{Money, Quantity, UnitCost};
use kernel::page_type;
use poem_openapi::{Enum, Object};
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::{FromRow, Row};

use super::breaks::Break;

pub const MAX_BREAKS: usize = 8;

/// One quantity break (the spec's qty_break_n and cost_n): from `qty` units on, each costs `cost`.
#[derive(Object, Clone, Copy, Debug, Serialize, PartialEq)]
pub struct CostBreak {
    pub qty: Quantity,
    pub cost: UnitCost,
}

/// Where a cost stands today.
#[derive(Enum, Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum CostStatus {
    /// Valid today.
    Active,
    /// Starts after today.
    Future,
    /// Ended before today.
    Expired,
    /// Expired before it ever applied (is_active false): kept for the record, never priced.
    Withdrawn,
}

/// A catalogue cost: one part of a shared vendor's catalogue (header: its special pricing agreement) with its breaks.
#[derive(Object, Clone, Debug, Serialize)]
pub struct Cost {
    pub shared_vendor_cost_id: i64,
    pub cost_header_id: i64,
    pub shared_vendor_id: i64,
    pub shared_vendor_name: String,
    /// The agreement the cost belongs to; none for the shared vendor's list-price catalogue.
    pub special_pricing_agreement_id: Option<String>,
    pub mfg_code: String,
    pub mfg_part_no: String,
    /// The item master part with this manufacturer and part number, when there is one.
    pub item_id: Option<i64>,
    pub item_desc: Option<String>,
    pub vendor_part_no: Option<String>,
    pub alternate_part_no: Option<String>,
    pub description: Option<String>,
    pub unspsc: Option<String>,
    /// The spec's commodity_id: the provider's commodity code.
    pub commodity_code: Option<String>,
    pub brand_id: Option<i64>,
    pub brand_name: Option<String>,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// The first break's quantity: nothing is priced below it.
    pub min_order_qty: Quantity,
    pub purch_factor: Quantity,
    /// asp.type_value 'Pack' value.
    pub type_pack_id: Option<i32>,
    pub type_pack: Option<String>,
    pub qty_per_type_pack: Option<Quantity>,
    pub list_price: Option<UnitCost>,
    /// qty_break_1..8 with cost_1..8, in increasing quantity.
    pub breaks: Vec<CostBreak>,
    pub status: CostStatus,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The stored row, flat as the table holds it.
#[derive(FromRow, Debug, Clone)]
pub struct CostRow {
    pub shared_vendor_cost_id: i64,
    pub cost_header_id: i64,
    pub shared_vendor_id: i64,
    pub shared_vendor_name: String,
    pub special_pricing_agreement_id: Option<String>,
    pub mfg_code: String,
    pub mfg_part_no: String,
    pub item_id: Option<i64>,
    pub item_desc: Option<String>,
    pub vendor_part_no: Option<String>,
    pub alternate_part_no: Option<String>,
    pub description: Option<String>,
    pub unspsc: Option<String>,
    pub commodity_code: Option<String>,
    pub brand_id: Option<i64>,
    pub brand_name: Option<String>,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub min_order_qty: Quantity,
    pub purch_factor: Quantity,
    pub type_pack_id: Option<i32>,
    pub type_pack: Option<String>,
    pub qty_per_type_pack: Option<Quantity>,
    pub list_price: Option<UnitCost>,
    /// qty_break_1..8 with cost_1..8.
    #[sqlx(flatten)]
    pub breaks: StoredBreaks,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The columns of break slot `n` (1..8), quantity and cost: the one place their names are written.
pub fn break_columns(n: usize) -> (String, String) {
    (format!("qty_break_{n}"), format!("cost_{n}"))
}

/// The 8 break slots of a stored cost, read from the columns `break_columns` names; a slot is present when both its
/// quantity and cost are.
#[derive(Debug, Clone, Copy)]
pub struct StoredBreaks(pub [Option<Break>; MAX_BREAKS]);

impl<'r> FromRow<'r, PgRow> for StoredBreaks {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
        let mut slots = [None; MAX_BREAKS];
        for (i, slot) in slots.iter_mut().enumerate() {
            let (qty, cost) = break_columns(i + 1);
            let qty: Option<Quantity> = row.try_get(qty.as_str())?;
            let cost: Option<UnitCost> = row.try_get(cost.as_str())?;
            *slot = qty.zip(cost).map(|(qty, cost)| Break { qty, cost });
        }
        Ok(Self(slots))
    }
}

impl CostRow {
    /// The 8 break slots as stored.
    pub fn slots(&self) -> [Option<Break>; MAX_BREAKS] {
        self.breaks.0
    }

    pub fn into_cost(self, today: NaiveDate) -> Cost {
        let breaks = self.slots().iter().flatten().map(|b| CostBreak { qty: b.qty, cost: b.cost }).collect();
        let status = if !self.is_active {
            CostStatus::Withdrawn
        } else if self.end_date < today {
            CostStatus::Expired
        } else if self.start_date > today {
            CostStatus::Future
        } else {
            CostStatus::Active
        };
        Cost {
            shared_vendor_cost_id: self.shared_vendor_cost_id,
            cost_header_id: self.cost_header_id,
            shared_vendor_id: self.shared_vendor_id,
            shared_vendor_name: self.shared_vendor_name,
            special_pricing_agreement_id: self.special_pricing_agreement_id,
            mfg_code: self.mfg_code,
            mfg_part_no: self.mfg_part_no,
            item_id: self.item_id,
            item_desc: self.item_desc,
            vendor_part_no: self.vendor_part_no,
            alternate_part_no: self.alternate_part_no,
            description: self.description,
            unspsc: self.unspsc,
            commodity_code: self.commodity_code,
            brand_id: self.brand_id,
            brand_name: self.brand_name,
            start_date: self.start_date,
            end_date: self.end_date,
            min_order_qty: self.min_order_qty,
            purch_factor: self.purch_factor,
            type_pack_id: self.type_pack_id,
            type_pack: self.type_pack,
            qty_per_type_pack: self.qty_per_type_pack,
            list_price: self.list_price,
            breaks,
            status,
            is_active: self.is_active,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// The editable part of a cost (insert and update).
#[derive(Object, Clone, Debug, Default)]
pub struct CostFields {
    #[oai(validator(max_length = 20))]
    pub mfg_code: String,
    #[oai(validator(max_length = 100))]
    pub mfg_part_no: String,
    #[oai(validator(max_length = 100))]
    pub vendor_part_no: Option<String>,
    #[oai(validator(max_length = 100))]
    pub alternate_part_no: Option<String>,
    #[oai(validator(max_length = 200))]
    pub description: Option<String>,
    /// 8 digits.
    #[oai(validator(max_length = 8))]
    pub unspsc: Option<String>,
    #[oai(validator(max_length = 50))]
    pub commodity_code: Option<String>,
    pub brand_id: Option<i64>,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// Defaults to the first break's quantity; when given it must equal it.
    pub min_order_qty: Option<Quantity>,
    /// Units per purchase unit; defaults to 1.
    pub purch_factor: Option<Quantity>,
    pub type_pack_id: Option<i32>,
    pub qty_per_type_pack: Option<Quantity>,
    pub list_price: Option<UnitCost>,
    /// 1 to 8 breaks, quantities strictly increasing, costs not negative.
    #[oai(validator(max_items = 8))]
    pub breaks: Vec<CostBreak>,
}

/// A new cost (SHV-039).
#[derive(Object, Clone, Debug)]
pub struct CostInsert {
    pub shared_vendor_id: i64,
    /// The agreement's number; the header (catalogue) is found or created. None: the list-price catalogue.
    #[oai(validator(max_length = 50))]
    pub special_pricing_agreement_id: Option<String>,
    #[oai(flatten)]
    pub cost: CostFields,
}

/// A changed cost (SHV-013): every editable field is replaced.
#[derive(Object, Clone, Debug)]
pub struct CostUpdate {
    pub shared_vendor_cost_id: i64,
    #[oai(flatten)]
    pub cost: CostFields,
}

/// What would collide with a cost before it is saved (SHV-040): the costs of the same shared vendor and part whose
/// dates overlap. `shared_vendor_cost_id` names the cost being edited (not a collision with itself).
#[derive(Object, Clone, Debug)]
pub struct CostDuplicateCheckRequest {
    pub shared_vendor_id: i64,
    pub shared_vendor_cost_id: Option<i64>,
    #[oai(validator(max_length = 20))]
    pub mfg_code: String,
    #[oai(validator(max_length = 100))]
    pub mfg_part_no: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

#[derive(Object, Clone, Debug)]
pub struct CostDuplicateCheckResult {
    /// True when saving would be refused.
    pub duplicate: bool,
    pub message: Option<String>,
    /// The active costs it would collide with.
    pub collisions: Vec<Cost>,
}

/// Expire several costs (SHV-015).
#[derive(Object, Clone, Debug)]
pub struct CostIds {
    #[oai(validator(min_items = 1, max_items = 5000))]
    pub ids: Vec<i64>,
}

/// The outcome of a bulk change.
#[derive(Object, Clone, Debug)]
pub struct CostsChanged {
    pub changed: i64,
    pub costs: Vec<Cost>,
}

#[derive(Object, Clone, Debug, Default)]
pub struct CostFilter {
    pub shared_vendor_id: Option<i64>,
    pub cost_header_id: Option<i64>,
    /// Manufacturer, vendor or alternate part number, or description: contains (case-insensitive).
    #[oai(validator(max_length = 100))]
    pub part: Option<String>,
    #[oai(validator(max_length = 20))]
    pub mfg_code: Option<String>,
    pub item_id: Option<i64>,
    pub brand_id: Option<i64>,
    #[oai(validator(max_length = 50))]
    pub commodity_code: Option<String>,
    /// Only costs valid on this date.
    pub active_on: Option<NaiveDate>,
    /// true: only expired or withdrawn costs; false: only costs not expired (active or future).
    pub expired: Option<bool>,
    /// Only these costs.
    #[oai(validator(max_items = 5000))]
    pub ids: Option<Vec<i64>>,
}

#[derive(Object, Clone, Debug)]
pub struct CostSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: CostFilter,
}

page_type!(CostPage, Cost, "itemList");

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("mfg_part_no", "mfg_part_no"),
        ("mfg_code", "mfg_code"),
        ("vendor_part_no", "vendor_part_no"),
        ("start_date", "start_date"),
        ("end_date", "end_date"),
        ("cost_1", "cost_1"),
        ("brand_name", "brand_name"),
        ("shared_vendor_name", "shared_vendor_name"),
        ("updated_at", "updated_at"),
        ("shared_vendor_cost_id", "shared_vendor_cost_id"),
    ],
    default_field: "mfg_part_no",
    default_descending: false,
};

/// The vendor's catalogue entry for an item at the current site (VND-005), with the cost for `qty` when asked.
#[derive(Object, Clone, Debug)]
pub struct VendorCatalogEntry {
    pub vend_id: i64,
    pub vend_code: String,
    pub shared_vendor_id: i64,
    pub item_id: i64,
    /// The cost valid today.
    pub cost: Cost,
    pub qty: Option<Quantity>,
    /// The break that prices `qty` (1-based), none when `qty` is below the minimum order.
    pub qty_break: Option<i32>,
    /// The unit cost for `qty`.
    pub unit_cost: Option<UnitCost>,
    /// `unit_cost` times `qty`, as money (rounded once, to the cent).
    pub extended_cost: Option<Money>,
}

/// A validated cost, ready for SQL.
#[derive(Debug, Clone, Serialize)]
pub struct CostValues {
    pub mfg_code: String,
    pub mfg_part_no: String,
    pub vendor_part_no: Option<String>,
    pub alternate_part_no: Option<String>,
    pub description: Option<String>,
    pub unspsc: Option<String>,
    pub commodity_code: Option<String>,
    pub brand_id: Option<i64>,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub min_order_qty: Quantity,
    pub purch_factor: Quantity,
    pub type_pack_id: Option<i32>,
    pub qty_per_type_pack: Option<Quantity>,
    pub list_price: Option<UnitCost>,
    pub qty: [Option<Quantity>; MAX_BREAKS],
    pub cost: [Option<UnitCost>; MAX_BREAKS],
}
