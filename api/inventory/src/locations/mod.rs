//! Stock locations of CIPs: the location segments each site names (provider tier, `asp.site_location_segment`), the
//! location check, and a CIP's alternate and virtual locations (site tier). Layout: `model` (wire types), `repo`
//! (SQL), `service` (rules and transactions), `http` (thin operations). See docs/cip.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
