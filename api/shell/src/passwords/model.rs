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
    /// Needed only when a user administrator set the current password: the answers to the owner's security
    /// questions (the user context's `passwordChangeQuestions`), which prove the owner is the one changing it.
    #[oai(validator(max_items = 3))]
    pub security_answers: Option<Vec<SecurityAnswerProof>>,
}

/// One answer to one of the owner's security questions.
#[derive(Object)]
pub struct SecurityAnswerProof {
    pub question_id: i64,
    #[oai(validator(max_length = 500))]
    pub answer: String,
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
