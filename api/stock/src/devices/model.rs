//! Wire types of device reports.

use chrono::{DateTime, Utc};
use kernel::num::Quantity;
use poem_openapi::{Enum, Object};

/// What the device did.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[oai(rename_all = "lowercase")]
pub enum DeviceTxnKind {
    /// Dispensed to an employee (ISS).
    Issue,
    /// Taken back from an employee (RIS).
    Return,
}

impl DeviceTxnKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Issue => "issue",
            Self::Return => "return",
        }
    }
}

/// One transaction as the device saw it. The item is a CIP number, a CIP code (customer item code), or a bin of a
/// station (`bin_code`, of the token's station or of `station_id`).
#[derive(Object, Clone, Debug, serde::Serialize)]
pub struct DeviceTransactionLine {
    /// The device's own id of the transaction: the same id sent again is the same transaction.
    #[oai(validator(min_length = 1, max_length = 100))]
    pub device_txn_id: String,
    /// When it happened at the device; a late report posts with this time (usage counts it in its period).
    pub happened_at: DateTime<Utc>,
    pub kind: DeviceTxnKind,
    pub cip_no: Option<i64>,
    #[oai(validator(max_length = 60))]
    pub cust_item_code: Option<String>,
    pub station_id: Option<i64>,
    #[oai(validator(max_length = 40))]
    pub bin_code: Option<String>,
    /// The employee's number or badge, as scanned at the device.
    #[oai(validator(min_length = 1, max_length = 60))]
    pub employee: String,
    pub quantity: Quantity,
    /// Tracking codes per level (ids); missing levels take the employee's and the CIP's defaults.
    pub tracking_code_id_1: Option<i64>,
    pub tracking_code_id_2: Option<i64>,
    pub tracking_code_id_3: Option<i64>,
    pub tracking_code_id_4: Option<i64>,
}

/// A batch of device transactions, 1 to 1000 lines, in the order they happened.
#[derive(Object, Clone, Debug)]
pub struct DeviceReport {
    #[oai(validator(min_items = 1, max_items = 1000))]
    pub lines: Vec<DeviceTransactionLine>,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum LineOutcome {
    /// Posted to the ledger now.
    Posted,
    /// Already posted by an earlier report of the same device transaction id; nothing changed.
    Duplicate,
    /// Not posted: `message` says why (unknown employee or item, a limit, stock).
    Refused,
}

#[derive(Object, Clone, Debug)]
pub struct LineResult {
    pub device_txn_id: String,
    pub outcome: LineOutcome,
    /// The refusal, verbatim (which limit), or for a duplicate the note that it was posted before.
    pub message: Option<String>,
    /// The ledger row (stock transaction) of a posted or duplicate line.
    pub transaction_id: Option<i64>,
}

/// The answer to a report: one result per line, in the order sent, and the counts.
#[derive(Object, Clone, Debug)]
pub struct DeviceReportResult {
    pub posted: i32,
    pub duplicates: i32,
    pub refused: i32,
    pub lines: Vec<LineResult>,
}
