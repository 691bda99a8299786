//! Who may draw stock, and within which limits (domain.md sections 2 "Limits" and 3).
//!
//! The stock area (ledger, crib counter, device reports) asks; the people area (employees, groups, tracking codes)
//! answers, through [`DrawPolicy`], so neither area crate depends on the other (docs/architecture.md). The split of
//! the work: people say who the drawer is, whether they may draw, which tracking codes are valid and required, and
//! which limits apply (amount, period, whether it may be overridden); the ledger, which holds what was drawn, sums
//! the drawer's issues in each limit's period and refuses the draw that would pass one ([`LimitBreach`]).
//!
//! Both calls run inside the caller's tenant transaction, before the ledger takes its row locks, so what they read
//! is the state the draw is judged against.

use futures::future::BoxFuture;
use tenancy::TenantTx;

use crate::error::ApiError;
use crate::num::{Decimal, Money};

/// A limit's period. Day: the calendar day; week: Monday to Sunday; month and year: calendar (the site's time zone
/// is UTC until sites carry one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Period {
    Day,
    Week,
    Month,
    Year,
}

impl Period {
    pub const ALL: [Period; 4] = [Period::Day, Period::Week, Period::Month, Period::Year];
    /// The word a refusal message uses ("daily limit").
    pub fn adjective(self) -> &'static str {
        match self {
            Period::Day => "daily",
            Period::Week => "weekly",
            Period::Month => "monthly",
            Period::Year => "yearly",
        }
    }
}

/// Who asks to draw: an employee's number or badge as typed or scanned, and the PIN when the site wants one.
#[derive(Debug, Clone)]
pub struct DrawerQuery<'a> {
    pub number_or_badge: &'a str,
    pub pin: Option<&'a str>,
}

/// An employee allowed to draw now (active, not suspended, PIN right where required).
#[derive(Debug, Clone, PartialEq)]
pub struct Drawer {
    pub employee_id: i64,
    pub employee_number: String,
    /// "Last, First".
    pub name: String,
    /// The employee groups the employee belongs to.
    pub group_ids: Vec<i64>,
    /// The employee's default tracking codes (tracking_code_id per level 1-4).
    pub default_tracking: [Option<i64>; 4],
    pub can_return: bool,
    pub can_adjust: bool,
}

/// The tracking codes a draw names, per level 1-4: an id, or a free-form text where the level allows it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TrackingSelection {
    pub ids: [Option<i64>; 4],
    pub free_form: [Option<String>; 4],
}

/// Where a limit comes from; the refusal message names it.
#[derive(Debug, Clone, PartialEq)]
pub enum LimitSource {
    /// The employee group's own cost limit: counts every issue of the employee.
    Group { group_id: i64, description: String },
    /// An item-group limit of the employee group: counts the employee's issues of CIDs whose `cid.item_group_id`
    /// is this item group.
    ItemGroup { group_id: i64, item_group_id: i64, item_group: String },
    /// A tracking code's limit: counts every issue (of anyone) charged to that tracking code at that level.
    TrackingCode { level: u8, tracking_code_id: i64, tracking_number: String },
    /// An item limit of the employee (EMP ItemLimit): counts the employee's issues of that CID, in quantity.
    Item { cid_no: i64, cust_item_code: String },
}

/// One limit that applies to a draw.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawLimit {
    pub source: LimitSource,
    pub period: Period,
    /// Extended cost (quantity x average cost, a [`Money`] amount) for every source except [`LimitSource::Item`],
    /// whose limit is a quantity (a `Quantity`): one exact field for both, since the ledger compares it with sums of
    /// the same unit.
    pub amount: Decimal,
    /// The tracking code's override flag for this period, or the site letting supervisors override: a draw naming
    /// a supervisor (`supervisor_override` of the stock call) may pass it.
    pub overridable: bool,
}

/// What the people area says of a draw.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawRules {
    pub drawer: Drawer,
    /// The tracking codes the ledger row records (validated ids, per level), defaults applied.
    pub tracking: TrackingSelection,
    pub limits: Vec<DrawLimit>,
}

/// Why a draw is refused before any sum is taken. `message()` is what the caller sees (409, or 400 for input).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DrawRefusal {
    #[error("Employee not found.")]
    UnknownEmployee,
    #[error("A PIN is required for this employee.")]
    PinRequired,
    #[error("The PIN is not correct.")]
    WrongPin,
    #[error("Employee {0} is inactive.")]
    Inactive(String),
    #[error("Employee {0} is suspended.")]
    Suspended(String),
    /// A tracking level the site requires was not given, or a code is unknown, inactive, suspended or restricted.
    #[error("{message}")]
    Tracking { level: u8, message: String },
    /// The named supervisor is not a supervisor of this employee (or not a supervisor at all).
    #[error("{0} cannot override limits for this employee.")]
    NotSupervisor(String),
}

/// A limit a draw would pass; built by the ledger from a [`DrawLimit`] and what was drawn in its period.
#[derive(Debug, Clone, PartialEq)]
pub struct LimitBreach {
    pub limit: DrawLimit,
    /// In the limit's unit (money, or quantity for an item limit), like [`DrawLimit::amount`].
    pub used: Decimal,
    pub this_draw: Decimal,
}

impl LimitBreach {
    /// "This issue would pass the weekly limit of employee group MAINT (250.00): 230.00 used, 40.00 requested."
    pub fn message(&self) -> String {
        let whose = match &self.limit.source {
            LimitSource::Group { description, .. } => format!("employee group {description}"),
            LimitSource::ItemGroup { item_group, .. } => format!("item group {item_group} of your employee group"),
            LimitSource::TrackingCode { level, tracking_number, .. } => format!("tracking code {tracking_number} (level {level})"),
            LimitSource::Item { cust_item_code, .. } => format!("item {cust_item_code} for this employee"),
        };
        format!(
            "This issue would pass the {} limit of {whose} ({:.2}): {:.2} used, {:.2} requested.",
            self.limit.period.adjective(),
            Money::round(self.limit.amount),
            Money::round(self.used),
            Money::round(self.this_draw)
        )
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    #[error(transparent)]
    Refused(#[from] DrawRefusal),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// The one answer to a refused draw, wherever it is asked (the ledger's Issue and Return, the crib counter): a
/// drawer or tracking code that is not right is bad input (400 on the field that named it), an employee who may not
/// draw now is a conflict (409). Device reports answer a line with the same message.
impl From<DrawError> for ApiError {
    fn from(e: DrawError) -> Self {
        let r = match e {
            DrawError::Database(d) => return d.into(),
            DrawError::Refused(r) => r,
        };
        let msg = r.to_string();
        match r {
            DrawRefusal::UnknownEmployee => ApiError::invalid("employee", "notFound", &msg),
            DrawRefusal::PinRequired | DrawRefusal::WrongPin => ApiError::invalid("pin", "invalid", &msg),
            DrawRefusal::Tracking { level, .. } => ApiError::invalid(&format!("track{level}_id"), "invalid", &msg),
            DrawRefusal::NotSupervisor(_) => ApiError::invalid("supervisor_id", "invalid", &msg),
            DrawRefusal::Inactive(_) | DrawRefusal::Suspended(_) => ApiError::conflict(&msg),
        }
    }
}

/// Answered by the people area; held by [`crate::state::AppState::draw`].
pub trait DrawPolicy: Send + Sync {
    /// The employee behind a number or badge, allowed to draw now (PIN checked where the site requires it).
    fn find_drawer<'a>(&'a self, tx: &'a mut TenantTx, query: DrawerQuery<'a>) -> BoxFuture<'a, Result<Drawer, DrawError>>;

    /// The rules for `drawer` issuing `cid_nos` with `tracking`: tracking codes validated (defaults filled from the
    /// employee, then the CIP), and every limit that applies. `supervisor` (an employee id) must be a supervisor of
    /// the drawer when given.
    fn rules<'a>(
        &'a self,
        tx: &'a mut TenantTx,
        drawer: &'a Drawer,
        cid_nos: &'a [i64],
        tracking: &'a TrackingSelection,
        supervisor: Option<i64>,
    ) -> BoxFuture<'a, Result<DrawRules, DrawError>>;
}
