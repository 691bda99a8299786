//! Free-text item search (the global search box's "Free text" type, issue 8): search-as-you-type over the CIP and
//! CID codes and descriptions and the manufacturer part, typo tolerant, answering only the caller's current site.
//! The work is done by the `search` crate's backend (`AppState::search`); this resource has no SQL of its own.

pub mod http;
pub mod model;
pub mod service;
