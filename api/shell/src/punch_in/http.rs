//! Operations of punch-in locations under `/api/V1/Cart`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{PunchinLocation, PunchinSelect};
use super::service;
use crate::context::model::UserContext;

pub struct PunchInApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl PunchInApi {
    /// Punch-in locations of a portal site
    #[requires(CustomerPortalUser)]
    #[oai(path = "/Cart/GetPunchinLocationsBySiteId/:id", method = "get", operation_id = "cartGetPunchinLocationsBySiteIdById")]
    async fn punchin_locations(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<Vec<PunchinLocation>>> {
        Ok(Json(service::locations(&state, &caller, id.0).await?))
    }

    /// Select a punch-in location
    ///
    /// Stores the location and moves the session to the location's site; answers the new context.
    #[requires(CustomerPortalUser)]
    #[oai(path = "/Cart/PunchinLocation/Select", method = "put", operation_id = "cartPutPunchinLocationSelect")]
    async fn punchin_select(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<PunchinSelect>) -> ApiResult<Json<UserContext>> {
        Ok(Json(service::select(&state, &caller, &body).await?))
    }
}
