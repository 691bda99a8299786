//! Users as the shell shows them to each other: the summary of a user who shares a client with the caller's
//! current site.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
