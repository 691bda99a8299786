//! Operations of home page tiles under `/api/V1/Presentation`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{HomepageTile, TileDisplay, TileRank};
use super::service;

pub struct TileApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Presentation", tag = "ApiTags::Shell")]
impl TileApi {
    /// Home page tiles
    ///
    /// The tiles the caller may see at the current site, small (type 1) and large (type 2), each ranked from 1.
    #[requires(BasicAccess, CustomerPortalUser)]
    #[oai(path = "/HomepageTiles", method = "get", operation_id = "presentationGetHomepageTiles")]
    async fn tiles(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<Vec<HomepageTile>>> {
        Ok(Json(service::visible(&state, &caller).await?))
    }

    /// Show or hide a home tile
    #[requires(BasicAccess, CustomerPortalUser)]
    #[oai(path = "/HomepageTile/Display", method = "put", operation_id = "presentationPutHomepageTileDisplay")]
    async fn tile_display(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<TileDisplay>) -> ApiResult<Json<Vec<HomepageTile>>> {
        Ok(Json(service::set_display(&state, &caller, &body).await?))
    }

    /// Move a home tile to a new 1-based rank
    ///
    /// The other tiles of the same type shift to make room.
    #[requires(BasicAccess, CustomerPortalUser)]
    #[oai(path = "/HomepageTile/Rank", method = "put", operation_id = "presentationPutHomepageTileRank")]
    async fn tile_rank(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<TileRank>) -> ApiResult<Json<Vec<HomepageTile>>> {
        Ok(Json(service::set_rank(&state, &caller, &body).await?))
    }
}
