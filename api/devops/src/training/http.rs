//! Operations of the training link resource.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::TrainingLink;
use super::service;

pub struct TrainingLinkApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Presentation", tag = "ApiTags::DevOps")]
impl TrainingLinkApi {
    /// Training links
    ///
    /// The links of one category (`home`, `devops`, ...; case-insensitive), or of all categories without one.
    #[requires(BasicAccess)]
    #[oai(path = "/TrainingLinks", method = "get", operation_id = "presentationGetTrainingLinks")]
    async fn list(&self, state: Data<&AppState>, category: Query<Option<String>>) -> ApiResult<Json<Vec<TrainingLink>>> {
        Ok(Json(service::list(&state, category.0.as_deref()).await?))
    }
}
