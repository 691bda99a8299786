//! The item master (spec 3, ItemMaster): the provider's one catalogue of manufacturer parts, read by every client,
//! changed only by provider staff; what a site has of an item is read through the site's scope. Layout:
//! docs/architecture.md; behaviour: docs/item-master.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
