//! Items and stock locations (spec 3): the item master, CID and CIP, locations, custom fields, files and crib
//! devices. Today: the CIP lookup by id.

pub mod cids;
pub mod cips;
pub mod custom_fields;
pub mod devices;
pub mod item_search;
pub mod location_segments;
pub mod locations;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = ((cips::http::CipApi, cips::http::CipSearchApi, cips::http::CipWriteApi, locations::http::LocationApi, location_segments::http::LocationSegmentApi, devices::http::DeviceCipApi, devices::http::StationApi), item_search::http::ItemSearchApi, custom_fields::http::CustomFieldApi, cids::http::CidApi, cids::http::CidV2Api);
