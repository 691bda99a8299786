//! Test harness: every test gets its own database (copied from a migrated, demo-seeded template) and its own Redis
//! key namespace, and talks to the real application over HTTP.
#![allow(dead_code, clippy::unwrap_used)]

use std::sync::Once;

use api::config::Settings;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use sqlx::{Connection, PgConnection, PgPool};

pub const PASSWORD: &str = "Demo@pass1";

pub fn admin_url() -> String {
    std::env::var("ASP_TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://localhost/postgres".to_owned())
}

fn db_url(name: &str) -> String {
    let mut url = url::Url::parse(&admin_url()).expect("ASP_TEST_DATABASE_URL is a URL");
    url.set_path(&format!("/{name}"));
    url.to_string()
}

/// The role the application connects as in tests, as in production: neither superuser nor BYPASSRLS, so row-level
/// security holds for every request a test makes.
pub const APP_ROLE: &str = "asp_app";

/// `url` with the application's role as the user.
pub fn as_app_role(url: &str) -> String {
    let mut u = url::Url::parse(url).expect("a database URL");
    let _ = u.set_username(APP_ROLE);
    let _ = u.set_password(None);
    u.to_string()
}

async fn ensure_app_role(admin: &mut PgConnection) {
    sqlx::query(&format!(
        "do $$ begin create role {APP_ROLE} login nosuperuser nobypassrls; exception when duplicate_object or unique_violation then null; end $$"
    ))
    .execute(&mut *admin)
    .await
    .unwrap();
}

/// The day the test databases are seeded as of (`api::seed::SeedDay`): the Monday on or before the first of the
/// current month (UTC). The demo's dates count back from it, so its draws, receipts and counts all lie before the
/// current day, week and month on whatever day of the month a test runs (limits and "this month" figures start from
/// nothing but what the test does), and the data is never more than five weeks old (its costs are valid today, its
/// passwords not expired). The template is named by it: a new month seeds a new one.
pub fn seed_day() -> api::seed::SeedDay {
    use chrono::Datelike;
    let today = chrono::Utc::now().date_naive();
    let first = today.with_day(1).unwrap_or(today);
    api::seed::SeedDay(first - chrono::Duration::days(i64::from(first.weekday().num_days_from_monday())))
}

/// The template's name changes whenever a migration, the seed or its day changes, so stale templates are never
/// reused.
fn template_name() -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(seed_day().today().to_string().as_bytes());
    for m in migrations::GLOBAL.iter().chain(migrations::TENANT.iter()) {
        h.update(m.version.to_le_bytes());
        h.update(&m.checksum);
    }
    // Every file of the demo seed (and its assets), read at run time so a new seed file cannot be forgotten here.
    let seed_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/seed");
    let mut files: Vec<_> = walk(&seed_dir);
    files.sort();
    for f in files {
        h.update(f.strip_prefix(&seed_dir).unwrap_or(&f).to_string_lossy().as_bytes());
        h.update(std::fs::read(&f).unwrap_or_default());
    }
    let digest = h.finalize();
    format!("asp_tmpl_{}", digest.iter().take(6).map(|b| format!("{b:02x}")).collect::<String>())
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

fn init_logs() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = tracing_subscriber::fmt().with_env_filter(std::env::var("ASP_LOG").unwrap_or_else(|_| "warn".into())).with_test_writer().try_init();
    });
}

async fn ensure_template(admin: &mut PgConnection) -> String {
    let name = template_name();
    // Tests run as separate processes under nextest: an advisory lock makes one of them build the template.
    sqlx::query("select pg_advisory_lock(770077)").execute(&mut *admin).await.unwrap();
    ensure_app_role(admin).await;
    let exists: bool = sqlx::query_scalar("select exists(select 1 from pg_database where datname = $1)").bind(&name).fetch_one(&mut *admin).await.unwrap();
    if !exists {
        let building = format!("{name}_building");
        sqlx::query(&format!("drop database if exists {building} with (force)")).execute(&mut *admin).await.unwrap();
        sqlx::query(&format!("create database {building}")).execute(&mut *admin).await.unwrap();
        let mut settings = Settings::load().unwrap();
        settings.database_url = as_app_role(&db_url(&building));
        settings.migration_database_url = Some(db_url(&building));
        api::seed::demo(&settings, seed_day()).await.unwrap();
        // Connections to the source block copying it.
        sqlx::query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()")
            .bind(&building)
            .execute(&mut *admin)
            .await
            .unwrap();
        sqlx::query(&format!("alter database {building} rename to {name}")).execute(&mut *admin).await.unwrap();
    }
    sqlx::query("select pg_advisory_unlock(770077)").execute(&mut *admin).await.unwrap();
    name
}

/// A fresh database with the demo data.
pub async fn fresh_database() -> String {
    let mut admin = PgConnection::connect(&admin_url()).await.expect("connect to the test PostgreSQL (ASP_TEST_DATABASE_URL)");
    let template = ensure_template(&mut admin).await;
    let name = format!("asp_t_{}", uuid::Uuid::new_v4().simple());
    let mut attempts = 0;
    loop {
        match sqlx::query(&format!("create database {name} template {template}")).execute(&mut admin).await {
            Ok(_) => break,
            // Two copies of one template at the same moment can collide; wait and retry.
            Err(e) if attempts < 20 => {
                attempts += 1;
                tracing::debug!(error = %e, "retrying database copy");
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
            Err(e) => panic!("creating the test database: {e}"),
        }
    }
    db_url(&name)
}

pub fn test_settings(database_url: &str) -> Settings {
    let mut s = Settings::load().unwrap();
    s.database_url = as_app_role(database_url);
    s.migration_database_url = Some(database_url.to_owned());
    s.http_addr = "127.0.0.1:0".to_owned();
    s.redis_prefix = format!("asp-test-{}", uuid::Uuid::new_v4().simple());
    s.db_max_connections = 5;
    s
}

/// The application marks (in debug builds) every error status that its operation's OpenAPI document does not list;
/// every response a test reads goes through here, so each test run checks the document against what happened.
pub fn assert_documented(path: &str, status: StatusCode, headers: &reqwest::header::HeaderMap) {
    if let Some(undocumented) = headers.get("x-asp-undocumented-status") {
        panic!(
            "{path} answered {status}, which its operation does not document (x-asp-undocumented-status: {undocumented:?}); \
             declare it with #[requires(..., errors(...))] or fix the handler"
        );
    }
}

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub pool: PgPool,
    pub settings: Settings,
    _server: tokio::task::JoinHandle<()>,
}

pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
    pub headers: reqwest::header::HeaderMap,
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(tweak: impl FnOnce(&mut Settings)) -> Self {
        init_logs();
        let db = fresh_database().await;
        let mut settings = test_settings(&db);
        tweak(&mut settings);
        Self::start(settings).await
    }

    /// Starts another instance (a replica, or the same one after a restart) over the same database and Redis keys.
    pub async fn start(settings: Settings) -> Self {
        let application = api::app::Application::build(settings.clone()).await.expect("application starts");
        let base = format!("http://127.0.0.1:{}", application.port());
        let server = tokio::spawn(async move {
            let _ = application.run_until_stopped().await;
        });
        // The tests' own look into the database: the owner's connection, which sees every row.
        let pool = tenancy::connect_pool(settings.owner_url(), 2).await.unwrap();
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Self { base, client, pool, settings, _server: server }
    }

    pub async fn stop(self) -> Settings {
        self._server.abort();
        let _ = self._server.await;
        self.settings
    }

    pub async fn request(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Answer {
        let mut req = self.client.request(method, format!("{}{}", self.base, path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.expect("request sent");
        let status = resp.status();
        let headers = resp.headers().clone();
        assert_documented(path, status, &headers);
        let text = resp.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Answer { status, body, headers }
    }

    pub async fn get(&self, path: &str, token: &str) -> Answer {
        self.request(Method::GET, path, Some(token), None).await
    }
    pub async fn post(&self, path: &str, token: &str, body: Value) -> Answer {
        self.request(Method::POST, path, Some(token), Some(body)).await
    }
    pub async fn put(&self, path: &str, token: &str, body: Value) -> Answer {
        self.request(Method::PUT, path, Some(token), Some(body)).await
    }
    pub async fn delete(&self, path: &str, token: &str) -> Answer {
        self.request(Method::DELETE, path, Some(token), None).await
    }

    pub async fn try_login(&self, username: &str, password: &str) -> Answer {
        self.request(Method::POST, "/api/auth/login", None, Some(serde_json::json!({"username": username, "password": password}))).await
    }

    pub async fn login(&self, username: &str) -> String {
        let a = self.try_login(username, PASSWORD).await;
        assert_eq!(a.status, StatusCode::OK, "login as {username}: {:?}", a.body);
        a.body["access_token"].as_str().unwrap().to_owned()
    }

    pub async fn context(&self, token: &str) -> Value {
        let a = self.get("/api/V1/Site/UserContext", token).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        a.body
    }

    pub async fn site_id(&self, code: &str) -> i64 {
        sqlx::query_scalar("select site_id from asp.site where site_code = $1").bind(code).fetch_one(&self.pool).await.unwrap()
    }

    pub async fn user_id(&self, login: &str) -> i64 {
        sqlx::query_scalar("select asp_users_id from asp.asp_users where user_id = $1").bind(login).fetch_one(&self.pool).await.unwrap()
    }

    /// Switches the session behind `token` to `site_code`.
    pub async fn switch(&self, token: &str, site_code: &str) -> Answer {
        self.put("/api/V1/Site/CurrentSite", token, serde_json::json!({"site_code": site_code})).await
    }
}
