//! Wire types of the vendor site resource. Names follow spec 4 section 3 "Vendor site".

use chrono::{DateTime, Utc};
use kernel::listing::{PageRequest, SortSpec};
use kernel::page_type;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

/// What one site keeps about a vendor.
#[derive(Object, FromRow, Clone, Debug, Serialize, PartialEq)]
pub struct VendorSite {
    pub vendor_site_id: i64,
    pub vend_id: i64,
    pub vend_code: String,
    pub vend_name: String,
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    #[serde(rename = "siteCode")]
    pub site_code: String,
    /// The site prefers this vendor when a choice is offered.
    pub preferred: bool,
    pub contact_name: Option<String>,
    pub email: Option<String>,
    pub vendor_comments: Option<String>,
    /// Printed on the site's purchase orders to this vendor.
    pub po_comments: Option<String>,
    /// The site's customer account number at the vendor.
    pub vendor_cust_account: Option<String>,
    pub inside_sales_notes: Option<String>,
    pub outside_sales_notes: Option<String>,
    pub notes: Option<String>,
    pub build_consigned_vendor: bool,
    pub created_by_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_by_id: Option<i64>,
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for VendorSite {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// The site's own fields of a vendor site, as sent (Update replaces them all; UpdateAllSites applies only those
/// given, an empty text clearing the field).
#[derive(Object, Clone, Debug, Default)]
pub struct VendorSiteFields {
    pub preferred: Option<bool>,
    #[oai(validator(max_length = 200))]
    pub contact_name: Option<String>,
    #[oai(validator(max_length = 200))]
    pub email: Option<String>,
    #[oai(validator(max_length = 2000))]
    pub vendor_comments: Option<String>,
    #[oai(validator(max_length = 2000))]
    pub po_comments: Option<String>,
    #[oai(validator(max_length = 100))]
    pub vendor_cust_account: Option<String>,
    #[oai(validator(max_length = 2000))]
    pub inside_sales_notes: Option<String>,
    #[oai(validator(max_length = 2000))]
    pub outside_sales_notes: Option<String>,
    #[oai(validator(max_length = 2000))]
    pub notes: Option<String>,
    pub build_consigned_vendor: Option<bool>,
}

/// A new vendor site: the vendor (by code, visible at the site by the vendor rule) at a site of the caller.
#[derive(Object, Clone, Debug)]
pub struct VendorSiteInsert {
    /// The site (one of the caller's sites of the current client); the current site when missing.
    pub site_id: Option<i64>,
    pub vend_code: Option<String>,
    #[oai(flatten)]
    pub fields: VendorSiteFields,
}

/// A change of one vendor site: every field is replaced (missing texts become empty, missing flags false).
#[derive(Object, Clone, Debug)]
pub struct VendorSiteUpdate {
    pub vendor_site_id: i64,
    #[oai(flatten)]
    pub fields: VendorSiteFields,
}

/// One change applied to a vendor's vendor site at every site where the caller may edit vendor sites.
#[derive(Object, Clone, Debug)]
pub struct VendorSiteUpdateAll {
    pub vend_code: Option<String>,
    #[oai(flatten)]
    pub fields: VendorSiteFields,
}

/// The answer of Insert and Update: the vendor site as saved.
#[derive(Object, Clone, Debug)]
pub struct VendorSiteSaved {
    pub success: bool,
    pub message: String,
    #[oai(rename = "vendorSite")]
    pub vendor_site: VendorSite,
}

/// A site UpdateAllSites changed.
#[derive(Object, Clone, Debug, Serialize)]
pub struct SiteChanged {
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    pub site_code: String,
    pub vendor_site_id: i64,
}

/// The answer of UpdateAllSites: which sites were changed. Sites where the caller may not edit vendor sites are
/// never touched and not named.
#[derive(Object, Clone, Debug)]
pub struct UpdateAllSitesAnswer {
    pub success: bool,
    pub message: String,
    #[oai(rename = "changedSites")]
    pub changed_sites: Vec<SiteChanged>,
}

/// Vendor site search filters: a vendor's sites (`vend_code`), or a site's vendors (`site_id`), or both.
#[derive(Object, Clone, Debug, Default)]
pub struct VendorSiteFilter {
    /// Only this site (one of the caller's sites of the current client; 404 otherwise). Without it, every site of
    /// the current client where the caller may view vendors.
    pub site_id: Option<i64>,
    /// Exactly this vendor code (case-insensitive).
    pub vend_code: Option<String>,
    /// Contained in the code, name, contact, email or customer account (case-insensitive).
    pub text: Option<String>,
    pub preferred: Option<bool>,
}

#[derive(Object, Clone, Debug)]
pub struct VendorSiteSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: VendorSiteFilter,
}

page_type!(VendorSitePage, VendorSite, "resultList");

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("vend_code", "vend_code"),
        ("vend_name", "vend_name"),
        ("siteCode", "site_code"),
        ("preferred", "preferred"),
        ("contact_name", "contact_name"),
        ("vendor_cust_account", "vendor_cust_account"),
        ("updated_at", "updated_at"),
    ],
    default_field: "vend_code",
    default_descending: false,
};
