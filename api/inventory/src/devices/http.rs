//! Operations of crib devices: the spec's CIP device calls (dispensing, kit child, kit location, kanban, station
//! CIPs, crib master) and the station, bin, kit and kanban-bin maintenance of the console's station and kit screens
//! (docs/cip.md).

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
    CribMaster, Dispensing, DispensingUpdate, KanbanBin, KanbanBinInput, KanbanBinUpdate, KanbanNewToolCode, Kit, KitChildCheck, KitLocation,
    KitPage, KitSave, KitSearchRequest, Station, StationBin, StationBinInput, StationBinUpdate, StationCip, StationCipsRequest, StationDetail, StationInput,
    StationPage, StationSearchRequest, StationType,
};
use super::service;

pub struct DeviceCipApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Items")]
impl DeviceCipApi {
    /// Assign a CIP to station bins (dispensing)
    ///
    /// The full list of the CIP's bins (others are freed): bins of active, non-kanban stations of the CIP's site, free
    /// or already the CIP's. `dispensing` true needs a bin of a dispenser station; a Vending CIP stays dispensing.
    /// Needs CribDeviceAdmin at the CIP's site.
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/Item/CIP/Dispensing/Update", method = "post", operation_id = "itemCipPostDispensingUpdate")]
    async fn dispensing(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<DispensingUpdate>) -> ApiResult<Json<Dispensing>> {
        Ok(Json(service::update_dispensing(&state, &caller, &scope, &body).await?))
    }

    /// Dispensing kit location
    ///
    /// The station bins dispensing the CIP's kit: the CIP's own bins when it is a kit, else the bins of the kits it
    /// is a child of.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Dispensing/KitLocation/:cip_no", method = "get", operation_id = "itemCipGetDispensingKitLocationByCipNo")]
    async fn kit_location(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<Vec<KitLocation>>> {
        Ok(Json(service::kit_location(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Kit child check
    ///
    /// Whether the CIP is a child of kits (and which), and whether it is a kit itself.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/KitChild/:cip_no", method = "get", operation_id = "itemCipGetKitChildByCipNo")]
    async fn kit_child(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<KitChildCheck>> {
        Ok(Json(service::kit_child_check(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Kanban bins of a CIP
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/Kanban/:cip_no", method = "get", operation_id = "itemCipGetKanbanByCipNo")]
    async fn kanban(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<Vec<KanbanBin>>> {
        Ok(Json(service::kanban_bins(&state, &caller, &scope, cip_no.0).await?))
    }

    /// New card for a kanban bin
    ///
    /// `new_tool_code` replaces the bin's card code (the "tool ID" printed on the card; unique at the site). Needs
    /// CribDeviceAdmin at the bin's site.
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/Item/CIP/KanbanNewToolID/Update", method = "post", operation_id = "itemCipPostKanbanNewToolIDUpdate")]
    async fn new_tool_code(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<KanbanNewToolCode>) -> ApiResult<Json<KanbanBin>> {
        Ok(Json(service::new_tool_code(&state, &caller, &scope, &body).await?))
    }

    /// CIPs of a station
    ///
    /// The CIPs held by the bins of station `station_id` at site `site_id` (the station's site, one the caller may
    /// use; otherwise 404).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/SiteIDandStationID", method = "post", operation_id = "itemCipPostSiteIDandStationID")]
    async fn station_cips(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<StationCipsRequest>) -> ApiResult<Json<Vec<StationCip>>> {
        Ok(Json(service::station_cips(&state, &caller, &scope, &body).await?))
    }

    /// Crib master (the CIP's devices)
    ///
    /// The CIP's dispensing flag and station bins, its kanban bins, its kit children and the kits it belongs to.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/CribMaster/:cip_no", method = "get", operation_id = "itemCipGetCribMasterByCipNo")]
    async fn crib_master(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<CribMaster>> {
        Ok(Json(service::crib_master(&state, &caller, &scope, cip_no.0).await?))
    }
}

pub struct StationApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Crib", tag = "ApiTags::Items")]
impl StationApi {
    /// Station types
    ///
    /// The equipment kinds: dispensers VertexCoil 1 ... VertexRFID 6, storage 50-52, Kanban 100 (a kanban rack).
    #[requires(BasicAccess)]
    #[oai(path = "/Station/Types", method = "get", operation_id = "cribStationGetTypes")]
    async fn types(&self) -> ApiResult<Json<Vec<StationType>>> {
        Ok(Json(service::station_types()))
    }

    /// Station search
    ///
    /// The current site's stations, paged (spec envelope); filters station_type, is_active, text (code starts with
    /// or description contains). Sortable: station_code, station_id, description, station_type, location, is_active,
    /// bin_count.
    #[requires(BasicAccess)]
    #[oai(path = "/Station/Search", method = "post", operation_id = "cribStationPostSearch")]
    async fn search(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<StationSearchRequest>) -> ApiResult<Json<StationPage>> {
        Ok(Json(service::search_stations(&state, &scope, &body).await?))
    }

    /// Station by id, with its bins
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Station/:id", method = "get", operation_id = "cribStationGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<StationDetail>> {
        Ok(Json(service::station(&state, &caller, &scope, id.0).await?))
    }

    /// Add a station at the current site
    ///
    /// station_code unique at the site (saved upper case), a known station_type, location fitting the site's
    /// segments. Needs CribDeviceAdmin.
    #[requires(CribDeviceAdmin, errors(409))]
    #[oai(path = "/Station", method = "post", operation_id = "cribStationPost")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<StationInput>) -> ApiResult<Json<StationDetail>> {
        Ok(Json(service::create_station(&state, &caller, &scope, &body).await?))
    }

    /// Change a station
    ///
    /// The rules of a new station; the type cannot change, nor the station be deactivated, while a bin holds a CIP
    /// (409).
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/Station", method = "put", operation_id = "cribStationPut")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<StationInput>) -> ApiResult<Json<StationDetail>> {
        Ok(Json(service::update_station(&state, &caller, &scope, &body).await?))
    }

    /// Remove a station
    ///
    /// With its bins; refused (409) while a bin holds a CIP or kanban bins sit on it. Answers the removed station.
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/Station/:id", method = "delete", operation_id = "cribStationDeleteById")]
    async fn delete(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Station>> {
        Ok(Json(service::delete_station(&state, &caller, &scope, id.0).await?))
    }

    /// Add a bin to a station
    ///
    /// bin_code unique in the station (saved upper case), capacity above 0. Not for kanban racks.
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/StationBin", method = "post", operation_id = "cribStationBinPost")]
    async fn create_bin(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<StationBinInput>) -> ApiResult<Json<StationBin>> {
        Ok(Json(service::create_bin(&state, &caller, &scope, &body).await?))
    }

    /// Change a bin
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/StationBin", method = "put", operation_id = "cribStationBinPut")]
    async fn update_bin(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<StationBinUpdate>) -> ApiResult<Json<StationBin>> {
        Ok(Json(service::update_bin(&state, &caller, &scope, &StationBinInput::from(&*body)).await?))
    }

    /// Remove a bin
    ///
    /// Refused (409) while it holds a CIP.
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/StationBin/:id", method = "delete", operation_id = "cribStationBinDeleteById")]
    async fn delete_bin(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<StationBin>> {
        Ok(Json(service::delete_bin(&state, &caller, &scope, id.0).await?))
    }

    /// Kit search
    ///
    /// The current site's kits (CIPs whose CID is flagged kit, or that have children), paged; `text`: CIP code or
    /// customer part starts with.
    #[requires(BasicAccess)]
    #[oai(path = "/Kit/Search", method = "post", operation_id = "cribKitPostSearch")]
    async fn search_kits(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<KitSearchRequest>) -> ApiResult<Json<KitPage>> {
        Ok(Json(service::search_kits(&state, &scope, &body).await?))
    }

    /// Kit of a CIP
    ///
    /// The CIP and its children (empty when it is no kit).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Kit/:cip_no", method = "get", operation_id = "cribKitGetByCipNo")]
    async fn kit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<Kit>> {
        Ok(Json(service::kit(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Save a kit's children
    ///
    /// Replaces the children (an empty list removes them). The parent's CID must be flagged kit and the parent no
    /// kit's child (409); each child a CIP of the same site, not a kit, once, quantity above 0 (400 by field).
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/Kit", method = "put", operation_id = "cribKitPut")]
    async fn save_kit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<KitSave>) -> ApiResult<Json<Kit>> {
        Ok(Json(service::save_kit(&state, &caller, &scope, &body).await?))
    }

    /// Add a kanban bin
    ///
    /// For a Kanban CIP (409 otherwise): a card code unique at the site, a quantity above 0, optionally a kanban rack
    /// of the site and a location.
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/KanbanBin", method = "post", operation_id = "cribKanbanBinPost")]
    async fn create_kanban_bin(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<KanbanBinInput>) -> ApiResult<Json<KanbanBin>> {
        Ok(Json(service::create_kanban_bin(&state, &caller, &scope, &body).await?))
    }

    /// Change a kanban bin
    ///
    /// Quantity, status (Full 1, Empty 2, Ordered 3), rack and location; the card code changes through
    /// KanbanNewToolID/Update.
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/KanbanBin", method = "put", operation_id = "cribKanbanBinPut")]
    async fn update_kanban_bin(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<KanbanBinUpdate>) -> ApiResult<Json<KanbanBin>> {
        Ok(Json(service::update_kanban_bin(&state, &caller, &scope, &body).await?))
    }

    /// Remove a kanban bin
    #[requires(CribDeviceAdmin, errors(404, 409))]
    #[oai(path = "/KanbanBin/:id", method = "delete", operation_id = "cribKanbanBinDeleteById")]
    async fn delete_kanban_bin(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<KanbanBin>> {
        Ok(Json(service::delete_kanban_bin(&state, &caller, &scope, id.0).await?))
    }
}
