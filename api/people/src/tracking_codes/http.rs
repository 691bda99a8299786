//! Operations of tracking levels and tracking codes (spec 4 "Tracking codes (api/V1/TrackingCode)";
//! docs/tracking-codes.md).

use api_macros::guarded;
use kernel::access::Caller;
use kernel::audit::AuditDetail;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::{
    AddSupervisor, AddSupervisorResult, SelectionCheck, SelectionResult, TrackingCode, TrackingCodeCreate, TrackingCodeDetail, TrackingCodeMin2Create,
    TrackingCodeMin2Update, TrackingCodeMin3Update, TrackingCodeOption, TrackingCodePage, TrackingCodeQuickSearch, TrackingCodeReference,
    TrackingCodeSearchRequest, TrackingCodeUpdate, TrackingDefault, TrackingEvent, TrackingLevel, TrackingLevelUpdate,
};
use super::service;

pub struct TrackingCodeApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::People")]
impl TrackingCodeApi {
    /// Tracking code by id
    ///
    /// Navigation history shows trackingNumber. Records of other clients, or of sites the caller may not use, answer
    /// 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/TrackingCode/:id", method = "get", operation_id = "trackingCodeGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<TrackingCode>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// Tracking levels of a site
    ///
    /// The four levels of site `site` (one the caller may use), each with its settings; a level the site has not set
    /// up answers inactive, named "Level n".
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/TrackingCode/TrackingLevelsBySite/:site", method = "get", operation_id = "trackingCodeGetTrackingLevelsBySiteBySite")]
    async fn levels(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site: Path<i64>) -> ApiResult<Json<Vec<TrackingLevel>>> {
        Ok(Json(service::levels_by_site(&state, &caller, &scope, site.0).await?))
    }

    /// Update a tracking level
    ///
    /// The level's name and settings at `site_id` (default: the current site); answers the site's four levels.
    /// Needs TrackingLevelAdmin at that site.
    #[requires(TrackingLevelAdmin, errors(404))]
    #[oai(path = "/TrackingCode/TrackingLevel/Update", method = "put", operation_id = "trackingCodePutTrackingLevelUpdate")]
    async fn update_level(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingLevelUpdate>) -> ApiResult<Json<Vec<TrackingLevel>>> {
        Ok(Json(service::update_level(&state, &caller, &scope, &body).await?))
    }

    /// Tracking code in full
    ///
    /// Limits with their override flags, suspension, supervisor, group and item restrictions. `level` is the
    /// route's tracking level: a code of another level answers 404 'The tracking code you are trying to find does
    /// not exist in this tracking level.' Needs the level's view permission (T1View..T4View) at the code's site.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/TrackingCode/V2/:id", method = "get", operation_id = "trackingCodeGetV2ById")]
    async fn detail(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>, level: Query<Option<i64>>) -> ApiResult<Json<TrackingCodeDetail>> {
        Ok(Json(service::detail(&state, &caller, &scope, id.0, level.0).await?))
    }

    /// Tracking codes valid for a CIP
    ///
    /// The active, unsuspended codes of the site's active levels the CIP may be charged to (item restrictions where
    /// the level enables them), by level, the CIP's defaults first. `site_id` is the CIP's site (default: current).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/TrackingCode/TrackingCodesByCIP/:cip", method = "get", operation_id = "trackingCodeGetTrackingCodesByCIPByCip")]
    async fn by_cip(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip: Path<i64>, site_id: Query<Option<i64>>) -> ApiResult<Json<Vec<TrackingCodeOption>>> {
        Ok(Json(service::codes_for_cip(&state, &caller, &scope, cip.0, site_id.0).await?))
    }

    /// Where a tracking code is used
    ///
    /// Employees and CIPs defaulting to it, employee groups restricted to it, items it is restricted to.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/TrackingCode/Reference/:id", method = "get", operation_id = "trackingCodeGetReferenceById")]
    async fn reference(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<TrackingCodeReference>> {
        Ok(Json(service::reference(&state, &caller, &scope, id.0).await?))
    }

    /// Tracking code history
    ///
    /// Every change of the code, newest first (at most 200).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/TrackingCode/Audit/Detail/:id", method = "get", operation_id = "trackingCodeGetAuditDetailById")]
    async fn audit_detail(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, id.0).await?))
    }

    /// Default tracking codes by relationship
    ///
    /// `a` is the relationship (`employee` or `cip`), `b` the employee id or CIP number: its default code per
    /// level (one entry per level 1-4).
    #[requires(BasicAccess, errors(404))]
    #[oai(
        path = "/TrackingCode/TrackingCodeDefaultsByRelationship/:a/:b",
        method = "get",
        operation_id = "trackingCodeGetTrackingCodeDefaultsByRelationshipByAAndB"
    )]
    async fn defaults(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, a: Path<String>, b: Path<i64>) -> ApiResult<Json<Vec<TrackingDefault>>> {
        Ok(Json(service::defaults(&state, &caller, &scope, &a.0, b.0).await?))
    }

    /// Update a tracking code's identity (Min2)
    ///
    /// Number, description and active only. Needs TrackingCodeEdit at the code's site.
    #[requires(TrackingCodeEdit, errors(404, 409))]
    #[oai(path = "/TrackingCode/Min2/Update", method = "put", operation_id = "trackingCodePutMin2Update")]
    async fn update_min2(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingCodeMin2Update>) -> ApiResult<Json<TrackingCodeDetail>> {
        Ok(Json(service::update_min2(&state, &caller, &scope, &body).await?))
    }

    /// Update a tracking code's limits (Min3)
    ///
    /// The four limits and their override flags, all replaced (absent: no limit, not overridable).
    #[requires(TrackingCodeEdit, errors(404, 409))]
    #[oai(path = "/TrackingCode/Min3/Update", method = "put", operation_id = "trackingCodePutMin3Update")]
    async fn update_min3(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingCodeMin3Update>) -> ApiResult<Json<TrackingCodeDetail>> {
        Ok(Json(service::update_min3(&state, &caller, &scope, &body).await?))
    }

    /// Update a tracking code
    ///
    /// Every field replaced (suspending needs a reason; the date defaults to today); item restrictions unchanged
    /// when `restrictedCidNos` is absent.
    #[requires(TrackingCodeEdit, errors(404, 409))]
    #[oai(path = "/TrackingCode/Update", method = "put", operation_id = "trackingCodePutUpdate")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingCodeUpdate>) -> ApiResult<Json<TrackingCodeDetail>> {
        Ok(Json(service::update(&state, &caller, &scope, &body).await?))
    }

    /// Tracking code search
    ///
    /// The codes of one level at the current site, paged (spec envelope). Needs the level's view permission.
    #[requires(BasicAccess)]
    #[oai(path = "/TrackingCode/TrackingCodesBySearch", method = "post", operation_id = "trackingCodePostTrackingCodesBySearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingCodeSearchRequest>) -> ApiResult<Json<TrackingCodePage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }

    /// Set the supervisor of many tracking codes
    ///
    /// `supervisor` (an employee of the current site flagged supervisor; absent: none) for every code of
    /// `trackingCodeIds` (codes of the current site).
    #[requires(TrackingCodeEdit, errors(409))]
    #[oai(path = "/TrackingCode/AddSupervisor", method = "post", operation_id = "trackingCodePostAddSupervisor")]
    async fn add_supervisor(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AddSupervisor>) -> ApiResult<Json<AddSupervisorResult>> {
        Ok(Json(service::add_supervisor(&state, &caller, &scope, &body).await?))
    }

    /// Create a tracking code (Min2)
    ///
    /// A level, a number and a description: active, no limits.
    #[requires(TrackingCodeEdit, errors(409))]
    #[oai(path = "/TrackingCode/Min2/Create", method = "post", operation_id = "trackingCodePostMin2Create")]
    async fn create_min2(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingCodeMin2Create>) -> ApiResult<Json<TrackingCodeDetail>> {
        Ok(Json(service::create_min2(&state, &caller, &scope, &body).await?))
    }

    /// Create a tracking code
    ///
    /// A code of an active level of the current site, in full.
    #[requires(TrackingCodeEdit, errors(409))]
    #[oai(path = "/TrackingCode/Create", method = "post", operation_id = "trackingCodePostCreate")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingCodeCreate>) -> ApiResult<Json<TrackingCodeDetail>> {
        Ok(Json(service::create(&state, &caller, &scope, &body).await?))
    }

    /// Tracking code quick search
    ///
    /// The first 20 active codes of a level whose number starts with, or description contains, `text`.
    #[requires(BasicAccess)]
    #[oai(path = "/TrackingCode/QuickSearch", method = "post", operation_id = "trackingCodePostQuickSearch")]
    async fn quick_search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<TrackingCodeQuickSearch>) -> ApiResult<Json<Vec<TrackingCodeOption>>> {
        Ok(Json(service::quick_search(&state, &caller, &scope, &body).await?))
    }

    /// Validate tracking code selections
    ///
    /// `x` is the event: Receipt, Issue or ItemMaint. Fills empty levels from the employee's then the CIP's defaults
    /// and answers every broken rule (docs/tracking-codes.md lists them); the same rules refuse a draw.
    #[requires(BasicAccess, errors(404))]
    #[oai(
        path = "/TrackingCode/ValidateTrackingCodeSelections/:x",
        method = "post",
        operation_id = "trackingCodePostValidateTrackingCodeSelectionsByX"
    )]
    async fn validate(&self, state: Data<&AppState>, scope: Data<&SiteScope>, x: Path<TrackingEvent>, body: Json<SelectionCheck>) -> ApiResult<Json<SelectionResult>> {
        Ok(Json(service::validate_selection(&state, &scope, x.0, &body).await?))
    }
}
