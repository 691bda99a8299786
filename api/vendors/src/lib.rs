//! Vendors, manufacturers, shared vendors and their cost catalogues (spec 4). Today: the vendor lookup by id; the
//! shared vendor cost catalogues, their import and the cost review (docs/costs.md).

pub mod cost_import;
pub mod cost_review;
pub mod costs;
pub mod vendors;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (vendors::http::VendorApi, CostApis);

/// The cost catalogue's API types, nested so the area's tuple stays below poem-openapi's limit.
pub type CostApis = (costs::http::CostApi, cost_import::http::CostImportApi, cost_review::http::CostReviewApi);

/// The home tile counts this area answers (the binary registers them; see `kernel::tiles`).
pub fn tiles() -> Vec<std::sync::Arc<dyn kernel::tiles::TileCount>> {
    vec![std::sync::Arc::new(cost_review::service::CostReviewTile)]
}
