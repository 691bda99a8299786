//! Rules of device tokens: issued at the administrator's current site for one of its stations or a named device,
//! shown once, stored hashed, revoked for good. Every change is audited.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use kernel::access::{device_token_hash, Caller};
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::notify::{types, Notice};
use kernel::state::AppState;
use kernel::validate::Problems;
use rand::RngCore;
use tenancy::{SiteScope, TenantTx};

use super::model::{DeviceToken, DeviceTokenInput, IssuedDeviceToken};
use super::repo::{self, NewToken};

const NOT_FOUND: &str = "Device token not found.";
/// Every token starts with this, so a token pasted into the wrong place is recognisable (and secret scanners can
/// match it).
const PREFIX: &str = "aspdev_";

/// A new random token: 256 bits, base64url.
fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes))
}

async fn audit(tx: &mut TenantTx, caller: &Caller, action: &str, token: &DeviceToken) -> ApiResult<()> {
    let entry = AuditEntry {
        action,
        entity: "device_token",
        entity_id: token.device_token_id.to_string(),
        client_id: Some(tx.scope().client_id()),
        site_id: Some(token.site_id),
        changes: audit::snapshot(token),
    };
    audit::record(tx, Some(caller), entry).await?;
    Ok(())
}

pub async fn list(state: &AppState, scope: &SiteScope) -> ApiResult<Vec<DeviceToken>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::list(&mut conn, scope.site_id()).await?)
}

pub async fn issue(state: &AppState, caller: &Caller, scope: &SiteScope, input: &DeviceTokenInput) -> ApiResult<IssuedDeviceToken> {
    let mut problems = Problems::default();
    let name = input.device_name.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned);
    if input.station_id.is_none() && name.is_none() {
        problems.add("device_name", "required", "Name the device or choose its station.");
    }
    problems.check()?;
    let mut tx = scope.begin(&state.pool).await?;
    let device_name = match input.station_id {
        Some(station_id) => {
            let code = repo::active_station_code(&mut tx, station_id)
                .await?
                .ok_or_else(|| ApiError::invalid("station_id", "invalid", "The station does not exist at this site or is inactive."))?;
            name.unwrap_or(code)
        }
        None => name.unwrap_or_default(),
    };
    let token = new_token();
    let hash = device_token_hash(&token);
    let prefix: String = token.chars().take(PREFIX.len() + 6).collect();
    let id = repo::insert(
        &mut tx,
        &NewToken {
            site_id: scope.site_id(),
            station_id: input.station_id,
            device_name: &device_name,
            token_hash: &hash,
            token_prefix: &prefix,
            created_by: caller.user_id,
            valid_days: input.valid_days,
        },
    )
    .await?;
    let saved = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("inserted device token vanished"))?;
    audit(&mut tx, caller, "device_token.issue", &saved).await?;
    tx.commit().await?;
    Ok(IssuedDeviceToken { token, device_token: saved })
}

/// Revokes a token of the current site (another site's: 404). Revoking a revoked token answers it unchanged.
pub async fn revoke(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<DeviceToken> {
    let mut tx = scope.begin(&state.pool).await?;
    let before = repo::find(&mut tx, id).await?.filter(|t| t.site_id == scope.site_id()).ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if before.revoked_at.is_some() {
        return Ok(before);
    }
    repo::revoke(&mut tx, id, caller.user_id).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    audit(&mut tx, caller, "device_token.revoke", &after).await?;
    // The site's device administrators hear of it: a device stops reporting from now on.
    let notice = Notice {
        type_id: types::DEVICE_TOKEN_REVOKED,
        subject: format!("Device token revoked: {}", after.device_name),
        text: format!(
            "The token {}... of device {} was revoked by {}. The device is refused until it is given a new token.",
            after.token_prefix,
            after.device_name,
            after.revoked_by.as_deref().unwrap_or("an administrator")
        ),
        link: Some("/crib/deviceTokens".to_owned()),
        created_by: Some(caller.user_id),
        ..Notice::default()
    };
    kernel::notify::raise(&mut tx, &notice).await?;
    tx.commit().await?;
    Ok(after)
}
