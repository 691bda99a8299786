//! Wire types of the approved vendor resource.

use chrono::{DateTime, Utc};
use kernel::listing::{PageRequest, SortSpec};
use kernel::page_type;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

/// A vendor approved to supply a manufacturer's items at a site.
#[derive(Object, FromRow, Clone, Debug, Serialize, PartialEq)]
pub struct ApprovedVendor {
    /// The link's id.
    pub manufacturer_vendor_id: i64,
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    #[serde(rename = "siteCode")]
    pub site_code: String,
    /// The item master's manufacturer code.
    pub mfg_code: String,
    pub mfg_name: Option<String>,
    pub vend_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    pub created_by_id: Option<i64>,
    /// Login of the user who added the link.
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for ApprovedVendor {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// A new approved-vendor link.
#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorInput {
    /// One of the caller's sites of the current client; the current site when missing.
    pub site_id: Option<i64>,
    /// A manufacturer code of the item master (case-insensitive).
    pub mfg_code: Option<String>,
    /// A vendor the vendor rule shows at the site.
    pub vend_code: Option<String>,
}

/// Several new links, added all together or not at all.
#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorsInput {
    #[oai(validator(max_items = 500))]
    pub items: Vec<ApprovedVendorInput>,
}

/// Links to remove, all together or not at all.
#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorsRemove {
    #[oai(validator(max_items = 500))]
    pub manufacturer_vendor_ids: Vec<i64>,
}

#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorSaved {
    pub success: bool,
    pub message: String,
    #[oai(rename = "approvedVendor")]
    pub approved_vendor: ApprovedVendor,
}

#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorsSaved {
    pub success: bool,
    pub message: String,
    #[oai(rename = "approvedVendors")]
    pub approved_vendors: Vec<ApprovedVendor>,
}

#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorsRemoved {
    pub success: bool,
    pub message: String,
    pub removed: i64,
}

/// Approved vendor search filters.
#[derive(Object, Clone, Debug, Default)]
pub struct ApprovedVendorFilter {
    /// Only this site (one of the caller's sites of the current client; 404 otherwise). Without it, every site of
    /// the current client where the caller may view vendors.
    pub site_id: Option<i64>,
    /// Exactly this manufacturer code (case-insensitive).
    pub mfg_code: Option<String>,
    /// Exactly this vendor code (case-insensitive).
    pub vend_code: Option<String>,
    /// Contained in the manufacturer's code or name or the vendor's code or name.
    pub text: Option<String>,
}

#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: ApprovedVendorFilter,
}

page_type!(ApprovedVendorPage, ApprovedVendor, "resultList");

/// An item at the current site: a CIP (`cip_no`) or an item of the item master (`item_id`); exactly one.
#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorsItemRequest {
    pub cip_no: Option<i64>,
    pub item_id: Option<i64>,
}

/// The approved vendors of an item's manufacturer at the current site.
#[derive(Object, Clone, Debug)]
pub struct ItemApprovedVendors {
    pub item_id: Option<i64>,
    /// None for a CIP without an item master record.
    pub mfg_code: Option<String>,
    pub mfg_name: Option<String>,
    #[oai(rename = "approvedVendors")]
    pub approved_vendors: Vec<ApprovedVendor>,
}

/// Copy a site's approved vendors to other sites (spec 4 "Copy request").
#[derive(Object, Clone, Debug)]
pub struct CopyApprovedRequest {
    /// The site copied from (the caller must be able to view vendors there).
    pub from_site_id: i64,
    /// Only this manufacturer's approved vendors; every manufacturer's when missing.
    pub mfg_code: Option<String>,
    /// A target site; with `to_site_ids`, the targets are both.
    pub to_site_id: Option<i64>,
    #[oai(validator(max_items = 100))]
    pub to_site_ids: Option<Vec<i64>>,
}

/// What the copy did at one target site.
#[derive(Object, Clone, Debug, Serialize)]
pub struct CopySiteResult {
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    pub site_code: String,
    /// Links added.
    pub copied: i64,
    /// Links the target already had.
    #[oai(rename = "alreadyApproved")]
    pub already_approved: i64,
    /// `MFG/VENDOR` of the links not copied because the vendor rule does not show the vendor at the target.
    #[oai(rename = "notVisible")]
    pub not_visible: Vec<String>,
}

#[derive(Object, Clone, Debug)]
pub struct CopyApprovedAnswer {
    pub success: bool,
    pub message: String,
    pub copied: i64,
    pub sites: Vec<CopySiteResult>,
}

/// Whether switching an item's vendor should warn (CheckIfWarnAVOnVendorSwitch).
#[derive(Object, Clone, Debug)]
pub struct ApprovedVendorSwitchWarning {
    /// The manufacturer has approved vendors at the site and the new vendor is not one of them.
    pub warn: bool,
    /// The text to show when `warn`.
    pub message: Option<String>,
    pub mfg_code: Option<String>,
    /// The codes of the manufacturer's approved vendors at the site.
    #[oai(rename = "approvedVendorCodes")]
    pub approved_vendor_codes: Vec<String>,
}

pub const SORT: SortSpec = SortSpec {
    fields: &[("mfg_code", "mfg_code"), ("mfg_name", "mfg_name"), ("vend_code", "vend_code"), ("vend_name", "vend_name"), ("siteCode", "site_code"), ("created_at", "created_at")],
    default_field: "mfg_code",
    default_descending: false,
};
