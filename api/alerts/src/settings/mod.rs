//! Alert settings per user and site (spec 3 "Alert settings per user and site", docs/alerts.md): for each type the
//! user may receive at the site, the channels and filters (a saved row, or the defaults), the tracking-code filter
//! lists, and copying one site's settings to the user's other sites of the client.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
