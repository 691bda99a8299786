//! Brands of the provider catalogue: the trade names item-master parts are sold under. Layout: docs/architecture.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
