//! Sign-in endpoints under `/api/auth`.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::auth::oidc::{OidcIdentity, PendingLogin};
use crate::auth_service::{self, IssuedToken};
use kernel::error::{ApiError, ApiResult};
use kernel::ApiTags;
use kernel::state::AppState;

#[derive(Object)]
pub struct LoginRequest {
    #[oai(validator(max_length = 200))]
    pub username: String,
    #[oai(validator(max_length = 500))]
    pub password: String,
}

#[derive(Object)]
pub struct TokenResponse {
    pub access_token: String,
    /// Always `Bearer`.
    pub token_type: String,
    /// Seconds until the token expires (the session may end earlier after 30 minutes without a request).
    pub expires_in: u64,
}

impl From<IssuedToken> for TokenResponse {
    fn from(t: IssuedToken) -> Self {
        Self { access_token: t.access_token, token_type: "Bearer".to_owned(), expires_in: t.expires_in }
    }
}

#[derive(Object)]
pub struct AuthConfig {
    #[oai(rename = "oidcEnabled")]
    pub oidc_enabled: bool,
    #[oai(rename = "oidcLoginUrl")]
    pub oidc_login_url: String,
    #[oai(rename = "inactivityTimeoutSeconds")]
    pub inactivity_timeout_seconds: u64,
    #[oai(rename = "accessTokenSeconds")]
    pub access_token_seconds: u64,
    #[oai(rename = "environmentName")]
    pub environment_name: String,
}

#[derive(Object)]
pub struct SessionInfo {
    #[oai(rename = "inactivitySecondsLeft")]
    pub inactivity_seconds_left: i64,
    #[oai(rename = "impersonatedByUserId")]
    pub impersonated_by_user_id: Option<i64>,
    pub password_expired: bool,
}

#[derive(Object)]
pub struct ImpersonateRequest {
    pub asp_users_id: i64,
}

#[derive(Object)]
pub struct SsoExchange {
    #[oai(validator(max_length = 200))]
    pub code: String,
}

#[derive(ApiResponse)]
pub enum TokenAnswer {
    #[oai(status = 200)]
    Ok(Json<TokenResponse>),
}

#[derive(ApiResponse)]
pub enum Redirect {
    /// Go to the `Location`.
    #[oai(status = 302)]
    Found(#[oai(header = "Location")] String),
}

#[derive(ApiResponse)]
pub enum NoContent {
    #[oai(status = 204)]
    Done,
}

pub struct AuthApi;

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

/// Finds or provisions the local user for an OpenID identity (rule in `auth::oidc`).
async fn user_for_identity(state: &AppState, id: &OidcIdentity) -> ApiResult<Option<i64>> {
    let linked: Option<i64> =
        sqlx::query_scalar("select asp_users_id from asp.asp_users where oidc_issuer = $1 and oidc_subject = $2 and is_active")
            .bind(&id.issuer)
            .bind(&id.subject)
            .fetch_optional(&state.pool)
            .await?;
    if linked.is_some() {
        return Ok(linked);
    }
    let mut tx = state.pool.begin().await?;
    if let (Some(email), true) = (&id.email, id.email_verified) {
        let by_email: Option<i64> = sqlx::query_scalar(
            "update asp.asp_users set oidc_issuer = $1, oidc_subject = $2, updated_at = now()
             where asp_users_id = (select asp_users_id from asp.asp_users
                                   where lower(email) = lower($3) and oidc_subject is null and is_active
                                   order by asp_users_id limit 1)
             returning asp_users_id",
        )
        .bind(&id.issuer)
        .bind(&id.subject)
        .bind(email)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(user) = by_email {
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
    let taken: bool = sqlx::query_scalar("select exists(select 1 from asp.asp_users where lower(user_id) = lower($1))")
        .bind(&login)
        .fetch_one(&mut *tx)
        .await?;
    let login = if taken { format!("{login}-{}", &id.subject) } else { login };
    let user: i64 = sqlx::query_scalar(
        "insert into asp.asp_users (user_id, fname, lname, email, oidc_issuer, oidc_subject, first_time_user)
         values ($1, $2, $3, $4, $5, $6, true) returning asp_users_id",
    )
    .bind(&login)
    .bind(id.given_name.clone().unwrap_or_default())
    .bind(id.family_name.clone().unwrap_or_default())
    .bind(if id.email_verified { id.email.clone() } else { None })
    .bind(&id.issuer)
    .bind(&id.subject)
    .fetch_one(&mut *tx)
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

#[guarded]
#[OpenApi(prefix_path = "/auth", tag = "ApiTags::Auth")]
impl AuthApi {
    /// Sign in with a local account
    ///
    /// Answers a short-lived bearer token bound to a new server-side session. Wrong user name and wrong password
    /// give the same 401; repeated failures lock the account for a while.
    #[requires(public, errors(401))]
    #[oai(path = "/login", method = "post", operation_id = "authLogin")]
    async fn login(&self, state: Data<&AppState>, body: Json<LoginRequest>) -> ApiResult<TokenAnswer> {
        let issued = service::login(&state, &body.username, &body.password).await?;
        Ok(TokenAnswer::Ok(Json(issued.into())))
    }

    /// Renew the access token
    ///
    /// A new token for the same session; also what the inactivity dialog's Continue calls.
    #[requires(password_change)]
    #[oai(path = "/refresh", method = "post", operation_id = "authRefresh")]
    async fn refresh(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<TokenAnswer> {
        let issued = service::issue(&state, caller.session.clone())?;
        Ok(TokenAnswer::Ok(Json(issued.into())))
    }

    /// Sign out
    ///
    /// Revokes the session; its tokens stop working at once.
    #[requires(password_change)]
    #[oai(path = "/logout", method = "post", operation_id = "authLogout")]
    async fn logout(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<NoContent> {
        state.sessions.revoke(&caller.session.session_id).await?;
        if let Some(parent) = &caller.session.parent_session_id {
            state.sessions.revoke(parent).await?;
        }
        let mut conn = state.pool.acquire().await?;
        audit::record(
            &mut conn,
            Some(&caller),
            AuditEntry { action: "logout", entity: "asp_users", entity_id: caller.user_id.to_string(), client_id: None, site_id: None, changes: json!({}) },
        )
        .await?;
        Ok(NoContent::Done)
    }

    /// Sign-in options for the UIs
    #[requires(public)]
    #[oai(path = "/config", method = "get", operation_id = "authGetConfig")]
    async fn config(&self, state: Data<&AppState>) -> Json<AuthConfig> {
        Json(AuthConfig {
            oidc_enabled: state.oidc.is_some(),
            oidc_login_url: "/api/auth/oidc/login".to_owned(),
            inactivity_timeout_seconds: state.sessions.idle().as_secs(),
            access_token_seconds: state.tokens.lifetime_seconds,
            environment_name: state.settings.environment_name.clone(),
        })
    }

    /// The session's remaining inactivity time (does not extend it)
    #[requires(password_change)]
    #[oai(path = "/session", method = "get", operation_id = "authGetSession")]
    async fn session(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<SessionInfo>> {
        let ttl = state.sessions.peek(&caller.session.session_id).await?.map(|(_, ttl)| ttl).unwrap_or(0);
        Ok(Json(SessionInfo {
            inactivity_seconds_left: ttl,
            impersonated_by_user_id: caller.impersonated_by(),
            password_expired: caller.session.password_expired,
        }))
    }

    /// Start single sign-on
    ///
    /// Redirects to the OpenID provider (authorization code with PKCE, scopes openid profile api1).
    #[requires(public, errors(404))]
    #[oai(path = "/oidc/login", method = "get", operation_id = "authOidcLogin")]
    async fn oidc_login(&self, state: Data<&AppState>, return_to: Query<Option<String>>) -> ApiResult<Redirect> {
        let oidc = state.oidc.as_ref().ok_or_else(|| ApiError::not_found("Single sign-on is not configured."))?;
        let (url, csrf, pending) = oidc.begin(safe_return_to(return_to.0.as_deref())).await?;
        let pending = serde_json::to_string(&pending).map_err(ApiError::internal)?;
        state.sessions.put_temp(&format!("oidc:{csrf}"), &pending, 600).await?;
        Ok(Redirect::Found(url))
    }

    /// Single sign-on callback
    ///
    /// The provider sends the browser here; on success it continues to the UI with a one-time code in the URL
    /// fragment (`#sso_code=...`), on failure with `#sso_error=...`.
    #[requires(public, errors(404))]
    #[oai(path = "/oidc/callback", method = "get", operation_id = "authOidcCallback")]
    async fn oidc_callback(
        &self,
        state: Data<&AppState>,
        code: Query<Option<String>>,
        #[oai(name = "state")] csrf: Query<Option<String>>,
        error: Query<Option<String>>,
    ) -> ApiResult<Redirect> {
        let oidc = state.oidc.as_ref().ok_or_else(|| ApiError::not_found("Single sign-on is not configured."))?;
        let Some(csrf) = csrf.0.filter(|s| s.len() <= 200) else {
            return Err(ApiError::bad_request("The sign-in request is missing its state."));
        };
        let pending = state
            .sessions
            .take_temp(&format!("oidc:{csrf}"))
            .await?
            .and_then(|p| serde_json::from_str::<PendingLogin>(&p).ok())
            .ok_or_else(|| ApiError::bad_request("The sign-in request expired or was already used. Please try again."))?;
        let return_to = pending.return_to.clone();
        if let Some(err) = error.0 {
            tracing::info!(error = %err, "OpenID provider refused the sign-in");
            return Ok(Redirect::Found(with_fragment(&return_to, "sso_error=refused")));
        }
        let Some(code) = code.0 else {
            return Err(ApiError::bad_request("The sign-in response has no code."));
        };
        let identity = match oidc.complete(code, pending).await {
            Ok(i) => i,
            Err(e) => {
                tracing::warn!(error = %e, "OpenID sign-in failed");
                return Ok(Redirect::Found(with_fragment(&return_to, "sso_error=failed")));
            }
        };
        let Some(user_id) = user_for_identity(&state, &identity).await? else {
            return Ok(Redirect::Found(with_fragment(&return_to, "sso_error=unknown_user")));
        };
        // The local password's expiry does not apply: the provider authenticated the user.
        let issued = service::open_session(&state, user_id, false).await?;
        let one_time = kernel::auth::session::random_token(24);
        state.sessions.put_temp(&format!("sso:{one_time}"), &issued.session.session_id, 60).await?;
        Ok(Redirect::Found(with_fragment(&return_to, &format!("sso_code={one_time}"))))
    }

    /// Exchange a one-time single sign-on code for a token
    #[requires(public, errors(401))]
    #[oai(path = "/sso/exchange", method = "post", operation_id = "authSsoExchange")]
    async fn sso_exchange(&self, state: Data<&AppState>, body: Json<SsoExchange>) -> ApiResult<TokenAnswer> {
        let sid = state
            .sessions
            .take_temp(&format!("sso:{}", body.code))
            .await?
            .ok_or_else(|| ApiError::unauthorized("The sign-in code is invalid or expired."))?;
        let session = state
            .sessions
            .touch(&sid)
            .await?
            .ok_or_else(|| ApiError::unauthorized("The sign-in code is invalid or expired."))?;
        Ok(TokenAnswer::Ok(Json(service::issue(&state, session)?.into())))
    }

    /// Act as another user (provider support)
    ///
    /// Answers a token for a new session acting as that user; the context shows impersonatedByUserId and the audit
    /// trail records both people.
    #[requires(ImpersonateUsers, errors(404))]
    #[oai(path = "/impersonate", method = "post", operation_id = "authImpersonate")]
    async fn impersonate(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ImpersonateRequest>) -> ApiResult<TokenAnswer> {
        let issued = service::impersonate(&state, &caller, body.asp_users_id).await?;
        Ok(TokenAnswer::Ok(Json(issued.into())))
    }

    /// Stop acting as another user
    ///
    /// Ends the impersonation session and answers a token for the support user's own session.
    #[requires(signed_in, errors(400))]
    #[oai(path = "/impersonate/stop", method = "post", operation_id = "authImpersonateStop")]
    async fn stop_impersonating(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<TokenAnswer> {
        let issued = service::stop_impersonating(&state, &caller).await?;
        Ok(TokenAnswer::Ok(Json(issued.into())))
    }
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
