//! Operations of the shared vendor cost catalogue.

use api_macros::guarded;
use chrono::NaiveDate;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::num::Quantity;
use kernel::state::AppState;
use kernel::ApiTags;
use tenancy::SiteScope;

use super::model::*;
use super::service;

pub struct CostApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Cost")]
impl CostApi {
    /// Catalogue cost by id
    ///
    /// The cost (the detail: part, dates, pack, up to 8 quantity breaks) with its header's special pricing agreement
    /// and today's status (active, future, expired, withdrawn).
    #[requires(SharedVendorCostView, errors(404))]
    #[oai(path = "/SharedVendor/Cost/HeaderID/:id", method = "get", operation_id = "sharedVendorGetCostHeaderIDById")]
    async fn get(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<Cost>> {
        Ok(Json(service::get(&state, id.0).await?))
    }

    /// Search catalogue costs
    ///
    /// Paged. Filters: shared vendor, header, part (manufacturer, vendor or alternate part number or description,
    /// contains), manufacturer, item, brand, commodity, valid on a date (`active_on`), expired or not.
    #[requires(SharedVendorCostView)]
    #[oai(path = "/SharedVendor/Cost/Search", method = "post", operation_id = "sharedVendorPostCostSearch")]
    async fn search(&self, state: Data<&AppState>, body: Json<CostSearchRequest>) -> ApiResult<Json<CostPage>> {
        Ok(Json(service::search(&state, &body).await?))
    }

    /// Add a catalogue cost
    ///
    /// Into the shared vendor's catalogue of the agreement (`special_pricing_agreement_id`; none: the list-price
    /// catalogue). Breaks: 1 to 8, quantities strictly increasing, the first is the minimum order. 409 when an active
    /// cost of the same shared vendor and part overlaps the dates.
    #[requires(SharedVendorCostEdit, errors(409))]
    #[oai(path = "/SharedVendor/Cost/Insert", method = "post", operation_id = "sharedVendorPostCostInsert")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<CostInsert>) -> ApiResult<Json<Cost>> {
        Ok(Json(service::insert(&state, &caller, &body).await?))
    }

    /// Change a catalogue cost
    ///
    /// Every editable field is replaced (the shared vendor and agreement stay). 409 when the new dates or part
    /// collide with another active cost.
    #[requires(SharedVendorCostEdit, errors(404, 409))]
    #[oai(path = "/SharedVendor/Cost/Update", method = "put", operation_id = "sharedVendorPutCostUpdate")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<CostUpdate>) -> ApiResult<Json<Cost>> {
        Ok(Json(service::update(&state, &caller, &body).await?))
    }

    /// Expire a catalogue cost
    ///
    /// A cost that applied before today ends yesterday; one that starts today or later is withdrawn (never priced).
    /// An already expired cost is answered unchanged.
    #[requires(SharedVendorCostEdit, errors(404))]
    #[oai(path = "/SharedVendor/Cost/Expire/:id", method = "put", operation_id = "sharedVendorPutCostExpireById")]
    async fn expire(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<Cost>> {
        Ok(Json(service::expire_one(&state, &caller, id.0).await?))
    }

    /// Expire several catalogue costs
    ///
    /// As for one cost, all in one transaction; an unknown id refuses the request. Answers the costs that changed.
    #[requires(SharedVendorCostEdit)]
    #[oai(path = "/SharedVendor/Cost/Expire/Multiple", method = "put", operation_id = "sharedVendorPutCostExpireMultiple")]
    async fn expire_many(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<CostIds>) -> ApiResult<Json<CostsChanged>> {
        Ok(Json(service::expire_many(&state, &caller, &body).await?))
    }

    /// Extend catalogue costs to a new end date
    ///
    /// `end_date` (today or later, not before a cost's start) for every listed cost, in one transaction; 409 when an
    /// extended cost would overlap another active cost of its part (nothing changes). Withdrawn costs stay withdrawn.
    #[requires(SharedVendorCostEdit, errors(409))]
    #[oai(path = "/SharedVendor/Cost/Extend", method = "put", operation_id = "sharedVendorPutCostExtend")]
    async fn extend(&self, state: Data<&AppState>, caller: Data<&Caller>, end_date: Query<Option<NaiveDate>>, body: Json<CostIds>) -> ApiResult<Json<CostsChanged>> {
        Ok(Json(service::extend(&state, &caller, end_date.0, &body).await?))
    }

    /// Duplicate check of a catalogue cost
    ///
    /// Before saving: the active costs of the same shared vendor and part (manufacturer code and part number,
    /// case-insensitive) whose dates overlap the given ones, other than the cost being edited.
    #[requires(SharedVendorCostEdit)]
    #[oai(path = "/SharedVendor/Cost/DuplicateCheck", method = "post", operation_id = "sharedVendorPostCostDuplicateCheck")]
    async fn duplicate_check(&self, state: Data<&AppState>, body: Json<CostDuplicateCheckRequest>) -> ApiResult<Json<CostDuplicateCheckResult>> {
        Ok(Json(service::duplicate_check(&state, &body).await?))
    }

    /// A vendor's catalogue cost of an item
    ///
    /// The vendor `vendCode` as the current site sees it (the vendor rule), its shared vendor's cost of the item valid
    /// today, and with `qty` the cost for that quantity: the break whose quantity is the largest not above it (none
    /// below the minimum order). 404 when the vendor is not at the site or has no such cost.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Catalog/Header/:itemId/:vendCode", method = "get", operation_id = "vendorGetCatalogHeaderByItemIdAndVendCode")]
    async fn vendor_catalog(
        &self,
        state: Data<&AppState>,
        scope: Data<&SiteScope>,
        #[oai(name = "itemId")] item_id: Path<i64>,
        #[oai(name = "vendCode")] vend_code: Path<String>,
        qty: Query<Option<Quantity>>,
    ) -> ApiResult<Json<VendorCatalogEntry>> {
        Ok(Json(service::vendor_catalog(&state, &scope, item_id.0, &vend_code.0, qty.0).await?))
    }
}
