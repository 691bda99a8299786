//! Device tokens: how a crib or vending device authenticates its reports (header `Token`, spec 1 section 7). An
//! administrator issues one per device, scoped to one site; the token is shown once and stored as its SHA-256
//! (`asp.device_token`); it can be listed without the secret, shows its last use, and is revoked. docs/devices.md.

pub mod http;
pub mod job;
pub mod model;
pub mod repo;
pub mod service;
