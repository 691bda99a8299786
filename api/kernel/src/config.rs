//! Layered configuration: built-in defaults, `config/default.toml`, the file named by `ASP_CONFIG`, then `ASP_*`
//! environment variables.

use std::fmt;

use anyhow::Context;
use serde::Deserialize;

/// Environment names that count as development (see [`Settings::is_development`]).
pub const DEVELOPMENT_ENVIRONMENTS: &[&str] = &["LOCALHOST", "DEV", "DEVELOPMENT", "TEST", "CI"];

const DEV_JWT_SECRET: &str = "dev-only-jwt-secret-change-me-0123456789abcdef";

#[derive(Clone, Deserialize)]
pub struct Settings {
    /// What `asp serve` connects as: in production a role that is neither superuser nor BYPASSRLS, so row-level
    /// security holds (docs/security.md).
    pub database_url: String,
    /// What `asp migrate`, `asp tenant create` and `asp seed` connect as: the owner of the schemas. Unset: the same
    /// as `database_url`.
    pub migration_database_url: Option<String>,
    pub redis_url: String,
    /// Namespace of this deployment's keys in Redis.
    pub redis_prefix: String,
    pub http_addr: String,
    pub db_max_connections: u32,
    /// HS256 signing key for access tokens; shared by every replica.
    pub jwt_secret: String,
    pub access_token_seconds: u64,
    pub session_idle_seconds: u64,
    /// Failed sign-ins for one account from one address within `lockout_seconds` before that address is refused for
    /// that account (429) until the window ends; the account itself is never locked by failures.
    pub max_login_failures: i32,
    pub lockout_seconds: i64,
    /// Failed sign-ins from one address (any accounts) within `lockout_seconds` before the address is refused.
    pub max_login_failures_per_address: i32,
    /// Failed sign-ins for one account (any addresses) within `lockout_seconds` before only addresses that signed
    /// in to it successfully before may still try.
    pub max_login_failures_per_account: i32,
    pub password_max_age_days: i64,
    pub admin_ui_dir: String,
    pub portal_ui_dir: String,
    pub cors_origins: Vec<String>,
    pub environment_name: String,
    pub source_url: String,
    pub oidc_issuer_url: Option<String>,
    pub oidc_client_id: Option<String>,
    pub oidc_client_secret: Option<String>,
    /// Where the provider sends the browser back; defaults to `http://<http_addr>/api/auth/oidc/callback`.
    pub oidc_redirect_url: Option<String>,
    pub oidc_scopes: Vec<String>,
    pub oidc_provision: bool,
    /// The largest request body the API reads; larger ones answer 413.
    pub max_body_bytes: usize,
    /// The largest body of a catalogue or data import (the operations in `hardening::IMPORT_PATHS`): a supplier's
    /// 100,000-row CSV is about 12 MB. At least `max_body_bytes`.
    pub max_import_bytes: usize,
    /// Limits of reading an imported file (kernel::import; docs/security.md "Imports"), checked while the file is
    /// read, before anything larger is held: data rows under the header (each import may allow fewer), columns,
    /// bytes of one cell and of one row, the memory the cells of the whole file may take (text plus 8 bytes a cell,
    /// shared strings counted again at every use), the XML a workbook may unpack in all, its zip entries and the
    /// largest unpacked/packed ratio of an entry.
    pub import_max_rows: usize,
    pub import_max_columns: usize,
    pub import_max_cell_bytes: usize,
    pub import_max_row_bytes: usize,
    pub import_max_text_bytes: usize,
    pub import_max_unpacked_bytes: u64,
    pub import_max_zip_entries: usize,
    pub import_max_zip_ratio: u64,
    /// Imports one process reads or applies at once; a further one waits up to `import_wait_ms`, then answers 429.
    pub import_max_concurrent: usize,
    pub import_wait_ms: u64,
    /// Open connections one process serves at once; further clients wait in the listen backlog.
    pub max_connections: usize,
    /// A client must send a request's headers within this time (also on an idle kept-alive connection).
    pub header_read_timeout_seconds: u64,
    /// How often an open real-time hub connection checks that its session still lives, closing the socket once it
    /// ended (logout, revocation, inactivity): docs/realtime.md.
    pub realtime_session_check_seconds: u64,
    /// Hub sockets one process keeps open at most; a further one is refused with the retryable 503 until one closes
    /// (docs/realtime.md). A socket costs a few KiB, so this bounds memory, not speed.
    pub realtime_max_sockets: usize,
    /// How often the toast sender looks for toasts whose wake-up it missed (a replica restarting, a lost listener
    /// connection): docs/alerts.md "Toast".
    pub realtime_toast_sweep_seconds: u64,
    /// Where uploaded files are kept when no S3 bucket is configured (docs/files.md); created when missing.
    pub files_dir: String,
    /// The largest file one upload may carry (413 above it); at most `max_body_bytes`.
    pub files_max_bytes: usize,
    /// An S3-compatible bucket for files (the production choice): with `s3_bucket` set, files are kept there
    /// instead of in `files_dir`. `s3_endpoint` unset means AWS itself.
    pub s3_endpoint: Option<String>,
    pub s3_bucket: Option<String>,
    pub s3_region: String,
    pub s3_access_key_id: Option<String>,
    pub s3_secret_access_key: Option<String>,
}

/// Reads the layered configuration (built-in defaults, `config/default.toml`, the file named by `ASP_CONFIG`, then
/// `ASP_*` variables) into `T`, which takes the keys it names and ignores the others: [`Settings`], and the settings
/// a part keeps to itself (`kernel::mail::MailSettings`) so that its secrets stay out of the shared struct.
pub fn load_layered<T: serde::de::DeserializeOwned>() -> anyhow::Result<T> {
    let mut builder = config::Config::builder()
        .add_source(config::File::from_str(include_str!("../../../config/default.toml"), config::FileFormat::Toml))
        .set_default("jwt_secret", DEV_JWT_SECRET)?
        .add_source(config::File::with_name("config/default").required(false));
    if let Ok(path) = std::env::var("ASP_CONFIG") {
        builder = builder.add_source(config::File::with_name(&path).required(true));
    }
    builder
        .add_source(
            config::Environment::with_prefix("ASP")
                .try_parsing(true)
                .list_separator(",")
                .with_list_parse_key("cors_origins")
                .with_list_parse_key("oidc_scopes"),
        )
        .build()
        .context("reading configuration")?
        .try_deserialize()
        .context("parsing configuration")
}

// Secrets are never printed, not even in debug logs.
impl fmt::Debug for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("database_url", &redact_url(&self.database_url))
            .field("migration_database_url", &self.migration_database_url.as_deref().map(redact_url))
            .field("redis_url", &redact_url(&self.redis_url))
            .field("http_addr", &self.http_addr)
            .field("jwt_secret", &"<redacted>")
            .field("oidc_issuer_url", &self.oidc_issuer_url)
            .field("oidc_client_id", &self.oidc_client_id)
            .field("oidc_client_secret", &self.oidc_client_secret.as_ref().map(|_| "<redacted>"))
            .field("environment_name", &self.environment_name)
            .field("files_dir", &self.files_dir)
            .field("s3_endpoint", &self.s3_endpoint)
            .field("s3_bucket", &self.s3_bucket)
            .field("s3_access_key_id", &self.s3_access_key_id.as_ref().map(|_| "<redacted>"))
            .field("s3_secret_access_key", &self.s3_secret_access_key.as_ref().map(|_| "<redacted>"))
            .finish_non_exhaustive()
    }
}

fn redact_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("redacted"));
            u.to_string()
        }
        _ => url.to_owned(),
    }
}

impl Settings {
    pub fn load() -> anyhow::Result<Self> {
        let settings: Settings = load_layered()?;
        settings.validate()?;
        Ok(settings)
    }

    fn validate(&self) -> anyhow::Result<()> {
        anyhow::ensure!(self.jwt_secret.len() >= 32, "jwt_secret must be at least 32 characters");
        if self.uses_dev_secret() && !self.is_development() {
            anyhow::bail!(
                "set ASP_JWT_SECRET (32 characters or more): the built-in development signing key is refused in environment {}",
                self.environment_name
            );
        }
        anyhow::ensure!(self.max_body_bytes >= 1024, "max_body_bytes must be at least 1024");
        anyhow::ensure!(
            self.max_import_bytes >= self.max_body_bytes,
            "max_import_bytes must be at least max_body_bytes ({})",
            self.max_body_bytes
        );
        anyhow::ensure!(self.import_max_concurrent >= 1, "import_max_concurrent must be at least 1");
        anyhow::ensure!(self.import_max_rows >= 1 && self.import_max_columns >= 1, "import_max_rows and import_max_columns must be at least 1");
        anyhow::ensure!(
            (1..=self.import_max_row_bytes).contains(&self.import_max_cell_bytes),
            "import_max_cell_bytes must be between 1 and import_max_row_bytes ({})",
            self.import_max_row_bytes
        );
        anyhow::ensure!(self.max_connections >= 1, "max_connections must be at least 1");
        anyhow::ensure!(self.header_read_timeout_seconds >= 1, "header_read_timeout_seconds must be at least 1");
        anyhow::ensure!(self.realtime_session_check_seconds >= 1, "realtime_session_check_seconds must be at least 1");
        anyhow::ensure!(self.realtime_max_sockets >= 1, "realtime_max_sockets must be at least 1");
        anyhow::ensure!(
            self.realtime_toast_sweep_seconds >= 1,
            "realtime_toast_sweep_seconds must be at least 1"
        );
        anyhow::ensure!(
            (1024..=self.max_body_bytes).contains(&self.files_max_bytes),
            "files_max_bytes must be between 1024 and max_body_bytes ({})",
            self.max_body_bytes
        );
        Ok(())
    }

    /// A developer's machine or a test run: the only places the built-in signing key is accepted.
    pub fn is_development(&self) -> bool {
        DEVELOPMENT_ENVIRONMENTS.iter().any(|e| e.eq_ignore_ascii_case(self.environment_name.trim()))
    }

    /// The owner's connection (migrations, tenant provisioning, demo data).
    pub fn owner_url(&self) -> &str {
        self.migration_database_url.as_deref().unwrap_or(&self.database_url)
    }

    /// The application's own database role, when it differs from the owner: migrations grant it the use of every
    /// schema's data.
    pub fn app_role(&self) -> Option<String> {
        let user = |u: &str| url::Url::parse(u).ok().map(|u| u.username().to_owned()).filter(|n| !n.is_empty());
        let app = user(&self.database_url)?;
        (self.migration_database_url.is_some() && user(self.owner_url()).as_deref() != Some(app.as_str())).then_some(app)
    }

    pub fn uses_dev_secret(&self) -> bool {
        self.jwt_secret == DEV_JWT_SECRET
    }

    pub fn oidc_enabled(&self) -> bool {
        self.oidc_issuer_url.is_some() && self.oidc_client_id.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_never_shows_secrets() {
        let s = Settings {
            database_url: "postgres://u:topsecret@db/asp".into(),
            migration_database_url: Some("postgres://owner:ownersecret@db/asp".into()),
            redis_url: "redis://127.0.0.1".into(),
            redis_prefix: "asp".into(),
            http_addr: "x".into(),
            db_max_connections: 1,
            jwt_secret: "a-very-long-secret-value-that-must-not-leak".into(),
            access_token_seconds: 1,
            session_idle_seconds: 1,
            max_login_failures: 1,
            lockout_seconds: 1,
            max_login_failures_per_address: 1,
            max_login_failures_per_account: 1,
            password_max_age_days: 1,
            admin_ui_dir: String::new(),
            portal_ui_dir: String::new(),
            cors_origins: vec![],
            environment_name: "T".into(),
            source_url: String::new(),
            oidc_issuer_url: None,
            oidc_client_id: None,
            oidc_client_secret: Some("oidc-secret-value".into()),
            oidc_redirect_url: None,
            oidc_scopes: vec![],
            oidc_provision: false,
            max_body_bytes: 1 << 20,
            max_import_bytes: 1 << 21,
            import_max_rows: 10,
            import_max_columns: 10,
            import_max_cell_bytes: 10,
            import_max_row_bytes: 100,
            import_max_text_bytes: 1000,
            import_max_unpacked_bytes: 10_000,
            import_max_zip_entries: 10,
            import_max_zip_ratio: 100,
            import_max_concurrent: 1,
            import_wait_ms: 1,
            max_connections: 16,
            header_read_timeout_seconds: 10,
            realtime_session_check_seconds: 30,
            realtime_max_sockets: 20_000,
            realtime_toast_sweep_seconds: 5,
            files_dir: "data/files".into(),
            files_max_bytes: 1 << 20,
            s3_endpoint: Some("http://127.0.0.1:9000".into()),
            s3_bucket: Some("asp".into()),
            s3_region: "us-east-1".into(),
            s3_access_key_id: Some("s3-key-id-value".into()),
            s3_secret_access_key: Some("s3-secret-value".into()),
        };
        let shown = format!("{s:?}");
        assert!(!shown.contains("topsecret"));
        assert!(!shown.contains("ownersecret"));
        assert!(!shown.contains("must-not-leak"));
        assert!(!shown.contains("oidc-secret-value"));
        assert!(!shown.contains("s3-key-id-value"));
        assert!(!shown.contains("s3-secret-value"));
    }

    #[test]
    fn the_app_role_is_the_serving_user_when_the_owner_is_another() {
        let mut s = Settings::load().expect("defaults load");
        s.database_url = "postgres://asp_app@localhost/asp".into();
        s.migration_database_url = None;
        assert_eq!(s.app_role(), None);
        assert_eq!(s.owner_url(), "postgres://asp_app@localhost/asp");
        s.migration_database_url = Some("postgres://localhost/asp".into());
        assert_eq!(s.app_role().as_deref(), Some("asp_app"));
        assert_eq!(s.owner_url(), "postgres://localhost/asp");
        s.migration_database_url = Some("postgres://asp_app@localhost/asp".into());
        assert_eq!(s.app_role(), None);
    }

    #[test]
    fn the_built_in_signing_key_is_refused_outside_development() {
        let mut s = Settings::load().expect("defaults load");
        assert!(s.uses_dev_secret() && s.is_development());
        for env in ["PROD", "STAGE", "QA", "demo"] {
            s.environment_name = env.into();
            assert!(s.validate().is_err(), "{env}");
        }
        s.jwt_secret = "x".repeat(31);
        s.environment_name = "LOCALHOST".into();
        assert!(s.validate().is_err(), "a short key is refused everywhere");
        s.jwt_secret = "a-production-signing-key-of-forty-characters".into();
        s.environment_name = "PROD".into();
        assert!(s.validate().is_ok());
    }

    #[test]
    fn a_file_limit_above_the_body_limit_is_refused() {
        let mut s = Settings::load().expect("defaults load");
        assert!(s.files_max_bytes <= s.max_body_bytes && s.validate().is_ok());
        s.files_max_bytes = s.max_body_bytes + 1;
        assert!(s.validate().is_err());
    }
}
