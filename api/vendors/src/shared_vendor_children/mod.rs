//! The child records of a shared vendor (spec 4 "Child records", docs/shared-vendors.md): its contacts, the brands
//! it carries, the commodities it covers, the provider's grades of it, competitor brands and the provider's own
//! account contacts for it ("FergusonAccountContact"). Read with ViewVendors, changed with SharedVendorEdit; every
//! change audited.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
