//! Sign-in: local accounts, OpenID Connect, sessions, tokens, impersonation.

pub mod api;
pub mod jwt;
pub mod oidc;
pub mod password;
pub mod service;
pub mod session;
