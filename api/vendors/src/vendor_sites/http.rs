//! Operations of the vendor site resource (docs/vendor-sites.md).

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

use super::model::*;
use super::service;

pub struct VendorSiteApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Vendor", tag = "ApiTags::Vendor")]
impl VendorSiteApi {
    /// A vendor's record at a site
    ///
    /// `site` is a site id (digits) or a site code; `code` the vendor code. A site the caller may not use, another
    /// client's site, or a vendor the vendor rule does not show at the site answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/VendorSite/:site/:code", method = "get", operation_id = "vendorGetVendorSiteBySiteAndCode")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site: Path<String>, code: Path<String>) -> ApiResult<Json<VendorSite>> {
        Ok(Json(service::by_site_and_code(&state, &caller, &scope, &site.0, &code.0).await?))
    }

    /// Vendor site search
    ///
    /// A vendor's sites (`vend_code`) or a site's vendors (`site_id`), over the sites of the current client where
    /// the caller may view vendors. Sortable: vend_code, vend_name, siteCode, preferred, contact_name,
    /// vendor_cust_account, updated_at.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/VendorSite/Search", method = "post", operation_id = "vendorPostVendorSiteSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorSiteSearchRequest>) -> ApiResult<Json<VendorSitePage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }

    /// Change a vendor site
    ///
    /// Replaces the site's fields of the vendor site (what is not sent is cleared). Audited with before and after.
    #[requires(EditVendorSite, errors(404))]
    #[oai(path = "/VendorSite/Update", method = "post", operation_id = "vendorPostVendorSiteUpdate")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorSiteUpdate>) -> ApiResult<Json<VendorSiteSaved>> {
        Ok(Json(service::update(&state, &caller, &scope, &body).await?))
    }

    /// Add a vendor site
    ///
    /// The vendor (by code) must be one the vendor rule shows at the site (400 otherwise); a vendor has one vendor
    /// site per site (409).
    #[requires(EditVendorSite, errors(404, 409))]
    #[oai(path = "/VendorSite/Insert", method = "post", operation_id = "vendorPostVendorSiteInsert")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorSiteInsert>) -> ApiResult<Json<VendorSiteSaved>> {
        Ok(Json(service::insert(&state, &caller, &scope, &body).await?))
    }

    /// Apply a change at every site
    ///
    /// The fields given (an empty text clears the field) are applied to the vendor's vendor site at every site of
    /// the current client where the caller may edit vendor sites, in one transaction; sites the caller may not edit
    /// are never touched. Answers the sites changed; 404 when there is none.
    #[requires(EditVendorSite, errors(404))]
    #[oai(path = "/VendorSite/UpdateAllSites", method = "post", operation_id = "vendorPostVendorSiteUpdateAllSites")]
    async fn update_all(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VendorSiteUpdateAll>) -> ApiResult<Json<UpdateAllSitesAnswer>> {
        Ok(Json(service::update_all_sites(&state, &caller, &scope, &body).await?))
    }
}
