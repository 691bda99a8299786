//! Custom fields of CIDs and CIPs (domain.md section 2): 20 definitions per record kind and site, possible values of
//! list fields, values validated against their definition, bulk import. Layout: `model` (wire types), `repo` (SQL),
//! `service` (rules and transactions), `http` (thin operations). See docs/cid.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
