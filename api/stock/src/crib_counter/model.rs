//! Wire types of the crib counter's look-ups.

use kernel::num::Quantity;
use poem_openapi::Object;

/// Who draws: a badge or employee number as scanned, and the PIN when asked for.
#[derive(Object, Clone, Debug)]
pub struct CounterEmployeeQuery {
    #[oai(validator(min_length = 1, max_length = 50))]
    pub employee: String,
    #[oai(validator(max_length = 20))]
    pub pin: Option<String>,
}

/// A default tracking code of the employee, per level.
#[derive(Object, Clone, Debug, sqlx::FromRow)]
pub struct CounterTracking {
    pub level: i32,
    pub tracking_code_id: i64,
    pub tracking_number: String,
}

/// The employee allowed to draw now; or, when `pin_required`, only that (the counter asks for the PIN).
#[derive(Object, Clone, Debug)]
pub struct CounterEmployee {
    pub pin_required: bool,
    pub employee_id: Option<i64>,
    pub employee_number: Option<String>,
    /// "Last, First".
    pub name: Option<String>,
    pub can_return: bool,
    /// The employee's default tracking codes, levels 1-4 where set.
    pub default_tracking: Vec<CounterTracking>,
}

/// A CIP of the current site, found by a scanned CIP code, customer item code or CIP number.
#[derive(Object, Clone, Debug, sqlx::FromRow)]
pub struct CounterItem {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub qty_on_hand: Quantity,
}
