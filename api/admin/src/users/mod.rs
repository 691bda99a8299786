//! The users resource: sign-in accounts (`asp.asp_users`) with their site access (`asp.user_site`) and roles per
//! site (`asp.user_site_role`). The console reaches it through the simple-rest adapter (`/admin/users`, see
//! [`crate::rest`]); its own operation is the spec's paged user search (`POST /V1/User/Search/`, [`http`]).

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
