//! Punch-in locations: the customer portal's delivery locations of a site, each mapped to the site whose catalogue
//! and cart serve it; selecting one moves the punch-in user's session there.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
