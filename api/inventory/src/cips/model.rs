//! Wire types of the CIP resource.

use poem_openapi::Object;
use sqlx::FromRow;

/// Customer item at a location (CIP).
#[derive(Object, FromRow, Clone, Debug)]
pub struct Cip {
    pub cip_no: i64,
    pub site_id: i64,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    /// Item status: Active 1, Obsolete 2, DeActivated 3, InConversionProcess 4, Pending 5, Orphan 6, Supersede 7,
    /// Labor 8, ItemExchanged 9, RejectedItemAdd 10.
    pub status_id: i32,
    pub location: Option<String>,
    pub qty_on_hand: f64,
    pub qty_avail: f64,
    /// Average cost (US dollars, 3 decimals); null unless the caller holds InvFISPrice at the record's site.
    pub cust_avg_cost: Option<f64>,
    pub consigned: bool,
}

impl kernel::records::SiteRecord for Cip {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}
