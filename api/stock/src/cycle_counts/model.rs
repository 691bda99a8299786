//! Wire types of cycle counts and the sheet's state machine.

use chrono::{DateTime, NaiveDate, Utc};
use kernel::listing::PageRequest;
use kernel::num::{Money, Percent, Quantity, UnitCost};
use kernel::page_type;
use kernel::records::SiteRecord;
use poem_openapi::Object;
use sqlx::FromRow;

/// The status of a count sheet. The allowed moves are [`SheetStatus::allows`], nowhere else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetStatus {
    Open = 1,
    Counting = 2,
    Submitted = 3,
    Approved = 4,
    PartlyRejected = 5,
    Posted = 6,
    Cancelled = 7,
}

impl SheetStatus {
    pub const ALL: [SheetStatus; 7] = [Self::Open, Self::Counting, Self::Submitted, Self::Approved, Self::PartlyRejected, Self::Posted, Self::Cancelled];

    pub fn id(self) -> i16 {
        self as i16
    }

    pub fn from_id(id: i16) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Open => "Open",
            Self::Counting => "Counting",
            Self::Submitted => "Submitted",
            Self::Approved => "Approved",
            Self::PartlyRejected => "PartlyRejected",
            Self::Posted => "Posted",
            Self::Cancelled => "Cancelled",
        }
    }

    /// The one table of allowed moves: open -> counting -> submitted -> approved | partly rejected -> posted; an
    /// open or counting sheet may be cancelled. Counting more lines keeps a sheet counting.
    pub fn allows(self, to: SheetStatus) -> bool {
        use SheetStatus::*;
        matches!(
            (self, to),
            (Open, Counting)
                | (Counting, Counting)
                | (Counting, Submitted)
                | (Submitted, Approved)
                | (Submitted, PartlyRejected)
                | (Approved, Posted)
                | (PartlyRejected, Posted)
                | (Open, Cancelled)
                | (Counting, Cancelled)
        )
    }

    /// Is the sheet still in the counter's hands?
    pub fn is_open(self) -> bool {
        matches!(self, Self::Open | Self::Counting)
    }
}

/// The status of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineStatus {
    Pending = 1,
    Counted = 2,
    Waiting = 3,
    Approved = 4,
    Rejected = 5,
    Posted = 6,
}

impl LineStatus {
    pub fn id(self) -> i16 {
        self as i16
    }

    pub fn name_of(id: i16) -> &'static str {
        match id {
            1 => "Pending",
            2 => "Counted",
            3 => "Waiting",
            4 => "Approved",
            5 => "Rejected",
            6 => "Posted",
            _ => "Unknown",
        }
    }
}

/// The count plan and variance thresholds of a site.
#[derive(Object, FromRow, Clone, Debug, serde::Serialize)]
pub struct CountSettings {
    pub site_id: i64,
    /// Days between counts of a CIP whose CID is class A (1); B (2), C (3), D (4) below. A CID without a class
    /// counts as C.
    pub days_class_a: i32,
    pub days_class_b: i32,
    pub days_class_c: i32,
    pub days_class_d: i32,
    /// A counted difference waits for approval when it is more than this percent of the expected quantity...
    pub variance_percent: Percent,
    /// ...or worth more than this at the CIP's average cost.
    pub variance_value: Money,
    /// The most lines one generated sheet takes.
    pub max_sheet_lines: i32,
}

/// New plan settings (every field required: the screen sends the whole plan).
#[derive(Object, Clone, Debug)]
pub struct CountSettingsInput {
    #[oai(validator(minimum(value = "1"), maximum(value = "3660")))]
    pub days_class_a: i32,
    #[oai(validator(minimum(value = "1"), maximum(value = "3660")))]
    pub days_class_b: i32,
    #[oai(validator(minimum(value = "1"), maximum(value = "3660")))]
    pub days_class_c: i32,
    #[oai(validator(minimum(value = "1"), maximum(value = "3660")))]
    pub days_class_d: i32,
    #[oai(validator(minimum(value = "0"), maximum(value = "1000")))]
    pub variance_percent: Percent,
    #[oai(validator(minimum(value = "0"), maximum(value = "999999999")))]
    pub variance_value: Money,
    #[oai(validator(minimum(value = "1"), maximum(value = "1000")))]
    pub max_sheet_lines: i32,
}

/// A CIP in the count plan: its class, how often it is counted, when it was last counted and when it is due. No
/// quantities: counters read the plan.
#[derive(Object, FromRow, Clone, Debug)]
pub struct PlanCip {
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    /// A, B, C or D (C when the CID has no class).
    pub abc_class: String,
    pub frequency_days: i32,
    pub last_count_date: Option<DateTime<Utc>>,
    pub next_due_date: NaiveDate,
    pub due: bool,
    /// The open sheet (open, counting, submitted or waiting for approval) that already holds the CIP.
    pub open_sheet_id: Option<i64>,
}
page_type!(PlanCipPage, PlanCip, "resultList");

/// The count plan, paged: every active CIP of the current site, or only those due.
#[derive(Object, Clone, Debug, Default)]
pub struct PlanSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Only CIPs due today or earlier (default true).
    pub due_only: Option<bool>,
    #[oai(validator(max_length = 120))]
    pub location_from: Option<String>,
    #[oai(validator(max_length = 120))]
    pub location_to: Option<String>,
}

/// Generate a count sheet from the plan: the due CIPs (not on another open sheet), optionally within a location
/// range (inclusive; `location_to` also takes every location it is a prefix of), in location order.
#[derive(Object, Clone, Debug, Default)]
pub struct SheetCreate {
    #[oai(validator(max_length = 120))]
    pub location_from: Option<String>,
    #[oai(validator(max_length = 120))]
    pub location_to: Option<String>,
    /// At most this many lines (default and upper bound: the site's max_sheet_lines).
    pub max_lines: Option<i32>,
}

/// A count sheet's header.
#[derive(Object, FromRow, Clone, Debug, serde::Serialize)]
pub struct Sheet {
    pub sheet_id: i64,
    pub site_id: i64,
    /// Open 1, Counting 2, Submitted 3, Approved 4, PartlyRejected 5, Posted 6, Cancelled 7.
    pub status: i16,
    pub status_name: String,
    pub location_from: Option<String>,
    pub location_to: Option<String>,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub submitted_at: Option<DateTime<Utc>>,
    pub posted_at: Option<DateTime<Utc>>,
    pub line_count: i64,
    pub counted_count: i64,
    /// Lines whose variance waits for approval.
    pub waiting_count: i64,
}

impl SiteRecord for Sheet {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}
page_type!(SheetPage, Sheet, "resultList");

/// Count sheets of the current site, paged, newest first; `status` filters.
#[derive(Object, Clone, Debug, Default)]
pub struct SheetSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub status: Option<i16>,
    /// Only sheets with lines waiting for approval.
    pub waiting_only: Option<bool>,
}

/// A line as the counter sees it: where to go and what was counted. Never the expected quantity or a variance.
#[derive(Object, FromRow, Clone, Debug)]
pub struct CounterLine {
    pub line_id: i64,
    pub line_no: i32,
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub counted_qty: Option<Quantity>,
    pub counted_at: Option<DateTime<Utc>>,
}

/// The counter's view of a sheet (blind).
#[derive(Object, Clone, Debug)]
pub struct CounterSheet {
    pub sheet: Sheet,
    pub lines: Vec<CounterLine>,
}

/// A line as the approver sees it: expected (on hand when the sheet was submitted), counted, the variance and
/// its value.
#[derive(Object, FromRow, Clone, Debug, serde::Serialize)]
pub struct ReviewLine {
    pub line_id: i64,
    pub line_no: i32,
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    /// Pending 1, Counted 2, Waiting 3, Approved 4, Rejected 5, Posted 6.
    pub status: i16,
    pub status_name: String,
    pub counted_qty: Option<Quantity>,
    pub expected_qty: Option<Quantity>,
    pub qty_on_hand: Quantity,
    pub variance_qty: Option<Quantity>,
    /// |variance| x unit cost, as money.
    pub variance_value: Option<Money>,
    /// The CIP's average cost when the sheet was submitted (its CID's when the CIP has none).
    pub unit_cost: Option<UnitCost>,
    /// The ledger row that posted the difference.
    pub trans_id: Option<i64>,
}

/// The approver's view of a sheet.
#[derive(Object, Clone, Debug)]
pub struct ReviewSheet {
    pub sheet: Sheet,
    pub lines: Vec<ReviewLine>,
}

/// One counted quantity.
#[derive(Object, Clone, Debug)]
pub struct CountEntry {
    pub line_id: i64,
    pub counted_qty: Quantity,
}

/// Counted quantities of some lines of a sheet (a line may be counted again until the sheet is submitted).
#[derive(Object, Clone, Debug)]
pub struct CountInput {
    #[oai(validator(min_items = 1, max_items = 1000))]
    pub counts: Vec<CountEntry>,
}

/// What a counter's write answers: the sheet header (counts of lines, never quantities) and a message.
#[derive(Object, Clone, Debug)]
pub struct CounterSaved {
    pub success: bool,
    pub message: String,
    pub sheet: Sheet,
}

/// Approve or reject one waiting line.
#[derive(Object, Clone, Debug)]
pub struct Decision {
    pub line_id: i64,
    pub approve: bool,
}

/// Decisions on the waiting lines of a sheet; once every waiting line is decided, the sheet is approved (or
/// partly rejected) and the approved differences are posted.
#[derive(Object, Clone, Debug)]
pub struct DecisionInput {
    #[oai(validator(min_items = 1, max_items = 1000))]
    pub decisions: Vec<Decision>,
}

/// A CIP's cycle count (spec 3 ItemCIP "cycle count"): its plan entry and its last counts.
#[derive(Object, Clone, Debug)]
pub struct CipCycleCount {
    pub cip_no: i64,
    pub abc_class: String,
    pub frequency_days: i32,
    pub last_count_date: Option<DateTime<Utc>>,
    pub next_due_date: NaiveDate,
    pub due: bool,
    pub open_sheet_id: Option<i64>,
    /// The latest posted or decided counts, newest first (at most 10).
    pub history: Vec<CountHistory>,
}

/// One finished count of a CIP.
#[derive(Object, FromRow, Clone, Debug)]
pub struct CountHistory {
    pub sheet_id: i64,
    pub line_id: i64,
    pub status_name: String,
    pub counted_at: Option<DateTime<Utc>>,
    pub counted_qty: Option<Quantity>,
    pub expected_qty: Option<Quantity>,
    pub variance_qty: Option<Quantity>,
    pub trans_id: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::SheetStatus::*;
    use super::*;

    #[test]
    fn a_sheet_moves_only_forward_along_the_count_and_approval_path() {
        let path = [Open, Counting, Submitted, Approved, Posted];
        for w in path.windows(2) {
            assert!(w[0].allows(w[1]), "{:?} -> {:?}", w[0], w[1]);
        }
        assert!(Submitted.allows(PartlyRejected) && PartlyRejected.allows(Posted));
        assert!(Open.allows(Cancelled) && Counting.allows(Cancelled));
        for (from, to) in [(Open, Submitted), (Submitted, Counting), (Posted, Open), (Submitted, Posted), (Submitted, Cancelled), (Posted, Cancelled), (Approved, Submitted)] {
            assert!(!from.allows(to), "{from:?} -> {to:?}");
        }
        for s in SheetStatus::ALL {
            assert_eq!(SheetStatus::from_id(s.id()), Some(s));
        }
    }
}
