//! Wire types of the Transaction resource (spec 4 section 3 "Transaction"; docs/stock-ledger.md).

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::num::{Money, Quantity, UnitCost};
use kernel::listing::{PageRequest, SortSpec};
use kernel::page_type;

/// One ledger row, as the detail and the search grid show it.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct Transaction {
    pub tran_id: i64,
    pub site_id: i64,
    /// spec 1 section 4: ISS 1, REC 2, PAD 3, RIS 5, NAD 6, RCB 7, RRT 9, OHP 10, RFR 11, OHN 14, WRC 15, RRC 16,
    /// SCR 17, XER 19, XPE 28, CRB 33.
    pub trans_code: i32,
    /// The three-letter code.
    pub trans_type: String,
    pub trans_date: DateTime<Utc>,
    pub posted_at: DateTime<Utc>,
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    /// Signed change of on hand.
    pub trans_qty: Quantity,
    pub qty_on_hand_before: Quantity,
    pub qty_on_hand_after: Quantity,
    pub on_hold_change: Quantity,
    pub on_order_change: Quantity,
    pub backorder_change: Quantity,
    pub scrap_change: Quantity,
    pub work_order_change: Quantity,
    pub transfer_change: Quantity,
    pub excess_change: Quantity,
    /// What the row added to usage (issues +, returns -).
    pub usage_qty: Quantity,
    /// The unit cost the row is costed at (receipts: the receipt's; others: the average cost at posting). Null
    /// without InvFISPrice.
    pub unit_cost: Option<UnitCost>,
    /// The CIP's average cost after the row. Null without InvFISPrice.
    pub cust_avg_cost: Option<UnitCost>,
    /// |quantity| x unit cost, as money. Null without InvFISPrice.
    pub extended_cost: Option<Money>,
    pub selling_price: Option<UnitCost>,
    pub employee_id: Option<i64>,
    #[oai(rename = "employeeNumber")]
    pub employee_number: Option<String>,
    pub employee_name: Option<String>,
    pub supervisor_id: Option<i64>,
    pub track1_id: Option<i64>,
    pub track2_id: Option<i64>,
    pub track3_id: Option<i64>,
    pub track4_id: Option<i64>,
    pub track1: Option<String>,
    pub track2: Option<String>,
    pub track3: Option<String>,
    pub track4: Option<String>,
    pub req_no: Option<String>,
    pub po_no: Option<String>,
    pub serial_lot: Option<String>,
    pub notes: Option<String>,
    pub pack_no: Option<String>,
    pub external_ref: Option<String>,
    pub user_login: Option<String>,
    /// The row this one reverses.
    pub reverses_tran_id: Option<i64>,
    /// The row that reversed this one.
    pub reversed_by_tran_id: Option<i64>,
    /// The other row of a transfer.
    pub pair_tran_id: Option<i64>,
    pub reversed: bool,
    /// 1 posted, 2 reversal.
    pub status: i32,
    /// ERP export: 0 pending, 1 exported, 2 error.
    pub erp_status: i32,
}

impl kernel::records::SiteRecord for Transaction {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

impl Transaction {
    pub fn mask_costs(&mut self) {
        self.unit_cost = None;
        self.cust_avg_cost = None;
        self.extended_cost = None;
    }
}

page_type!(TransactionPage, Transaction, "resultList");

/// The smallest shape (Min1): what a pick list shows.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct TransactionMin1 {
    pub tran_id: i64,
    pub trans_code: i32,
    pub trans_type: String,
    pub trans_date: DateTime<Utc>,
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub trans_qty: Quantity,
    #[oai(rename = "employeeNumber")]
    pub employee_number: Option<String>,
    pub reversed: bool,
}

page_type!(TransactionMin1Page, TransactionMin1, "resultList");

/// The CIP's quantities now (V2 detail).
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct CipNow {
    pub cip_no: i64,
    pub qty_on_hand: Quantity,
    pub qty_on_hold: Quantity,
    pub qty_on_order: Quantity,
    pub qty_backorder: Quantity,
    pub qty_scrap: Quantity,
    pub qty_work_order: Quantity,
    pub qty_transfer: Quantity,
    pub qty_excess: Quantity,
    pub cust_avg_cost: Option<UnitCost>,
}

/// V2 detail: the row, the rows linked to it (its reversal, what it reverses, its transfer pair) and the CIP now.
#[derive(Object, Clone, Debug)]
pub struct TransactionV2 {
    pub transaction: Transaction,
    pub related: Vec<Transaction>,
    pub cip: CipNow,
    /// Whether the general reverse (or ReverseReceipt for receipts) may reverse it now.
    pub reversible: bool,
    /// `general`, `receipt`, or null when it cannot be reversed.
    pub reverse_with: Option<String>,
}

/// One transaction code and its effect on each CIP quantity (the code table, TRN-002).
#[derive(Object, Clone, Debug, Serialize)]
pub struct TransactionType {
    pub trans_code: i32,
    pub trans_type: String,
    pub description: String,
    pub on_hand: i32,
    pub on_hold: i32,
    pub on_order: i32,
    pub backorder: i32,
    pub scrap: i32,
    pub work_order: i32,
    pub transfer: i32,
    pub excess: i32,
    pub usage: i32,
    pub may_go_negative: bool,
    pub moves_avg_cost: bool,
    /// `general`, `receipt` (ReverseReceipt only), `pair` (both rows of a transfer), `never`.
    pub reversal: String,
}

/// The search's filters (TRN-006, 007, 014). Dates are inclusive days (UTC); without them the last 30 days.
#[derive(Object, Clone, Debug, Default)]
pub struct TransactionFilter {
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub tran_id: Option<i64>,
    /// Codes by number (1, 2, ...).
    pub trans_codes: Option<Vec<i32>>,
    pub cip_no: Option<i64>,
    pub cid_no: Option<i64>,
    #[oai(validator(max_length = 100))]
    pub cust_item_code: Option<String>,
    #[oai(rename = "employeeNumber", validator(max_length = 50))]
    pub employee_number: Option<String>,
    /// A tracking number or free text at any level (exact, case-insensitive).
    #[oai(validator(max_length = 100))]
    pub tracking: Option<String>,
    #[oai(validator(max_length = 100))]
    pub track1: Option<String>,
    #[oai(validator(max_length = 100))]
    pub track2: Option<String>,
    #[oai(validator(max_length = 100))]
    pub track3: Option<String>,
    #[oai(validator(max_length = 100))]
    pub track4: Option<String>,
    #[oai(validator(max_length = 100))]
    pub req_no: Option<String>,
    /// The purchase order (po_no).
    #[oai(rename = "erpPoNo", validator(max_length = 100))]
    pub po_no: Option<String>,
    #[oai(validator(max_length = 100))]
    pub serial_lot: Option<String>,
    /// Only reversed (true) or not reversed (false) rows.
    pub reversed: Option<bool>,
}

/// POST SearchV2.
#[derive(Object, Clone, Debug)]
pub struct TransactionSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: TransactionFilter,
}

/// The search as an Excel workbook of the given columns (up to 5000 rows).
#[derive(Object, Clone, Debug)]
pub struct TransactionSearchExport {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: TransactionFilter,
    pub columns: Vec<ExportColumn>,
}

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("trans_date", "trans_date"),
        ("tran_id", "tran_id"),
        ("trans_code", "trans_code"),
        ("cip_no", "cip_no"),
        ("cip_code", "cip_code"),
        ("cust_item_code", "cust_item_code"),
        ("location", "location"),
        ("trans_qty", "trans_qty"),
        ("employeeNumber", "employee_number"),
        ("employee_number", "employee_number"),
        ("employee_name", "employee_name"),
        ("track1", "track1"),
        ("req_no", "req_no"),
        ("po_no", "po_no"),
        ("extended_cost", "extended_cost"),
    ],
    default_field: "trans_date",
    default_descending: true,
};

/// The columns FieldDistinctValues may list.
#[derive(poem_openapi::Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum DistinctField {
    TransCode,
    Location,
    EmployeeNumber,
    Track1,
    Track2,
    Track3,
    Track4,
    ReqNo,
    PoNo,
    CustItemCode,
    UserLogin,
    SerialLot,
}

impl DistinctField {
    /// The column listed; the transaction code's three-letter name is the repository's (from the code table).
    pub fn column(self) -> &'static str {
        match self {
            DistinctField::TransCode => "trans_code",
            DistinctField::Location => "location",
            DistinctField::EmployeeNumber => "employee_number",
            DistinctField::Track1 => "track1",
            DistinctField::Track2 => "track2",
            DistinctField::Track3 => "track3",
            DistinctField::Track4 => "track4",
            DistinctField::ReqNo => "req_no",
            DistinctField::PoNo => "po_no",
            DistinctField::CustItemCode => "cust_item_code",
            DistinctField::UserLogin => "user_login",
            DistinctField::SerialLot => "serial_lot",
        }
    }
}

/// FieldDistinctValues: the values of one column among the rows the filter finds (at most 100, sorted).
#[derive(Object, Clone, Debug)]
pub struct DistinctRequest {
    pub field: DistinctField,
    /// Only values containing this text (case-insensitive).
    #[oai(validator(max_length = 100))]
    pub search_text: Option<String>,
    #[oai(flatten)]
    pub filter: TransactionFilter,
}

#[derive(Object, Clone, Debug)]
pub struct DistinctValues {
    pub field: DistinctField,
    pub values: Vec<String>,
}

/// The last receipt price of a CIP (TRN-008).
#[derive(Object, FromRow, Clone, Debug, Default)]
pub struct LastReceiptPrice {
    pub cip_no: i64,
    pub tran_id: Option<i64>,
    pub trans_date: Option<DateTime<Utc>>,
    pub unit_cost: Option<UnitCost>,
    pub trans_qty: Option<Quantity>,
    pub po_no: Option<String>,
}

/// Invoice of a transaction (TRN-009). Invoices arrive with a later issue: today it says whether one exists and
/// the transaction's own selling price.
#[derive(Object, Clone, Debug)]
pub struct TransactionInvoice {
    pub tran_id: i64,
    pub invoiced: bool,
    pub invoice_no: Option<String>,
    pub selling_price: Option<UnitCost>,
    /// |trans_qty| x selling_price, as money.
    pub extended_price: Option<Money>,
}

/// PUT Update/CustAvgCost (TRN-011).
#[derive(Object, Clone, Debug)]
pub struct AvgCostUpdate {
    pub cip_no: i64,
    #[oai(validator(minimum(value = "0"), maximum(value = "999999999")))]
    pub cust_avg_cost: UnitCost,
    /// Why (kept with the correction).
    #[oai(validator(max_length = 500))]
    pub notes: Option<String>,
}

/// One average-cost correction (the ledger note of a correction).
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct AvgCostCorrection {
    pub correction_id: i64,
    pub cip_no: i64,
    pub old_avg_cost: Option<UnitCost>,
    pub new_avg_cost: UnitCost,
    pub notes: Option<String>,
    pub user_login: Option<String>,
    pub corrected_at: DateTime<Utc>,
}

/// POST Search/AvgCost (TRN-016): CIPs of the site with their average cost and last receipt.
#[derive(Object, Clone, Debug)]
pub struct AvgCostSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub cip_no: Option<i64>,
    pub cid_no: Option<i64>,
    /// CIP number or customer part, contains (case-insensitive).
    #[oai(validator(max_length = 100))]
    pub search_text: Option<String>,
}

#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct AvgCostRow {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub qty_on_hand: Quantity,
    pub cust_avg_cost: Option<UnitCost>,
    pub last_receipt_cost: Option<UnitCost>,
    pub last_receipt_date: Option<DateTime<Utc>>,
    /// The latest correction, if any.
    pub last_correction_at: Option<DateTime<Utc>>,
}

page_type!(AvgCostPage, AvgCostRow, "resultList");

pub const AVG_COST_SORT: SortSpec = SortSpec {
    fields: &[("cip_code", "cip_code"), ("cip_no", "cip_no"), ("cust_item_code", "cust_item_code"), ("cust_avg_cost", "cust_avg_cost"), ("qty_on_hand", "qty_on_hand")],
    default_field: "cip_code",
    default_descending: false,
};

/// PUT PackingList (TRN-012).
#[derive(Object, Clone, Debug)]
pub struct PackingListUpdate {
    pub tran_id: i64,
    #[oai(validator(min_length = 1, max_length = 60))]
    pub pack_no: String,
    /// Kept for the spec's shape; the audit records the caller.
    pub updated_by_id: Option<i64>,
}

/// POST Kanban (TRN-017): a kanban card scanned when its refilled bin is put back.
#[derive(Object, Clone, Debug)]
pub struct KanbanScan {
    #[oai(validator(min_length = 1, max_length = 60))]
    pub tool_code: String,
    /// The unit cost of the refill (default: the CIP's average cost).
    #[oai(validator(minimum(value = "0")))]
    pub unit_cost: Option<UnitCost>,
}

/// The answer of a write of one row (packing list, XPE reset).
#[derive(Object, Clone, Debug)]
pub struct TransactionSaved {
    pub success: bool,
    pub message: String,
    pub transaction: Transaction,
}

// ---- movements

/// Tracking codes of a draw: an id per level, or free-form text where the level allows it.
#[derive(Object, Clone, Debug, Default)]
pub struct TrackingInput {
    pub track1_id: Option<i64>,
    pub track2_id: Option<i64>,
    pub track3_id: Option<i64>,
    pub track4_id: Option<i64>,
    #[oai(validator(max_length = 100))]
    pub track1: Option<String>,
    #[oai(validator(max_length = 100))]
    pub track2: Option<String>,
    #[oai(validator(max_length = 100))]
    pub track3: Option<String>,
    #[oai(validator(max_length = 100))]
    pub track4: Option<String>,
}

/// POST Issue / Return: items drawn by (or returned by) an employee.
#[derive(Object, Clone, Debug)]
pub struct DrawRequest {
    pub cip_no: i64,
    #[oai(validator(minimum(value = "0", exclusive = true), maximum(value = "1000000")))]
    pub qty: Quantity,
    /// Employee number or badge, as typed or scanned.
    #[oai(validator(min_length = 1, max_length = 50))]
    pub employee: String,
    #[oai(validator(max_length = 20))]
    pub pin: Option<String>,
    #[oai(flatten)]
    pub tracking: TrackingInput,
    /// The employee id of a supervisor overriding a limit.
    pub supervisor_id: Option<i64>,
    #[oai(validator(max_length = 50))]
    pub req_no: Option<String>,
    #[oai(validator(max_length = 100))]
    pub serial_lot: Option<String>,
    #[oai(validator(max_length = 500))]
    pub notes: Option<String>,
}

/// Kinds of adjustment.
#[derive(poem_openapi::Enum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdjustDirection {
    /// PAD: on hand up.
    #[oai(rename = "PAD")]
    Pad,
    /// NAD: on hand down.
    #[oai(rename = "NAD")]
    Nad,
}

/// POST Adjust (PAD/NAD) and Scrap (SCR; `direction` ignored).
#[derive(Object, Clone, Debug)]
pub struct AdjustRequest {
    pub cip_no: i64,
    #[oai(validator(minimum(value = "0", exclusive = true), maximum(value = "1000000")))]
    pub qty: Quantity,
    pub direction: Option<AdjustDirection>,
    #[oai(validator(max_length = 100))]
    pub serial_lot: Option<String>,
    /// The reason (required for adjustments and scrap).
    #[oai(validator(min_length = 1, max_length = 500))]
    pub notes: String,
}

/// POST Receipt (REC): a miscellaneous receipt until purchase orders exist.
#[derive(Object, Clone, Debug)]
pub struct ReceiptRequest {
    pub cip_no: i64,
    #[oai(validator(minimum(value = "0", exclusive = true), maximum(value = "1000000")))]
    pub qty: Quantity,
    /// Cost of one unit received; moves the average cost.
    #[oai(validator(minimum(value = "0"), maximum(value = "999999999")))]
    pub unit_cost: UnitCost,
    #[oai(validator(max_length = 50))]
    pub po_no: Option<String>,
    #[oai(validator(max_length = 100))]
    pub serial_lot: Option<String>,
    #[oai(validator(max_length = 500))]
    pub notes: Option<String>,
}

/// POST Transfer: from one CIP of the site to another (a pair of rows, XPE out and XER in).
#[derive(Object, Clone, Debug)]
pub struct TransferRequest {
    pub from_cip_no: i64,
    pub to_cip_no: i64,
    #[oai(validator(minimum(value = "0", exclusive = true), maximum(value = "1000000")))]
    pub qty: Quantity,
    #[oai(validator(max_length = 500))]
    pub notes: Option<String>,
}

/// POST Reverse / ReverseReceipt.
#[derive(Object, Clone, Debug)]
pub struct ReverseRequest {
    pub tran_id: i64,
    #[oai(validator(max_length = 500))]
    pub notes: Option<String>,
}

/// What a movement posted: the transactions with quantity before and after.
#[derive(Object, Clone, Debug)]
pub struct MovementResult {
    pub success: bool,
    pub message: String,
    pub transactions: Vec<Transaction>,
}
