//! Bug reports: what a user files from the shell (optionally with a page capture), answered with a ticket number.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
