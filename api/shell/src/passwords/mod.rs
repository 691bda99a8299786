//! Passwords: changing one's own (also while it is expired) and, for administrators, another user's; either ends
//! the user's other sessions.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
