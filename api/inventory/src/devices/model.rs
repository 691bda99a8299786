//! Wire types of crib devices (docs/cip.md, "Crib devices").

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::PageRequest;
use kernel::num::Quantity;
use kernel::page_type;

/// Equipment kinds (spec 1 section 4: storage and dispenser kinds run from VertexCoil 1 to Kanban 100; the values in
/// between are this product's): 1-49 dispense to an employee, 50-99 store, 100 is a kanban rack.
pub const STATION_TYPES: &[(i32, &str, &str)] = &[
    (1, "VertexCoil", "Coil (spiral) vending machine"),
    (2, "VertexLocker", "Locker vending machine, one item per door"),
    (3, "VertexCarousel", "Rotary carousel dispenser"),
    (4, "VertexDrawer", "Drawer cabinet with lidded compartments"),
    (5, "VertexScale", "Weighing-bin dispenser"),
    (6, "VertexRFID", "RFID cabinet"),
    (50, "CribShelving", "Shelving of a staffed crib"),
    (51, "VerticalLift", "Vertical lift module"),
    (52, "StorageCabinet", "Storage cabinet"),
    (100, "Kanban", "Kanban rack"),
];
pub const KANBAN_STATION: i32 = 100;
/// Station types below this dispense.
pub const FIRST_STORAGE_TYPE: i32 = 50;

pub fn station_type_name(t: i32) -> &'static str {
    STATION_TYPES.iter().find(|s| s.0 == t).map_or("Unknown", |s| s.1)
}

/// dispenser, storage or kanban.
pub fn station_kind(t: i32) -> &'static str {
    if t == KANBAN_STATION {
        "kanban"
    } else if t < FIRST_STORAGE_TYPE {
        "dispenser"
    } else {
        "storage"
    }
}

#[derive(Object, Clone, Debug)]
pub struct StationType {
    pub station_type: i32,
    pub name: String,
    pub description: String,
    /// dispenser (1-49), storage (50-99) or kanban (100).
    pub kind: String,
}

/// A crib station: storage or dispensing equipment at a site.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct Station {
    pub station_id: i64,
    pub site_id: i64,
    pub station_code: String,
    pub description: String,
    /// The equipment kind (GET /Crib/Station/Types).
    pub station_type: i32,
    pub station_type_name: String,
    pub location: Option<String>,
    pub serial_no: Option<String>,
    pub is_active: bool,
    /// Bins of the station; kanban bins for a kanban rack.
    pub bin_count: i64,
    /// Bins holding a CIP.
    pub used_bin_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for Station {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

page_type!(StationPage, Station, "resultList");

/// A bin of a station and the CIP it holds.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct StationBin {
    pub station_bin_id: i64,
    pub station_id: i64,
    pub site_id: i64,
    pub bin_code: String,
    pub capacity: Option<Quantity>,
    pub cip_no: Option<i64>,
    pub cip_code: Option<String>,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
}

impl kernel::records::SiteRecord for StationBin {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// A station with its bins (station bins, or for a kanban rack its kanban bins).
#[derive(Object, Clone, Debug)]
pub struct StationDetail {
    pub station: Station,
    pub bins: Vec<StationBin>,
    pub kanban_bins: Vec<KanbanBin>,
}

#[derive(Object, Clone, Debug, Default)]
pub struct StationSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub station_type: Option<i32>,
    pub is_active: Option<bool>,
    /// Station code starts with, or description contains.
    #[oai(validator(max_length = 100))]
    pub text: Option<String>,
}

/// A new station (POST, station_id absent) or a changed one (PUT, station_id given).
#[derive(Object, Clone, Debug)]
pub struct StationInput {
    pub station_id: Option<i64>,
    #[oai(validator(max_length = 40))]
    pub station_code: String,
    #[oai(validator(max_length = 200))]
    pub description: Option<String>,
    pub station_type: i32,
    #[oai(validator(max_length = 120))]
    pub location: Option<String>,
    #[oai(validator(max_length = 60))]
    pub serial_no: Option<String>,
    /// Default true.
    pub is_active: Option<bool>,
}

/// A changed bin (PUT): which bin, and its new values.
#[derive(Object, Clone, Debug)]
pub struct StationBinUpdate {
    pub station_bin_id: i64,
    pub station_id: i64,
    #[oai(validator(max_length = 40))]
    pub bin_code: String,
    pub capacity: Option<Quantity>,
}

impl From<&StationBinUpdate> for StationBinInput {
    fn from(u: &StationBinUpdate) -> Self {
        StationBinInput { station_bin_id: Some(u.station_bin_id), station_id: u.station_id, bin_code: u.bin_code.clone(), capacity: u.capacity }
    }
}

/// A new bin (POST, station_bin_id absent) or, converted from [`StationBinUpdate`], a changed one.
#[derive(Object, Clone, Debug)]
pub struct StationBinInput {
    pub station_bin_id: Option<i64>,
    pub station_id: i64,
    #[oai(validator(max_length = 40))]
    pub bin_code: String,
    pub capacity: Option<Quantity>,
}

/// A bin a CIP is assigned to, with its station.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct DispensingBin {
    pub station_bin_id: i64,
    pub station_id: i64,
    pub station_code: String,
    pub station_type: i32,
    pub station_active: bool,
    pub bin_code: String,
    pub capacity: Option<Quantity>,
}

/// Assigns a CIP to station bins (the full list; bins not listed are freed) and sets its dispensing flag.
#[derive(Object, Clone, Debug)]
pub struct DispensingUpdate {
    pub cip_no: i64,
    /// Dispensed by a device: needs at least one bin of a dispenser station.
    pub dispensing: bool,
    #[oai(validator(max_items = 50))]
    pub station_bin_ids: Vec<i64>,
}

#[derive(Object, Clone, Debug)]
pub struct Dispensing {
    pub cip_no: i64,
    pub dispensing: bool,
    pub bins: Vec<DispensingBin>,
}

/// Where a kit (the CIP, or a kit it is a child of) is dispensed.
#[derive(Object, FromRow, Clone, Debug)]
pub struct KitLocation {
    pub kit_cip_no: i64,
    pub kit_cip_code: String,
    pub station_bin_id: i64,
    pub station_id: i64,
    pub station_code: String,
    pub station_type: i32,
    pub bin_code: String,
}

/// The CIPs held by a station's bins.
#[derive(Object, Clone, Debug)]
pub struct StationCipsRequest {
    pub site_id: i64,
    pub station_id: i64,
}

#[derive(Object, FromRow, Clone, Debug)]
pub struct StationCip {
    pub station_bin_id: i64,
    pub bin_code: String,
    pub capacity: Option<Quantity>,
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub qty_on_hand: Quantity,
    pub status_id: i32,
    pub dispensing: bool,
}

// ---- kits

#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct KitChild {
    pub child_cip_no: i64,
    pub qty: Quantity,
    pub seq: i32,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub status_id: i32,
    pub qty_on_hand: Quantity,
}

/// A kit: a parent CIP whose CID is flagged kit, and its child CIPs with their quantities.
#[derive(Object, Clone, Debug)]
pub struct Kit {
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub status_id: i32,
    /// The CIP's CID is flagged kit (only such CIPs may have children).
    pub is_kit: bool,
    pub children: Vec<KitChild>,
}

#[derive(Object, FromRow, Clone, Debug)]
pub struct KitSummary {
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub status_id: i32,
    pub child_count: i64,
}

page_type!(KitPage, KitSummary, "resultList");

#[derive(Object, Clone, Debug, Default)]
pub struct KitSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// CIP code or customer part starts with.
    #[oai(validator(max_length = 100))]
    pub text: Option<String>,
}

#[derive(Object, Clone, Debug)]
pub struct KitChildInput {
    pub child_cip_no: i64,
    pub qty: Quantity,
}

/// The full list of a kit's children (replaces the stored list; empty removes them).
#[derive(Object, Clone, Debug)]
pub struct KitSave {
    pub cip_no: i64,
    #[oai(validator(max_items = 100))]
    pub children: Vec<KitChildInput>,
}

/// A kit a CIP is a child of.
#[derive(Object, FromRow, Clone, Debug)]
pub struct KitMembership {
    pub parent_cip_no: i64,
    pub parent_cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub qty: Quantity,
}

/// Is the CIP a kit child (and of which kits), is it a kit?
#[derive(Object, Clone, Debug)]
pub struct KitChildCheck {
    pub cip_no: i64,
    pub is_kit_child: bool,
    pub is_kit: bool,
    pub kits: Vec<KitMembership>,
}

// ---- kanban

/// A kanban bin of a Kanban CIP: its card (tool_code, scanned when the bin runs empty), quantity and state.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct KanbanBin {
    pub kanban_bin_id: i64,
    pub site_id: i64,
    pub cip_no: i64,
    pub station_id: Option<i64>,
    pub station_code: Option<String>,
    pub tool_code: String,
    pub bin_qty: Quantity,
    /// Full 1, Empty 2, Ordered 3.
    pub bin_status: i32,
    pub location: Option<String>,
    pub last_scan_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for KanbanBin {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

#[derive(Object, Clone, Debug)]
pub struct KanbanBinInput {
    pub cip_no: i64,
    /// A kanban rack (station of type Kanban 100) of the site.
    pub station_id: Option<i64>,
    #[oai(validator(max_length = 60))]
    pub tool_code: String,
    pub bin_qty: Quantity,
    #[oai(validator(max_length = 120))]
    pub location: Option<String>,
}

#[derive(Object, Clone, Debug)]
pub struct KanbanBinUpdate {
    pub kanban_bin_id: i64,
    pub station_id: Option<i64>,
    pub bin_qty: Quantity,
    /// Full 1, Empty 2, Ordered 3.
    pub bin_status: i32,
    #[oai(validator(max_length = 120))]
    pub location: Option<String>,
}

/// A new card for a kanban bin (a lost or worn card is reprinted; the old code no longer scans).
#[derive(Object, Clone, Debug)]
pub struct KanbanNewToolCode {
    pub kanban_bin_id: i64,
    #[oai(validator(max_length = 60))]
    pub new_tool_code: String,
}

/// The crib-device view of a CIP: its bins, kits and kanban bins.
#[derive(Object, Clone, Debug)]
pub struct CribMaster {
    pub cip_no: i64,
    pub cip_code: String,
    pub dispensing: bool,
    pub repl_type: i32,
    pub bins: Vec<DispensingBin>,
    pub kanban_bins: Vec<KanbanBin>,
    pub is_kit: bool,
    pub kit_children: Vec<KitChild>,
    pub kits: Vec<KitMembership>,
}
