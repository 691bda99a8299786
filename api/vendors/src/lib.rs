//! Vendors, manufacturers, shared vendors and their cost catalogues (spec 4): client-tier vendors with their blocks,
//! searches, the vendor rule at a site and a user's vendor restrictions (docs/vendors.md); vendor sites, approved
//! vendors and vendor buyer settings (docs/vendor-sites.md); shared vendors and their child records
//! (docs/shared-vendors.md); the shared vendor cost catalogues, their import and the cost review (docs/costs.md).

pub mod approved_vendors;
pub mod buyer_settings;
pub mod cost_import;
pub mod cost_review;
pub mod costs;
pub mod rfq_vendors;
pub mod shared_vendor_children;
pub mod shared_vendors;
pub mod vendor_sites;
pub mod vendors;

/// This area's API types (see `kernel::ApiSet`), nested by part so each tuple stays below poem-openapi's limit.
pub type Apis = (VendorApis, SharedVendorApis, CostApis);

/// Vendors, their RFQ vendors, their sites, approved vendors and buyer settings.
pub type VendorApis = (
    vendors::http::VendorApi,
    rfq_vendors::http::RfqVendorApi,
    vendor_sites::http::VendorSiteApi,
    approved_vendors::http::ApprovedVendorApi,
    buyer_settings::http::BuyerSettingsApi,
);

/// Shared vendors and their child records.
pub type SharedVendorApis = (shared_vendors::http::SharedVendorApi, shared_vendor_children::http::SharedVendorChildApi);

/// The cost catalogue's API types.
pub type CostApis = (costs::http::CostApi, cost_import::http::CostImportApi, cost_review::http::CostReviewApi);

/// The home tile counts this area answers (the binary registers them; see `kernel::tiles`).
pub fn tiles() -> Vec<std::sync::Arc<dyn kernel::tiles::TileCount>> {
    vec![std::sync::Arc::new(cost_review::service::CostReviewTile)]
}
