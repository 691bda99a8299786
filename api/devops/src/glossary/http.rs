//! Operations of the glossary resource.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::listing::PageRequest;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{GlossaryExportRequest, GlossaryInput, GlossaryPage, GlossaryTerm};
use super::service;

pub struct GlossaryApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps", tag = "ApiTags::DevOps")]
impl GlossaryApi {
    /// Glossary terms
    ///
    /// Paged (`pageIndex` or `pageNumber`, zero-based); default sort label descending.
    #[requires(BasicAccess)]
    #[oai(path = "/Glossary/Search", method = "post", operation_id = "getGlossaryList")]
    async fn search(&self, state: Data<&AppState>, body: Json<PageRequest>) -> ApiResult<Json<GlossaryPage>> {
        Ok(Json(service::search(&state, &body).await?))
    }

    /// Glossary terms as an Excel workbook
    #[requires(BasicAccess)]
    #[oai(path = "/Glossary/Search/Export", method = "post", operation_id = "exportGlossary")]
    async fn export(&self, state: Data<&AppState>, body: Json<GlossaryExportRequest>) -> ApiResult<XlsxFile> {
        service::export(&state, &body).await
    }

    /// Add a glossary term
    ///
    /// Answers the saved term (created by the caller). A label that exists already (ignoring case) is a 409.
    #[requires(FSSConnectAdmin, errors(409))]
    #[oai(path = "/Glossary", method = "post", operation_id = "insertGlossaryTerm")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<GlossaryInput>) -> ApiResult<Json<GlossaryTerm>> {
        Ok(Json(service::create(&state, &caller, &body).await?))
    }
}
