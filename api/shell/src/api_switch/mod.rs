//! The API switch: administrators can switch the API off (everyone else then gets 503) and on again.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
