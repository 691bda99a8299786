//! Alerts: alert auditing now; the alert settings and inbox of later issues belong here too.

pub mod auditing;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = auditing::AlertAuditingApi;
