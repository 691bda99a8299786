//! Alerts: alert auditing now; the alert settings and inbox of later issues belong here too. One folder per
//! resource (`model`, `repo`, `service`, `http`; see docs/architecture.md).

pub mod auditing;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = auditing::http::AlertAuditingApi;
