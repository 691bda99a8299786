//! The sites resource: `asp.site` (with its client's code). A site's business data lives in its client's schema,
//! so a site never moves to another client and is never removed: "deleting" deactivates it. Its operations are in
//! the simple-rest adapter (`/admin/sites`, see [`crate::rest`]).

pub mod model;
pub mod repo;
pub mod service;
