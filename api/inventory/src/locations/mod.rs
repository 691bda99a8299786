//! Stock locations of CIPs: the location check (is a location free at its site) and a CIP's alternate and virtual
//! locations (site tier). Built on CIPs (a change of them is a change of the CIP) and on `location_segments` (how a
//! location is spelt); neither uses this module. Layout: `model` (wire types), `repo` (SQL), `service` (rules and
//! transactions), `http` (thin operations). See docs/cip.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
