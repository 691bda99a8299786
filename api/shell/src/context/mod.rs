//! The user context: everything the UIs need to draw the shell for the caller at the current site (user, sites,
//! permissions, settings, menu, shortcuts), and moving the session to another site.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
