//! Vendor sites (spec 4 "Vendor site", docs/vendor-sites.md): what one site keeps about a client-tier vendor
//! (preferred, contact, comments, the customer account number). Site tier (`vendor_site`); a vendor is shown at a
//! site only through the vendor rule (`vendor_at_site`). Also the site helpers the approved vendors share: a site
//! named by id or code, and the caller's sites of the current client that hold a permission.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
