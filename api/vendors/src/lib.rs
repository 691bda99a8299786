//! Vendors, manufacturers, shared vendors and their cost catalogues (spec 4): client-tier vendors with their blocks,
//! searches, the vendor rule at a site and a user's vendor restrictions (docs/vendors.md); vendor sites, approved
//! vendors and vendor buyer settings (docs/vendor-sites.md); shared vendors and their child records
//! (docs/shared-vendors.md).

pub mod approved_vendors;
pub mod buyer_settings;
pub mod shared_vendor_children;
pub mod shared_vendors;
pub mod vendor_sites;
pub mod vendors;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (
    vendors::http::VendorApi,
    vendor_sites::http::VendorSiteApi,
    approved_vendors::http::ApprovedVendorApi,
    buyer_settings::http::BuyerSettingsApi,
    shared_vendors::http::SharedVendorApi,
    shared_vendor_children::http::SharedVendorChildApi,
);
