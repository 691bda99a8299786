//! RFQ vendors: the vendors asked to quote on a request for quotation at a site, read as the site sees their
//! vendor (docs/vendors.md). Layout: `model` (wire types), `repo` (SQL), `service` (rules), `http` (operations).

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
