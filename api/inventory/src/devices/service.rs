//! Rules of crib devices (docs/cip.md, "Crib devices"): stations of the spec's equipment kinds and their bins, which
//! CIPs a device dispenses, kits (a kit CIP and its children, no nesting) and kanban bins (cards of Kanban CIPs).
//! Changes need CribDeviceAdmin at the record's site and are audited: stations and bins under `station`, what
//! belongs to a CIP (dispensing, kit, kanban bins) under `cip`, so the item's history shows it.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::num::Quantity;
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::model::{
    station_kind, station_type_name, CribMaster, Dispensing, DispensingUpdate, KanbanBin, KanbanBinInput, KanbanBinUpdate, KanbanNewToolCode,
    Kit, KitChildCheck, KitLocation, KitPage, KitSave, KitSearchRequest, Station, StationBin, StationBinInput, StationCip, StationCipsRequest,
    StationDetail, StationInput, StationPage, StationSearchRequest, StationType, FIRST_STORAGE_TYPE, KANBAN_STATION, STATION_TYPES,
};
use super::repo::{self, StationFilter, StationValues};
use crate::cips::model::{REPL_KANBAN, REPL_VENDING, STATUS_PENDING};
use crate::cips::service::{self as cips, MAX_QTY};
use crate::location_segments::service as segments;
use kernel::listing::SortSpec;

pub const ADMIN: &[Perm] = &[Perm::CribDeviceAdmin];
pub const STATION_NOT_FOUND: &str = "The station you are trying to find does not exist.";
pub const BIN_NOT_FOUND: &str = "The bin you are trying to find does not exist.";
pub const KANBAN_BIN_NOT_FOUND: &str = "The kanban bin you are trying to find does not exist.";

pub const STATION_SORT: SortSpec = SortSpec {
    fields: &[("station_code", "station_code"), ("station_id", "station_id"), ("description", "description"), ("station_type", "station_type"), ("location", "location"), ("is_active", "is_active"), ("bin_count", "bin_count")],
    default_field: "station_code",
    default_descending: false,
};

pub const KIT_SORT: SortSpec = SortSpec {
    fields: &[("cip_code", "cip_code"), ("cip_no", "cip_no"), ("cust_item_code", "cust_item_code"), ("cust_desc1", "cust_desc1"), ("location", "location"), ("child_count", "child_count")],
    default_field: "cip_code",
    default_descending: false,
};

pub fn station_types() -> Vec<StationType> {
    STATION_TYPES
        .iter()
        .map(|(t, name, description)| StationType { station_type: *t, name: (*name).to_owned(), description: (*description).to_owned(), kind: station_kind(*t).to_owned() })
        .collect()
}

fn named(mut s: Station) -> Station {
    s.station_type_name = station_type_name(s.station_type).to_owned();
    s
}

async fn record(tx: &mut TenantTx, caller: &Caller, entity: &str, id: i64, action: &str, changes: serde_json::Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(tx, Some(caller), AuditEntry { action, entity, entity_id: id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes }).await?;
    Ok(())
}

fn check_qty(p: &mut Problems, v: Quantity, field: &str, label: &str) {
    if v <= Quantity::ZERO || v > MAX_QTY {
        p.add(field, "outOfRange", &format!("{label} must be greater than 0 and at most 999,999,999,999."));
    }
}

// ---- stations

async fn visible_station(state: &AppState, caller: &Caller, current: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<(SiteScope, Station)> {
    records::load_visible(state, caller, current, perms, STATION_NOT_FOUND, |tx| Box::pin(repo::find_station(tx, id))).await
}

pub async fn search_stations(state: &AppState, current: &SiteScope, request: &StationSearchRequest) -> ApiResult<StationPage> {
    let page = request.page.resolve(&STATION_SORT)?;
    if request.station_type.is_some_and(|t| !STATION_TYPES.iter().any(|s| s.0 == t)) {
        return Err(ApiError::invalid("station_type", "invalid", "Unknown station type."));
    }
    let text = trimmed(&request.text).map(|t| (cips::prefix_pattern(t), kernel::listing::contains_pattern(&t.to_uppercase())));
    let filter = StationFilter { site_id: current.site_id(), station_type: request.station_type, is_active: request.is_active, text };
    let mut tx = current.begin(&state.pool).await?;
    let (rows, total) = repo::search_stations(&mut tx, &filter, &page).await?;
    Ok(StationPage::new(rows.into_iter().map(named).collect(), total))
}

pub async fn station(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<StationDetail> {
    let (scope, station) = visible_station(state, caller, current, id, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let bins = repo::bins_of_station(&mut tx, id).await?;
    let kanban_bins = repo::kanban_bins_of_station(&mut tx, id).await?;
    Ok(StationDetail { station: named(station), bins, kanban_bins })
}

async fn station_values(tx: &mut TenantTx, input: &StationInput) -> ApiResult<StationValues> {
    let mut p = Problems::default();
    let station_code = p.required_text("station_code", "Station Code", &input.station_code, 40).to_uppercase();
    let description = p.optional_text("description", "Description", input.description.as_deref(), 200).unwrap_or_default();
    let serial_no = p.optional_text("serial_no", "Serial Number", input.serial_no.as_deref(), 60);
    if !STATION_TYPES.iter().any(|s| s.0 == input.station_type) {
        p.add("station_type", "invalid", "Unknown station type (see GET /api/V1/Crib/Station/Types).");
    }
    let location = match trimmed(&input.location) {
        Some(l) => segments::check_into(tx, "location", l, &mut p).await?.map(|l| l.location),
        None => None,
    };
    if !station_code.is_empty() {
        let site_id = tx.site_id();
        if repo::station_code_taken(tx, site_id, &station_code, input.station_id).await? {
            p.add("station_code", "duplicate", &format!("Station {station_code} already exists at this site."));
        }
    }
    p.check()?;
    Ok(StationValues { station_code, description, station_type: input.station_type, location, serial_no, is_active: input.is_active.unwrap_or(true) })
}

pub async fn create_station(state: &AppState, caller: &Caller, current: &SiteScope, input: &StationInput) -> ApiResult<StationDetail> {
    if input.station_id.is_some() {
        return Err(ApiError::invalid("station_id", "invalid", "A new station has no station_id (change a station with PUT)."));
    }
    let mut tx = current.begin(&state.pool).await?;
    let values = station_values(&mut tx, input).await?;
    let id = repo::insert_station(&mut tx, &values).await?;
    let station = repo::find_station(&mut tx, id).await?.ok_or_else(|| ApiError::internal("inserted station vanished"))?;
    record(&mut tx, caller, "station", id, "station.create", audit::snapshot(&station)).await?;
    tx.commit().await?;
    Ok(StationDetail { station: named(station), bins: Vec::new(), kanban_bins: Vec::new() })
}

pub async fn update_station(state: &AppState, caller: &Caller, current: &SiteScope, input: &StationInput) -> ApiResult<StationDetail> {
    let Some(id) = input.station_id else {
        return Err(ApiError::invalid("station_id", "required", "Please enter a valid value for Station Id"));
    };
    let (scope, _) = visible_station(state, caller, current, id, ADMIN).await?;
    let mut tx = scope.begin(&state.pool).await?;
    repo::lock_station(&mut tx, id).await?;
    let before = repo::find_station(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(STATION_NOT_FOUND))?;
    let values = station_values(&mut tx, input).await?;
    if before.used_bin_count > 0 && values.station_type != before.station_type {
        return Err(ApiError::conflict("Empty the station's bins before changing its type."));
    }
    if before.used_bin_count > 0 && before.is_active && !values.is_active {
        return Err(ApiError::conflict("Move the CIPs out of the station's bins before deactivating it."));
    }
    repo::update_station(&mut tx, id, &values).await?;
    let after = repo::find_station(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(STATION_NOT_FOUND))?;
    let mut changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    if let Some(m) = changes.as_object_mut() {
        m.remove("updated_at");
    }
    record(&mut tx, caller, "station", id, "station.update", changes).await?;
    let bins = repo::bins_of_station(&mut tx, id).await?;
    let kanban_bins = repo::kanban_bins_of_station(&mut tx, id).await?;
    tx.commit().await?;
    Ok(StationDetail { station: named(after), bins, kanban_bins })
}

/// Removes a station and its empty bins; refused while a bin holds a CIP or kanban bins sit on it.
pub async fn delete_station(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<Station> {
    let (scope, _) = visible_station(state, caller, current, id, ADMIN).await?;
    let mut tx = scope.begin(&state.pool).await?;
    repo::lock_station(&mut tx, id).await?;
    let before = repo::find_station(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(STATION_NOT_FOUND))?;
    if before.used_bin_count > 0 {
        return Err(ApiError::conflict("The station still holds CIPs (bins or kanban bins): move them first."));
    }
    repo::delete_station(&mut tx, id).await?;
    record(&mut tx, caller, "station", id, "station.delete", audit::snapshot(&before)).await?;
    tx.commit().await?;
    Ok(named(before))
}

// ---- station bins

async fn bin_values(tx: &mut TenantTx, input: &StationBinInput, station: &Station) -> ApiResult<(String, Option<Quantity>)> {
    let mut p = Problems::default();
    let code = p.required_text("bin_code", "Bin Code", &input.bin_code, 40).to_uppercase();
    if let Some(c) = input.capacity {
        check_qty(&mut p, c, "capacity", "Capacity");
    }
    if station.station_type == KANBAN_STATION {
        p.add("station_id", "kanbanRack", "A kanban rack holds kanban bins, not station bins.");
    }
    if !code.is_empty() && repo::bin_code_taken(tx, station.station_id, &code, input.station_bin_id).await? {
        p.add("bin_code", "duplicate", &format!("Bin {code} already exists in station {}.", station.station_code));
    }
    p.check()?;
    // Stored as a quantity (three decimals), rounded as the column always rounded it.
    Ok((code, input.capacity.map(Quantity::rounded)))
}

pub async fn create_bin(state: &AppState, caller: &Caller, current: &SiteScope, input: &StationBinInput) -> ApiResult<StationBin> {
    if input.station_bin_id.is_some() {
        return Err(ApiError::invalid("station_bin_id", "invalid", "A new bin has no station_bin_id (change a bin with PUT)."));
    }
    let (scope, _) = visible_station(state, caller, current, input.station_id, ADMIN).await?;
    let mut tx = scope.begin(&state.pool).await?;
    repo::lock_station(&mut tx, input.station_id).await?;
    let station = repo::find_station(&mut tx, input.station_id).await?.ok_or_else(|| ApiError::not_found(STATION_NOT_FOUND))?;
    let (code, capacity) = bin_values(&mut tx, input, &station).await?;
    let id = repo::insert_bin(&mut tx, station.station_id, &code, capacity).await?;
    let bin = repo::find_bin(&mut tx, id).await?.ok_or_else(|| ApiError::internal("inserted bin vanished"))?;
    record(&mut tx, caller, "station", station.station_id, "station.bin.create", json!({"station_bin_id": id, "bin_code": code, "capacity": capacity})).await?;
    tx.commit().await?;
    Ok(bin)
}

pub async fn update_bin(state: &AppState, caller: &Caller, current: &SiteScope, input: &StationBinInput) -> ApiResult<StationBin> {
    let Some(id) = input.station_bin_id else {
        return Err(ApiError::invalid("station_bin_id", "required", "Please enter a valid value for Station Bin Id"));
    };
    let (scope, bin) = records::load_visible(state, caller, current, ADMIN, BIN_NOT_FOUND, |tx| Box::pin(repo::find_bin(tx, id))).await?;
    if bin.station_id != input.station_id {
        return Err(ApiError::invalid("station_id", "invalid", "A bin stays in its station."));
    }
    let mut tx = scope.begin(&state.pool).await?;
    repo::lock_station(&mut tx, bin.station_id).await?;
    let station = repo::find_station(&mut tx, bin.station_id).await?.ok_or_else(|| ApiError::not_found(STATION_NOT_FOUND))?;
    let (code, capacity) = bin_values(&mut tx, input, &station).await?;
    repo::update_bin(&mut tx, id, &code, capacity).await?;
    let after = repo::find_bin(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(BIN_NOT_FOUND))?;
    record(
        &mut tx,
        caller,
        "station",
        station.station_id,
        "station.bin.update",
        json!({"station_bin_id": id, "bin_code": {"from": bin.bin_code, "to": code}, "capacity": {"from": bin.capacity, "to": capacity}}),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete_bin(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<StationBin> {
    let (scope, _) = records::load_visible(state, caller, current, ADMIN, BIN_NOT_FOUND, |tx| Box::pin(repo::find_bin(tx, id))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let bin = repo::find_bin(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(BIN_NOT_FOUND))?;
    repo::lock_station(&mut tx, bin.station_id).await?;
    if let Some(cip) = bin.cip_no {
        return Err(ApiError::conflict(&format!("Bin {} holds CIP {cip}: move it first (Dispensing).", bin.bin_code)));
    }
    repo::delete_bin(&mut tx, id).await?;
    record(&mut tx, caller, "station", bin.station_id, "station.bin.delete", json!({"station_bin_id": id, "bin_code": bin.bin_code})).await?;
    tx.commit().await?;
    Ok(bin)
}

// ---- dispensing

/// The CIP's bins and dispensing flag.
pub async fn dispensing_of(tx: &mut TenantTx, cip_no: i64, dispensing: bool) -> ApiResult<Dispensing> {
    Ok(Dispensing { cip_no, dispensing, bins: repo::bins_of_cip(tx, cip_no).await? })
}

/// Assigns the CIP to exactly the listed bins and sets its dispensing flag.
pub async fn update_dispensing(state: &AppState, caller: &Caller, current: &SiteScope, input: &DispensingUpdate) -> ApiResult<Dispensing> {
    let (_, mut tx, cip) = cips::begin_change(state, caller, current, input.cip_no, ADMIN).await?;
    let ids = kernel::listing::dedup_ids(&input.station_bin_ids);
    let found = repo::bins_for_assignment(&mut tx, &ids).await?;
    let mut p = Problems::default();
    for (i, id) in input.station_bin_ids.iter().enumerate() {
        let field = format!("station_bin_ids[{i}]");
        match found.iter().find(|(b, _)| b.station_bin_id == *id) {
            None => p.add(&field, "notFound", &format!("Bin {id} does not exist at this site.")),
            Some((b, holder)) => {
                if !b.station_active {
                    p.add(&field, "inactive", &format!("Station {} is not active.", b.station_code));
                } else if b.station_type == KANBAN_STATION {
                    p.add(&field, "kanbanRack", &format!("Station {} is a kanban rack: use kanban bins.", b.station_code));
                } else if let Some(other) = holder.filter(|h| *h != cip.cip_no) {
                    p.add(&field, "occupied", &format!("Bin {} of station {} holds CIP {other}.", b.bin_code, b.station_code));
                }
            }
        }
    }
    let dispenser_bins = found.iter().filter(|(b, _)| b.station_type < FIRST_STORAGE_TYPE).count();
    if input.dispensing && dispenser_bins == 0 {
        p.add("dispensing", "noDispenserBin", "A dispensing CIP needs a bin in a dispenser station.");
    }
    if !input.dispensing && cip.repl_type == REPL_VENDING {
        p.add("dispensing", "vending", "A Vending CIP must stay dispensing: change its replenishment type first.");
    }
    p.check()?;
    let before = repo::bins_of_cip(&mut tx, cip.cip_no).await?;
    repo::assign_bins(&mut tx, cip.cip_no, &ids, input.dispensing).await?;
    let after = dispensing_of(&mut tx, cip.cip_no, input.dispensing).await?;
    let from: Vec<i64> = before.iter().map(|b| b.station_bin_id).collect();
    let to: Vec<i64> = after.bins.iter().map(|b| b.station_bin_id).collect();
    record(
        &mut tx,
        caller,
        "cip",
        cip.cip_no,
        "cip.dispensing.update",
        json!({"dispensing": {"from": cip.dispensing, "to": input.dispensing}, "station_bin_ids": {"from": from, "to": to}}),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn kit_location(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<Vec<KitLocation>> {
    let (scope, _) = cips::visible(state, caller, current, cip_no, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::kit_locations(&mut tx, cip_no).await?)
}

/// The CIPs in a station's bins; the site must be the station's.
pub async fn station_cips(state: &AppState, caller: &Caller, current: &SiteScope, input: &StationCipsRequest) -> ApiResult<Vec<StationCip>> {
    let site = records::record_scope(state, caller, current, input.site_id, cips::READ, cips::SITE_NOT_FOUND).await?;
    let (scope, station) = visible_station(state, caller, current, input.station_id, cips::READ).await?;
    if station.site_id != site.site_id() {
        return Err(ApiError::not_found(STATION_NOT_FOUND));
    }
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::cips_of_station(&mut tx, station.station_id).await?)
}

pub async fn crib_master(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<CribMaster> {
    let (scope, cip) = cips::visible(state, caller, current, cip_no, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(CribMaster {
        cip_no,
        cip_code: cip.cip_code,
        dispensing: cip.dispensing,
        repl_type: cip.repl_type,
        bins: repo::bins_of_cip(&mut tx, cip_no).await?,
        kanban_bins: repo::kanban_bins_of_cip(&mut tx, cip_no).await?,
        is_kit: repo::is_kit(&mut tx, cip_no).await?,
        kit_children: repo::kit_children(&mut tx, cip_no).await?,
        kits: repo::kits_of_child(&mut tx, cip_no).await?,
    })
}

// ---- kits

pub async fn search_kits(state: &AppState, current: &SiteScope, request: &KitSearchRequest) -> ApiResult<KitPage> {
    let page = request.page.resolve(&KIT_SORT)?;
    let prefix = trimmed(&request.text).map(str::to_uppercase);
    let mut tx = current.begin(&state.pool).await?;
    let (rows, total) = repo::search_kits(&mut tx, current.site_id(), prefix, &page).await?;
    Ok(KitPage::new(rows, total))
}

pub async fn kit(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<Kit> {
    let (scope, cip) = cips::visible(state, caller, current, cip_no, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(Kit {
        cip_no,
        cip_code: cip.cip_code,
        cust_item_code: cip.cust_item_code,
        cust_desc1: cip.cust_desc1,
        location: cip.location,
        status_id: cip.status_id,
        is_kit: repo::is_kit(&mut tx, cip_no).await?,
        children: repo::kit_children(&mut tx, cip_no).await?,
    })
}

/// Replaces a kit's children: the parent's CID is flagged kit and the parent is no kit's child; each child is a CIP
/// of the same site, not a kit itself, listed once, with a quantity above 0.
pub async fn save_kit(state: &AppState, caller: &Caller, current: &SiteScope, input: &KitSave) -> ApiResult<Kit> {
    let (_, mut tx, parent) = cips::begin_change(state, caller, current, input.cip_no, ADMIN).await?;
    if !input.children.is_empty() {
        if !repo::is_kit(&mut tx, parent.cip_no).await? {
            return Err(ApiError::conflict("The CIP's CID is not a kit: flag its CID as a kit first."));
        }
        if let Some(k) = repo::kits_of_child(&mut tx, parent.cip_no).await?.first() {
            return Err(ApiError::conflict(&format!("The CIP is a child of kit {} ({}); kits do not nest.", k.parent_cip_no, k.parent_cip_code)));
        }
    }
    let mut p = Problems::default();
    let mut rows: Vec<(i64, Quantity)> = Vec::new();
    for (i, c) in input.children.iter().enumerate() {
        let field = format!("children[{i}].child_cip_no");
        check_qty(&mut p, c.qty, &format!("children[{i}].qty"), "Quantity");
        if c.child_cip_no == parent.cip_no {
            p.add(&field, "self", "A kit cannot contain itself.");
            continue;
        }
        if rows.iter().any(|(id, _)| *id == c.child_cip_no) {
            p.add(&field, "duplicate", &format!("CIP {} is listed twice.", c.child_cip_no));
            continue;
        }
        match cips::find_in(&mut tx, c.child_cip_no).await? {
            Some(child) if child.site_id == parent.site_id => {
                if child.status_id == STATUS_PENDING {
                    p.add(&field, "pending", &format!("CIP {} waits for its Item Add requisition.", c.child_cip_no));
                } else if repo::has_children(&mut tx, child.cip_no).await? || repo::is_kit(&mut tx, child.cip_no).await? {
                    p.add(&field, "nested", &format!("CIP {} is a kit itself; kits do not nest.", c.child_cip_no));
                } else {
                    rows.push((c.child_cip_no, c.qty.rounded()));
                }
            }
            _ => p.add(&field, "notFound", &format!("CIP {} does not exist at this site.", c.child_cip_no)),
        }
    }
    p.check()?;
    let before = repo::kit_children(&mut tx, parent.cip_no).await?;
    repo::replace_children(&mut tx, parent.cip_no, &rows).await?;
    let children = repo::kit_children(&mut tx, parent.cip_no).await?;
    let from: Vec<(i64, Quantity)> = before.iter().map(|c| (c.child_cip_no, c.qty)).collect();
    record(&mut tx, caller, "cip", parent.cip_no, "cip.kit.save", json!({"children": {"from": from, "to": rows}})).await?;
    let is_kit = repo::is_kit(&mut tx, parent.cip_no).await?;
    tx.commit().await?;
    Ok(Kit {
        cip_no: parent.cip_no,
        cip_code: parent.cip_code,
        cust_item_code: parent.cust_item_code,
        cust_desc1: parent.cust_desc1,
        location: parent.location,
        status_id: parent.status_id,
        is_kit,
        children,
    })
}

pub async fn kit_child_check(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<KitChildCheck> {
    let (scope, _) = cips::visible(state, caller, current, cip_no, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let kits = repo::kits_of_child(&mut tx, cip_no).await?;
    let is_kit = repo::is_kit(&mut tx, cip_no).await? || repo::has_children(&mut tx, cip_no).await?;
    Ok(KitChildCheck { cip_no, is_kit_child: !kits.is_empty(), is_kit, kits })
}

// ---- kanban bins

pub async fn kanban_bins(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<Vec<KanbanBin>> {
    let (scope, _) = cips::visible(state, caller, current, cip_no, cips::READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::kanban_bins_of_cip(&mut tx, cip_no).await?)
}

fn tool_code(p: &mut Problems, field: &str, raw: &str) -> String {
    p.required_text(field, "Kanban Card", raw, 60).to_uppercase()
}

/// The station of a kanban bin: an active kanban rack of the transaction's site.
async fn check_rack(tx: &mut TenantTx, station_id: Option<i64>, p: &mut Problems) -> ApiResult<()> {
    let Some(id) = station_id else { return Ok(()) };
    match repo::find_station(tx, id).await? {
        Some(s) if s.station_type == KANBAN_STATION && s.is_active => {}
        Some(s) if s.station_type != KANBAN_STATION => p.add("station_id", "notKanbanRack", &format!("Station {} is not a kanban rack.", s.station_code)),
        Some(s) => p.add("station_id", "inactive", &format!("Station {} is not active.", s.station_code)),
        None => p.add("station_id", "notFound", &format!("Station {id} does not exist at this site.")),
    }
    Ok(())
}

pub async fn create_kanban_bin(state: &AppState, caller: &Caller, current: &SiteScope, input: &KanbanBinInput) -> ApiResult<KanbanBin> {
    let (_, mut tx, cip) = cips::begin_change(state, caller, current, input.cip_no, ADMIN).await?;
    let mut p = Problems::default();
    let code = tool_code(&mut p, "tool_code", &input.tool_code);
    check_qty(&mut p, input.bin_qty, "bin_qty", "Bin quantity");
    check_rack(&mut tx, input.station_id, &mut p).await?;
    let location = match trimmed(&input.location) {
        Some(l) => segments::check_into(&mut tx, "location", l, &mut p).await?.map(|l| l.location),
        None => None,
    };
    if !code.is_empty() && repo::tool_code_taken(&mut tx, cip.site_id, &code, None).await? {
        p.add("tool_code", "duplicate", &format!("Kanban card {code} is already used at this site."));
    }
    // Every named record is checked (another site's station is "not found") before the CIP's own state.
    p.check()?;
    if cip.repl_type != REPL_KANBAN {
        return Err(ApiError::conflict("The CIP's replenishment type is not Kanban: kanban bins are for Kanban CIPs."));
    }
    let id = repo::insert_kanban_bin(&mut tx, cip.cip_no, input.station_id, &code, input.bin_qty.rounded(), location.as_deref()).await?;
    let bin = repo::find_kanban_bin(&mut tx, id).await?.ok_or_else(|| ApiError::internal("inserted kanban bin vanished"))?;
    record(&mut tx, caller, "cip", cip.cip_no, "cip.kanban_bin.create", audit::snapshot(&bin)).await?;
    tx.commit().await?;
    Ok(bin)
}

async fn visible_kanban_bin(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<KanbanBin> {
    Ok(records::load_visible(state, caller, current, ADMIN, KANBAN_BIN_NOT_FOUND, |tx| Box::pin(repo::find_kanban_bin(tx, id))).await?.1)
}

pub async fn update_kanban_bin(state: &AppState, caller: &Caller, current: &SiteScope, input: &KanbanBinUpdate) -> ApiResult<KanbanBin> {
    let bin = visible_kanban_bin(state, caller, current, input.kanban_bin_id).await?;
    let (_, mut tx, cip) = cips::begin_change(state, caller, current, bin.cip_no, ADMIN).await?;
    let before = repo::find_kanban_bin(&mut tx, bin.kanban_bin_id).await?.ok_or_else(|| ApiError::not_found(KANBAN_BIN_NOT_FOUND))?;
    let mut p = Problems::default();
    check_qty(&mut p, input.bin_qty, "bin_qty", "Bin quantity");
    if !(1..=3).contains(&input.bin_status) {
        p.add("bin_status", "outOfRange", "bin_status must be Full 1, Empty 2 or Ordered 3.");
    }
    check_rack(&mut tx, input.station_id, &mut p).await?;
    let location = match trimmed(&input.location) {
        Some(l) => segments::check_into(&mut tx, "location", l, &mut p).await?.map(|l| l.location),
        None => None,
    };
    p.check()?;
    repo::update_kanban_bin(&mut tx, before.kanban_bin_id, input.station_id, input.bin_qty.rounded(), input.bin_status, location.as_deref()).await?;
    let after = repo::find_kanban_bin(&mut tx, before.kanban_bin_id).await?.ok_or_else(|| ApiError::not_found(KANBAN_BIN_NOT_FOUND))?;
    let mut changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    if let Some(m) = changes.as_object_mut() {
        m.remove("updated_at");
        m.insert("kanban_bin_id".into(), json!(after.kanban_bin_id));
    }
    record(&mut tx, caller, "cip", cip.cip_no, "cip.kanban_bin.update", changes).await?;
    tx.commit().await?;
    Ok(after)
}

/// A new card code for a kanban bin (unique at the site).
pub async fn new_tool_code(state: &AppState, caller: &Caller, current: &SiteScope, input: &KanbanNewToolCode) -> ApiResult<KanbanBin> {
    let mut p = Problems::default();
    let code = tool_code(&mut p, "new_tool_code", &input.new_tool_code);
    p.check()?;
    let bin = visible_kanban_bin(state, caller, current, input.kanban_bin_id).await?;
    let (_, mut tx, cip) = cips::begin_change(state, caller, current, bin.cip_no, ADMIN).await?;
    let before = repo::find_kanban_bin(&mut tx, bin.kanban_bin_id).await?.ok_or_else(|| ApiError::not_found(KANBAN_BIN_NOT_FOUND))?;
    if before.tool_code == code {
        return Err(ApiError::invalid("new_tool_code", "unchanged", "The new card code is the bin's current one."));
    }
    if repo::tool_code_taken(&mut tx, cip.site_id, &code, Some(before.kanban_bin_id)).await? {
        return Err(ApiError::invalid("new_tool_code", "duplicate", &format!("Kanban card {code} is already used at this site.")));
    }
    repo::set_tool_code(&mut tx, before.kanban_bin_id, &code).await?;
    let after = repo::find_kanban_bin(&mut tx, before.kanban_bin_id).await?.ok_or_else(|| ApiError::not_found(KANBAN_BIN_NOT_FOUND))?;
    record(
        &mut tx,
        caller,
        "cip",
        cip.cip_no,
        "cip.kanban_bin.new_tool_code",
        json!({"kanban_bin_id": after.kanban_bin_id, "tool_code": {"from": before.tool_code, "to": after.tool_code}}),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete_kanban_bin(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<KanbanBin> {
    let bin = visible_kanban_bin(state, caller, current, id).await?;
    let (_, mut tx, cip) = cips::begin_change(state, caller, current, bin.cip_no, ADMIN).await?;
    let before = repo::find_kanban_bin(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(KANBAN_BIN_NOT_FOUND))?;
    repo::delete_kanban_bin(&mut tx, id).await?;
    record(&mut tx, caller, "cip", cip.cip_no, "cip.kanban_bin.delete", audit::snapshot(&before)).await?;
    tx.commit().await?;
    Ok(before)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn station_types_run_from_vertex_coil_1_to_kanban_100_and_say_their_kind() {
        let types = station_types();
        assert_eq!((types[0].station_type, types[0].name.as_str()), (1, "VertexCoil"));
        let last = types.last().expect("types");
        assert_eq!((last.station_type, last.name.as_str(), last.kind.as_str()), (100, "Kanban", "kanban"));
        assert_eq!(station_kind(2), "dispenser");
        assert_eq!(station_kind(50), "storage");
        assert_eq!(station_type_name(7), "Unknown");
    }
}
