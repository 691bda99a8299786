//! The black-box integration tests: one test binary (so linking does not grow with every new test file), one module
//! per area of behaviour. Every test starts the real application (`api::app::Application::build`) on its own fresh
//! database and talks to it over HTTP (see `common`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod admin_resources;
mod alert_auditing;
mod auth_sessions;
mod contract;
mod db_tools;
mod devops_content;
mod error_log;
mod export;
mod job_service;
mod lookups;
mod oidc;
mod shell_and_isolation;
mod structure;
mod tracking_codes;
mod validation;
mod hardening;
mod user_administration;
mod probes;
mod item_search;
mod cids;
mod custom_fields;
mod item_master;
mod files;
mod cips;
mod devices;
mod employees;
mod cycle_counts;
mod ledger;
mod employee_groups;
mod device_reports;
mod shared_vendors;
mod vendors;
mod vendor_sites;
mod costs;
mod type_lists;
mod openapi_walk;
mod filter_combinations;
mod field_permissions;
mod vendor_references;
mod limits_concurrency;
mod import_bombs;
mod csv_injection;
