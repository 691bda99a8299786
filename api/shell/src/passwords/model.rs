//! Wire types of password changes.

use poem_openapi::Object;

use crate::auth::model::TokenResponse;

#[derive(Object)]
pub struct PasswordChange {
    #[oai(validator(max_length = 500))]
    pub current_password: String,
    #[oai(validator(max_length = 500))]
    pub password: String,
    #[oai(validator(max_length = 500))]
    pub confirm_password: String,
}

#[derive(Object)]
pub struct PasswordChanged {
    pub message: String,
    #[oai(flatten)]
    pub token: TokenResponse,
}

#[derive(Object)]
pub struct AdminPasswordChange {
    pub asp_users_id: i64,
    #[oai(validator(max_length = 500))]
    pub password: String,
    #[oai(validator(max_length = 500))]
    pub confirm_password: String,
}
