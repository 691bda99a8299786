//! The error log filters (spec 2), under `/api/V1/DevOps/ErrorLog` (FSSConnectAdmin): Developer Review, Ignore
//! and In Progress groups of error log rows, in `asp.asp_error_log_filter`.
//!
//! A log row matches a filter when the filter's `filter_string` is part of its message, exception or exception
//! message and its `filter_url` part of its request url or path (each only when given; case-insensitive).
//! `instance_count` is set when a filter is created and kept current by job type 1 (`crate::jobs`).

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
