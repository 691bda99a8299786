//! Field-level developer help (spec 2): the text behind a field's help id (Ctrl+Alt+click), in
//! `asp.developer_help`, for administrators.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
