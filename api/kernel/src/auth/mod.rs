//! Sign-in primitives the guard and several areas need: access tokens, Redis sessions, password hashing and the
//! OpenID Connect client. The sign-in operations themselves live in the shell area.

pub mod jwt;
pub mod oidc;
pub mod password;
pub mod session;
