//! Vendors, manufacturers, shared vendors and their cost catalogues (spec 4). The vendor resource: client-tier vendors
//! with their blocks, searches, the vendor rule at a site and a user's vendor restrictions (docs/vendors.md).

pub mod vendors;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = vendors::http::VendorApi;
