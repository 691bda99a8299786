//! Rules of the CIP resource (docs/cip.md): the status rule, the "multiple" flag, costs only with InvFISPrice, the
//! searches, and the checks of every change (replenishment settings, defaults, buddy, CID, related items, repaired
//! parts). Every change locks the CIP, is audited in its transaction, and answers the CIP as it is now.
//!
//! One file per idea: who sees a CIP and its costs (`visibility`), how a change opens and closes (`change`), the
//! reads of one CIP (`reads`), the lists (`lists`), the global search box (`quick`), the searches (`search`), and
//! one file per write flow, named after it. What other modules and `http.rs` use is re-exported here.

mod change;
mod create_repaired;
mod lists;
mod quick;
mod reads;
mod save_related;
mod search;
mod update_cid;
mod update_defaults;
mod update_other;
mod update_repair;
mod update_replenishment;
mod visibility;

use kernel::num::{Decimal, Quantity};
use kernel::Perm;

pub use change::{begin_change, begin_write, changes, find_in, record};
pub use create_repaired::create_repaired;
pub use lists::{active, of_cid, of_cid_search, of_cust_item_code, of_item, of_site, of_tracking_code, replenish, suggested_qty};
pub use quick::{quick, QuickKind};
pub use reads::{
    audit_detail, common, get, hold_type, keep_full_check, keep_full_rule, like_upc, like_upc_on_hand, mlq, quantities, repair, repl_type_name,
    replenishment_source, summary, warehouse_cost,
};
pub use save_related::save_related;
pub use search::{export, min1_search, picker_search, prefix_pattern, search, sub_filter};
pub use update_cid::update_cid;
pub use update_defaults::update_defaults;
pub use update_other::update_other;
pub use update_repair::update_repair;
pub use update_replenishment::{update_replenishment, validate_replenishment};
pub use visibility::{sees_cost, visible};

pub const READ: &[Perm] = &[Perm::BasicAccess];
pub const WRITE: &[Perm] = &[Perm::ItemEdit];
pub const SUMMARY: &[Perm] = &[Perm::CIPSummaryView];
pub const NOT_FOUND: &str = "The item you are trying to find does not exist.";
pub const CID_NOT_FOUND: &str = "The CID you are trying to find does not exist.";
pub const TRACKING_CODE_NOT_FOUND: &str = "The tracking code you are trying to find does not exist.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
/// The status rule of spec 1 section 5 (item route guard), held by the server too.
pub const PENDING_MESSAGE: &str = "Can't display CIP until Item Add Req is approved.";
pub const PENDING_WRITE_MESSAGE: &str = "This CIP waits for its Item Add requisition to be approved and cannot be changed yet.";
/// The largest quantity a setting may hold (999,999,999,999; the columns are numeric(18, 3)).
pub const MAX_QTY: Quantity = Quantity::new(Decimal::from_parts(0xD4A5_0FFF, 0xE8, 0, false, 0));

/// Shows the average cost (spec 1 section 2: the item picker's cost column).
const SEE_AVERAGE_COST: Perm = Perm::InvFISPrice;
