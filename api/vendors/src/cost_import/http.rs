//! Operations of the cost catalogue import, its template and the export in the template's columns.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::*;
use super::service;
use kernel::import::ImportFile;
use crate::costs::model::CostSearchRequest;

pub struct CostImportApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/SharedVendor", tag = "ApiTags::Cost")]
impl CostImportApi {
    /// Import a cost catalogue
    ///
    /// A supplier's catalogue for the shared vendor `shared_vendor_id`: CSV text or an .xlsx workbook (first sheet)
    /// in the template's columns (GET Cost/Template; docs/costs.md), at most 200,000 rows. The file's columns are
    /// checked at once (400); the rows are then checked and applied in the background: poll GET Cost/Import/{id}.
    /// All or nothing: when any row is refused nothing is applied and the import lists every refusal (row, column,
    /// reason). A file past a reading limit (size once unpacked, cell, row, rows, columns) answers 413 naming it;
    /// while other imports are being read the call waits a few seconds for its turn, then answers 429.
    #[requires(SharedVendorCostEdit, errors(413, 429))]
    #[oai(path = "/Cost/Import", method = "post", operation_id = "sharedVendorPostCostImport")]
    async fn import(&self, state: Data<&AppState>, caller: Data<&Caller>, shared_vendor_id: Query<i64>, file_name: Query<Option<String>>, body: CostImportFile) -> ApiResult<Json<CostImport>> {
        let file = match body {
            CostImportFile::Csv(t) => ImportFile::Csv(t.0),
            CostImportFile::Xlsx(b) => ImportFile::Xlsx(b.0),
        };
        Ok(Json(service::start(&state, &caller, shared_vendor_id.0, file_name.0, file).await?))
    }

    /// A cost catalogue import and its progress
    ///
    /// Status (running, done, refused, failed), phase, rows checked or written so far, and the first 1,000 problems.
    #[requires(SharedVendorCostEdit, errors(404))]
    #[oai(path = "/Cost/Import/:id", method = "get", operation_id = "sharedVendorGetCostImportById")]
    async fn get(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<CostImport>> {
        Ok(Json(service::get(&state, id.0).await?))
    }

    /// The refusal report of a cost catalogue import
    ///
    /// An .xlsx workbook: row, column and reason of every refusal (the first 5,000).
    #[requires(SharedVendorCostEdit, errors(404))]
    #[oai(path = "/Cost/Import/:id/Report", method = "get", operation_id = "sharedVendorGetCostImportReportById")]
    async fn report(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<XlsxFile> {
        service::report(&state, id.0).await
    }

    /// The cost catalogue import template
    ///
    /// An .xlsx workbook with the import's columns and one example row.
    #[requires(SharedVendorCostView)]
    #[oai(path = "/Cost/Template", method = "get", operation_id = "sharedVendorGetCostTemplate")]
    async fn template(&self) -> ApiResult<XlsxFile> {
        service::template()
    }

    /// Export catalogue costs
    ///
    /// The costs a search finds (up to 5,000) as an .xlsx workbook in the import template's columns.
    #[requires(SharedVendorCostView)]
    #[oai(path = "/Cost/Export", method = "post", operation_id = "sharedVendorPostCostExport")]
    async fn export(&self, state: Data<&AppState>, body: Json<CostSearchRequest>) -> ApiResult<XlsxFile> {
        service::export(&state, &body).await
    }
}
