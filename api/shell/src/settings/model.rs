//! Wire types of user settings.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Debug, Clone, Object, FromRow)]
pub struct UserSetting {
    pub setting_id: i64,
    pub asp_users_id: i64,
    pub setting_key: String,
    pub setting_value: Option<String>,
}

#[derive(Object, Clone)]
pub struct SettingInput {
    pub setting_key: String,
    pub setting_value: Option<String>,
}

/// A confirmation for the user.
#[derive(Object)]
pub struct Message {
    pub message: String,
}

impl Message {
    pub fn new(message: &str) -> Self {
        Self { message: message.to_owned() }
    }
}

#[derive(Object)]
pub struct Incognito {
    pub incognito: bool,
}
