//! Operations of sign-in and sessions under `/api/auth`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{AuthConfig, ImpersonateRequest, LoginRequest, NoContent, Redirect, SessionInfo, SsoExchange, TokenAnswer};
use super::service;

pub struct AuthApi;

#[guarded]
#[OpenApi(prefix_path = "/auth", tag = "ApiTags::Auth")]
impl AuthApi {
    /// Sign in with a local account
    ///
    /// Answers a short-lived bearer token bound to a new server-side session. Wrong user name and wrong password
    /// give the same 401; repeated failures from one address are refused with 429 for a while (the account itself is
    /// never locked by failures; docs/security.md).
    #[requires(public, errors(401, 429))]
    #[oai(path = "/login", method = "post", operation_id = "authLogin")]
    async fn login(&self, state: Data<&AppState>, req: &poem::Request, body: Json<LoginRequest>) -> ApiResult<TokenAnswer> {
        let client = req.remote_addr().as_socket_addr().map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string());
        let issued = service::login(&state, &body.username, &body.password, &client).await?;
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
        service::logout(&state, &caller).await?;
        Ok(NoContent::Done)
    }

    /// Sign-in options for the UIs
    #[requires(public)]
    #[oai(path = "/config", method = "get", operation_id = "authGetConfig")]
    async fn config(&self, state: Data<&AppState>) -> Json<AuthConfig> {
        Json(service::config(&state))
    }

    /// The session's remaining inactivity time (does not extend it)
    #[requires(password_change)]
    #[oai(path = "/session", method = "get", operation_id = "authGetSession")]
    async fn session(&self, state: Data<&AppState>, caller: Data<&Caller>) -> ApiResult<Json<SessionInfo>> {
        Ok(Json(service::session_info(&state, &caller).await?))
    }

    /// Start single sign-on
    ///
    /// Redirects to the OpenID provider (authorization code with PKCE, scopes openid profile api1).
    #[requires(public, errors(404))]
    #[oai(path = "/oidc/login", method = "get", operation_id = "authOidcLogin")]
    async fn oidc_login(&self, state: Data<&AppState>, return_to: Query<Option<String>>) -> ApiResult<Redirect> {
        Ok(Redirect::Found(service::oidc_login(&state, return_to.0.as_deref()).await?))
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
        Ok(Redirect::Found(service::oidc_callback(&state, code.0, csrf.0, error.0).await?))
    }

    /// Exchange a one-time single sign-on code for a token
    #[requires(public, errors(401))]
    #[oai(path = "/sso/exchange", method = "post", operation_id = "authSsoExchange")]
    async fn sso_exchange(&self, state: Data<&AppState>, body: Json<SsoExchange>) -> ApiResult<TokenAnswer> {
        Ok(TokenAnswer::Ok(Json(service::sso_exchange(&state, &body.code).await?.into())))
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
