//! ASP Releases (spec 2): release notes in the shared table `asp.release`, listed, read and added by administrators.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
