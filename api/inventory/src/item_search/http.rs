//! Operations of the free-text item search.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use tenancy::SiteScope;

use super::model::FreeTextAnswer;
use super::service;

pub struct ItemSearchApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/ItemSearch", tag = "ApiTags::Items")]
impl ItemSearchApi {
    /// Free-text item search
    ///
    /// Search-as-you-type for the global search box: items (CIPs) of the current site whose CIP code, customer part
    /// or descriptions contain every typed word, whose item-master part or description matches, or, when those are
    /// few, that are similar (typo tolerant); best first. Fewer than three characters look up exact codes only.
    /// `limit` 1-100, default 20.
    #[requires(BasicAccess)]
    #[oai(path = "/FreeText", method = "get", operation_id = "itemSearchGetFreeText")]
    async fn free_text(
        &self,
        state: Data<&AppState>,
        scope: Data<&SiteScope>,
        #[oai(validator(max_length = 200))] text: Query<String>,
        limit: Query<Option<i64>>,
    ) -> ApiResult<Json<FreeTextAnswer>> {
        Ok(Json(service::free_text(&state, &scope, &text.0, limit.0).await?))
    }
}
