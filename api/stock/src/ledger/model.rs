//! What the posting function takes and answers.

use chrono::{DateTime, Utc};
use kernel::num::{Money, Quantity, UnitCost};

use super::codes::TransCode;

/// The employee a movement is charged to, as the ledger row keeps it (denormalised for the search grid).
#[derive(Debug, Clone, PartialEq)]
pub struct EmployeeRef {
    pub employee_id: i64,
    pub employee_number: String,
    /// "Last, First".
    pub name: String,
}

/// A tracking code on a movement: the id when it is a coded one, and the text shown (the tracking number, or the
/// free-form text where the level allows it).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TrackingRef {
    pub tracking_code_id: Option<i64>,
    pub text: String,
}

/// The application user who posted (None for device reports and jobs).
#[derive(Debug, Clone, PartialEq)]
pub struct UserRef {
    pub user_id: i64,
    pub login: String,
}

/// One movement of one CIP: the input of [`super::service::post`].
#[derive(Debug, Clone, PartialEq)]
pub struct Movement {
    pub cip_no: i64,
    pub code: TransCode,
    /// The quantity moved, > 0; the code (and `reverses`) give the direction.
    pub qty: Quantity,
    /// Receipts: the cost of one unit received (moves the average cost). Other codes: ignored, the row is costed
    /// at the CIP's average cost at posting time.
    pub unit_cost: Option<UnitCost>,
    pub selling_price: Option<UnitCost>,
    /// When it happened; None is now. A device report may be late (usage lands in the period of this date).
    pub trans_date: Option<DateTime<Utc>>,
    pub employee: Option<EmployeeRef>,
    pub tracking: [Option<TrackingRef>; 4],
    /// The employee id of the supervisor who overrode a limit.
    pub supervisor_id: Option<i64>,
    pub req_no: Option<String>,
    pub po_no: Option<String>,
    pub serial_lot: Option<String>,
    pub notes: Option<String>,
    /// The row this one reverses: the effect is negated and the original is marked reversed (same transaction).
    pub reverses: Option<i64>,
    /// The other row of a transfer pair.
    pub pair_tran_id: Option<i64>,
    /// A caller's own id for the movement (a device's transaction id): unique per site; posting the same one twice
    /// answers [`LedgerError::Duplicate`] with the first row.
    pub external_ref: Option<String>,
    pub user: Option<UserRef>,
}

impl Movement {
    pub fn new(cip_no: i64, code: TransCode, qty: Quantity) -> Movement {
        Movement {
            cip_no,
            code,
            qty,
            unit_cost: None,
            selling_price: None,
            trans_date: None,
            employee: None,
            tracking: Default::default(),
            supervisor_id: None,
            req_no: None,
            po_no: None,
            serial_lot: None,
            notes: None,
            reverses: None,
            pair_tran_id: None,
            external_ref: None,
            user: None,
        }
    }
}

/// What a posting did.
#[derive(Debug, Clone, PartialEq)]
pub struct Posted {
    pub tran_id: i64,
    pub cip_no: i64,
    pub site_id: i64,
    pub code: TransCode,
    /// Signed change of on hand (the row's `trans_qty`).
    pub trans_qty: Quantity,
    pub qty_on_hand_before: Quantity,
    pub qty_on_hand_after: Quantity,
    pub cust_avg_cost_before: Option<UnitCost>,
    pub cust_avg_cost_after: Option<UnitCost>,
    /// |quantity| x the unit cost the row was costed at, as money.
    pub extended_cost: Option<Money>,
    pub trans_date: DateTime<Utc>,
}

#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    #[error("CIP {0} not found.")]
    CipNotFound(i64),
    #[error("The quantity must be greater than zero, with at most 3 decimals.")]
    InvalidQuantity,
    #[error("The unit cost must not be negative.")]
    InvalidCost,
    #[error("The transaction date must not be in the future.")]
    FutureDate,
    #[error("Not enough on hand for CIP {cip_code}: {on_hand:.3} on hand, {requested:.3} requested.")]
    BelowZero { cip_code: String, on_hand: Quantity, requested: Quantity },
    #[error("Transaction {0} not found.")]
    TransactionNotFound(i64),
    #[error("Transaction {0} is already reversed.")]
    AlreadyReversed(i64),
    #[error("Transaction {tran_id} ({code}) cannot be reversed this way.")]
    NotReversible { tran_id: i64, code: &'static str },
    /// The movement's `external_ref` was posted before, as this transaction.
    #[error("Already posted as transaction {0}.")]
    Duplicate(i64),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}
