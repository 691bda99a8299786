//! Shared vendors (spec 4 "Shared vendors", docs/shared-vendors.md): the provider's record of one real supplier
//! across clients and ERPs, its detail blocks (identification, web ordering, cost info, VIP management, market
//! margin), its site links with special pricing agreements, and which client vendors are the same supplier.
//! Provider data in the shared schema: read with ViewVendors, changed by provider staff with SharedVendorEdit.
//! The child records (contacts, brands, ...) are `crate::shared_vendor_children`.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
