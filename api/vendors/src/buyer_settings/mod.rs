//! Vendor buyer settings (spec 4 "Buyer-settings search", docs/vendor-sites.md): which buyer handles which of the
//! client's vendors. Provider tier (`asp.vendor_buyer_settings`, tied to a user and a client); every read and write
//! is limited to the caller's current client. A buyer is a user holding the Buyer permission at a site of the client.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
