//! Wire types of the free-text item search.

use kernel::num::Quantity;
use poem_openapi::Object;

/// One item found, best first.
#[derive(Object, Clone, Debug)]
pub struct FreeTextHit {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub mfg_code: Option<String>,
    pub mfg_part_no: Option<String>,
    pub location: Option<String>,
    /// Item status (spec 1 section 4).
    pub status_id: i32,
    pub qty_on_hand: Quantity,
    /// `exact` (a code equals the text), `contains` (every word appears), `manufacturer` (the item-master part or
    /// description matched), `similar` (typo tolerant).
    pub matched: String,
}

/// The answer: the items and the text as it was searched (trimmed, upper case, at most five words).
#[derive(Object, Clone, Debug)]
pub struct FreeTextAnswer {
    pub searched: String,
    pub items: Vec<FreeTextHit>,
}
