//! Rules of RFQ vendors: an RFQ vendor of the current site is read as its vendor is, through the caller's view of
//! vendors at the site (the vendor rule and the caller's vendor restrictions).

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use super::model::VendorMinRfq;
use super::repo;
use crate::vendors::service::sight;

pub const NOT_FOUND: &str = "The RFQ vendor you are trying to find does not exist.";

/// The vendor of RFQ vendor `rfq_vendor_id` of the current site (VND-024). Another site's or client's RFQ vendor, or
/// one whose vendor the vendor rule or the caller's restrictions hide, answers 404.
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, rfq_vendor_id: i64) -> ApiResult<VendorMinRfq> {
    let sight = sight(caller, scope);
    let mut tx = scope.begin(&state.pool).await?;
    repo::find(&mut tx, rfq_vendor_id, sight.site_id, sight.restricted_user, sight.client_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}
