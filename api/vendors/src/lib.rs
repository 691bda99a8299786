//! Vendors, manufacturers, shared vendors and their cost catalogues (spec 4). Today: the vendor lookup by id, shared
//! vendors and their child records.

pub mod shared_vendor_children;
pub mod shared_vendors;
pub mod vendors;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (vendors::http::VendorApi, shared_vendors::http::SharedVendorApi, shared_vendor_children::http::SharedVendorChildApi);
