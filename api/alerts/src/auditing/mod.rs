//! Alert Auditing (spec 2): which alert notifications were sent at the caller's sites, and to whom. The rows live in
//! the client's schema (`notification`, `notification_recipient`); the alert types in the shared `asp.type_notification`.
//!
//! Searches cover the caller's current client only: one site (which the caller must be allowed to audit, else 403)
//! or every site of that client where the caller holds FSSConnectAdmin. A notification of another client, or of a
//! site the caller may not audit, answers 404 like a missing one.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
