//! Operations of location segments: how a site spells its locations (docs/cip.md).

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

use super::model::{LocationSegments, LocationSegmentsInput};
use super::service;

pub struct LocationSegmentApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Items")]
impl LocationSegmentApi {
    /// Location segments of a site
    ///
    /// How the site spells its locations: up to five named segments joined by '-', each of at most its length.
    /// `defined` false: the site named none and five segments of up to 20 characters apply. A site the caller may
    /// not use answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/Location/Segments/:site_id", method = "get", operation_id = "itemLocationGetSegmentsBySiteId")]
    async fn segments(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>) -> ApiResult<Json<LocationSegments>> {
        Ok(Json(service::segments(&state, &caller, &scope, site_id.0).await?))
    }

    /// Name a site's location segments
    ///
    /// Up to five segments in order (name up to 30 characters without '-', length 1-20); an empty list returns the
    /// site to the default. Needs FSSConnectAdmin or CribDeviceAdmin at that site. Locations already saved keep
    /// their text; the new segments apply to every location saved from now on.
    #[requires(FSSConnectAdmin, CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/Item/Location/Segments", method = "put", operation_id = "itemLocationPutSegments")]
    async fn set_segments(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<LocationSegmentsInput>) -> ApiResult<Json<LocationSegments>> {
        Ok(Json(service::set_segments(&state, &caller, &scope, &body).await?))
    }
}
