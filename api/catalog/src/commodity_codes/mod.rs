//! UNSPSC commodity codes of the provider catalogue, listed by segment and family. Layout: docs/architecture.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
