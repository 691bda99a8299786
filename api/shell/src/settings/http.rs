//! Operations of user settings under `/api/V1/Presentation`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{Incognito, Message, SettingInput, UserSetting};
use super::service;

pub struct SettingsApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Presentation", tag = "ApiTags::Shell")]
impl SettingsApi {
    /// All of the caller's user settings
    #[requires(password_change)]
    #[oai(path = "/UserSettings", method = "get", operation_id = "getUserSettings")]
    async fn list_settings(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Vec<UserSetting>>> {
        Ok(Json(service::list(&state, caller.user_id).await?))
    }

    /// Get one user setting by key
    #[requires(password_change, errors(404))]
    #[oai(path = "/UserSetting", method = "get", operation_id = "getUserSetting")]
    async fn get_setting(&self, state: Data<&AppState>, caller: Data<&Caller>, key: Query<String>) -> ApiResult<Json<UserSetting>> {
        Ok(Json(service::get(&state, &caller, &key.0).await?))
    }

    /// Silently update one user setting
    ///
    /// Creates the setting when missing and answers it.
    #[requires(password_change)]
    #[oai(path = "/UpdateUserSetting", method = "post", operation_id = "presentationPostUpdateUserSetting")]
    async fn update_setting(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<SettingInput>) -> ApiResult<Json<UserSetting>> {
        Ok(Json(service::update_one(&state, &caller, &body).await?))
    }

    /// Update several user settings
    ///
    /// All or nothing: one invalid entry changes none.
    #[requires(password_change)]
    #[oai(path = "/UpdateUserSettings", method = "post", operation_id = "presentationPostUpdateUserSettings")]
    async fn update_settings(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<Vec<SettingInput>>) -> ApiResult<Json<Message>> {
        Ok(Json(service::update_many(&state, &caller, &body.0).await?))
    }

    /// Clear one user setting
    #[requires(signed_in, errors(404))]
    #[oai(path = "/UserSetting", method = "delete", operation_id = "deleteUserSetting")]
    async fn delete_setting(&self, state: Data<&AppState>, caller: Data<&Caller>, key: Query<String>) -> ApiResult<Json<Message>> {
        Ok(Json(service::delete(&state, &caller, &key.0).await?))
    }

    /// Incognito status of the caller
    #[requires(signed_in)]
    #[oai(path = "/IncognitoMode", method = "get", operation_id = "presentationGetIncognitoMode")]
    async fn incognito(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Incognito>> {
        Ok(Json(service::incognito(&state, &caller).await?))
    }

    /// Turn incognito mode off
    #[requires(signed_in)]
    #[oai(path = "/ResetIncognitoStatus", method = "get", operation_id = "presentationGetResetIncognitoStatus")]
    async fn reset_incognito(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Incognito>> {
        Ok(Json(service::reset_incognito(&state, &caller).await?))
    }
}
