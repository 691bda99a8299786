//! Wire types of sign-in and sessions.

use chrono::{DateTime, Utc};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};
use sqlx::FromRow;

#[derive(Object)]
pub struct LoginRequest {
    #[oai(validator(max_length = 200))]
    pub username: String,
    #[oai(validator(max_length = 500))]
    pub password: String,
}

#[derive(Object)]
pub struct TokenResponse {
    pub access_token: String,
    /// Always `Bearer`.
    pub token_type: String,
    /// Seconds until the token expires (the session may end earlier after 30 minutes without a request).
    pub expires_in: u64,
}

#[derive(Object)]
pub struct AuthConfig {
    #[oai(rename = "oidcEnabled")]
    pub oidc_enabled: bool,
    #[oai(rename = "oidcLoginUrl")]
    pub oidc_login_url: String,
    #[oai(rename = "inactivityTimeoutSeconds")]
    pub inactivity_timeout_seconds: u64,
    #[oai(rename = "accessTokenSeconds")]
    pub access_token_seconds: u64,
    #[oai(rename = "environmentName")]
    pub environment_name: String,
}

#[derive(Object)]
pub struct SessionInfo {
    #[oai(rename = "inactivitySecondsLeft")]
    pub inactivity_seconds_left: i64,
    #[oai(rename = "impersonatedByUserId")]
    pub impersonated_by_user_id: Option<i64>,
    pub password_expired: bool,
}

#[derive(Object)]
pub struct ImpersonateRequest {
    pub asp_users_id: i64,
}

#[derive(Object)]
pub struct SsoExchange {
    #[oai(validator(max_length = 200))]
    pub code: String,
}

#[derive(ApiResponse)]
pub enum TokenAnswer {
    #[oai(status = 200)]
    Ok(Json<TokenResponse>),
}

#[derive(ApiResponse)]
pub enum Redirect {
    /// Go to the `Location`.
    #[oai(status = 302)]
    Found(#[oai(header = "Location")] String),
}

#[derive(ApiResponse)]
pub enum NoContent {
    #[oai(status = 204)]
    Done,
}

/// What local sign-in reads of a user.
#[derive(Debug, FromRow)]
pub struct LoginRow {
    pub asp_users_id: i64,
    pub password_hash: Option<String>,
    pub is_active: bool,
    pub is_locked: bool,
    pub locked_until: Option<DateTime<Utc>>,
    pub failed_login_count: i32,
    pub password_expiration_date: Option<DateTime<Utc>>,
}
