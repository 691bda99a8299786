//! How each site spells its stock locations: the location segments it names (provider tier,
//! `asp.site_location_segment`) and the one check a location typed anywhere goes through (a CIP's location, its
//! alternate and virtual locations, a new CID's first CIP, a kanban bin). CIPs, CIDs, crib devices and locations all
//! use it and it uses none of them, so the crate's resource modules import each other without a circle. Layout:
//! `model` (wire types), `repo` (SQL), `service` (rules), `http` (thin operations). See docs/cip.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
