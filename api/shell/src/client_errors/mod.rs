//! Client error intake: the UIs report their own failures into the ASP error log.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
