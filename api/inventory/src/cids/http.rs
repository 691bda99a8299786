//! Operations of the CID resource (spec 3 Item CID, V1 and V2; CIP CID/Merge). Shapes in docs/cid.md.

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

use super::model::*;
use super::service;

pub struct CidApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Item", tag = "ApiTags::Items")]
impl CidApi {
    /// CID with its item master part and CIP counts
    ///
    /// `multiple` is true when more than one of its CIPs is Active. cust_avg_cost is null unless the caller holds
    /// InvFISPrice at the CID's site. A CID of another client, or of a site the caller may not use, answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/Common/:cid_no", method = "get", operation_id = "itemCidGetCommonByCidNo")]
    async fn common(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<CidCommon>> {
        Ok(Json(service::common(&state, &caller, &scope, cid_no.0).await?))
    }

    /// Quantities summed over the CID's CIPs
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/SummaryQuantities/:cid_no", method = "get", operation_id = "itemCidGetSummaryQuantitiesByCidNo")]
    async fn quantities(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<CidQuantities>> {
        Ok(Json(service::quantities(&state, &caller, &scope, cid_no.0, false).await?))
    }

    /// Quantities summed over the CID's CIPs that are not consigned
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/NonConsignedSummaryQuantity/:cid_no", method = "get", operation_id = "itemCidGetNonConsignedSummaryQuantityByCidNo")]
    async fn non_consigned(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<CidQuantities>> {
        Ok(Json(service::quantities(&state, &caller, &scope, cid_no.0, true).await?))
    }

    /// How many of the CID's CIPs hold stock on hold
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/POHLDCount/:cid_no", method = "get", operation_id = "itemCidGetPOHLDCountByCidNo")]
    async fn hold_count(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<CidHoldCount>> {
        Ok(Json(service::hold_count(&state, &caller, &scope, cid_no.0).await?))
    }

    /// The item page's header line of a CID
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/CIDHeader/:cid_no", method = "get", operation_id = "itemCidGetCIDHeaderByCidNo")]
    async fn header(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<CidHeader>> {
        Ok(Json(service::header(&state, &caller, &scope, cid_no.0).await?))
    }

    /// ABC class of a CID
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/ABC/:cid_no", method = "get", operation_id = "itemCidGetABCByCidNo")]
    async fn abc(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<CidAbc>> {
        Ok(Json(service::abc(&state, &caller, &scope, cid_no.0).await?))
    }

    /// Does a customer item number exist at a site?
    ///
    /// Case-insensitive; `cid_no` (the CID being edited) is left out of the search. `site_id` defaults to the
    /// current site; another site must be one the caller may use (404 otherwise).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/CheckCustNumberExists", method = "get", operation_id = "itemCidGetCheckCustNumberExists")]
    async fn cust_number_exists(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Query<Option<i64>>, cust_item_code: Query<Option<String>>, cid_no: Query<Option<i64>>) -> ApiResult<Json<CidExistsAnswer>> {
        Ok(Json(service::cust_number_exists(&state, &caller, &scope, site_id.0, cust_item_code.0.as_deref(), cid_no.0, None).await?))
    }

    /// Does a customer item number exist at a site with a different unit of measure?
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/CheckCustNumberExists/DifferentUOM", method = "get", operation_id = "itemCidGetCheckCustNumberExistsDifferentUOM")]
    #[allow(clippy::too_many_arguments)]
    async fn cust_number_other_uom(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Query<Option<i64>>, cust_item_code: Query<Option<String>>, uom_typeid: Query<i32>, cid_no: Query<Option<i64>>) -> ApiResult<Json<CidExistsAnswer>> {
        Ok(Json(service::cust_number_exists(&state, &caller, &scope, site_id.0, cust_item_code.0.as_deref(), cid_no.0, Some((uom_typeid.0, false))).await?))
    }

    /// Does a customer item number exist at a site with the same unit of measure?
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/CheckCustNumberExists/SameUOM", method = "get", operation_id = "itemCidGetCheckCustNumberExistsSameUOM")]
    #[allow(clippy::too_many_arguments)]
    async fn cust_number_same_uom(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Query<Option<i64>>, cust_item_code: Query<Option<String>>, uom_typeid: Query<i32>, cid_no: Query<Option<i64>>) -> ApiResult<Json<CidExistsAnswer>> {
        Ok(Json(service::cust_number_exists(&state, &caller, &scope, site_id.0, cust_item_code.0.as_deref(), cid_no.0, Some((uom_typeid.0, true))).await?))
    }

    /// Does a CID exist at a site for an item (and customer part)?
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/CheckCIDExists", method = "get", operation_id = "itemCidGetCheckCIDExists")]
    async fn cid_exists(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Query<Option<i64>>, item_id: Query<i64>, cust_item_code: Query<Option<String>>) -> ApiResult<Json<CidExistsAnswer>> {
        Ok(Json(service::cid_exists(&state, &caller, &scope, site_id.0, item_id.0, cust_item_code.0.as_deref()).await?))
    }

    /// May the CID's item master part be changed?
    ///
    /// Not while its CIPs have stock on hand, on order, on backorder or on hold, nor while kits or kanban bins use
    /// them; `reasons` lists each with its count.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/CheckOKToChangeItemMaster/:cid_no", method = "get", operation_id = "itemCidGetCheckOKToChangeItemMasterByCidNo")]
    async fn check_item_master(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<ChangeItemMasterCheck>> {
        Ok(Json(service::check_change_item_master(&state, &caller, &scope, cid_no.0).await?))
    }

    /// History of a CID
    ///
    /// Every change (who, acting as whom, when, what), newest first, with the changes of CIDs merged into it.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/Audit/Detail/:id", method = "get", operation_id = "itemCidGetAuditDetailById")]
    async fn history(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::history(&state, &caller, &scope, id.0).await?))
    }

    /// Is the CID a kit or part of one?
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/KitCheck/:cid_no", method = "get", operation_id = "itemCidGetKitCheckByCidNo")]
    async fn kit_check(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<KitCheck>> {
        Ok(Json(service::kit_check(&state, &caller, &scope, cid_no.0).await?))
    }

    /// Is the CID a kanban item?
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/KanbanCheck/:cid_no", method = "get", operation_id = "itemCidGetKanbanCheckByCidNo")]
    async fn kanban_check(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<KanbanCheck>> {
        Ok(Json(service::kanban_check(&state, &caller, &scope, cid_no.0).await?))
    }

    /// Usage summed over the CID's CIPs
    ///
    /// 13 periods with their annual total, 12 months, transaction and replenishment counts.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/SummaryUsage/:cid_no", method = "get", operation_id = "itemCidGetSummaryUsageByCidNo")]
    async fn usage(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<CidUsage>> {
        Ok(Json(service::usage(&state, &caller, &scope, cid_no.0).await?))
    }

    /// The CID of a CIP
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/Min1/CIP/:cip_no", method = "get", operation_id = "itemCidGetMin1CIPByCipNo")]
    async fn of_cip(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<CidOfCip>> {
        Ok(Json(service::of_cip(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Set a CID's warranty tracking
    ///
    /// Manufacturer, start (Receipt 1, Issue 2) and length in months; all empty turns tracking off.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/CID/WarrantyTracking", method = "put", operation_id = "itemCidPutWarrantyTracking")]
    async fn set_warranty(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<WarrantyInput>) -> ApiResult<Json<Cid>> {
        Ok(Json(service::set_warranty(&state, &caller, &scope, &body).await?))
    }

    /// Set a CID's ABC class
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/CID/ABC", method = "put", operation_id = "itemCidPutABC")]
    async fn set_abc(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AbcInput>) -> ApiResult<Json<Cid>> {
        Ok(Json(service::set_abc(&state, &caller, &scope, &body).await?))
    }

    /// Change a CID's item master part
    ///
    /// The item must be active; refused (409, with the reasons) when `CheckOKToChangeItemMaster` does not allow it.
    /// The CID's CIPs follow.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/CID/ItemMaster", method = "put", operation_id = "itemCidPutItemMaster")]
    async fn set_item_master(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ItemMasterInput>) -> ApiResult<Json<Cid>> {
        Ok(Json(service::set_item_master(&state, &caller, &scope, &body).await?))
    }

    /// Set a CID's default vendor
    ///
    /// `vend_code` must be an active vendor visible at the CID's site. The CID's CIPs that used the old default vendor
    /// (or none) follow.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/CID/VendorCode/CID/:cid_no", method = "put", operation_id = "itemCidPutVendorCodeCIDByCidNo")]
    async fn set_cid_vendor(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>, vend_code: Query<String>) -> ApiResult<Json<Cid>> {
        Ok(Json(service::set_cid_vendor(&state, &caller, &scope, cid_no.0, &vend_code.0).await?))
    }

    /// Set a CIP's vendor
    #[requires(ItemEdit, errors(404))]
    #[oai(path = "/CID/VendorCode/CIP/:cip_no", method = "put", operation_id = "itemCidPutVendorCodeCIPByCipNo")]
    async fn set_cip_vendor(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>, vend_code: Query<String>) -> ApiResult<Json<CipVendorChange>> {
        Ok(Json(service::set_cip_vendor(&state, &caller, &scope, cip_no.0, &vend_code.0).await?))
    }

    /// Change a CID's descriptions
    ///
    /// Its CIPs carry the new text too.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/CID/CustomerDescription/Update", method = "post", operation_id = "itemCidPostCustomerDescriptionUpdate")]
    async fn set_descriptions(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<DescriptionInput>) -> ApiResult<Json<Cid>> {
        Ok(Json(service::set_descriptions(&state, &caller, &scope, &body).await?))
    }

    /// Duplicate CIDs of the current site
    ///
    /// CIDs sharing an item master part with another CID of the site, and CIDs of different items sharing the
    /// customer description and manufacturer part number; grouped by `duplicate_key`. Paged; `q` filters on customer
    /// part, description or manufacturer part number.
    #[requires(BasicAccess)]
    #[oai(path = "/CID/Common/GetAllDuplicateCIDs", method = "post", operation_id = "itemCidPostCommonGetAllDuplicateCIDs")]
    async fn duplicates(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<DuplicateCidSearch>) -> ApiResult<Json<DuplicateCidPage>> {
        Ok(Json(service::duplicates(&state, &scope, &body).await?))
    }

    /// Create a CID with its first CIP
    ///
    /// At the current site. cust_item_code is unique at the site (case-insensitive, 409), item_id an active item of
    /// the item master, cip_code unique at the site (409), vend_code a vendor of the site, location split into the
    /// site's segments; the CID's required custom fields must be given.
    #[requires(ItemEdit, errors(409))]
    #[oai(path = "/CID", method = "post", operation_id = "itemCidPost")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CidNew>) -> ApiResult<Json<CidCreated>> {
        Ok(Json(service::create(&state, &caller, &scope, &body).await?))
    }

    /// Merge duplicate CIDs into a primary CID
    ///
    /// The listed CIDs (all of the primary's site) hand their CIPs and files to `primary_cid`, are marked merged
    /// (`merged_into_cid_no`) and DeActivated; their history shows with the primary's. One transaction.
    #[requires(ItemMerge, errors(404, 409))]
    #[oai(path = "/CIP/CID/Merge", method = "post", operation_id = "itemCipPostCIDMerge")]
    async fn merge(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, primary_cid: Query<i64>, body: Json<MergeInput>) -> ApiResult<Json<MergeResult>> {
        Ok(Json(service::merge(&state, &caller, &scope, primary_cid.0, &body).await?))
    }
}

pub struct CidV2Api;

#[guarded]
#[OpenApi(prefix_path = "/V2/Item", tag = "ApiTags::Items")]
impl CidV2Api {
    /// CID hold types
    #[requires(BasicAccess)]
    #[oai(path = "/CID/HoldType", method = "get", operation_id = "itemCidV2GetHoldType")]
    async fn hold_types(&self) -> ApiResult<Json<Vec<CidHoldType>>> {
        Ok(Json(service::hold_types()))
    }

    /// CID by number
    ///
    /// The whole record with its 20 custom values. cust_avg_cost is null unless the caller holds InvFISPrice at the
    /// CID's site. A CID of another client, or of a site the caller may not use, answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/:id", method = "get", operation_id = "itemCidV2GetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Cid>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// The current site's CIDs of an item master part
    #[requires(BasicAccess)]
    #[oai(path = "/CID/ItemMaster/:itemId", method = "get", operation_id = "itemCidV2GetItemMasterByItemId")]
    async fn by_item(&self, state: Data<&AppState>, scope: Data<&SiteScope>, #[oai(name = "itemId")] item_id: Path<i64>) -> ApiResult<Json<Vec<CidMin>>> {
        Ok(Json(service::by_item(&state, &scope, item_id.0).await?))
    }
}
