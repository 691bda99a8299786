//! The one mechanism that enforces every operation's declared access rule (see `api_macros::guarded`).

use poem::http::header;
use poem::{Endpoint, IntoResponse, Request, Response};

use std::sync::Arc;

use authz::UserSiteAccess;
use tenancy::SiteScope;

use crate::auth::session::Session;
use crate::error::ApiError;
use crate::perm::{self, Perm};
use crate::state::AppState;

/// An operation's access rule, declared beside it with `#[requires(...)]`.
#[derive(Debug, Clone, Copy)]
pub enum Access {
    Public,
    SignedIn,
    /// Signed in, and allowed while the password is expired (the calls that let the user change it).
    PasswordChange,
    /// Any one of these permissions at the caller's current site; the guard then hands the handler the site's
    /// [`SiteScope`] (`Data<&SiteScope>`).
    Any(&'static [Perm]),
    /// A crib or vending device: a device token in the header `Token` (spec 1 section 7), no user session. The
    /// guard hands the handler the token's site scope (`Data<&SiteScope>`) and the [`Device`].
    Device,
}

impl Access {
    pub fn describe(&self) -> String {
        match self {
            Self::Public => "public".to_owned(),
            Self::SignedIn => "signed-in".to_owned(),
            Self::PasswordChange => "signed-in (also while the password is expired)".to_owned(),
            Self::Any(p) => perm::describe(p),
            Self::Device => DEVICE_RULE.to_owned(),
        }
    }
}

/// Who is calling, as established by the guard. Handlers take it as `Data<&Caller>`.
#[derive(Debug, Clone)]
pub struct Caller {
    /// The effective user (the impersonated one while impersonating).
    pub user_id: i64,
    /// The person at the keyboard: the support user while impersonating, else `user_id`.
    pub real_user_id: i64,
    pub session: Session,
    /// The caller's access to the current site (scope and permissions), when a site is selected and available.
    pub site: Option<Arc<UserSiteAccess>>,
}

impl Caller {
    /// Does the caller hold `p` at the current site? (For answers that show more to some callers; the operation's
    /// own rule is enforced by the guard.)
    pub fn holds(&self, p: Perm) -> bool {
        self.site.as_ref().is_some_and(|a| a.holds(p.as_str()))
    }
    pub fn holds_any(&self, perms: &[Perm]) -> bool {
        perms.iter().any(|p| self.holds(*p))
    }
    /// The scope of the current site, for operations whose rule does not name permissions but read tenant data.
    pub fn current_scope(&self) -> Result<SiteScope, ApiError> {
        self.site.as_ref().map(|a| a.scope().clone()).ok_or_else(|| ApiError::forbidden("Select a site first."))
    }
    pub fn current_site_id(&self) -> Option<i64> {
        self.session.current_site_id
    }
    pub fn impersonated_by(&self) -> Option<i64> {
        self.session.impersonator_id
    }
}

/// How the document names the device rule (`Permissions: device token`).
pub const DEVICE_RULE: &str = "device token";

/// The header a device sends its token in (spec 1 section 7).
pub const DEVICE_TOKEN_HEADER: &str = "Token";

/// The device calling an operation guarded by [`Access::Device`]. Handlers take it as `Data<&Device>`.
#[derive(Debug, Clone)]
pub struct Device {
    pub device_token_id: i64,
    pub device_name: String,
}

/// The SHA-256 of a device token as typed: how the token is stored and looked up.
pub fn device_token_hash(token: &str) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes()).into()
}

/// Present (as `Option<Caller>`) on public operations: the caller when a valid token came along.
#[derive(Debug, Clone)]
pub struct MaybeCaller(pub Option<Caller>);

pub struct Guard<E> {
    inner: E,
    access: Access,
}

impl<E> Guard<E> {
    pub fn new(inner: E, access: Access) -> Self {
        Self { inner, access }
    }
}

fn bearer(req: &Request) -> Option<&str> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim())
}

const SESSION_INVALID: &str = "Your session has expired or is invalid.";

/// The caller of a live session, once its token's subject was checked against it.
async fn caller_of(state: &AppState, subject: &str, session: Session) -> Result<Caller, ApiError> {
    if subject != session.user_id.to_string() {
        return Err(ApiError::unauthorized(SESSION_INVALID));
    }
    let site = match session.current_site_id {
        Some(site_id) => state.authz.access(session.user_id, site_id).await?,
        None => None,
    };
    Ok(Caller { user_id: session.user_id, real_user_id: session.impersonator_id.unwrap_or(session.user_id), session, site })
}

/// The caller an access token stands for, checked as the guard checks a bearer token (signature, live session,
/// subject, expired password): for the real-time hubs, which take the token before the WebSocket upgrade.
pub async fn caller_for_token(state: &AppState, token: Option<&str>) -> Result<Caller, ApiError> {
    let Some(token) = token else {
        return Err(ApiError::unauthorized("Sign-in required."));
    };
    let claims = state.tokens.verify(token).ok_or_else(|| ApiError::unauthorized(SESSION_INVALID))?;
    let session = state.sessions.touch(&claims.sid).await?.ok_or_else(|| ApiError::unauthorized(SESSION_INVALID))?;
    let caller = caller_of(state, &claims.sub, session).await?;
    if caller.session.password_expired {
        return Err(ApiError::forbidden_with("Your password has expired. Change it to continue.", "passwordExpired"));
    }
    Ok(caller)
}

/// Operations that stay reachable while an administrator has switched the API off.
fn exempt_from_offline(path: &str) -> bool {
    path.starts_with("/api/auth/")
        || path.starts_with("/api/V1/Security/API/")
        || matches!(path, "/api/V1/Version" | "/api/health" | "/api/ready")
}

impl<E: Endpoint> Endpoint for Guard<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        let Some(state) = req.data::<AppState>().cloned() else {
            return Err(poem::Error::from_response(ApiError::internal("application state missing").into_response()));
        };
        if matches!(self.access, Access::Device) {
            return match device_guard(&state, &mut req).await {
                Ok(()) => self.inner.call(req).await.map(IntoResponse::into_response),
                Err(e) => Ok(e.into_response()),
            };
        }
        let result: Result<(), ApiError> = async {
            // The token is checked locally first, so Redis is asked once for both the session and the API switch.
            let token = bearer(&req);
            let claims = token.and_then(|t| state.tokens.verify(t));
            let (session, enabled) = state.sessions.touch_with_switch(claims.as_ref().map(|c| c.sid.as_str())).await?;
            if !enabled && !exempt_from_offline(req.original_uri().path()) {
                return Err(ApiError::unavailable());
            }
            let caller = match (&claims, session) {
                (Some(claims), Some(session)) => Some(caller_of(&state, &claims.sub, session).await),
                _ => None,
            };
            match self.access {
                Access::Public => {
                    req.set_data(MaybeCaller(caller.and_then(Result::ok)));
                    Ok(())
                }
                Access::Device => Err(ApiError::internal("device rule reached the session guard")),
                Access::SignedIn | Access::PasswordChange | Access::Any(_) => {
                    let caller = match caller {
                        Some(c) => c?,
                        None if token.is_none() => return Err(ApiError::unauthorized("Sign-in required.")),
                        None => return Err(ApiError::unauthorized(SESSION_INVALID)),
                    };
                    if caller.session.password_expired && !matches!(self.access, Access::PasswordChange) {
                        return Err(ApiError::forbidden_with(
                            "Your password has expired. Change it to continue.",
                            "passwordExpired",
                        ));
                    }
                    if let Access::Any(perms) = self.access {
                        caller.current_site_id().ok_or_else(|| ApiError::forbidden("Select a site first."))?;
                        let site = caller.site.as_ref().ok_or_else(|| ApiError::forbidden("You do not have access to this site."))?;
                        if !caller.holds_any(perms) {
                            return Err(ApiError::forbidden(&format!("You do not have permission: {}", perm::describe(perms))));
                        }
                        // The only place a request's site scope is issued: handlers take it as `Data<&SiteScope>`.
                        req.set_data(site.scope().clone());
                    }
                    req.set_data(caller);
                    Ok(())
                }
            }
        }
        .await;
        match result {
            Ok(()) => self.inner.call(req).await.map(IntoResponse::into_response),
            Err(e) => Ok(e.into_response()),
        }
    }
}

/// The device rule: the header `Token` names a live device token, whose site scope the authorizer issues. The API
/// switch applies to devices as to users.
async fn device_guard(state: &AppState, req: &mut Request) -> Result<(), ApiError> {
    let token = req.headers().get(DEVICE_TOKEN_HEADER).and_then(|v| v.to_str().ok()).map(str::trim).filter(|t| !t.is_empty());
    let (_, enabled) = state.sessions.touch_with_switch(None).await?;
    if !enabled {
        return Err(ApiError::unavailable());
    }
    let Some(token) = token else {
        return Err(ApiError::unauthorized("Device token required (header Token)."));
    };
    // Tokens are 43 characters of base64url; anything far longer is not one (and is not worth hashing).
    if token.len() > 200 {
        return Err(ApiError::unauthorized(DEVICE_TOKEN_INVALID));
    }
    let access = state.authz.device_access(&device_token_hash(token)).await?.ok_or_else(|| ApiError::unauthorized(DEVICE_TOKEN_INVALID))?;
    req.set_data(access.scope().clone());
    req.set_data(Device { device_token_id: access.device_token_id, device_name: access.device_name.clone() });
    Ok(())
}

const DEVICE_TOKEN_INVALID: &str = "The device token is not valid or was revoked.";
