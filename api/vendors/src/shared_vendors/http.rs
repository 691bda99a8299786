//! Operations of shared vendors, their detail blocks, site links and the client vendors assigned to them.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{
    AssignedVendor, AssignedVendorPage, AssignedVendorSearchRequest, CostInfoInput, FieldDistinctValues, FieldDistinctValuesRequest, IdentificationInput,
    MarketMarginInput, SharedVendor, SharedVendorInsertInput, SharedVendorPage, SharedVendorSearchRequest, SharedVendorSite, SharedVendorSiteInput,
    SharedVendorSitePage, SharedVendorSiteSearchRequest, SharedVendorSummaryPage, SharedVendorUpdateInput, VipManagementInput, WebOrderingInfoInput,
};
use super::service;

pub struct SharedVendorApi;

/// `shared_vendor_id` of `UpdateSharedVendorID`: empty or 0 unassigns.
fn optional_id(text: Option<&str>) -> ApiResult<Option<i64>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => t.parse::<i64>().map(Some).map_err(|_| ApiError::invalid("shared_vendor_id", "invalid", "The shared vendor id is a whole number.")),
    }
}

#[guarded]
#[OpenApi(prefix_path = "/V1/SharedVendor", tag = "ApiTags::SharedVendor")]
impl SharedVendorApi {
    /// Shared vendor by id
    ///
    /// The provider's record of one supplier with every detail block (identification, web ordering, cost info, VIP
    /// management, market margin).
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/:id", method = "get", operation_id = "sharedVendorGetById")]
    async fn get(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<SharedVendor>> {
        Ok(Json(service::get(&state, id.0).await?))
    }

    /// Assign a vendor to a shared vendor
    ///
    /// The client vendor `vend_code`, as the vendor rule shows it at the current site, becomes the shared vendor
    /// `shared_vendor_id`'s; an empty `shared_vendor_id` or 0 unassigns it. A vendor not visible at the site answers
    /// 404; an unknown or inactive shared vendor 400. Audited. Answers the vendors changed.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Vendor/UpdateSharedVendorID", method = "get", operation_id = "sharedVendorGetVendorUpdateSharedVendorID")]
    async fn assign_vendor(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        vend_code: Query<Option<String>>,
        shared_vendor_id: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<AssignedVendor>>> {
        let target = optional_id(shared_vendor_id.0.as_deref())?;
        Ok(Json(service::assign_vendor(&state, &caller, &scope, vend_code.0.as_deref(), target).await?))
    }

    /// Vendors assigned to a shared vendor
    ///
    /// The current client's vendors visible at the current site that are assigned to any shared vendor, by code.
    #[requires(ViewVendors)]
    #[oai(path = "/GetVendorsWithSharedVendorAssigned", method = "get", operation_id = "sharedVendorGetVendorsWithSharedVendorAssigned")]
    async fn vendors_with_shared(&self, state: Data<&AppState>, scope: Data<&SiteScope>) -> ApiResult<Json<Vec<AssignedVendor>>> {
        Ok(Json(service::vendors_with_shared(&state, &scope).await?))
    }

    /// Search the vendors of a shared vendor
    ///
    /// The current client's vendors visible at the current site assigned to shared vendor `id`, paged; filters:
    /// text (code or name), code, ERP company, VMI. An unknown shared vendor answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendors/:id", method = "put", operation_id = "sharedVendorPutVendorsById")]
    async fn vendors(&self, state: Data<&AppState>, scope: Data<&SiteScope>, id: Path<i64>, body: Json<AssignedVendorSearchRequest>) -> ApiResult<Json<AssignedVendorPage>> {
        Ok(Json(service::search_vendors(&state, &scope, id.0, &body).await?))
    }

    /// Distinct values of a column of the vendors of a shared vendor
    ///
    /// For a column filter: the distinct values (as text, sorted, at most 500) of `field_name` among the vendors
    /// `Vendors/{id}` finds with the same filters. `field_name` is one of vend_code, vend_name, erp_type_id,
    /// erp_company, is_vmi, is_manufacturer, active.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendors/:id/FieldDistinctValues", method = "put", operation_id = "sharedVendorPutVendorsFieldDistinctValuesById")]
    async fn vendor_distinct(&self, state: Data<&AppState>, scope: Data<&SiteScope>, id: Path<i64>, body: Json<FieldDistinctValuesRequest>) -> ApiResult<Json<FieldDistinctValues>> {
        Ok(Json(service::distinct_values(&state, &scope, id.0, &body).await?))
    }

    /// Search shared vendors
    ///
    /// By part of the name, active, VIP, preferred supplier; paged, default sort by name; stops at 5000 matches.
    #[requires(ViewVendors)]
    #[oai(path = "/Search", method = "post", operation_id = "sharedVendorPostSearch")]
    async fn search(&self, state: Data<&AppState>, body: Json<SharedVendorSearchRequest>) -> ApiResult<Json<SharedVendorPage>> {
        Ok(Json(service::search(&state, &body).await?))
    }

    /// Shared vendor summary
    ///
    /// The search of `Search` with, per shared vendor, how many of the current client's vendors (visible at the
    /// current site) are assigned to it, its site links at the client's sites, its contacts and brands.
    #[requires(ViewVendors)]
    #[oai(path = "/SummarySearch", method = "post", operation_id = "sharedVendorPostSummarySearch")]
    async fn summary(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<SharedVendorSearchRequest>) -> ApiResult<Json<SharedVendorSummaryPage>> {
        Ok(Json(service::summary(&state, &scope, &body).await?))
    }

    /// Create a shared vendor
    ///
    /// A name (unique, case-insensitive: 409 otherwise), active (default true), preferred supplier and sourcing
    /// manager. Audited. Answers the new shared vendor.
    #[requires(SharedVendorEdit, errors(409))]
    #[oai(path = "/Insert", method = "post", operation_id = "sharedVendorPostInsert")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<SharedVendorInsertInput>) -> ApiResult<Json<SharedVendor>> {
        Ok(Json(service::insert(&state, &caller, &body).await?))
    }

    /// Update a shared vendor
    ///
    /// Name and active flag; a field left out keeps its value. A name another shared vendor has answers 409.
    /// Audited with before and after.
    #[requires(SharedVendorEdit, errors(404, 409))]
    #[oai(path = "/Update", method = "post", operation_id = "sharedVendorPostUpdate")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<SharedVendorUpdateInput>) -> ApiResult<Json<SharedVendor>> {
        Ok(Json(service::update(&state, &caller, &body).await?))
    }

    /// Search the site links of a shared vendor
    ///
    /// Its links, with their special pricing agreements, at the current client's sites the caller may use.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/SearchSharedVendorSite", method = "post", operation_id = "sharedVendorPostSearchSharedVendorSite")]
    async fn search_sites(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<SharedVendorSiteSearchRequest>) -> ApiResult<Json<SharedVendorSitePage>> {
        Ok(Json(service::search_sites(&state, &caller, &scope, &body).await?))
    }

    /// Link a shared vendor to a site
    ///
    /// With an optional special pricing agreement (number, start and end date). The site must be one the caller
    /// may change shared vendors at, of the current client (404 otherwise); a second link to the same site answers
    /// 409. Audited.
    #[requires(SharedVendorEdit, errors(404, 409))]
    #[oai(path = "/InsertSharedVendorSite", method = "post", operation_id = "sharedVendorPostInsertSharedVendorSite")]
    async fn insert_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<SharedVendorSiteInput>) -> ApiResult<Json<SharedVendorSite>> {
        Ok(Json(service::insert_site(&state, &caller, &scope, &body).await?))
    }

    /// Remove a site link
    ///
    /// A link at a site of another client, or one the caller may not change shared vendors at, answers 404.
    /// Audited. Answers the link as it was.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/DeleteSharedVendorSite", method = "post", operation_id = "sharedVendorPostDeleteSharedVendorSite")]
    async fn delete_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, shared_vendor_site_id: Query<Option<i64>>) -> ApiResult<Json<SharedVendorSite>> {
        Ok(Json(service::delete_site(&state, &caller, &scope, shared_vendor_site_id.0).await?))
    }

    /// Update the Identification block
    ///
    /// Preferred supplier, sourcing manager, DUNS number (9 digits), tax id, website, parent company. The block is
    /// replaced: a field left out is cleared. Audited.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Update/Detail/Identification", method = "post", operation_id = "sharedVendorPostUpdateDetailIdentification")]
    async fn identification(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<IdentificationInput>) -> ApiResult<Json<SharedVendor>> {
        Ok(Json(service::update_identification(&state, &caller, &body).await?))
    }

    /// Update the WebOrderingInfo block
    ///
    /// What the supplier's website offers (web ordering, punch-out, EDI, online invoicing), its address and notes.
    /// The block is replaced. Audited.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Update/Detail/WebOrderingInfo", method = "post", operation_id = "sharedVendorPostUpdateDetailWebOrderingInfo")]
    async fn web_ordering(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<WebOrderingInfoInput>) -> ApiResult<Json<SharedVendor>> {
        Ok(Json(service::update_web_ordering(&state, &caller, &body).await?))
    }

    /// Update the FergusonCostInfo block
    ///
    /// Pay terms (a code of the SharedVendorPayTerms list, days, discount percent), incentive program and rebate percent, cost
    /// file frequency and notes. The block is replaced. Audited.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Update/Detail/FergusonCostInfo", method = "post", operation_id = "sharedVendorPostUpdateDetailFergusonCostInfo")]
    async fn cost_info(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<CostInfoInput>) -> ApiResult<Json<SharedVendor>> {
        Ok(Json(service::update_cost_info(&state, &caller, &body).await?))
    }

    /// Update the VIPManagement block
    ///
    /// VIP flag (a VIP supplier needs a VIP manager), strategy, strategy notes and notes. The block is replaced.
    /// Audited.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Update/Detail/VIPManagement", method = "post", operation_id = "sharedVendorPostUpdateDetailVIPManagement")]
    async fn vip(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<VipManagementInput>) -> ApiResult<Json<SharedVendor>> {
        Ok(Json(service::update_vip(&state, &caller, &body).await?))
    }

    /// Update the MarketMargin block
    ///
    /// Market type (the SharedVendorMarketType list), target and minimum margin percent (the minimum not above the
    /// target), notes. The block is replaced. Audited.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Update/Detail/MarketMargin", method = "post", operation_id = "sharedVendorPostUpdateDetailMarketMargin")]
    async fn market_margin(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<MarketMarginInput>) -> ApiResult<Json<SharedVendor>> {
        Ok(Json(service::update_market_margin(&state, &caller, &body).await?))
    }
}
