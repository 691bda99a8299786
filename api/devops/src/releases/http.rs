//! Operations of the release resource.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::listing::PageRequest;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{Release, ReleaseExportRequest, ReleaseInput, ReleasePage, ReleaseSaved};
use super::service;

pub struct ReleaseApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps", tag = "ApiTags::DevOps")]
impl ReleaseApi {
    /// ASP releases
    ///
    /// Paged (`pageIndex` or `pageNumber`, zero-based); default sort release_number descending (version order).
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Release/Search", method = "post", operation_id = "getReleases")]
    async fn search(&self, state: Data<&AppState>, body: Json<PageRequest>) -> ApiResult<Json<ReleasePage>> {
        Ok(Json(service::search(&state, &body).await?))
    }

    /// ASP releases as an Excel workbook
    ///
    /// The search's sort and the given columns; up to 5000 rows.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Release/Search/Export", method = "post", operation_id = "exportReleases")]
    async fn export(&self, state: Data<&AppState>, body: Json<ReleaseExportRequest>) -> ApiResult<XlsxFile> {
        service::export(&state, &body).await
    }

    /// Release by id
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Release/:id", method = "get", operation_id = "getReleaseById")]
    async fn get(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<Release>> {
        Ok(Json(service::get(&state, id.0).await?))
    }

    /// Add a release
    ///
    /// `release_id` must be 0; the release is saved as a major release. Answers `success: true` and
    /// 'Release {n} saved.'; a release number that already exists answers 200 with `success: false` and
    /// 'Release {n} already exists.' (nothing saved). Missing or invalid fields are a 400.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Release", method = "post", operation_id = "insertRelease")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ReleaseInput>) -> ApiResult<Json<ReleaseSaved>> {
        Ok(Json(service::create(&state, &caller, &body).await?))
    }
}
