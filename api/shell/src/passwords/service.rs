//! Rules of password changes: the password rule, the current password for self-service, the usual validity
//! period, and the end of the user's other sessions.

use chrono::{Duration as ChronoDuration, Utc};
use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::auth::password::{self, NewPassword};
use kernel::error::{ApiError, ApiResult};
use kernel::reach::Reach;
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{AdminPasswordChange, PasswordChange, PasswordChanged};
use super::repo;
use crate::auth::service::issue;
use crate::settings::model::Message;

const UPDATED: &str = "Password updated.";

const NOT_FOUND: &str = "The user you are trying to find does not exist.";

/// Changes a user's password and ends their other sessions. `keep_session` is the caller's own session when the user
/// changes their own password; another user's password set by an administrator is expired at once, so its owner
/// chooses a new one at the next sign-in (the administrator never knows the password in use).
async fn set_password(state: &AppState, actor: &Caller, target_user_id: i64, new_password: &NewPassword, keep_session: Option<&str>) -> ApiResult<()> {
    let hash = password::hash(new_password.as_str())?;
    let own = target_user_id == actor.user_id;
    let expires = if own { Utc::now() + ChronoDuration::days(state.settings.password_max_age_days) } else { Utc::now() };
    let mut tx = state.pool.begin().await?;
    if !own {
        // Only users within the administrator's reach (never provider staff, unless a provider administrator).
        Reach::of(&mut tx, actor).await?.require_user(&mut tx, target_user_id, NOT_FOUND).await?;
    }
    if !repo::set_password(&mut tx, target_user_id, &hash, expires).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    audit::record(
        &mut tx,
        Some(actor),
        AuditEntry {
            action: "password.change",
            entity: "asp_users",
            entity_id: target_user_id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({ "password_expiration_date": expires }),
        },
    )
    .await?;
    tx.commit().await?;
    state.sessions.revoke_all_for_user(target_user_id, keep_session).await?;
    Ok(())
}

/// Self-service change: checks the current password, applies the rule, keeps only the caller's session (no longer
/// marked expired) and answers a fresh token for it.
pub async fn change_own(state: &AppState, caller: &Caller, request: &PasswordChange) -> ApiResult<PasswordChanged> {
    if caller.impersonated_by().is_some() {
        return Err(ApiError::forbidden("A password cannot be changed while impersonating."));
    }
    let stored = {
        let mut conn = state.pool.acquire().await?;
        repo::password_hash(&mut conn, caller.user_id).await?
    };
    let mut problems = Problems::default();
    if !stored.as_deref().is_some_and(|h| password::verify(&request.current_password, h)) {
        problems.add("current_password", "currentPasswordIncorrect", "The current password is incorrect.");
    }
    let parsed = match NewPassword::parse(&request.password, &request.confirm_password) {
        Ok(p) => Some(p),
        Err(e) => {
            problems.push(e);
            None
        }
    };
    if request.current_password == request.password && problems.is_empty() {
        problems.add("password", "passwordReused", "The new password must differ from the current one.");
    }
    let new_password = match parsed {
        Some(p) if problems.is_empty() => p,
        _ => return Err(ApiError::validation(problems.0)),
    };
    set_password(state, caller, caller.user_id, &new_password, Some(&caller.session.session_id)).await?;
    let mut session = caller.session.clone();
    session.password_expired = false;
    state.sessions.save(&session).await?;
    let issued = issue(state, session)?;
    Ok(PasswordChanged { message: UPDATED.to_owned(), token: issued.into() })
}

/// An administrator sets the password of a user within reach (their own session survives when it is their own);
/// the user must change it at the next sign-in and every session of the user ends.
pub async fn change_for_user(state: &AppState, caller: &Caller, request: &AdminPasswordChange) -> ApiResult<Message> {
    let new_password = NewPassword::parse(&request.password, &request.confirm_password).map_err(|e| ApiError::validation(vec![e]))?;
    let keep = (request.asp_users_id == caller.user_id).then_some(caller.session.session_id.as_str());
    set_password(state, caller, request.asp_users_id, &new_password, keep).await?;
    Ok(Message::new(UPDATED))
}
