//! The ASP error log (spec 2), under `/api/V1/DevOps/ErrorLog` (FSSConnectAdmin): the Log search over
//! `asp.error_log` with its window, application and filter groups, and its Excel export. The filters that make the
//! groups are the `error_log_filters` resource.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
