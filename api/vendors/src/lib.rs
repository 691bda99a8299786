//! Vendors, manufacturers, shared vendors and their cost catalogues (spec 4). Today: the vendor lookup by id.

pub mod vendors;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = vendors::http::VendorApi;
