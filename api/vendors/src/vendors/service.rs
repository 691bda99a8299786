//! Rules of the vendor resource.

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::records;
use kernel::state::AppState;
use kernel::Perm;
use tenancy::SiteScope;

use super::model::Vendor;
use super::repo;

pub const READ: &[Perm] = &[Perm::ViewVendors];
pub const NOT_FOUND: &str = "The vendor you are trying to find does not exist.";

/// The vendor `id` of the caller's client, if the caller may use its site with [`READ`].
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Vendor> {
    let (_, record) = records::load_visible(state, caller, scope, READ, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    Ok(record)
}
