//! Hazardous material codes (UN numbers) an item-master part may carry. Layout: docs/architecture.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
