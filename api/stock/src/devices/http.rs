//! The device report endpoint (integration API, header `Token`; docs/devices.md).

use api_macros::guarded;
use kernel::access::Device;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::{DeviceReport, DeviceReportResult};
use super::service;

pub struct DeviceReportApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Stock")]
impl DeviceReportApi {
    /// Report device transactions
    ///
    /// A crib or vending device's batch (1-1000 lines) of issues and returns, authenticated by the device's token in
    /// the header `Token` (no user session; the token gives the site). Each line answers posted, duplicate (its
    /// device transaction id was posted before: stored once) or refused with the message (unknown employee or
    /// item, a limit, stock). Lines post with the time they happened.
    #[requires(device, errors(409))]
    #[oai(path = "/Device/Transactions", method = "post", operation_id = "deviceTransactionsPost")]
    async fn report(&self, state: Data<&AppState>, device: Data<&Device>, scope: Data<&SiteScope>, body: Json<DeviceReport>) -> ApiResult<Json<DeviceReportResult>> {
        Ok(Json(service::report(&state, &device, &scope, &body).await?))
    }
}
