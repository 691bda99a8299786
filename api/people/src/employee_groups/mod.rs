//! Employee groups (spec 3 section 3, docs/employee-groups.md): a site's groups of employees with their cost limits,
//! and their relations: delivery locations, assigned employees, assets, tracking restrictions and item-group limits.
//! Layout: `model` (wire types), `repo` (SQL), `service` (rules and transactions), `http` (thin operations).

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
