//! The roles resource: `asp.security_role` with its permissions (`asp.security_role_permission`). A change to a
//! role's permissions reaches every replica's authorizer through the schema's triggers. Its operations are in the
//! simple-rest adapter (`/admin/roles`, see [`crate::rest`]).

pub mod model;
pub mod repo;
pub mod service;
