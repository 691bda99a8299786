//! The file resource: files and images attached to CIDs, CIPs (site tier) and item master records (provider tier).
//! Layout: `model` (wire types), `repo` (SQL), `service` (rules and transactions), `http` (thin operations). See
//! docs/architecture.md and docs/files.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
