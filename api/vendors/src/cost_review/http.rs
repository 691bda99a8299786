//! Operations of the vendor cost review.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use tenancy::SiteScope;

use super::model::*;
use super::service;

pub struct CostReviewApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/SharedVendor", tag = "ApiTags::Cost")]
impl CostReviewApi {
    /// Vendor cost review
    ///
    /// Paged: the current site's CIPs whose vendor's shared vendor has a catalogue cost valid today for the CIP's
    /// item that differs from the CIP's average cost, with the difference (catalogue minus site) and its percent.
    /// Filters: text, shared vendor, vendor, direction, minimum percent, column sub-filters (`filterList`).
    #[requires(SharedVendorCostView)]
    #[oai(path = "/ReviewCost", method = "post", operation_id = "sharedVendorPostReviewCost")]
    async fn search(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<CostReviewSearchRequest>) -> ApiResult<Json<CostReviewPage>> {
        Ok(Json(service::search(&state, &scope, &body).await?))
    }

    /// Distinct values of a cost review column
    ///
    /// For the column sub-filters: the values of `field` (vend_code, vend_name, shared_vendor_name, mfg_code) among
    /// the review records the other filters keep, at most 500.
    #[requires(SharedVendorCostView)]
    #[oai(path = "/CostReviewRecords/FieldDistinctValues", method = "post", operation_id = "sharedVendorPostCostReviewRecordsFieldDistinctValues")]
    async fn distinct_values(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<CostReviewDistinctValuesRequest>) -> ApiResult<Json<CostReviewDistinctValues>> {
        Ok(Json(service::distinct_values(&state, &scope, &body).await?))
    }
}
