//! The permissions resource: the catalogue `asp.security_permission`. Its operations are in the simple-rest adapter
//! (`/admin/permissions`, see [`crate::rest`]).
//!
//! Ids below [`service::SPEC_LIMIT`] are the specification's catalogue and ids up to [`service::BUILT_IN_LIMIT`] are
//! the ones ASP adds itself (FSSConnectAdmin, EmpView, ...). The code checks permissions by name, so neither kind
//! can be renamed or deleted. Permissions added through the console get the next id from
//! [`service::BUILT_IN_LIMIT`] on.

pub mod model;
pub mod repo;
pub mod service;
