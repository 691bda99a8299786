//! Sign-in rules, independent of HTTP.

use chrono::{DateTime, Duration as ChronoDuration, Utc};
use serde_json::json;
use sqlx::{FromRow, PgPool};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::auth::password::{self, NewPassword};
use kernel::auth::session::Session;
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::state::AppState;

pub const BAD_CREDENTIALS: &str = "Invalid username or password.";

#[derive(Debug, FromRow)]
struct LoginRow {
    asp_users_id: i64,
    password_hash: Option<String>,
    is_active: bool,
    is_locked: bool,
    locked_until: Option<DateTime<Utc>>,
    failed_login_count: i32,
    password_expiration_date: Option<DateTime<Utc>>,
}

/// An issued access token.
pub struct IssuedToken {
    pub access_token: String,
    pub expires_in: u64,
    pub session: Session,
}

pub fn issue(state: &AppState, session: Session) -> ApiResult<IssuedToken> {
    let access_token = state.tokens.issue(session.user_id, &session.session_id).map_err(ApiError::internal)?;
    Ok(IssuedToken { access_token, expires_in: state.tokens.lifetime_seconds, session })
}

/// The site a new session starts in: the stored current site if still available, else the first available one.
pub async fn starting_site(pool: &PgPool, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "select s.site_id from asp.user_site us join asp.site s using (site_id)
         join asp.asp_users u on u.asp_users_id = us.asp_users_id
         where us.asp_users_id = $1 and s.is_active
         order by (s.site_id = u.current_site_id) desc, s.site_code limit 1",
    )
    .bind(user_id)
    .fetch_optional(pool)
    .await
}

pub async fn password_expired(pool: &PgPool, user_id: i64) -> Result<bool, sqlx::Error> {
    let exp: Option<Option<DateTime<Utc>>> =
        sqlx::query_scalar("select password_expiration_date from asp.asp_users where asp_users_id = $1")
            .bind(user_id)
            .fetch_optional(pool)
            .await?;
    Ok(exp.flatten().is_some_and(|d| d <= Utc::now()))
}

/// Opens a session for a user who proved who they are (password or OpenID Connect).
pub async fn open_session(state: &AppState, user_id: i64, expired: bool) -> ApiResult<IssuedToken> {
    let site = starting_site(&state.pool, user_id).await?;
    let session = state.sessions.create(user_id, site, expired, None).await?;
    issue(state, session)
}

/// Local sign-in. Every failure answers the same message, whether the user exists or not; repeated failures lock
/// the account for a while (the lock is silent, so it tells an attacker nothing either).
pub async fn login(state: &AppState, username: &str, password_text: &str) -> ApiResult<IssuedToken> {
    let row: Option<LoginRow> = sqlx::query_as(
        "select asp_users_id, password_hash, is_active, is_locked, locked_until, failed_login_count, password_expiration_date
         from asp.asp_users where lower(user_id) = lower($1)",
    )
    .bind(username.trim())
    .fetch_optional(&state.pool)
    .await?;
    let Some(user) = row else {
        // Spend the same time as a real check.
        let _ = password::verify(password_text, password::dummy_hash());
        return Err(ApiError::unauthorized(BAD_CREDENTIALS));
    };
    let now = Utc::now();
    let temporarily_locked = user.locked_until.is_some_and(|t| t > now);
    let hash = user.password_hash.as_deref().unwrap_or_else(|| password::dummy_hash());
    let password_ok = password::verify(password_text, hash) && user.password_hash.is_some();
    if !password_ok || temporarily_locked {
        if !password_ok {
            let failures = user.failed_login_count + 1;
            let lock = failures >= state.settings.max_login_failures;
            let mut tx = state.pool.begin().await?;
            sqlx::query(
                "update asp.asp_users set failed_login_count = case when $2 then 0 else $3 end,
                     locked_until = case when $2 then now() + make_interval(secs => $4) else locked_until end
                 where asp_users_id = $1",
            )
            .bind(user.asp_users_id)
            .bind(lock)
            .bind(failures)
            .bind(state.settings.lockout_seconds as f64)
            .execute(&mut *tx)
            .await?;
            audit::record_as(
                &mut tx,
                None,
                Some(user.asp_users_id),
                AuditEntry {
                    action: if lock { "login.locked" } else { "login.failed" },
                    entity: "asp_users",
                    entity_id: user.asp_users_id.to_string(),
                    client_id: None,
                    site_id: None,
                    changes: json!({ "failed_login_count": if lock { 0 } else { failures } }),
                },
            )
            .await?;
            tx.commit().await?;
        }
        return Err(ApiError::unauthorized(BAD_CREDENTIALS));
    }
    if !user.is_active || user.is_locked {
        return Err(ApiError::unauthorized(BAD_CREDENTIALS));
    }
    let mut tx = state.pool.begin().await?;
    sqlx::query("update asp.asp_users set failed_login_count = 0, locked_until = null where asp_users_id = $1")
        .bind(user.asp_users_id)
        .execute(&mut *tx)
        .await?;
    audit::record_as(
        &mut tx,
        Some(user.asp_users_id),
        Some(user.asp_users_id),
        AuditEntry { action: "login", entity: "asp_users", entity_id: user.asp_users_id.to_string(), client_id: None, site_id: None, changes: json!({}) },
    )
    .await?;
    tx.commit().await?;
    let expired = user.password_expiration_date.is_some_and(|d| d <= now);
    open_session(state, user.asp_users_id, expired).await
}

/// Changes a user's password and ends their other sessions. `keep_session` is the caller's own session when the user
/// changes their own password.
pub async fn set_password(
    state: &AppState,
    actor: &Caller,
    target_user_id: i64,
    new_password: &NewPassword,
    keep_session: Option<&str>,
) -> ApiResult<()> {
    let hash = password::hash(new_password.as_str())?;
    let expires = Utc::now() + ChronoDuration::days(state.settings.password_max_age_days);
    let mut tx = state.pool.begin().await?;
    let updated = sqlx::query(
        "update asp.asp_users set password_hash = $2, password_expiration_date = $3, failed_login_count = 0,
             locked_until = null, updated_at = now() where asp_users_id = $1",
    )
    .bind(target_user_id)
    .bind(&hash)
    .bind(expires)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(ApiError::not_found("The user you are trying to find does not exist."));
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

/// Self-service change: checks the current password, applies the rule, keeps only the caller's session.
pub async fn change_own_password(
    state: &AppState,
    caller: &Caller,
    current: &str,
    new_password: &str,
    confirm: &str,
) -> ApiResult<IssuedToken> {
    if caller.impersonated_by().is_some() {
        return Err(ApiError::forbidden("A password cannot be changed while impersonating."));
    }
    let stored: Option<String> =
        sqlx::query_scalar("select password_hash from asp.asp_users where asp_users_id = $1")
            .bind(caller.user_id)
            .fetch_optional(&state.pool)
            .await?
            .flatten();
    let mut errors: Vec<ValidationError> = Vec::new();
    if !stored.as_deref().is_some_and(|h| password::verify(current, h)) {
        errors.push(ValidationError::new("current_password", "currentPasswordIncorrect", "The current password is incorrect."));
    }
    let parsed = NewPassword::parse(new_password, confirm);
    if let Err(e) = &parsed {
        errors.push(e.clone());
    }
    if current == new_password && errors.is_empty() {
        errors.push(ValidationError::new("password", "passwordReused", "The new password must differ from the current one."));
    }
    let new_password = match parsed {
        Ok(p) if errors.is_empty() => p,
        _ => return Err(ApiError::validation(errors)),
    };
    set_password(state, caller, caller.user_id, &new_password, Some(&caller.session.session_id)).await?;
    let mut session = caller.session.clone();
    session.password_expired = false;
    state.sessions.save(&session).await?;
    issue(state, session)
}

/// Starts acting as another user. Provider staff can only be impersonated by an FSSConnectAdmin, so support staff
/// cannot borrow a colleague's wider rights.
pub async fn impersonate(state: &AppState, caller: &Caller, target_user_id: i64) -> ApiResult<IssuedToken> {
    if caller.impersonated_by().is_some() {
        return Err(ApiError::bad_request("Stop the current impersonation first."));
    }
    if target_user_id == caller.user_id {
        return Err(ApiError::bad_request("You cannot impersonate yourself."));
    }
    let target: Option<(bool, bool)> =
        sqlx::query_as("select fss_employee, is_active from asp.asp_users where asp_users_id = $1")
            .bind(target_user_id)
            .fetch_optional(&state.pool)
            .await?;
    let Some((target_is_staff, active)) = target else {
        return Err(ApiError::not_found("The user you are trying to find does not exist."));
    };
    if !active {
        return Err(ApiError::bad_request("This user is not active."));
    }
    if target_is_staff && !caller.holds(kernel::Perm::FSSConnectAdmin) {
        return Err(ApiError::forbidden("Only an administrator can impersonate provider staff."));
    }
    let site = starting_site(&state.pool, target_user_id).await?;
    let session = state
        .sessions
        .create(target_user_id, site, false, Some((caller.user_id, caller.session.session_id.clone())))
        .await?;
    let mut tx = state.pool.begin().await?;
    audit::record_as(
        &mut tx,
        Some(caller.user_id),
        Some(target_user_id),
        AuditEntry {
            action: "impersonation.start",
            entity: "asp_users",
            entity_id: target_user_id.to_string(),
            client_id: None,
            site_id: site,
            changes: json!({ "impersonator": caller.user_id }),
        },
    )
    .await?;
    tx.commit().await?;
    issue(state, session)
}

/// Ends impersonation and returns to the support user's own session.
pub async fn stop_impersonating(state: &AppState, caller: &Caller) -> ApiResult<IssuedToken> {
    let (Some(support_user), Some(parent)) = (caller.session.impersonator_id, caller.session.parent_session_id.clone()) else {
        return Err(ApiError::bad_request("You are not impersonating anyone."));
    };
    state.sessions.revoke(&caller.session.session_id).await?;
    let mut tx = state.pool.begin().await?;
    audit::record_as(
        &mut tx,
        Some(support_user),
        Some(caller.user_id),
        AuditEntry {
            action: "impersonation.stop",
            entity: "asp_users",
            entity_id: caller.user_id.to_string(),
            client_id: None,
            site_id: caller.current_site_id(),
            changes: json!({}),
        },
    )
    .await?;
    tx.commit().await?;
    let parent_session = state
        .sessions
        .touch(&parent)
        .await?
        .ok_or_else(|| ApiError::unauthorized("Your own session has expired; sign in again."))?;
    issue(state, parent_session)
}
