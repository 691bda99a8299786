//! Operations of RFQ vendors (spec 4 section 7, VND-024). The vendor rule and the caller's vendor restrictions
//! apply as to every read of a vendor: an RFQ vendor whose vendor they hide answers 404.

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

use super::model::VendorMinRfq;
use super::service;

pub struct RfqVendorApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Vendor")]
impl RfqVendorApi {
    /// The vendor of an RFQ, its minimal view
    ///
    /// An RFQ vendor (rfq_vendor_id) of the current site: the vendor's code, name, contact (the RFQ's, else the site's
    /// vendor record's, else the vendor's), address line, currency and hidden flag, with the RFQ and this vendor's
    /// RFQ status. Another site's or client's RFQ vendor, or a vendor the vendor rule or the caller's restrictions
    /// hide, answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Vendor/Min/RFQ/:rfqVendorId", method = "get", operation_id = "vendorGetMinRFQByRfqVendorId")]
    async fn min_rfq(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, #[oai(name = "rfqVendorId")] rfq_vendor_id: Path<i64>) -> ApiResult<Json<VendorMinRfq>> {
        Ok(Json(service::get(&state, &caller, &scope, rfq_vendor_id.0).await?))
    }
}
