//! Database Tools (spec 2): search, view, history and compare of database object changes across environments.
//!
//! The changes are captured by the event triggers of migration `0006_db_tools.sql` into `asp.object_audit_log`
//! (see docs/db-tools.md). Environments (DEV, QA, STAGE, PROD) are named database connections (`environments`);
//! every query runs on the chosen environment's database. `diff` is the character diff of the compare dialog.

pub mod diff;
pub mod environments;
pub mod http;
pub mod model;
pub mod repo;
pub mod service;
