//! The vendor resource (docs/vendors.md). Layout: `model` (wire types), `repo` (SQL), `service` (reads, writes and
//! their transactions), `rules` (the one validation of every write), `blocks` (the blocks a buyer edits, views of
//! one record), `http` (thin operations). See docs/architecture.md.

pub mod blocks;
pub mod http;
pub mod model;
pub mod repo;
pub mod rules;
pub mod service;
