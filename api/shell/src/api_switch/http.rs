//! Operations of the API switch under `/api/V1/Security/API` (reachable while the API is off).

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::ApiEnabled;
use super::service;

pub struct ApiSwitchApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl ApiSwitchApi {
    /// Is the API switched on?
    #[requires(public)]
    #[oai(path = "/Security/API/IsEnabled", method = "get", operation_id = "securityApiGetIsEnabled")]
    async fn is_enabled(&self, state: Data<&AppState>) -> ApiResult<Json<ApiEnabled>> {
        Ok(Json(service::is_enabled(&state).await?))
    }

    /// Switch the API on
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Security/API/EnableAPI", method = "get", operation_id = "securityApiGetEnableAPI")]
    async fn enable(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<ApiEnabled>> {
        Ok(Json(service::set_enabled(&state, &caller, true).await?))
    }

    /// Switch the API off
    ///
    /// Everyone but FSSConnectAdmin then gets 503 until it is switched on again.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Security/API/DisableAPI", method = "get", operation_id = "securityApiGetDisableAPI")]
    async fn disable(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<ApiEnabled>> {
        Ok(Json(service::set_enabled(&state, &caller, false).await?))
    }
}
