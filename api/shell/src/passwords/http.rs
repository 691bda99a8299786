//! Operations of password changes under `/api/V1/User/Password`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{AdminPasswordChange, PasswordChange, PasswordChanged};
use super::service;
use crate::settings::model::Message;

pub struct PasswordApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl PasswordApi {
    /// Change one's own password
    ///
    /// Checks the current password and the password rule; ends the user's other sessions; answers a fresh token.
    /// When a user administrator set the current password, also the owner's `security_answers` (400 when missing or
    /// wrong; 403 when the user has none on file or after five wrong ones: a provider administrator must set it).
    #[requires(password_change)]
    #[oai(path = "/User/Password/Update/SelfService", method = "post", operation_id = "userPostPasswordUpdateSelfService")]
    async fn change_password(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<PasswordChange>) -> ApiResult<Json<PasswordChanged>> {
        Ok(Json(service::change_own(&state, &caller, &body).await?))
    }

    /// Change another user's password (administrators)
    ///
    /// Applies the password rule; the user's sessions end. Another user's new password is a one-time credential: it
    /// opens only the forced change at the next sign-in, and when a user administrator set it that change needs the
    /// user's security answers, so a user without them answers 400 `noSecurityQuestions` (a provider administrator
    /// sets theirs). Users out of reach answer 404.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/User/Password/Update", method = "post", operation_id = "userPostPasswordUpdate")]
    async fn admin_change_password(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<AdminPasswordChange>) -> ApiResult<Json<Message>> {
        Ok(Json(service::change_for_user(&state, &caller, &body).await?))
    }
}
