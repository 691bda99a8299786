//! The item master (spec 3, ItemMaster; ../shared/design/domain.md sections 1 and 2): the provider's one catalogue
//! of manufacturer parts for every client, with brands, manufacturers, commodity and hazardous codes. Shared schema
//! `asp`; no tenant scope, except where an operation shows what a site has of an item (docs/item-master.md).

pub mod brands;
pub mod commodity_codes;
pub mod hazardous_codes;
pub mod items;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (
    items::http::ItemMasterApi,
    brands::http::BrandApi,
    commodity_codes::http::CommodityCodeApi,
    hazardous_codes::http::HazardousCodeApi,
);
