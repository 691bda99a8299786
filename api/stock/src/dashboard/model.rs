//! Wire types of the home page's stock numbers.

use chrono::NaiveDate;
use kernel::num::{Money, Quantity};
use poem_openapi::Object;

/// The current site's stock value and its usage month by month.
#[derive(Object)]
pub struct UsageTrend {
    /// On hand x average cost of the site's active CIPs, now. Null without InvFISPrice.
    pub stock_value: Option<Money>,
    /// Active CIPs with stock on hand.
    pub items_in_stock: i64,
    /// One entry per month, oldest first; the last is the current month so far.
    pub months: Vec<UsageMonth>,
}

#[derive(Object)]
pub struct UsageMonth {
    /// The first day of the month.
    pub month: NaiveDate,
    /// Issued minus returned in the month.
    pub usage_qty: Quantity,
    /// The usage at the cost each row was posted at. Null without InvFISPrice.
    pub usage_value: Option<Money>,
    /// Receipts (REC) at their receipt cost. Null without InvFISPrice.
    pub received_value: Option<Money>,
    /// Ledger rows posted in the month.
    pub transactions: i64,
}
