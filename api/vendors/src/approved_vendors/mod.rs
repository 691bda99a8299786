//! Approved vendors (spec 4 "Approved-vendor link", docs/vendor-sites.md): at a site, the vendors allowed to supply
//! the items of a manufacturer (`mfg_code` of the item master). Site tier (`approved_vendor`); the vendor must be one
//! the vendor rule shows at the site. Insert one or many, remove, search, the approved vendors of an item, copy to
//! other sites, and the warning when an item's vendor is switched to a vendor that is not approved.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
