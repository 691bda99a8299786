//! Staff console resources: one service per resource (users, roles, permissions, sites) over the shared schema,
//! with two adapters: the react-admin simple-rest shape (`/admin/<resource>`, [`AdminApi`]) and the spec's paged
//! user search (`/V1/User/Search/`, [`UserSearchApi`]).

pub mod permissions;
pub mod rest;
pub mod roles;
pub mod sites;
pub mod user_search;
pub mod users;

pub use rest::AdminApi;
pub use user_search::UserSearchApi;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (AdminApi, UserSearchApi);
