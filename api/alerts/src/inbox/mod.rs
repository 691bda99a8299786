//! The alert inbox (spec 4 "Alert inbox", docs/alerts.md): a user's notifications at the current site, the badge's
//! count, reading, acknowledging and removing them; and the administrators' messages (a notification to everyone
//! whose settings want it, or to named users' inboxes), raised through `kernel::notify`.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
