//! Wire types of min/max tuning.

use chrono::{DateTime, Utc};
use kernel::listing::PageRequest;
use kernel::num::{Factor, Money, Percent, Quantity};
use kernel::page_type;
use poem_openapi::Object;
use sqlx::FromRow;

pub const STATUS_PENDING: i16 = 1;
pub const STATUS_ACCEPTED: i16 = 2;
pub const STATUS_DISMISSED: i16 = 3;

/// The site's tuning settings.
#[derive(Object, FromRow, Clone, Debug, serde::Serialize)]
pub struct ApdSettings {
    pub site_id: i64,
    /// Percent of replenishment cycles without a stock-out, 50 to 99.9 (95 gives z = 1.645).
    pub service_level: Percent,
    /// Used when the CID has no average lead time (warning 3).
    pub default_lead_time_days: i32,
    /// Cost of placing one order (EOQ).
    pub order_cost: Money,
    /// Yearly holding cost as a fraction of the unit cost (EOQ).
    pub holding_rate: Factor,
    /// Percent difference from the current min or max that raises warning 4.
    pub far_percent: Percent,
    /// Coefficient of variation of period usage above which usage is erratic (warning 2).
    pub erratic_cv: Factor,
}

#[derive(Object, Clone, Debug)]
pub struct ApdSettingsInput {
    #[oai(validator(minimum(value = "50"), maximum(value = "99.9")))]
    pub service_level: Percent,
    #[oai(validator(minimum(value = "1"), maximum(value = "365")))]
    pub default_lead_time_days: i32,
    #[oai(validator(minimum(value = "0"), maximum(value = "1000000")))]
    pub order_cost: Money,
    #[oai(validator(minimum(value = "0.0001"), maximum(value = "5")))]
    pub holding_rate: Factor,
    #[oai(validator(minimum(value = "1"), maximum(value = "10000")))]
    pub far_percent: Percent,
    #[oai(validator(minimum(value = "0.01"), maximum(value = "100")))]
    pub erratic_cv: Factor,
}

/// One warning of a suggestion.
#[derive(Object, Clone, Debug)]
pub struct ApdWarning {
    /// 1 no usage, 2 erratic usage, 3 lead time missing, 4 far from current, 5 on hand above max.
    pub warn_type_id: i16,
    pub code: String,
    pub message: String,
}

/// A CIP's min/max suggestion beside its current settings (spec 3 APD review row: aau, sugg_min, sugg_max, roq,
/// warn_type_id1..5, reviewed).
#[derive(Object, FromRow, Clone, Debug, serde::Serialize)]
pub struct ApdSuggestion {
    pub cip_no: i64,
    pub site_id: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    /// Average annual usage: usage1 + .. + usage13.
    pub aau: Quantity,
    pub period_mean: Quantity,
    pub period_std_dev: Quantity,
    pub lead_time_days: i32,
    pub service_level: Percent,
    pub z: Factor,
    pub safety_stock: Quantity,
    pub lead_time_demand: Quantity,
    pub sugg_min: Quantity,
    pub sugg_max: Quantity,
    pub roq: Quantity,
    pub current_min: Option<Quantity>,
    pub current_max: Option<Quantity>,
    pub current_roq: Option<Quantity>,
    pub qty_on_hand: Quantity,
    pub warn_type_id1: Option<i16>,
    pub warn_type_id2: Option<i16>,
    pub warn_type_id3: Option<i16>,
    pub warn_type_id4: Option<i16>,
    pub warn_type_id5: Option<i16>,
    /// Pending 1, Accepted 2, Dismissed 3.
    pub status: i16,
    pub reviewed: bool,
    pub reviewed_at: Option<DateTime<Utc>>,
    pub computed_at: DateTime<Utc>,
    /// usage1 (most recent period) .. usage13, for the usage chart.
    pub usage: Vec<Quantity>,
    #[sqlx(skip)]
    #[serde(skip)]
    pub warnings: Vec<ApdWarning>,
}
page_type!(ApdSuggestionPage, ApdSuggestion, "resultList");

/// Suggestions of the current site, paged.
#[derive(Object, Clone, Debug, Default)]
pub struct ApdSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Pending 1 (default when absent: every status), Accepted 2, Dismissed 3.
    pub status: Option<i16>,
    /// Only suggestions carrying this warning (1..5).
    pub warn_type_id: Option<i16>,
    /// Only suggestions with any warning.
    pub warnings_only: Option<bool>,
    /// CIP code, customer part or description contains.
    #[oai(validator(max_length = 100))]
    pub q: Option<String>,
}

/// CIPs whose suggestions to accept or dismiss.
#[derive(Object, Clone, Debug)]
pub struct ApdCips {
    #[oai(validator(min_items = 1, max_items = 500))]
    pub cip_nos: Vec<i64>,
}

/// What accept/dismiss/refresh answer.
#[derive(Object, Clone, Debug)]
pub struct ApdDone {
    pub success: bool,
    pub message: String,
    /// CIPs accepted/dismissed, or suggestions computed by a refresh.
    pub count: i64,
    /// Refresh: suggestions whose numbers changed (back to Pending).
    pub changed: i64,
}
