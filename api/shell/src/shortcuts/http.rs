//! Operations of shortcuts under `/api/V1/Presentation`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{Shortcut, ShortcutDisplay, ShortcutRank};
use super::service;

pub struct ShortcutApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Presentation", tag = "ApiTags::Shell")]
impl ShortcutApi {
    /// Show or hide a shortcut
    #[requires(signed_in)]
    #[oai(path = "/Shortcut/Display", method = "put", operation_id = "presentationPutShortcutDisplay")]
    async fn shortcut_display(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ShortcutDisplay>) -> ApiResult<Json<Vec<Shortcut>>> {
        Ok(Json(service::set_display(&state, &caller, &body).await?))
    }

    /// Move a shortcut to a new 1-based rank
    #[requires(signed_in)]
    #[oai(path = "/Shortcut/Rank", method = "put", operation_id = "presentationPutShortcutRank")]
    async fn shortcut_rank(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ShortcutRank>) -> ApiResult<Json<Vec<Shortcut>>> {
        Ok(Json(service::set_rank(&state, &caller, &body).await?))
    }
}
