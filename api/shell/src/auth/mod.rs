//! Sign-in and sessions under `/api/auth`: local sign-in with lockout, token renewal and sign-out, single sign-on
//! through OpenID Connect (with linking and provisioning of local users), and impersonation by provider support.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
