//! User settings: the caller's own key/value preferences (the UIs' remembered choices), including incognito mode,
//! under `/api/V1/Presentation`.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
