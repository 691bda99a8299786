//! The version file: the product version and build the UIs compare to reload after a deployment, with build
//! details for administrators.

pub mod http;
pub mod model;
pub mod service;
