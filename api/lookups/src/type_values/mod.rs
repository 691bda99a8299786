//! The reference lists as the screens read them: one answer shape (typeID, valueID, description, description2) for
//! every list, active values only unless the operation says "All"; per-site, per-ERP-type and per-ecs variants.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
