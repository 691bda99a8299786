//! Staff console resources in the react-admin simple-rest shape (`/api/admin/<resource>`).

pub mod rest;

pub use rest::AdminApi;
