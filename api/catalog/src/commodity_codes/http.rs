//! Operations of the commodity codes.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::CommodityCode;
use super::service;

pub struct CommodityCodeApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/ItemMaster", tag = "ApiTags::ItemMaster")]
impl CommodityCodeApi {
    /// Commodity codes of a UNSPSC family
    ///
    /// `a` is the segment (2 digits, e.g. `31`), `b` the family: its own 2 digits (`17`) or all 4 (`3117`). Answers
    /// the active 8-digit codes of that family, by code (an empty list when it has none).
    #[requires(BasicAccess)]
    #[oai(path = "/CommodityCodes/:a/:b", method = "get", operation_id = "itemMasterGetCommodityCodesByAAndB")]
    async fn of_family(&self, state: Data<&AppState>, a: Path<String>, b: Path<String>) -> ApiResult<Json<Vec<CommodityCode>>> {
        Ok(Json(service::of_family(&state, &a.0, &b.0).await?))
    }
}
