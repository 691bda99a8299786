//! Security questions: the catalogue of questions and the caller's three answers (stored hashed), used to prove who
//! they are when they forget their password.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
