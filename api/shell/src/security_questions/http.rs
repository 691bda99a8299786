//! Operations of security questions under `/api/V1/User/SecurityQuestions`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{SecurityAnswers, SecurityQuestion};
use super::service;
use crate::settings::model::Message;

pub struct SecurityQuestionApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl SecurityQuestionApi {
    /// Security question options
    #[requires(password_change)]
    #[oai(path = "/User/SecurityQuestions/Options/", method = "get", operation_id = "userGetSecurityQuestionsOptions")]
    async fn question_options(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<SecurityQuestion>>> {
        Ok(Json(service::options(&state).await?))
    }

    /// Save the caller's security questions
    ///
    /// Three different questions, all answered; answers are stored hashed. Refused (403) while the caller signed in
    /// with a password an administrator set: the answers are what proves the owner when changing it.
    #[requires(password_change)]
    #[oai(path = "/User/SecurityQuestions/Insert/", method = "post", operation_id = "userPostSecurityQuestionsInsert")]
    async fn insert_questions(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<SecurityAnswers>) -> ApiResult<Json<Message>> {
        Ok(Json(service::save(&state, &caller, &body).await?))
    }
}
