//! What every request can reach.

use std::sync::Arc;

use authz::Authorizer;
use sqlx::PgPool;

use crate::auth::jwt::TokenKeys;
use crate::auth::oidc::OidcClient;
use crate::auth::session::SessionStore;
use crate::config::Settings;

#[derive(Clone)]
pub struct AppState {
    pub settings: Arc<Settings>,
    pub pool: PgPool,
    pub sessions: SessionStore,
    pub authz: Arc<Authorizer>,
    pub tokens: Arc<TokenKeys>,
    pub oidc: Option<Arc<OidcClient>>,
    /// Free-text item search (the `search` crate's trait; PostgreSQL embedded by default).
    pub search: Arc<dyn search::ItemSearch>,
    /// Who may draw stock and within which limits: asked by the stock area, answered by the people area.
    pub draw: Arc<dyn crate::draw::DrawPolicy>,
    /// Home tile counts: asked by the shell, answered by the areas that own the records.
    pub tiles: Arc<crate::tiles::TileCounts>,
    /// How many file imports run at once (`import_max_concurrent`).
    pub imports: crate::import::ImportGate,
    /// Messages to the browsers of a user or a site, on every replica (docs/realtime.md).
    pub realtime: crate::realtime::Realtime,
}
