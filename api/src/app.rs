//! Building and running the HTTP application; tests start it the same way `asp serve` does.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use poem::endpoint::StaticFilesEndpoint;
use poem::http::{HeaderValue, StatusCode};
use poem::middleware::{CatchPanic, Cors, PanicHandler};
use poem::web::Html;
use poem::{Endpoint, EndpointExt, IntoEndpoint, IntoResponse, Middleware, Request, Response, Route};
use tracing::Instrument;

use kernel::auth::jwt::TokenKeys;
use kernel::auth::oidc::OidcClient;
use kernel::auth::session::SessionStore;
use kernel::config::Settings;
use kernel::error::{shape_poem_error, ErrorBody, FailureSlot, FAILURE, REQUEST_ID, SERVER_ERROR_MESSAGE};
use kernel::state::AppState;

pub async fn build_state(settings: Settings) -> anyhow::Result<AppState> {
    if settings.uses_dev_secret() {
        tracing::warn!("using the development JWT signing key; set ASP_JWT_SECRET outside development");
    }
    let pool = tenancy::connect_pool(&settings.database_url, settings.db_max_connections)
        .await
        .context("connecting to PostgreSQL")?;
    check_database_role(&pool, &settings).await?;
    let sessions = SessionStore::connect(&settings.redis_url, Duration::from_secs(settings.session_idle_seconds), &settings.redis_prefix)?;
    let authz = authz::Authorizer::new(pool.clone(), 4096).await.context("starting the authorizer")?;
    authz.spawn_listener(pool.clone());
    let tokens = Arc::new(TokenKeys::new(&settings.jwt_secret, settings.access_token_seconds));
    let oidc = OidcClient::from_settings(&settings)?.map(Arc::new);
    let search = Arc::new(search::postgres::PgItemSearch::new(pool.clone()));
    let draw = Arc::new(people::draw::PeopleDrawPolicy);
    let tiles = Arc::new(crate::tile_counts());
    let imports = kernel::import::ImportGate::new(&settings);
    let realtime = kernel::realtime::Realtime::new(&settings.redis_url, &settings.redis_prefix, sessions.clone())?;
    Ok(AppState { settings: Arc::new(settings), pool, sessions, authz, tokens, oidc, search, draw, tiles, imports, realtime })
}

/// Row-level security does not hold for a superuser or a BYPASSRLS role: outside development, `asp serve` refuses
/// to run as one (docs/security.md); in development it says so.
async fn check_database_role(pool: &sqlx::PgPool, settings: &Settings) -> anyhow::Result<()> {
    let (role, bypasses) = crate::health::database_role(pool).await.context("reading the database role")?;
    if bypasses {
        anyhow::ensure!(
            settings.is_development(),
            "the database role {role} is a superuser or bypasses row-level security; connect asp serve as the application role (ASP_DATABASE_URL) and migrate as the owner (ASP_MIGRATION_DATABASE_URL)"
        );
        tracing::warn!(role = %role, "connected as a role that bypasses row-level security (development only)");
    }
    Ok(())
}

/// The Redis flag is the fast path; the database row is the record that survives a Redis restart.
pub async fn sync_api_switch(state: &AppState) -> anyhow::Result<()> {
    let enabled: bool = sqlx::query_scalar("select is_enabled from asp.api_status").fetch_one(&state.pool).await?;
    state.sessions.set_api_enabled(enabled).await
}

#[derive(Clone)]
struct PanicToError;

impl PanicHandler for PanicToError {
    type Response = Response;
    fn get_response(&self, _err: Box<dyn std::any::Any + Send + 'static>) -> Response {
        tracing::error!(request_id = %kernel::error::current_request_id(), "handler panicked");
        let _ = FAILURE.try_with(|slot| {
            if let Ok(mut s) = slot.0.lock() {
                *s = Some("handler panicked".to_owned());
            }
        });
        let body = ErrorBody { status: 500, message: SERVER_ERROR_MESSAGE.to_owned(), errors: vec![], request_id: kernel::error::current_request_id() };
        poem::web::Json(serde_json::json!({"status": body.status, "message": body.message, "errors": [], "requestId": body.request_id}))
            .with_status(StatusCode::INTERNAL_SERVER_ERROR)
            .into_response()
    }
}

/// Gives every request an id (logged on every line, answered in `x-request-id`), puts API errors in the one JSON
/// shape, and records server failures in the error log.
struct RequestContext {
    state: AppState,
}

impl<E: Endpoint> Middleware<E> for RequestContext {
    type Output = RequestContextEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        RequestContextEndpoint { inner: ep, state: self.state.clone() }
    }
}

struct RequestContextEndpoint<E> {
    inner: E,
    state: AppState,
}

fn request_id_from(req: &Request) -> String {
    req.headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 64 && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map_or_else(|| uuid::Uuid::new_v4().simple().to_string(), str::to_owned)
}

/// The real-time hubs take the access token in the query (docs/realtime.md); the error log never keeps it.
fn without_access_token(query: &str) -> String {
    query
        .split('&')
        .map(|pair| if pair.split('=').next() == Some("access_token") { "access_token=<redacted>" } else { pair })
        .collect::<Vec<_>>()
        .join("&")
}

/// The spec writes some API paths with a trailing slash (`api/V1/User/SecurityQuestions/Options/`); the router
/// knows them without it, so both spellings reach the same operation.
fn strip_trailing_slash(req: &mut Request) {
    let path = req.uri().path();
    if !(path.starts_with("/api/") && path.len() > 5 && path.ends_with('/')) {
        return;
    }
    let trimmed = path.trim_end_matches('/');
    let rebuilt = match req.uri().query() {
        Some(q) => format!("{trimmed}?{q}"),
        None => trimmed.to_owned(),
    };
    if let Ok(uri) = rebuilt.parse() {
        *req.uri_mut() = uri;
    }
}

/// Browsers send `Origin` on same-origin POSTs too; CORS rules are for other origins (the UI dev servers), so a
/// request from the page the API itself served must not be judged by them.
fn drop_same_origin(req: &mut Request) {
    let same = match (req.headers().get("origin").and_then(|v| v.to_str().ok()), req.headers().get("host").and_then(|v| v.to_str().ok())) {
        (Some(origin), Some(host)) => origin.split_once("://").is_some_and(|(_, rest)| rest == host),
        _ => false,
    };
    if same {
        req.headers_mut().remove("origin");
    }
}

impl<E: Endpoint> Endpoint for RequestContextEndpoint<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        strip_trailing_slash(&mut req);
        drop_same_origin(&mut req);
        let request_id = request_id_from(&req);
        let slot = FailureSlot::default();
        let method = req.method().to_string();
        let path = req.uri().path().to_owned();
        let query = req.uri().query().map(without_access_token);
        let started = Instant::now();
        let is_api = path.starts_with("/api");
        let span = tracing::info_span!("request", request_id = %request_id, %method, %path);
        let inner = &self.inner;
        // Every line logged while handling the request carries its id through this span.
        let result = REQUEST_ID
            .scope(
                request_id.clone(),
                FAILURE.scope(
                    slot.clone(),
                    async move {
                        // The operation id poem-openapi attaches once a route matched (absent for unknown routes and
                        // methods); read it before shaping, which builds a new response.
                        match inner.call(req).await {
                            Ok(r) => {
                                let r = r.into_response();
                                let op = r.data::<poem_openapi::OperationId>().copied();
                                (r, op)
                            }
                            Err(e) => {
                                let op = e.data::<poem_openapi::OperationId>().copied();
                                let resp = if is_api {
                                    let names = op.map(|o| crate::openapi::path_params(o.0)).unwrap_or_default();
                                    shape_poem_error(e, &names.iter().map(String::as_str).collect::<Vec<_>>())
                                } else {
                                    e.into_response()
                                };
                                (resp, op)
                            }
                        }
                    }
                    .instrument(span.clone()),
                ),
            )
            .await;
        let (mut resp, operation) = result;
        let status = resp.status();
        if let Some(operation) = operation {
            span.in_scope(|| check_documented(&mut resp, operation.0, status));
        }
        span.in_scope(|| tracing::info!(status = status.as_u16(), elapsed_ms = started.elapsed().as_millis() as u64, "handled"));
        if let Ok(v) = HeaderValue::from_str(&request_id) {
            resp.headers_mut().insert("x-request-id", v);
        }
        crate::hardening::add_security_headers(&path, &mut resp);
        let failure = slot.0.lock().ok().and_then(|mut s| s.take());
        if let Some(detail) = failure {
            let pool = self.state.pool.clone();
            let rid = request_id.clone();
            // Recording must never fail the request or delay it.
            tokio::spawn(async move {
                let res = sqlx::query(
                    "insert into asp.error_log (application_name, request_url, request_path, message, exception, api_parameters, request_id)
                     values ('ASP API', $1, $2, $3, $4, $5, $6)",
                )
                .bind(format!("{method} {path}"))
                .bind(&path)
                .bind(SERVER_ERROR_MESSAGE)
                .bind(detail)
                .bind(query)
                .bind(rid)
                .execute(&pool)
                .await;
                if let Err(e) = res {
                    tracing::warn!(error = %e, "could not record the failure in the error log");
                }
            });
        }
        Ok(resp)
    }
}

/// An error status the operation's OpenAPI document does not list is a bug: logged always, and marked on the
/// response in debug builds so that every test request checks the document against what really happened.
fn check_documented(resp: &mut Response, operation: &str, status: StatusCode) {
    if !(status.is_client_error() || status.is_server_error()) {
        return;
    }
    let code = status.as_u16();
    if crate::openapi::error_statuses(operation).is_some_and(|allowed| allowed.contains(&code)) {
        return;
    }
    tracing::error!(operation, status = code, "status not documented");
    #[cfg(debug_assertions)]
    resp.headers_mut().insert("x-asp-undocumented-status", HeaderValue::from(code));
    #[cfg(not(debug_assertions))]
    let _ = resp;
}

fn ui_endpoint(dir: &str, name: &str) -> poem::endpoint::BoxEndpoint<'static, Response> {
    let index = std::path::Path::new(dir).join("index.html");
    if index.exists() {
        StaticFilesEndpoint::new(dir).index_file("index.html").fallback_to_index().map_to_response().boxed()
    } else {
        let msg = format!("<!doctype html><title>ASP</title><p>The {name} has not been built. Run <code>scripts/run.sh</code> (or <code>npm run build</code> in its folder).</p>");
        poem::endpoint::make_sync(move |_| Html(msg.clone())).map_to_response().boxed()
    }
}

/// The whole application: API under `/api`, the portal under `/portal/`, the staff console at `/`.
pub fn routes(state: AppState) -> impl Endpoint<Output = Response> {
    let document = crate::openapi::document();
    let swagger = crate::openapi::swagger_html();
    let api = crate::openapi::service();
    let cors = Cors::new()
        .allow_origins(state.settings.cors_origins.iter().map(String::as_str))
        .allow_credentials(false)
        .expose_header("Content-Range")
        .expose_header("x-request-id")
        .max_age(600);
    let api_routes = Route::new()
        .at("/openapi.json", poem::endpoint::make_sync(move |_| {
            Response::builder().status(StatusCode::OK).content_type("application/json").body(document.clone())
        }))
        .at("/docs", poem::endpoint::make_sync(move |_| Html(swagger.clone())))
        // The real-time hubs (docs/realtime.md): WebSocket, outside the OpenAPI document.
        .at("/alert", poem::get(crate::realtime::alert_hub))
        .at("/site", poem::get(crate::realtime::site_hub))
        .nest("/", api.into_endpoint());
    Route::new()
        .nest("/api", api_routes.with(cors))
        .nest("/portal", ui_endpoint(&state.settings.portal_ui_dir, "customer and supplier portal"))
        .nest("/", ui_endpoint(&state.settings.admin_ui_dir, "staff console"))
        .with(CatchPanic::new().with_handler(PanicToError))
        .with(crate::hardening::Hardening { max_body_bytes: state.settings.max_body_bytes, max_import_bytes: state.settings.max_import_bytes })
        .data(state.clone())
        .with(RequestContext { state })
        .map_to_response()
}

/// A running server; tests build it on port 0 and read the port back.
pub struct Application {
    port: u16,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let state = build_state(settings).await?;
        sync_api_switch(&state).await?;
        jobs::spawn(state.clone(), crate::job_registry(kernel::mail::MailSettings::load()?));
        state.realtime.spawn_subscriber();
        crate::realtime::toasts::spawn(
            state.pool.clone(),
            state.realtime.clone(),
            std::time::Duration::from_secs(state.settings.realtime_toast_sweep_seconds),
        );
        Self::start(state).await
    }

    pub async fn start(state: AppState) -> anyhow::Result<Self> {
        let listener = tokio::net::TcpListener::bind(state.settings.http_addr.as_str()).await.context("binding the HTTP address")?;
        let port = listener.local_addr().context("reading the bound port")?.port();
        let limits = crate::server::Limits {
            max_connections: state.settings.max_connections,
            header_read_timeout: Duration::from_secs(state.settings.header_read_timeout_seconds),
        };
        let app = routes(state);
        let server = tokio::spawn(crate::server::serve(listener, app, limits));
        tracing::info!(port, "listening");
        Ok(Self { port, server })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        self.server.await.context("server task")?.context("server")
    }
}
