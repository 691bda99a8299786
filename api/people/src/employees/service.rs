//! Rules of the employee resource.

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::records;
use kernel::state::AppState;
use kernel::Perm;
use tenancy::SiteScope;

use super::model::Employee;
use super::repo;

pub const READ: &[Perm] = &[Perm::EmpView];
pub const NOT_FOUND: &str = "The employee you are trying to find does not exist.";

/// The employee `id` of the caller's client, if the caller may use its site with [`READ`].
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Employee> {
    let (_, record) = records::load_visible(state, caller, scope, READ, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    Ok(record)
}
