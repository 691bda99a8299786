//! Wire types of device tokens.

use chrono::{DateTime, Utc};
use poem_openapi::Object;

/// A device token as listed: never the secret, only its first characters.
#[derive(Object, sqlx::FromRow, Clone, Debug, serde::Serialize)]
pub struct DeviceToken {
    pub device_token_id: i64,
    pub site_id: i64,
    /// The crib station the device is, when it is one.
    pub station_id: Option<i64>,
    pub device_name: String,
    /// The token's first characters, to tell tokens apart.
    pub token_prefix: String,
    pub created_at: DateTime<Utc>,
    /// Login of the administrator who issued it.
    pub created_by: Option<String>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub revoked_by: Option<String>,
    /// When the device last called with it (a refused call with a revoked token is not a use).
    pub last_used_at: Option<DateTime<Utc>>,
    /// After this the token is refused (null: until revoked).
    pub expires_at: Option<DateTime<Utc>>,
}

/// Issue a token for a device of the current site: a station (by id), or a named device, or both (the name then
/// replaces the station's code as the device's name).
#[derive(Object, Clone, Debug)]
pub struct DeviceTokenInput {
    pub station_id: Option<i64>,
    #[oai(validator(max_length = 100))]
    pub device_name: Option<String>,
    /// Days the token is valid (1 to 3650); absent: until revoked. The site's device administrators are told 14
    /// days before it expires.
    #[oai(validator(minimum(value = "1"), maximum(value = "3650")))]
    pub valid_days: Option<i32>,
}

/// The answer of issuing: the token, shown this once, and the record.
#[derive(Object, Clone, Debug)]
pub struct IssuedDeviceToken {
    /// The secret the device sends in the header `Token`. Not stored; it cannot be shown again.
    pub token: String,
    pub device_token: DeviceToken,
}
