//! Sign-in rules: local sign-in and lockout, sessions and tokens, single sign-on, impersonation.

use chrono::Utc;
use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::auth::oidc::{OidcIdentity, PendingLogin};
use kernel::auth::password;
use kernel::auth::session::{self, Session};
use kernel::error::{ApiError, ApiResult};
use kernel::reach;
use kernel::state::AppState;
use kernel::Perm;

use super::model::{AuthConfig, SessionInfo, TokenResponse};
use super::repo;

pub const BAD_CREDENTIALS: &str = "Invalid username or password.";
const SSO_NOT_CONFIGURED: &str = "Single sign-on is not configured.";
const BAD_SSO_CODE: &str = "The sign-in code is invalid or expired.";
const USER_NOT_FOUND: &str = "The user you are trying to find does not exist.";

/// Provider staff can only be impersonated by holders of this permission, so support staff cannot borrow a
/// colleague's wider rights.
const IMPERSONATE_STAFF: Perm = Perm::FSSConnectAdmin;

/// An issued access token.
pub struct IssuedToken {
    pub access_token: String,
    pub expires_in: u64,
    pub session: Session,
}

impl From<IssuedToken> for TokenResponse {
    fn from(t: IssuedToken) -> Self {
        Self { access_token: t.access_token, token_type: "Bearer".to_owned(), expires_in: t.expires_in }
    }
}

pub fn issue(state: &AppState, session: Session) -> ApiResult<IssuedToken> {
    let access_token = state.tokens.issue(session.user_id, &session.session_id).map_err(ApiError::internal)?;
    Ok(IssuedToken { access_token, expires_in: state.tokens.lifetime_seconds, session })
}

/// Opens a session for a user who proved who they are (password or OpenID Connect).
pub async fn open_session(state: &AppState, user_id: i64, expired: bool) -> ApiResult<IssuedToken> {
    let site = {
        let mut conn = state.pool.acquire().await?;
        repo::starting_site(&mut conn, user_id).await?
    };
    let session = state.sessions.create(user_id, site, expired, None).await?;
    issue(state, session)
}

/// Sign-in throttling (docs/security.md): failures are counted per account and address, per address, and per
/// account, in a window. An address that failed too often for an account (or for any accounts) is refused with 429
/// until the window ends; an account that fails too often from everywhere accepts only addresses that signed in to
/// it before. Nothing locks the account itself, so nobody can lock a real user out with a few requests.
struct Throttle {
    pair: String,
    address: String,
    account: String,
    known_addresses: String,
    client: String,
}

const THROTTLED: &str = "Too many failed sign-ins. Try again later.";

impl Throttle {
    fn new(username: &str, client: &str) -> Self {
        let account = username.trim().to_lowercase();
        Self {
            pair: format!("login-fail:pair:{account}:{client}"),
            address: format!("login-fail:addr:{client}"),
            account: format!("login-fail:acct:{account}"),
            known_addresses: format!("login-known:{account}"),
            client: client.to_owned(),
        }
    }

    /// 429 when this attempt must not even be checked.
    async fn check(&self, state: &AppState) -> ApiResult<()> {
        let s = &state.settings;
        let counts = state.sessions.counts(&[self.pair.clone(), self.address.clone(), self.account.clone()]).await?;
        let (pair, address, account) = (counts[0], counts[1], counts[2]);
        if pair >= i64::from(s.max_login_failures) || address >= i64::from(s.max_login_failures_per_address) {
            return Err(ApiError::too_many(THROTTLED));
        }
        if account >= i64::from(s.max_login_failures_per_account) && !state.sessions.remembers(&self.known_addresses, &self.client).await? {
            return Err(ApiError::too_many(THROTTLED));
        }
        Ok(())
    }

    async fn failed(&self, state: &AppState) -> ApiResult<()> {
        let window = u64::try_from(state.settings.lockout_seconds).unwrap_or(900).max(1);
        Ok(state.sessions.count_events(&[self.pair.clone(), self.address.clone(), self.account.clone()], window).await?)
    }

    async fn succeeded(&self, state: &AppState) -> ApiResult<()> {
        state.sessions.reset_counts(std::slice::from_ref(&self.pair)).await?;
        // Remembered for 90 days: during an attack on the account this address may still sign in.
        Ok(state.sessions.remember(&self.known_addresses, &self.client, 90 * 24 * 3600).await?)
    }
}

/// Local sign-in from the client address `client`. Every failure answers the same message, whether the user exists
/// or not; repeated failures are throttled (see [`Throttle`]).
pub async fn login(state: &AppState, username: &str, password_text: &str, client: &str) -> ApiResult<IssuedToken> {
    let throttle = Throttle::new(username, client);
    throttle.check(state).await?;
    let row = {
        let mut conn = state.pool.acquire().await?;
        repo::find_login(&mut conn, username.trim()).await?
    };
    let Some(user) = row else {
        // Spend the same time as a real check.
        let _ = password::verify(password_text, password::dummy_hash());
        throttle.failed(state).await?;
        return Err(ApiError::unauthorized(BAD_CREDENTIALS));
    };
    let now = Utc::now();
    let hash = user.password_hash.as_deref().unwrap_or_else(|| password::dummy_hash());
    let password_ok = password::verify(password_text, hash) && user.password_hash.is_some();
    if !password_ok {
        throttle.failed(state).await?;
        let failures = user.failed_login_count + 1;
        let mut tx = state.pool.begin().await?;
        repo::record_failure(&mut tx, user.asp_users_id, failures).await?;
        audit::record_as(
            &mut tx,
            None,
            Some(user.asp_users_id),
            AuditEntry {
                action: "login.failed",
                entity: "asp_users",
                entity_id: user.asp_users_id.to_string(),
                client_id: None,
                site_id: None,
                changes: json!({ "failed_login_count": failures, "address": client }),
            },
        )
        .await?;
        tx.commit().await?;
        return Err(ApiError::unauthorized(BAD_CREDENTIALS));
    }
    // An administrator's lock (and a lock-out left from before throttling) still holds.
    let temporarily_locked = user.locked_until.is_some_and(|t| t > now);
    if !user.is_active || user.is_locked || temporarily_locked {
        return Err(ApiError::unauthorized(BAD_CREDENTIALS));
    }
    throttle.succeeded(state).await?;
    let mut tx = state.pool.begin().await?;
    let one_time = repo::clear_failures(&mut tx, user.asp_users_id).await?;
    audit::record_as(
        &mut tx,
        Some(user.asp_users_id),
        Some(user.asp_users_id),
        AuditEntry { action: "login", entity: "asp_users", entity_id: user.asp_users_id.to_string(), client_id: None, site_id: None, changes: json!({}) },
    )
    .await?;
    tx.commit().await?;
    let expired = one_time || user.password_expiration_date.is_some_and(|d| d <= now);
    open_session(state, user.asp_users_id, expired).await
}

/// Revokes the caller's session (and, while impersonating, the support user's own session too).
pub async fn logout(state: &AppState, caller: &Caller) -> ApiResult<()> {
    state.sessions.revoke(&caller.session.session_id).await?;
    if let Some(parent) = &caller.session.parent_session_id {
        state.sessions.revoke(parent).await?;
    }
    let mut conn = state.pool.acquire().await?;
    audit::record(
        &mut conn,
        Some(caller),
        AuditEntry { action: "logout", entity: "asp_users", entity_id: caller.user_id.to_string(), client_id: None, site_id: None, changes: json!({}) },
    )
    .await?;
    Ok(())
}

pub fn config(state: &AppState) -> AuthConfig {
    AuthConfig {
        oidc_enabled: state.oidc.is_some(),
        oidc_login_url: "/api/auth/oidc/login".to_owned(),
        inactivity_timeout_seconds: state.sessions.idle().as_secs(),
        access_token_seconds: state.tokens.lifetime_seconds,
        environment_name: state.settings.environment_name.clone(),
    }
}

/// The session's remaining inactivity time, without extending it.
pub async fn session_info(state: &AppState, caller: &Caller) -> ApiResult<SessionInfo> {
    let ttl = state.sessions.peek(&caller.session.session_id).await?.map(|(_, ttl)| ttl).unwrap_or(0);
    Ok(SessionInfo {
        inactivity_seconds_left: ttl,
        impersonated_by_user_id: caller.impersonated_by(),
        password_expired: caller.session.password_expired,
    })
}

/// Only same-site paths may be returned to, so the login cannot be used as an open redirect.
pub fn safe_return_to(raw: Option<&str>) -> String {
    match raw {
        Some(p) if p.starts_with('/') && !p.starts_with("//") && !p.contains('\\') && !p.contains('#') => p.to_owned(),
        _ => "/".to_owned(),
    }
}

fn with_fragment(return_to: &str, fragment: &str) -> String {
    format!("{return_to}#{fragment}")
}

/// Starts single sign-on: answers the provider's authorization URL and remembers the pending login for 10 minutes.
pub async fn oidc_login(state: &AppState, return_to: Option<&str>) -> ApiResult<String> {
    let oidc = state.oidc.as_ref().ok_or_else(|| ApiError::not_found(SSO_NOT_CONFIGURED))?;
    let (url, csrf, pending) = oidc.begin(safe_return_to(return_to)).await?;
    let pending = serde_json::to_string(&pending).map_err(ApiError::internal)?;
    state.sessions.put_temp(&format!("oidc:{csrf}"), &pending, 600).await?;
    Ok(url)
}

/// Completes single sign-on; answers where the browser goes next: the UI with a one-time code in the URL fragment
/// (`#sso_code=...`) on success, with `#sso_error=...` when the provider or the user mapping refused.
pub async fn oidc_callback(state: &AppState, code: Option<String>, csrf: Option<String>, error: Option<String>) -> ApiResult<String> {
    let oidc = state.oidc.as_ref().ok_or_else(|| ApiError::not_found(SSO_NOT_CONFIGURED))?;
    let Some(csrf) = csrf.filter(|s| s.len() <= 200) else {
        return Err(ApiError::bad_request("The sign-in request is missing its state."));
    };
    let pending = state
        .sessions
        .take_temp(&format!("oidc:{csrf}"))
        .await?
        .and_then(|p| serde_json::from_str::<PendingLogin>(&p).ok())
        .ok_or_else(|| ApiError::bad_request("The sign-in request expired or was already used. Please try again."))?;
    let return_to = pending.return_to.clone();
    if let Some(err) = error {
        tracing::info!(error = %err, "OpenID provider refused the sign-in");
        return Ok(with_fragment(&return_to, "sso_error=refused"));
    }
    let Some(code) = code else {
        return Err(ApiError::bad_request("The sign-in response has no code."));
    };
    let identity = match oidc.complete(code, pending).await {
        Ok(i) => i,
        Err(e) => {
            tracing::warn!(error = %e, "OpenID sign-in failed");
            return Ok(with_fragment(&return_to, "sso_error=failed"));
        }
    };
    let Some(user_id) = user_for_identity(state, &identity).await? else {
        return Ok(with_fragment(&return_to, "sso_error=unknown_user"));
    };
    // The local password's expiry does not apply: the provider authenticated the user.
    let issued = open_session(state, user_id, false).await?;
    let one_time = session::random_token(24);
    state.sessions.put_temp(&format!("sso:{one_time}"), &issued.session.session_id, 60).await?;
    Ok(with_fragment(&return_to, &format!("sso_code={one_time}")))
}

/// Finds or provisions the local user for an OpenID identity (rule in `kernel::auth::oidc`): an existing link, else
/// the user with the same verified e-mail address, else (when provisioning is on) a new user.
async fn user_for_identity(state: &AppState, id: &OidcIdentity) -> ApiResult<Option<i64>> {
    let linked = {
        let mut conn = state.pool.acquire().await?;
        repo::linked_user(&mut conn, &id.issuer, &id.subject).await?
    };
    if linked.is_some() {
        return Ok(linked);
    }
    let mut tx = state.pool.begin().await?;
    if let (Some(email), true) = (&id.email, id.email_verified) {
        if let Some(user) = repo::link_by_email(&mut tx, &id.issuer, &id.subject, email).await? {
            audit::record_as(
                &mut tx,
                Some(user),
                Some(user),
                AuditEntry { action: "oidc.link", entity: "asp_users", entity_id: user.to_string(), client_id: None, site_id: None, changes: json!({"issuer": id.issuer, "subject": id.subject}) },
            )
            .await?;
            tx.commit().await?;
            return Ok(Some(user));
        }
    }
    if !state.settings.oidc_provision {
        return Ok(None);
    }
    let login = id
        .preferred_username
        .clone()
        .or_else(|| id.email.clone())
        .unwrap_or_else(|| format!("oidc-{}", id.subject));
    let login = if repo::login_taken(&mut tx, &login).await? { format!("{login}-{}", &id.subject) } else { login };
    let email = if id.email_verified { id.email.as_deref() } else { None };
    let user = repo::insert_oidc_user(
        &mut tx,
        &login,
        id.given_name.as_deref().unwrap_or_default(),
        id.family_name.as_deref().unwrap_or_default(),
        email,
        &id.issuer,
        &id.subject,
    )
    .await?;
    audit::record_as(
        &mut tx,
        Some(user),
        Some(user),
        AuditEntry { action: "oidc.provision", entity: "asp_users", entity_id: user.to_string(), client_id: None, site_id: None, changes: json!({"user_id": login}) },
    )
    .await?;
    tx.commit().await?;
    Ok(Some(user))
}

/// Exchanges a one-time single sign-on code for a token of the session it names.
pub async fn sso_exchange(state: &AppState, code: &str) -> ApiResult<IssuedToken> {
    let sid = state.sessions.take_temp(&format!("sso:{code}")).await?.ok_or_else(|| ApiError::unauthorized(BAD_SSO_CODE))?;
    let session = state.sessions.touch(&sid).await?.ok_or_else(|| ApiError::unauthorized(BAD_SSO_CODE))?;
    issue(state, session)
}

/// Starts acting as another user, in a new session that remembers the support user's own.
pub async fn impersonate(state: &AppState, caller: &Caller, target_user_id: i64) -> ApiResult<IssuedToken> {
    if caller.impersonated_by().is_some() {
        return Err(ApiError::bad_request("Stop the current impersonation first."));
    }
    if target_user_id == caller.user_id {
        return Err(ApiError::bad_request("You cannot impersonate yourself."));
    }
    let (target_is_staff, active) = {
        let mut conn = state.pool.acquire().await?;
        let Some((staff, active)) = repo::staff_and_active(&mut conn, target_user_id).await? else {
            return Err(ApiError::not_found(USER_NOT_FOUND));
        };
        // Only users within the caller's reach (kernel::reach::may_impersonate): ImpersonateUsers must not make its
        // holder another client's user, nor a colleague who can do more. Out of reach answers as a missing user
        // does. Provider staff targets keep their own rule below.
        if !staff && !reach::may_impersonate(&mut conn, caller, target_user_id).await? {
            return Err(ApiError::not_found(USER_NOT_FOUND));
        }
        (staff, active)
    };
    if !active {
        return Err(ApiError::bad_request("This user is not active."));
    }
    if target_is_staff && !caller.holds(IMPERSONATE_STAFF) {
        return Err(ApiError::forbidden("Only an administrator can impersonate provider staff."));
    }
    let site = {
        let mut conn = state.pool.acquire().await?;
        repo::starting_site(&mut conn, target_user_id).await?
    };
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

#[cfg(test)]
mod tests {
    use super::safe_return_to;

    #[test]
    fn only_same_site_paths_are_returned_to() {
        assert_eq!(safe_return_to(Some("/portal/")), "/portal/");
        assert_eq!(safe_return_to(Some("//evil.example/")), "/");
        assert_eq!(safe_return_to(Some("https://evil.example/")), "/");
        assert_eq!(safe_return_to(Some("/\\evil")), "/");
        assert_eq!(safe_return_to(None), "/");
    }
}
