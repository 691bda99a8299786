//! Vendors, manufacturers, shared vendors and their cost catalogues (spec 4). Today: the vendor lookup by id; vendor
//! sites, approved vendors and vendor buyer settings (docs/vendor-sites.md).

pub mod approved_vendors;
pub mod buyer_settings;
pub mod vendor_sites;
pub mod vendors;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (vendors::http::VendorApi, vendor_sites::http::VendorSiteApi, approved_vendors::http::ApprovedVendorApi, buyer_settings::http::BuyerSettingsApi);
