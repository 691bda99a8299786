//! Operations of the approved vendor resource (docs/vendor-sites.md).

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::*;
use super::service;

pub struct ApprovedVendorApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Vendor", tag = "ApiTags::Vendor")]
impl ApprovedVendorApi {
    /// Approve a vendor for a manufacturer at a site
    ///
    /// `mfg_code` of the item master; the vendor must be one the vendor rule shows at the site (400 otherwise); the
    /// same link twice answers 409. The site is the current one unless `site_id` names another site of the caller.
    #[requires(ApprovedVendorEdit, errors(404, 409))]
    #[oai(path = "/InsertApprovedVendor", method = "post", operation_id = "vendorPostInsertApprovedVendor")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ApprovedVendorInput>) -> ApiResult<Json<ApprovedVendorSaved>> {
        Ok(Json(service::insert(&state, &caller, &scope, &body).await?))
    }

    /// Approve several vendors
    ///
    /// All or nothing: any row's problem (unknown manufacturer, vendor not shown at the site, a link that exists or
    /// is repeated) answers 400 with every problem named by row (`items[2].vend_code`) and adds nothing.
    #[requires(ApprovedVendorEdit, errors(404))]
    #[oai(path = "/InsertApprovedVendors", method = "post", operation_id = "vendorPostInsertApprovedVendors")]
    async fn insert_many(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ApprovedVendorsInput>) -> ApiResult<Json<ApprovedVendorsSaved>> {
        Ok(Json(service::insert_many(&state, &caller, &scope, &body).await?))
    }

    /// Remove several approved vendors
    ///
    /// All or nothing: an id the caller may not change (another site's or client's, unknown) answers 404.
    #[requires(ApprovedVendorEdit, errors(404))]
    #[oai(path = "/RemoveApprovedVendors", method = "post", operation_id = "vendorPostRemoveApprovedVendors")]
    async fn remove_many(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ApprovedVendorsRemove>) -> ApiResult<Json<ApprovedVendorsRemoved>> {
        Ok(Json(service::remove_many(&state, &caller, &scope, &body).await?))
    }

    /// Remove an approved vendor
    #[requires(ApprovedVendorEdit, errors(404))]
    #[oai(path = "/RemoveApprovedVendor", method = "delete", operation_id = "vendorDeleteRemoveApprovedVendor")]
    async fn remove(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, manufacturer_vendor_id: Query<i64>) -> ApiResult<Json<ApprovedVendorsRemoved>> {
        Ok(Json(service::remove(&state, &caller, &scope, manufacturer_vendor_id.0).await?))
    }

    /// Approved vendor search
    ///
    /// One site (`site_id`) or every site of the current client where the caller may view vendors; by manufacturer
    /// and vendor. Sortable: mfg_code, mfg_name, vend_code, vend_name, siteCode, created_at.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/ApprovedVendors/Search", method = "post", operation_id = "vendorPostApprovedVendorsSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ApprovedVendorSearchRequest>) -> ApiResult<Json<ApprovedVendorPage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }

    /// The approved vendors of an item
    ///
    /// `cip_no` (a CIP of the current site) or `item_id` (the item master): the approved vendors of the item's
    /// manufacturer at the current site.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/ApprovedVendors/Item", method = "post", operation_id = "vendorPostApprovedVendorsItem")]
    async fn item(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<ApprovedVendorsItemRequest>) -> ApiResult<Json<ItemApprovedVendors>> {
        Ok(Json(service::for_item(&state, &scope, &body).await?))
    }

    /// The approved vendors of a manufacturer at a site
    ///
    /// `site` is a site id (digits) or a site code of the caller's current client (404 otherwise).
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/ApprovedVendors/MFG/:mfg/SITE/:site", method = "get", operation_id = "vendorGetApprovedVendorsMFGSITEByMfgAndSite")]
    async fn of_manufacturer(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, mfg: Path<String>, site: Path<String>) -> ApiResult<Json<Vec<ApprovedVendor>>> {
        Ok(Json(service::of_manufacturer(&state, &caller, &scope, &mfg.0, &site.0).await?))
    }

    /// Copy approved vendors to other sites
    ///
    /// From `from_site_id` (one manufacturer's with `mfg_code`, else all) to `to_site_id`/`to_site_ids`, in one
    /// transaction. Every target must be a site where the caller may change approved vendors (404 otherwise, nothing
    /// copied); links whose vendor the vendor rule does not show at a target are reported per site, not copied;
    /// links a target has already are kept.
    #[requires(ApprovedVendorEdit, errors(404))]
    #[oai(path = "/CopyApproved", method = "post", operation_id = "vendorPostCopyApproved")]
    async fn copy(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<CopyApprovedRequest>) -> ApiResult<Json<CopyApprovedAnswer>> {
        Ok(Json(service::copy(&state, &caller, &scope, &body).await?))
    }

    /// Should switching an item's vendor warn?
    ///
    /// Path: `a` the site (id or code), `b` the CIP number at that site, `c` the new vendor code. `warn` is true when
    /// the item's manufacturer has approved vendors at the site and the new vendor is not one of them; `message` is
    /// the text to show.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/CheckIfWarnAVOnVendorSwitch/:a/:b/:c", method = "get", operation_id = "vendorGetCheckIfWarnAVOnVendorSwitchByAAndBAndC")]
    async fn switch_warning(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, a: Path<String>, b: Path<String>, c: Path<String>) -> ApiResult<Json<ApprovedVendorSwitchWarning>> {
        Ok(Json(service::switch_warning(&state, &caller, &scope, &a.0, &b.0, &c.0).await?))
    }
}
