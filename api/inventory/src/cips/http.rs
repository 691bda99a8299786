//! Operations of the CIP resource (spec 3 ItemCIP; docs/cip.md). Three API types: reads of one CIP and the lists,
//! the searches (global search box, grid, picker, column filter, export), and the changes.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::audit::AuditDetail;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::listing::PageRequest;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::{
    CidUpdate, Cip, CipCommon, CipMin1Page, CipPick, CipPickPage, CipQuantities, CipRowPage, CipSaved, CipSearchExport, CipSearchRequest,
    CipSummary, CipsOfCidRequest, CreateRepairedCip, DefaultsUpdate, HoldType, KeepFullEditCheck, LikeUpcOnHand, Mlq, MlqRequest,
    OtherUpdate, QuickSearchCustItemCode, RelatedItemsSave, RepairInfo, RepairUpdate, ReplenishCipPage, ReplenishmentSource,
    ReplenishmentUpdate, SubFilterAnswer, SubFilterRequest, WarehouseCost,
};
use super::service::{self, QuickKind};

pub struct CipApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Items")]
impl CipApi {
    /// CIP by id
    ///
    /// The customer item at a location (navigation history shows cip_code), with `multiple` (its CID has more than
    /// one Active CIP). cust_avg_cost is null unless the caller holds InvFISPrice at the record's site. A CIP of
    /// status Pending (5) answers 409 'Can't display CIP until Item Add Req is approved.'. Records of other clients,
    /// or of sites the caller may not use, answer 404.
    #[requires(BasicAccess, errors(404, 409))]
    #[oai(path = "/Item/CIP/:id", method = "get", operation_id = "itemCipGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Cip>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// CIP common (the item page's general data)
    ///
    /// The CIP, its CID, its item-master part, its buddy and repaired-part CIPs, related items and the number of
    /// alternate and virtual locations. The status rule and the cost rule of `GET /Item/CIP/{id}` apply.
    #[requires(BasicAccess, errors(404, 409))]
    #[oai(path = "/Item/CIP/Common/:id", method = "get", operation_id = "itemCipGetCommonById")]
    async fn common(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<CipCommon>> {
        Ok(Json(service::common(&state, &caller, &scope, id.0).await?))
    }

    /// CIPs of a CID (paged)
    ///
    /// Query: pageNumber (zero-based), pageSize (10/20/50/100/200/500), sortField (cip_no, cip_code, cust_item_code,
    /// cust_desc1, location, qty_on_hand, status_id), sortDirection. A CID the caller may not see answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/CID/:cid_no", method = "get", operation_id = "itemCipGetCIDByCidNo")]
    #[allow(clippy::too_many_arguments)]
    async fn of_cid(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        cid_no: Path<i64>,
        #[oai(name = "pageNumber")] page_number: Query<Option<i64>>,
        #[oai(name = "pageSize")] page_size: Query<Option<i64>>,
        #[oai(name = "sortField", validator(max_length = 50))] sort_field: Query<Option<String>>,
        #[oai(name = "sortDirection", validator(max_length = 4))] sort_direction: Query<Option<String>>,
    ) -> ApiResult<Json<CipPickPage>> {
        let page = PageRequest::from_query(page_number.0, page_size.0, sort_field.0, sort_direction.0);
        Ok(Json(service::of_cid(&state, &caller, &scope, cid_no.0, &page).await?))
    }

    /// CIPs of an item-master part at the current site (paged)
    ///
    /// Paging as for the CIPs of a CID.
    #[requires(BasicAccess)]
    #[oai(path = "/Item/CIP/Item/:item_id", method = "get", operation_id = "itemCipGetItemByItemId")]
    #[allow(clippy::too_many_arguments)]
    async fn of_item(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        item_id: Path<i64>,
        #[oai(name = "pageNumber")] page_number: Query<Option<i64>>,
        #[oai(name = "pageSize")] page_size: Query<Option<i64>>,
        #[oai(name = "sortField", validator(max_length = 50))] sort_field: Query<Option<String>>,
        #[oai(name = "sortDirection", validator(max_length = 4))] sort_direction: Query<Option<String>>,
    ) -> ApiResult<Json<CipPickPage>> {
        let page = PageRequest::from_query(page_number.0, page_size.0, sort_field.0, sort_direction.0);
        Ok(Json(service::of_item(&state, &caller, &scope, item_id.0, &page).await?))
    }

    /// CIPs of a site (paged)
    ///
    /// A site of the caller's client it may use; any other answers 404. Paging as for the CIPs of a CID.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Site/:site_id", method = "get", operation_id = "itemCipGetSiteBySiteId")]
    #[allow(clippy::too_many_arguments)]
    async fn of_site(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        site_id: Path<i64>,
        #[oai(name = "pageNumber")] page_number: Query<Option<i64>>,
        #[oai(name = "pageSize")] page_size: Query<Option<i64>>,
        #[oai(name = "sortField", validator(max_length = 50))] sort_field: Query<Option<String>>,
        #[oai(name = "sortDirection", validator(max_length = 4))] sort_direction: Query<Option<String>>,
    ) -> ApiResult<Json<CipPickPage>> {
        let page = PageRequest::from_query(page_number.0, page_size.0, sort_field.0, sort_direction.0);
        Ok(Json(service::of_site(&state, &caller, &scope, site_id.0, &page).await?))
    }

    /// CIPs of the current site with a customer part
    ///
    /// Case-insensitive; at most 100.
    #[requires(BasicAccess)]
    #[oai(path = "/Item/CIP/CustItemCode/:cust_item_code", method = "get", operation_id = "itemCipGetCustItemCodeByCustItemCode")]
    async fn of_cust_item_code(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(validator(max_length = 100))] cust_item_code: Path<String>,
    ) -> ApiResult<Json<Vec<CipPick>>> {
        Ok(Json(service::of_cust_item_code(&state, &caller, &scope, &cust_item_code.0).await?))
    }

    /// Quick search by CIP code (global search box, 'CIP ID')
    ///
    /// The CIPs of the site `site_code` (one the caller may use, else 404) whose cip_code is the code,
    /// case-insensitive. An empty list: 'Item not found.'. cust_avg_cost only with InvFISPrice there.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/QuickSearch/CIPCode/:cip_code/:site_code", method = "get", operation_id = "itemCipGetQuickSearchCIPCodeByCipCodeAndSiteCode")]
    async fn quick_cip_code(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(validator(max_length = 100))] cip_code: Path<String>,
        #[oai(validator(max_length = 40))] site_code: Path<String>,
    ) -> ApiResult<Json<Vec<CipPick>>> {
        Ok(Json(service::quick(&state, &caller, &scope, QuickKind::CipCode, &cip_code.0, &site_code.0).await?))
    }

    /// Quick search by CIP number (global search box, 'CIP Number')
    ///
    /// The CIP `cip_no` if it is at the site `site_code`; a cip_no that is not a number answers 400 'CIP Id must be
    /// a number.'.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/QuickSearch/CIPNo/:cip_no/:site_code", method = "get", operation_id = "itemCipGetQuickSearchCIPNoByCipNoAndSiteCode")]
    async fn quick_cip_no(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(validator(max_length = 30))] cip_no: Path<String>,
        #[oai(validator(max_length = 40))] site_code: Path<String>,
    ) -> ApiResult<Json<Vec<CipPick>>> {
        Ok(Json(service::quick(&state, &caller, &scope, QuickKind::CipNo, &cip_no.0, &site_code.0).await?))
    }

    /// Quick search by customer part (global search box, 'Customer Part')
    ///
    /// The CIPs of the site `site_code` whose customer part is `code`, case-insensitive; several when the CID is
    /// stocked at several locations (the 'Select Item' picker). When no customer part is exactly `code`, the CIPs
    /// whose customer part starts with it (at most 50, by customer part).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/QuickSearch/CustItemCode", method = "post", operation_id = "itemCipPostQuickSearchCustItemCode")]
    async fn quick_cust_item_code(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<QuickSearchCustItemCode>) -> ApiResult<Json<Vec<CipPick>>> {
        Ok(Json(service::quick(&state, &caller, &scope, QuickKind::CustItemCode, &body.code, &body.site_code).await?))
    }

    /// Quick search by ERP item code (global search box, 'ERP Item Code')
    ///
    /// The CIPs of the site `site_code` whose item-master part has this erp_vmi_item_code, case-insensitive.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/QuickSearch/ERPItemCode/:erp_item_code/:site_code", method = "get", operation_id = "itemCipGetQuickSearchERPItemCodeByErpItemCodeAndSiteCode")]
    async fn quick_erp_item_code(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(validator(max_length = 100))] erp_item_code: Path<String>,
        #[oai(validator(max_length = 40))] site_code: Path<String>,
    ) -> ApiResult<Json<Vec<CipPick>>> {
        Ok(Json(service::quick(&state, &caller, &scope, QuickKind::ErpItemCode, &erp_item_code.0, &site_code.0).await?))
    }

    /// CIPs to replenish
    ///
    /// The current site's active MinMax CIPs whose position (on hand + on order - backorder) is at or below min,
    /// with the suggested order: up to max (min when no max), rounded up to whole lots unless keep full. Paged
    /// (query pageNumber, pageSize, sortField: cip_code, cust_item_code, location, vend_code, qty_position).
    #[requires(BasicAccess)]
    #[oai(path = "/Item/CIP/ReplenishCIPs", method = "get", operation_id = "itemCipGetReplenishCIPs")]
    async fn replenish(
        &self,
        state: Data<&AppState>,
        scope: Data<&SiteScope>,
        #[oai(name = "pageNumber")] page_number: Query<Option<i64>>,
        #[oai(name = "pageSize")] page_size: Query<Option<i64>>,
        #[oai(name = "sortField", validator(max_length = 50))] sort_field: Query<Option<String>>,
        #[oai(name = "sortDirection", validator(max_length = 4))] sort_direction: Query<Option<String>>,
    ) -> ApiResult<Json<ReplenishCipPage>> {
        let page = PageRequest::from_query(page_number.0, page_size.0, sort_field.0, sort_direction.0);
        Ok(Json(service::replenish(&state, &scope, &page).await?))
    }

    /// Active CIPs (picker type-ahead)
    ///
    /// Active CIPs of the current site whose CIP code or customer part starts with `code`, or (without `code`) of
    /// the CID `cid_no`; both narrow each other. `limit` 1-100, default 20.
    #[requires(BasicAccess)]
    #[oai(path = "/Item/CIP/Active", method = "get", operation_id = "itemCipGetActive")]
    async fn active(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(validator(max_length = 100))] code: Query<Option<String>>,
        cid_no: Query<Option<i64>>,
        limit: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<CipPick>>> {
        Ok(Json(service::active(&state, &caller, &scope, code.0.as_deref(), cid_no.0, limit.0).await?))
    }

    /// CIP quantities
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Quantities/:cip_no", method = "get", operation_id = "itemCipGetQuantitiesByCipNo")]
    async fn quantities(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<CipQuantities>> {
        Ok(Json(service::quantities(&state, &caller, &scope, cip_no.0).await?))
    }

    /// CIP summary (the CIP summary pop-up)
    ///
    /// Quantities, usage of the 13 periods with the annual total, the 12 months, transaction and replenishment
    /// counts. Needs CIPSummaryView at the CIP's site.
    #[requires(CIPSummaryView, errors(404))]
    #[oai(path = "/Item/CIP/Summary/:cip_no", method = "get", operation_id = "itemCipGetSummaryByCipNo")]
    async fn summary(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<CipSummary>> {
        Ok(Json(service::summary(&state, &caller, &scope, cip_no.0).await?))
    }

    /// CIP history
    ///
    /// Every recorded change of the CIP (its settings, locations, devices, kit, related items), newest first, at
    /// most 200: who, acting as whom, when, what.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Audit/Detail/:id", method = "get", operation_id = "itemCipGetAuditDetailById")]
    async fn audit_detail(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::audit_detail(&state, &caller, &scope, id.0).await?))
    }

    /// Like-UPC on hand
    ///
    /// The number of CIPs of the CIP's site whose item carries the same UPC (this one included) and their on hand.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/LikeUPC/OnHand/:cip_no", method = "get", operation_id = "itemCipGetLikeUPCOnHandByCipNo")]
    async fn like_upc_on_hand(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<LikeUpcOnHand>> {
        Ok(Json(service::like_upc_on_hand(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Like-UPC CIPs
    ///
    /// The other CIPs of the CIP's site whose item carries the same UPC (asp_upc of the item master).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/LikeUPC/:cip_no", method = "get", operation_id = "itemCipGetLikeUPCByCipNo")]
    async fn like_upc(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<Vec<CipPick>>> {
        Ok(Json(service::like_upc(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Warehouse cost
    ///
    /// Warehouse and average cost, both null unless the caller holds InvFISPrice at the CIP's site.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/WarehouseCost/:cip_no", method = "get", operation_id = "itemCipGetWarehouseCostByCipNo")]
    async fn warehouse_cost(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<WarehouseCost>> {
        Ok(Json(service::warehouse_cost(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Keep-full edit check
    ///
    /// keep_full may be changed only on an active MinMax CIP with a max.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/KeepFull/EditCheck/:cip_no", method = "get", operation_id = "itemCipGetKeepFullEditCheckByCipNo")]
    async fn keep_full_check(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<KeepFullEditCheck>> {
        Ok(Json(service::keep_full_check(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Replenishment source
    ///
    /// Where the CIP's stock comes from: its vendor (MinMax), its kanban bins (Kanban) or its dispenser bins (Vending).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/ReplenishmentSource/:cip_no", method = "get", operation_id = "itemCipGetReplenishmentSourceByCipNo")]
    async fn replenishment_source(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<ReplenishmentSource>> {
        Ok(Json(service::replenishment_source(&state, &caller, &scope, cip_no.0).await?))
    }

    /// CIPs by default tracking code
    ///
    /// The CIPs of the tracking code's site that default to it at any level. A tracking code the caller may not see
    /// answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/TrackingCode/:trackingCodeId", method = "get", operation_id = "itemCipGetTrackingCodeByTrackingCodeId")]
    async fn of_tracking_code(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(name = "trackingCodeId")] tracking_code_id: Path<i64>,
    ) -> ApiResult<Json<Vec<CipPick>>> {
        Ok(Json(service::of_tracking_code(&state, &caller, &scope, tracking_code_id.0).await?))
    }

    /// Hold type
    ///
    /// The CID's hold type and the CIP's quantity on hold.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/HoldType/:cip_no", method = "get", operation_id = "itemCipGetHoldTypeByCipNo")]
    async fn hold_type(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<HoldType>> {
        Ok(Json(service::hold_type(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Repair CIP
    ///
    /// Whether the CIP's CID is repairable or a repaired part, the CIP stocking its repaired units, and (for a
    /// repaired-part CIP) the CIPs it stocks them for.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Repair/:cip_no", method = "get", operation_id = "itemCipGetRepairByCipNo")]
    async fn repair(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<RepairInfo>> {
        Ok(Json(service::repair(&state, &caller, &scope, cip_no.0).await?))
    }
}

pub struct CipSearchApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Items")]
impl CipSearchApi {
    /// CIP search (the item search grid)
    ///
    /// The spec's paged-search envelope (pageNumber, pageSize, sortField, sortDirection) and the filters of
    /// CipFilter, at the current site or `site_code`. Sortable: cip_no, cip_code, cust_item_code, cust_desc1,
    /// cust_desc2, status_id, location, qty_on_hand, qty_avail, qty_on_order, min_qty, max_qty, repl_type, vend_code,
    /// annual_usage, last_issue_date, last_receipt_date, updated_at. Searches stop at 5000 matching rows.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Search", method = "post", operation_id = "itemCipPostSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CipSearchRequest>) -> ApiResult<Json<CipRowPage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }

    /// CIP search as an Excel workbook
    ///
    /// The search's sort and filters and the given columns (fields of the search's rows); up to 5000 rows.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Search/Export", method = "post", operation_id = "itemCipPostSearchExport")]
    async fn export(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CipSearchExport>) -> ApiResult<XlsxFile> {
        service::export(&state, &caller, &scope, &body).await
    }

    /// CIP search, fewest fields (Min1)
    ///
    /// The filters of the CIP search; rows of cip_no, cip_code, cust_item_code, cust_desc1, location, status_id.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Min1/Search", method = "post", operation_id = "itemCipPostMin1Search")]
    async fn min1(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CipSearchRequest>) -> ApiResult<Json<CipMin1Page>> {
        Ok(Json(service::min1_search(&state, &caller, &scope, &body).await?))
    }

    /// CIPs of a CID (paged search)
    ///
    /// A CID the caller may not see answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/CID/GetByCID/Search", method = "post", operation_id = "itemCipPostCIDGetByCIDSearch")]
    async fn of_cid(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CipsOfCidRequest>) -> ApiResult<Json<CipPickPage>> {
        Ok(Json(service::of_cid_search(&state, &caller, &scope, &body).await?))
    }

    /// CIP picker search (CIPSearch)
    ///
    /// The filters of the CIP search, the item picker's columns (cust_avg_cost only with InvFISPrice).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/CIPSearch", method = "post", operation_id = "itemCipPostCIPSearch")]
    async fn picker(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CipSearchRequest>) -> ApiResult<Json<CipPickPage>> {
        Ok(Json(service::picker_search(&state, &caller, &scope, &body).await?))
    }

    /// Column filter values
    ///
    /// The distinct values (with counts) of one column over the search's rows: status_id, repl_type, location,
    /// loc_seg1 ... loc_seg5, vend_code, consigned, dispensing or keep_full; at most 500.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Search/SubFilterListByField", method = "post", operation_id = "itemCipPostSearchSubFilterListByField")]
    async fn sub_filter(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<SubFilterRequest>) -> ApiResult<Json<SubFilterAnswer>> {
        Ok(Json(service::sub_filter(&state, &caller, &scope, &body).await?))
    }

    /// MLQ (maximum liability quantity)
    ///
    /// warehouse_net_mlq over the site's active CIPs of the same item, cid_net_mlq over the CID's: each CIP's max
    /// (min when no max) less on hand and on order, at zero or more.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/MLQ", method = "post", operation_id = "itemCipPostMLQ")]
    async fn mlq(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<MlqRequest>) -> ApiResult<Json<Mlq>> {
        Ok(Json(service::mlq(&state, &caller, &scope, body.cip_no).await?))
    }
}

pub struct CipWriteApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Items")]
impl CipWriteApi {
    /// Replenishment settings
    ///
    /// repl_type (Kanban 1, MinMax 2, Vending 3), min_qty, max_qty, lot_qty, reorder_qty, num_lots, keep_full.
    /// Min at most max; lot above 0; MinMax needs min and max; keep full only for MinMax with a max; Vending only for
    /// a dispensing CIP; a Kanban CIP with kanban bins keeps its type. Problems answer 400 by field; a pending CIP
    /// answers 409.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/Replenishment/Update", method = "post", operation_id = "itemCipPostReplenishmentUpdate")]
    async fn replenishment(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ReplenishmentUpdate>) -> ApiResult<Json<CipSaved>> {
        Ok(Json(service::update_replenishment(&state, &caller, &scope, &body).await?))
    }

    /// Default employee and tracking codes
    ///
    /// Records of the CIP's site, active; default_trackN a tracking code of level N; null clears.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/Defaults/Update", method = "post", operation_id = "itemCipPostDefaultsUpdate")]
    async fn defaults(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<DefaultsUpdate>) -> ApiResult<Json<CipSaved>> {
        Ok(Json(service::update_defaults(&state, &caller, &scope, &body).await?))
    }

    /// Other settings
    ///
    /// consigned, vend_code (a vendor of the site), buddy_cip_no (an active CIP of the same site and of the same CID
    /// or manufacturer part, not the CIP itself) and custom_1 ... custom_4.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/Other/Update", method = "post", operation_id = "itemCipPostOtherUpdate")]
    async fn other(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<OtherUpdate>) -> ApiResult<Json<CipSaved>> {
        Ok(Json(service::update_other(&state, &caller, &scope, &body).await?))
    }

    /// Move a CIP to another CID
    ///
    /// An active, unmerged CID of the CIP's site; the CIP takes its item and customer part. 409 while the CIP holds
    /// stock, holds or open orders.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/CID/Update", method = "post", operation_id = "itemCipPostCIDUpdate")]
    async fn cid(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CidUpdate>) -> ApiResult<Json<CipSaved>> {
        Ok(Json(service::update_cid(&state, &caller, &scope, &body).await?))
    }

    /// Related items
    ///
    /// Replaces the items shown with the CIP (relation Substitute 1, Accessory 2, SparePart 3): CIPs of the same site,
    /// not itself, each once, at most 50. Read them in `GET /Item/CIP/Common/{id}`.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/RelatedItems", method = "post", operation_id = "itemCipPostRelatedItems")]
    async fn related(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<RelatedItemsSave>) -> ApiResult<Json<CipSaved>> {
        Ok(Json(service::save_related(&state, &caller, &scope, &body).await?))
    }

    /// Link the repaired-part CIP
    ///
    /// For a CIP of a repairable CID (409 otherwise): the CIP stocking its repaired units, a CIP of the same site and
    /// manufacturer part whose CID is a repaired part; null unlinks.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/Repair/Update", method = "post", operation_id = "itemCipPostRepairUpdate")]
    async fn repair(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<RepairUpdate>) -> ApiResult<Json<CipSaved>> {
        Ok(Json(service::update_repair(&state, &caller, &scope, &body).await?))
    }

    /// Create the repaired-part CIP
    ///
    /// For a CIP of a repairable CID without one (409 otherwise): a new CID (a copy flagged repaired part; customer
    /// part default "<part>-R") and its CIP (code default "<code>-R", location default the original's), linked as
    /// the CIP's repair CIP. Answers the new CIP.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/CreateRepairedCIP", method = "post", operation_id = "itemCipPostCreateRepairedCIP")]
    async fn create_repaired(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CreateRepairedCip>) -> ApiResult<Json<CipSaved>> {
        Ok(Json(service::create_repaired(&state, &caller, &scope, &body).await?))
    }
}
