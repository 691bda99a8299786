//! Operations of cycle counts (docs/cycle-counts.md): `api/V1/CycleCount/...` and the CIP's cycle count read.

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

use super::model::{
    CipCycleCount, CounterSaved, CounterSheet, CountInput, CountSettings, CountSettingsInput, DecisionInput, PlanCipPage, PlanSearchRequest,
    ReviewSheet, SheetCreate, SheetPage, SheetSearchRequest,
};
use super::service;

pub struct CycleCountApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Items")]
impl CycleCountApi {
    /// Cycle count plan settings
    ///
    /// The current site's days between counts by ABC class (A 30, B 90, C 365, D 365 until changed; a CID without
    /// a class counts as C), the variance thresholds (percent of the expected quantity, value at average cost) and
    /// the most lines of one sheet.
    #[requires(CycleCountEnter, CycleCountApprove, CycleCountAdmin)]
    #[oai(path = "/CycleCount/Settings", method = "get", operation_id = "cycleCountGetSettings")]
    async fn settings(&self, state: Data<&AppState>, scope: Data<&SiteScope>) -> ApiResult<Json<CountSettings>> {
        Ok(Json(service::settings(&state, &scope).await?))
    }

    /// Save the cycle count plan settings
    ///
    /// Audited (entity stock_count_settings, the site id).
    #[requires(CycleCountAdmin)]
    #[oai(path = "/CycleCount/Settings", method = "put", operation_id = "cycleCountPutSettings")]
    async fn save_settings(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CountSettingsInput>) -> ApiResult<Json<CountSettings>> {
        Ok(Json(service::save_settings(&state, &caller, &scope, &body).await?))
    }

    /// Count plan search
    ///
    /// The current site's active CIPs with class, frequency, last count date, next due date and the open sheet
    /// holding them; `due_only` (default true), a location range. Sort: location (default), cip_code, abc_class,
    /// last_count_date, next_due_date, cust_item_code. No quantities (counters read it).
    #[requires(CycleCountEnter, CycleCountApprove, CycleCountAdmin)]
    #[oai(path = "/CycleCount/Plan/Search", method = "post", operation_id = "cycleCountPostPlanSearch")]
    async fn plan(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<PlanSearchRequest>) -> ApiResult<Json<PlanCipPage>> {
        Ok(Json(service::plan(&state, &scope, &body).await?))
    }

    /// Generate a count sheet
    ///
    /// The due CIPs not on another open sheet, in the location range if given, location order, at most
    /// `max_lines` (and the site's max_sheet_lines). 400 on location_from (nothingDue) when none is due. Answers the
    /// counter's view (no expected quantities).
    #[requires(CycleCountEnter)]
    #[oai(path = "/CycleCount/Sheet", method = "post", operation_id = "cycleCountPostSheet")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<SheetCreate>) -> ApiResult<Json<CounterSheet>> {
        Ok(Json(service::create(&state, &caller, &scope, &body).await?))
    }

    /// Count sheet search
    ///
    /// The current site's sheets, newest first; filters: status (Open 1 ... Cancelled 7), waiting_only. Sort:
    /// sheet_id, status, created_at, waiting_count.
    #[requires(CycleCountEnter, CycleCountApprove)]
    #[oai(path = "/CycleCount/Sheet/Search", method = "post", operation_id = "cycleCountPostSheetSearch")]
    async fn search(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<SheetSearchRequest>) -> ApiResult<Json<SheetPage>> {
        Ok(Json(service::search(&state, &scope, &body).await?))
    }

    /// Count sheet, counter's view (blind)
    ///
    /// The lines with CIP, location and what was counted; never the expected quantity or a variance. Another
    /// site's sheet answers 404.
    #[requires(CycleCountEnter, errors(404))]
    #[oai(path = "/CycleCount/Sheet/:sheet_id", method = "get", operation_id = "cycleCountGetSheetBySheetId")]
    async fn counter_view(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, sheet_id: Path<i64>) -> ApiResult<Json<CounterSheet>> {
        Ok(Json(service::counter_view(&state, &caller, &scope, sheet_id.0).await?))
    }

    /// Enter counts (blind)
    ///
    /// Counted quantities of lines of an open or counting sheet (a line may be counted again until the sheet is
    /// submitted). Answers the sheet's line counts only. 409 when the sheet is past counting.
    #[requires(CycleCountEnter, errors(404, 409))]
    #[oai(path = "/CycleCount/Sheet/:sheet_id/Count", method = "post", operation_id = "cycleCountPostSheetCount")]
    async fn count(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, sheet_id: Path<i64>, body: Json<CountInput>) -> ApiResult<Json<CounterSaved>> {
        Ok(Json(service::count(&state, &caller, &scope, sheet_id.0, &body).await?))
    }

    /// Submit a counted sheet
    ///
    /// Every line must be counted (400 on counts, uncounted). Each variance (counted - on hand now) within the
    /// site's thresholds is posted at once (PAD or NAD) and stamps the CIP's last count date; the others wait for
    /// approval. Nothing waiting: the sheet is posted. 409 when the sheet is not counting.
    #[requires(CycleCountEnter, errors(404, 409))]
    #[oai(path = "/CycleCount/Sheet/:sheet_id/Submit", method = "post", operation_id = "cycleCountPostSheetSubmit")]
    async fn submit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, sheet_id: Path<i64>) -> ApiResult<Json<CounterSaved>> {
        Ok(Json(service::submit(&state, &caller, &scope, sheet_id.0).await?))
    }

    /// Cancel an open or counting sheet
    #[requires(CycleCountEnter, errors(404, 409))]
    #[oai(path = "/CycleCount/Sheet/:sheet_id/Cancel", method = "post", operation_id = "cycleCountPostSheetCancel")]
    async fn cancel(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, sheet_id: Path<i64>) -> ApiResult<Json<CounterSaved>> {
        Ok(Json(service::cancel(&state, &caller, &scope, sheet_id.0).await?))
    }

    /// Count sheet, approver's view
    ///
    /// Lines with expected (on hand at submission), counted, on hand now, variance and its value, status and the
    /// ledger row that posted it.
    #[requires(CycleCountApprove, errors(404))]
    #[oai(path = "/CycleCount/Sheet/:sheet_id/Review", method = "get", operation_id = "cycleCountGetSheetReview")]
    async fn review(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, sheet_id: Path<i64>) -> ApiResult<Json<ReviewSheet>> {
        Ok(Json(service::review(&state, &caller, &scope, sheet_id.0).await?))
    }

    /// Approve or reject variances
    ///
    /// Decisions on waiting lines (400 naming a line that does not wait). When none waits any more the sheet is
    /// Approved (PartlyRejected when one was rejected) and the approved differences are posted (PAD/NAD: on hand
    /// becomes the counted quantity, last count date stamped); rejected lines stay due. 409 unless submitted.
    #[requires(CycleCountApprove, errors(404, 409))]
    #[oai(path = "/CycleCount/Sheet/:sheet_id/Approve", method = "post", operation_id = "cycleCountPostSheetApprove")]
    async fn decide(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, sheet_id: Path<i64>, body: Json<DecisionInput>) -> ApiResult<Json<ReviewSheet>> {
        Ok(Json(service::decide(&state, &caller, &scope, sheet_id.0, &body).await?))
    }

    /// CIP cycle count
    ///
    /// The CIP's class, frequency, last count date, next due date, open sheet and its last 10 finished counts.
    /// Another site's CIP answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/CycleCount/:cip_no", method = "get", operation_id = "itemCipGetCycleCountByCipNo")]
    async fn of_cip(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<CipCycleCount>> {
        Ok(Json(service::of_cip(&state, &caller, &scope, cip_no.0).await?))
    }
}
