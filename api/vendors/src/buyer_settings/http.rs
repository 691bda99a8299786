//! Operations of the vendor buyer settings (docs/vendor-sites.md).

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::*;
use super::service;

pub struct BuyerSettingsApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Vendor", tag = "ApiTags::Vendor")]
impl BuyerSettingsApi {
    /// Vendor buyer settings search
    ///
    /// Which buyer handles which vendor at the current client: by buyer (`asp_users_id`), vendor (`vend_code`) or
    /// text. Sortable: vend_code, vend_name, buyer, buyer_name, fname, lname.
    #[requires(ViewVendors)]
    #[oai(path = "/VendorDetail/VendorBuyerSettings/Search", method = "post", operation_id = "vendorPostVendorDetailVendorBuyerSettingsSearch")]
    async fn search(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<VendorBuyerSettingsSearchRequest>) -> ApiResult<Json<VendorBuyerSettingsPage>> {
        Ok(Json(service::search(&state, &scope, &body).await?))
    }

    /// Set the vendors a buyer handles
    ///
    /// Replaces the buyer's vendors at the current client with `vend_codes` (an empty list removes them all). The
    /// user must hold the Buyer permission at a site of the client; every code must be a vendor the vendor rule shows
    /// at the current site. Answers what was added and removed and the buyer's vendors after the change.
    #[requires(EditVendorSite)]
    #[oai(path = "/VendorDetail/BuyerSettingsVendors", method = "post", operation_id = "vendorPostVendorDetailBuyerSettingsVendors")]
    async fn set_vendors(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<BuyerSettingsVendors>) -> ApiResult<Json<BuyerSettingsVendorsSaved>> {
        Ok(Json(service::set_vendors(&state, &caller, &scope, &body).await?))
    }
}
