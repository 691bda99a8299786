//! Rules of punch-in locations: only sites the caller may use; selecting a location moves the session to the site
//! it maps to (which punch-in users may not otherwise do).

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

use super::model::{PunchinLocation, PunchinSelect};
use super::repo;
use crate::context;
use crate::context::model::UserContext;

/// The request names a site: the current one (the guard checked it) or another one the authorizer must confirm.
async fn check_available(state: &AppState, caller: &Caller, site_id: i64) -> ApiResult<()> {
    if caller.current_site_id() == Some(site_id) && caller.site.is_some() {
        return Ok(());
    }
    if state.authz.is_available(caller.user_id, site_id).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden("You do not have access to this site."))
    }
}

pub async fn locations(state: &AppState, caller: &Caller, site_id: i64) -> ApiResult<Vec<PunchinLocation>> {
    check_available(state, caller, site_id).await?;
    let mut conn = state.pool.acquire().await?;
    Ok(repo::of_site(&mut conn, site_id).await?)
}

/// Stores the caller's location and moves the session to the location's site; answers the new context.
pub async fn select(state: &AppState, caller: &Caller, request: &PunchinSelect) -> ApiResult<UserContext> {
    check_available(state, caller, request.site_id).await?;
    let target = {
        let mut conn = state.pool.acquire().await?;
        repo::target_site(&mut conn, request.customer_punchin_location_id, request.site_id).await?
    };
    let Some(target) = target else {
        return Err(ApiError::invalid("customer_punchin_location_id", "invalid", "Please enter a valid value for Location"));
    };
    let mut tx = state.pool.begin().await?;
    repo::set_user_location(&mut tx, caller.user_id, request.customer_punchin_location_id).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "punchin_location.select",
            entity: "asp_users",
            entity_id: caller.user_id.to_string(),
            client_id: None,
            site_id: Some(target),
            changes: json!({"customer_punchin_location_id": request.customer_punchin_location_id}),
        },
    )
    .await?;
    tx.commit().await?;
    let caller = context::service::change_site(state, caller, target, true).await?;
    context::service::build(state, &caller).await
}
