//! Wire types of the vendor buyer settings resource.

use kernel::listing::{PageRequest, SortSpec};
use kernel::page_type;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

/// A buyer handling a vendor (spec 4 "Buyer-settings search").
#[derive(Object, FromRow, Clone, Debug, Serialize, PartialEq)]
pub struct VendorBuyerSetting {
    pub asp_vendor_buyer_settings_id: i64,
    pub asp_users_id: i64,
    /// The buyer's login.
    pub buyer: String,
    /// "Last, First".
    pub buyer_name: String,
    pub vend_code: String,
    /// The vendor's name as the vendor rule shows it at the current site (None when not shown there).
    pub vend_name: Option<String>,
    pub fname: Option<String>,
    pub lname: Option<String>,
}

#[derive(Object, Clone, Debug, Default)]
pub struct VendorBuyerSettingsFilter {
    /// Only this buyer's vendors.
    pub asp_users_id: Option<i64>,
    /// Only the buyers of this vendor code (case-insensitive).
    pub vend_code: Option<String>,
    /// Contained in the buyer's login or names, or the vendor's code or name.
    pub text: Option<String>,
}

#[derive(Object, Clone, Debug)]
pub struct VendorBuyerSettingsSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: VendorBuyerSettingsFilter,
}

page_type!(VendorBuyerSettingsPage, VendorBuyerSetting, "resultList");

/// The vendors a buyer handles at the current client, replaced by `vend_codes` (an empty list removes them all).
#[derive(Object, Clone, Debug)]
pub struct BuyerSettingsVendors {
    pub asp_users_id: i64,
    #[oai(validator(max_items = 1000))]
    pub vend_codes: Vec<String>,
}

#[derive(Object, Clone, Debug)]
pub struct BuyerSettingsVendorsSaved {
    pub success: bool,
    pub message: String,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// The buyer's vendors after the change.
    pub vendors: Vec<VendorBuyerSetting>,
}

pub const SORT: SortSpec = SortSpec {
    fields: &[("vend_code", "vend_code"), ("vend_name", "vend_name"), ("buyer", "buyer"), ("buyer_name", "buyer_name"), ("fname", "fname"), ("lname", "lname")],
    default_field: "buyer_name",
    default_descending: false,
};
