//! Addresses: the shell's one tenant record (the Address Information pop-up). Site-scoped business data in the
//! client's schema, reached only through a granted [`tenancy::SiteScope`].

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
