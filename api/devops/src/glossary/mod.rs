//! The glossary (spec 2): shared reference terms in `asp.glossary_term`, read by every user and added by
//! administrators.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
