//! Rules of the API switch.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::ApiResult;
use kernel::state::AppState;

use super::model::ApiEnabled;
use super::repo;

pub async fn is_enabled(state: &AppState) -> ApiResult<ApiEnabled> {
    Ok(ApiEnabled { is_enabled: state.sessions.api_enabled().await? })
}

/// Records and audits the change, then flips the switch the guard reads.
pub async fn set_enabled(state: &AppState, caller: &Caller, enabled: bool) -> ApiResult<ApiEnabled> {
    let mut tx = state.pool.begin().await?;
    repo::set_status(&mut tx, enabled, caller.real_user_id).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: if enabled { "api.enable" } else { "api.disable" }, entity: "api_status", entity_id: "1".to_owned(), client_id: None, site_id: None, changes: json!({"is_enabled": enabled}) },
    )
    .await?;
    tx.commit().await?;
    state.sessions.set_api_enabled(enabled).await?;
    Ok(ApiEnabled { is_enabled: enabled })
}
