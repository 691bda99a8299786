//! The CID resource: customer item definitions at a site (domain.md section 2). Layout: `model` (wire types),
//! `repo` (SQL), `service` (rules and transactions), `http` (thin operations). See docs/cid.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
