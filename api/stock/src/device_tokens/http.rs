//! Operations of device tokens (not in the spec: named in the style of spec 4; docs/devices.md).

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::{DeviceToken, DeviceTokenInput, IssuedDeviceToken};
use super::service;

pub struct DeviceTokenApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Stock")]
impl DeviceTokenApi {
    /// Device tokens of the current site
    ///
    /// Live tokens first, newest first; never the secret (its first characters only), with the last use.
    #[requires(DeviceTokenAdmin)]
    #[oai(path = "/Device/Token", method = "get", operation_id = "deviceTokenGet")]
    async fn list(&self, state: Data<&AppState>, scope: Data<&SiteScope>) -> ApiResult<Json<Vec<DeviceToken>>> {
        Ok(Json(service::list(&state, &scope).await?))
    }

    /// Issue a device token
    ///
    /// For an active station of the current site (station_id) or a named device (device_name), scoped to the
    /// current site. The answer carries the token once; only its SHA-256 is kept.
    #[requires(DeviceTokenAdmin)]
    #[oai(path = "/Device/Token", method = "post", operation_id = "deviceTokenPost")]
    async fn issue(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<DeviceTokenInput>) -> ApiResult<Json<IssuedDeviceToken>> {
        Ok(Json(service::issue(&state, &caller, &scope, &body).await?))
    }

    /// Revoke a device token
    ///
    /// The device's next call answers 401. A token of another site: 404.
    #[requires(DeviceTokenAdmin, errors(404))]
    #[oai(path = "/Device/Token/:id", method = "delete", operation_id = "deviceTokenDeleteById")]
    async fn revoke(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<DeviceToken>> {
        Ok(Json(service::revoke(&state, &caller, &scope, id.0).await?))
    }
}
