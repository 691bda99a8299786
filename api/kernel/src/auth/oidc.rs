//! OpenID Connect sign-in (authorization code + PKCE) for enterprises.
//!
//! Matching rule (docs/auth.md): a user is found by (issuer, subject); failing that, by a verified email address of
//! a user not yet linked to another OpenID identity, who is then linked; failing that, when `oidc_provision` is on,
//! a new user without sites or roles is created (an administrator grants access later); otherwise sign-in is refused.

use anyhow::{anyhow, Context};
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce, OAuth2TokenResponse, PkceCodeChallenge,
    PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
};
use serde::{Deserialize, Serialize};
use tokio::sync::OnceCell;

use crate::config::Settings;

pub struct OidcClient {
    issuer: String,
    client_id: String,
    client_secret: Option<String>,
    redirect_url: String,
    scopes: Vec<String>,
    http: openidconnect::reqwest::Client,
    /// Discovery document and signing keys, fetched once (not cached on failure, so a provider that was down at
    /// start-up is picked up later).
    metadata: OnceCell<CoreProviderMetadata>,
}

/// What the browser's round trip must bring back, kept in Redis under the `state` value.
#[derive(Serialize, Deserialize)]
pub struct PendingLogin {
    pub pkce_verifier: String,
    pub nonce: String,
    pub return_to: String,
}

/// The identity the provider vouched for.
#[derive(Debug, Clone)]
pub struct OidcIdentity {
    pub issuer: String,
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub preferred_username: Option<String>,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
}

impl OidcClient {
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Option<Self>> {
        let (Some(issuer), Some(client_id)) = (&settings.oidc_issuer_url, &settings.oidc_client_id) else {
            return Ok(None);
        };
        let redirect_url = settings
            .oidc_redirect_url
            .clone()
            .unwrap_or_else(|| format!("http://{}/api/auth/oidc/callback", settings.http_addr));
        let http = openidconnect::reqwest::ClientBuilder::new()
            // Following redirects here would open the client to SSRF through the provider.
            .redirect(openidconnect::reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .context("building the OpenID HTTP client")?;
        Ok(Some(Self {
            issuer: issuer.clone(),
            client_id: client_id.clone(),
            client_secret: settings.oidc_client_secret.clone(),
            redirect_url,
            scopes: settings.oidc_scopes.clone(),
            http,
            metadata: OnceCell::new(),
        }))
    }

    async fn metadata(&self) -> anyhow::Result<&CoreProviderMetadata> {
        self.metadata
            .get_or_try_init(|| async {
                let issuer = IssuerUrl::new(self.issuer.clone()).context("invalid issuer URL")?;
                CoreProviderMetadata::discover_async(issuer, &self.http)
                    .await
                    .map_err(|e| anyhow!("OpenID discovery failed: {e}"))
            })
            .await
    }

    /// The provider's authorize URL and what to remember until the callback.
    pub async fn begin(&self, return_to: String) -> anyhow::Result<(String, String, PendingLogin)> {
        let metadata = self.metadata().await?.clone();
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(self.client_id.clone()),
            self.client_secret.clone().map(ClientSecret::new),
        )
        .set_redirect_uri(RedirectUrl::new(self.redirect_url.clone()).context("invalid redirect URL")?);
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let mut request = client
            .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
            .set_pkce_challenge(challenge);
        for scope in self.scopes.iter().filter(|s| s.as_str() != "openid") {
            request = request.add_scope(Scope::new(scope.clone()));
        }
        let (url, csrf, nonce) = request.url();
        let pending = PendingLogin { pkce_verifier: verifier.secret().clone(), nonce: nonce.secret().clone(), return_to };
        Ok((url.to_string(), csrf.secret().clone(), pending))
    }

    /// Exchanges the code and verifies the ID token (signature, issuer, audience, expiry, nonce).
    pub async fn complete(&self, code: String, pending: PendingLogin) -> anyhow::Result<OidcIdentity> {
        let metadata = self.metadata().await?.clone();
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(self.client_id.clone()),
            self.client_secret.clone().map(ClientSecret::new),
        )
        .set_redirect_uri(RedirectUrl::new(self.redirect_url.clone()).context("invalid redirect URL")?);
        let response = client
            .exchange_code(AuthorizationCode::new(code))
            .map_err(|e| anyhow!("token endpoint missing: {e}"))?
            .set_pkce_verifier(PkceCodeVerifier::new(pending.pkce_verifier))
            .request_async(&self.http)
            .await
            .map_err(|e| anyhow!("code exchange failed: {e}"))?;
        let _ = response.access_token();
        let id_token = response.id_token().ok_or_else(|| anyhow!("the provider returned no ID token"))?;
        let claims = id_token
            .claims(&client.id_token_verifier(), &Nonce::new(pending.nonce))
            .map_err(|e| anyhow!("ID token rejected: {e}"))?;
        Ok(OidcIdentity {
            issuer: claims.issuer().to_string(),
            subject: claims.subject().to_string(),
            email: claims.email().map(|e| e.to_string()),
            email_verified: claims.email_verified().unwrap_or(false),
            preferred_username: claims.preferred_username().map(|u| u.to_string()),
            given_name: claims.given_name().and_then(|n| n.get(None)).map(|n| n.to_string()),
            family_name: claims.family_name().and_then(|n| n.get(None)).map(|n| n.to_string()),
        })
    }
}
