//! The SQL migrations of ASP, embedded in the binary.
//!
//! Two sets: `global` builds the shared schema `asp` once per database; `tenant` builds one client's schema and is
//! applied to every client schema in lockstep (see `tenancy::migrate_all`). Applied migrations are never edited:
//! changes are new files (expand, then contract).

use sqlx::migrate::Migrator;

/// The shared schema's migrations; their bookkeeping table lives in the `asp` schema.
pub static GLOBAL: Migrator = sqlx::migrate!("./global");

/// One client schema's migrations; run with the search_path set to that schema.
pub static TENANT: Migrator = sqlx::migrate!("./tenant");
