//! The vendor resource (lookup by id for now; its area issue builds it out). Layout: `model` (wire types),
//! `repo` (SQL), `service` (rules and transactions), `http` (thin operations). See docs/architecture.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
