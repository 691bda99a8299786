//! Operations of the crib counter's look-ups (not in the spec; docs/devices.md "Crib counter").

use api_macros::guarded;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::{CounterEmployee, CounterEmployeeQuery, CounterItem};
use super::service;

pub struct CribCounterApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Stock")]
impl CribCounterApi {
    /// Crib counter: the employee behind a badge
    ///
    /// By employee number or badge; answers `pin_required` (nothing else) when the site wants a PIN and none was
    /// sent. 400 for an unknown employee or a wrong PIN, 409 for an inactive or suspended one.
    #[requires(TransactionIssue, errors(409))]
    #[oai(path = "/CribCounter/Employee", method = "post", operation_id = "cribCounterPostEmployee")]
    async fn employee(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<CounterEmployeeQuery>) -> ApiResult<Json<CounterEmployee>> {
        Ok(Json(service::employee(&state, &scope, &body).await?))
    }

    /// Crib counter: the item behind a scanned code
    ///
    /// A CIP of the current site by CIP code, customer item code or CIP number, with on hand.
    #[requires(TransactionIssue, errors(404))]
    #[oai(path = "/CribCounter/Item", method = "get", operation_id = "cribCounterGetItem")]
    async fn item(&self, state: Data<&AppState>, scope: Data<&SiteScope>, code: Query<String>) -> ApiResult<Json<CounterItem>> {
        Ok(Json(service::item(&state, &scope, &code).await?))
    }
}
