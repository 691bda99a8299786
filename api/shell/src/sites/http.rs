//! Operations of sites under `/api/V1/Site`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{SiteInfo, SiteSettings};
use super::service;

pub struct SiteApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Site", tag = "ApiTags::Shell")]
impl SiteApi {
    /// Find sites by typed value
    ///
    /// Numeric values match the site id, other values a case-insensitive part of the site code, among the caller's
    /// available sites.
    #[requires(signed_in)]
    #[oai(path = "/Lookup", method = "get", operation_id = "siteGetLookup")]
    async fn lookup(&self, state: Data<&AppState>, caller: Data<&Caller>, #[oai(validator(max_length = 40))] value: Query<String>) -> ApiResult<Json<Vec<SiteInfo>>> {
        Ok(Json(service::find(&state, &caller, &value.0).await?))
    }

    /// Site settings by site id
    #[requires(signed_in, errors(404))]
    #[oai(path = "/SiteSettingsBySiteId", method = "get", operation_id = "siteGetSiteSettingsBySiteId")]
    async fn site_settings(&self, state: Data<&AppState>, caller: Data<&Caller>, site_id: Query<i64>) -> ApiResult<Json<SiteSettings>> {
        Ok(Json(service::settings(&state, &caller, site_id.0).await?))
    }

    /// Site by id
    ///
    /// Only the caller's available sites are found; any other id answers 404.
    #[requires(signed_in, errors(404))]
    #[oai(path = "/:id", method = "get", operation_id = "siteGetById")]
    async fn get_by_id(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SiteInfo>> {
        Ok(Json(service::get(&state, &caller, id.0).await?))
    }
}
