//! Operations of the item master.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{
    ItemMaster, ItemMasterAtSite, ItemMasterExportInput, ItemMasterExportRequest, ItemMasterMaintenanceInput, ItemMasterOfCid, ItemMasterPage,
    ItemMasterSearchRequest, ItemMasterSearchType, ItemMasterShipWeightInput,
};
use super::service;

pub struct ItemMasterApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/ItemMaster", tag = "ApiTags::ItemMaster")]
impl ItemMasterApi {
    /// Item-master record by id
    ///
    /// One manufacturer part of the provider catalogue, which every client shares.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Common/:id", method = "get", operation_id = "itemMasterGetCommonById")]
    async fn get(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<ItemMaster>> {
        Ok(Json(service::get(&state, id.0).await?))
    }

    /// Item-master record and what a site has of it
    ///
    /// The item with `site_id`, `has_cid` and the site's CIDs for it (`cids`). The site must be one the caller may
    /// use, of the current site's client; any other site answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Common/:id/:siteId", method = "get", operation_id = "itemMasterGetCommonByIdAndSiteId")]
    async fn at_site(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        id: Path<i64>,
        #[oai(name = "siteId")] site_id: Path<i64>,
    ) -> ApiResult<Json<ItemMasterAtSite>> {
        Ok(Json(service::at_site(&state, &caller, &scope, id.0, site_id.0).await?))
    }

    /// Item-master record of a CID
    ///
    /// The item the CID points at, with the CID's number, site and customer part. A CID of a site the caller may
    /// not use, or of another client, answers 404, as does a CID without an item-master record.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/CID/:cid", method = "get", operation_id = "itemMasterGetCIDByCid")]
    async fn of_cid(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid: Path<i64>) -> ApiResult<Json<ItemMasterOfCid>> {
        Ok(Json(service::of_cid(&state, &caller, &scope, cid.0).await?))
    }

    /// Reactivate an item
    ///
    /// An Obsolete (2) or DeActivated (3) item becomes Active (1) again; audited. An active item, or one in a
    /// workflow status, answers 409. Provider staff only: the catalogue is shared by every client (403 for
    /// anyone else, whatever their permissions).
    #[requires(ItemMasterMaintenance, errors(404, 409))]
    #[oai(path = "/Reactivate/:id", method = "get", operation_id = "itemMasterGetReactivateById")]
    async fn reactivate(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<ItemMaster>> {
        Ok(Json(service::reactivate(&state, &caller, id.0).await?))
    }

    /// Maintain an item
    ///
    /// Descriptions, manufacturer and part number, codes, unit of measure, brand and flags of one item. A field
    /// left out keeps its value; `null` clears a field that may be empty. A manufacturer part that another item
    /// already has answers 409. An inactive item becomes active only through Reactivate. Provider staff only (403
    /// for anyone else, whatever their permissions). Answers the saved item.
    #[requires(ItemMasterMaintenance, errors(404, 409))]
    #[oai(path = "/Maintenance/Update", method = "put", operation_id = "itemMasterPutMaintenanceUpdate")]
    async fn maintain(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ItemMasterMaintenanceInput>) -> ApiResult<Json<ItemMaster>> {
        Ok(Json(service::maintain(&state, &caller, &body).await?))
    }

    /// Update an item's export data
    ///
    /// Export classification (EAR99 or an ECCN), agency, list and country (ISO alpha-2). A field left out keeps its
    /// value, `null` clears it. Provider staff only. Answers the saved item.
    #[requires(ItemMasterMaintenance, errors(404))]
    #[oai(path = "/Export/Update", method = "put", operation_id = "itemMasterPutExportUpdate")]
    async fn update_export(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ItemMasterExportInput>) -> ApiResult<Json<ItemMaster>> {
        Ok(Json(service::update_export(&state, &caller, &body).await?))
    }

    /// Update an item's shipping weight
    ///
    /// Pounds, greater than 0 and less than 1,000,000, rounded to 3 decimals; `null` clears it. Provider staff
    /// only. Answers the saved item.
    #[requires(ItemMasterMaintenance, errors(404))]
    #[oai(path = "/ShipWeight/Update", method = "put", operation_id = "itemMasterPutShipWeightUpdate")]
    async fn update_ship_weight(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ItemMasterShipWeightInput>) -> ApiResult<Json<ItemMaster>> {
        Ok(Json(service::update_ship_weight(&state, &caller, &body).await?))
    }

    /// Search the item master
    ///
    /// `type`: `mfgPart` (part number prefix, punctuation ignored), `description` (every word, any order), `upc`
    /// (exact, leading zeros optional), `erpCode` (prefix) or `all` (any of them; without text, every item).
    /// Filters: manufacturer, brand, commodity code (or its first 2, 4 or 6 digits), item status. Paged
    /// (`pageNumber`, zero-based); default sort desc1; stops at 5000 matches.
    #[requires(BasicAccess)]
    #[oai(path = "/Search/:type", method = "post", operation_id = "itemMasterPostSearchByType")]
    async fn search(&self, state: Data<&AppState>, #[oai(name = "type")] kind: Path<ItemMasterSearchType>, body: Json<ItemMasterSearchRequest>) -> ApiResult<Json<ItemMasterPage>> {
        Ok(Json(service::search(&state, kind.0, &body).await?))
    }

    /// Item-master search as an Excel workbook
    ///
    /// The search's rows (up to 5000) in its order, the given columns.
    #[requires(BasicAccess)]
    #[oai(path = "/Search/:type/Export", method = "post", operation_id = "itemMasterPostSearchExportByType")]
    async fn export(&self, state: Data<&AppState>, #[oai(name = "type")] kind: Path<ItemMasterSearchType>, body: Json<ItemMasterExportRequest>) -> ApiResult<XlsxFile> {
        service::export(&state, kind.0, &body).await
    }
}
