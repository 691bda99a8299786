//! Alerts: alert auditing now; the alert settings and inbox of later issues belong here too.

pub mod auditing;
