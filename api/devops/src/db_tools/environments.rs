//! The databases the tools can read. Environments are read from `ASP_DBTOOLS_ENVIRONMENTS`
//! (`DEV=postgres://...,QA=postgres://...`); an environment not named there is the API's own database. Connections
//! to another database are opened lazily (a small pool per database, cached).

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

/// The environment variable naming the environments' databases.
pub const ENVIRONMENTS_VAR: &str = "ASP_DBTOOLS_ENVIRONMENTS";
/// The environments every deployment has; by default each is the API's own database.
pub const STANDARD_ENVIRONMENTS: [&str; 4] = ["DEV", "QA", "STAGE", "PROD"];

/// Where an environment's database is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The API's own database (its pool).
    Own,
    /// Another database.
    Url(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Environment {
    /// Upper case: DEV, QA, STAGE, PROD, or another configured name.
    pub name: String,
    pub target: Target,
}

fn valid_environment_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') && name.len() <= 40
}

/// Reads the environment list: the four standard environments on the API's own database, each overridden (and
/// others added, in order) by `NAME=URL` entries of `spec`. A URL of `self` (or nothing) is the API's own database.
/// Commas inside a URL (in a parameter) are kept: a new entry starts only where `NAME=` follows a comma.
/// Errors never contain a URL (it may hold a password).
pub fn parse_environments(spec: Option<&str>) -> Result<Vec<Environment>, String> {
    let mut envs: Vec<Environment> = STANDARD_ENVIRONMENTS.iter().map(|n| Environment { name: (*n).to_owned(), target: Target::Own }).collect();
    let Some(spec) = spec.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(envs) };
    let mut entries: Vec<String> = Vec::new();
    for piece in spec.split(',') {
        let starts_entry = piece.split_once('=').is_some_and(|(name, _)| valid_environment_name(name.trim()));
        match entries.last_mut() {
            Some(last) if !starts_entry => {
                last.push(',');
                last.push_str(piece);
            }
            _ => entries.push(piece.to_owned()),
        }
    }
    for (i, entry) in entries.iter().enumerate() {
        let Some((name, url)) = entry.split_once('=') else {
            return Err(format!("{ENVIRONMENTS_VAR}: entry {} is not NAME=URL", i + 1));
        };
        let name = name.trim().to_ascii_uppercase();
        if !valid_environment_name(&name) {
            return Err(format!("{ENVIRONMENTS_VAR}: entry {} has an invalid environment name", i + 1));
        }
        let url = url.trim();
        let target = if url.is_empty() || url.eq_ignore_ascii_case("self") {
            Target::Own
        } else if (url.starts_with("postgres://") || url.starts_with("postgresql://")) && PgConnectOptions::from_str(url).is_ok() {
            Target::Url(url.to_owned())
        } else {
            return Err(format!("{ENVIRONMENTS_VAR}: the address of {name} is not a postgres:// URL"));
        };
        match envs.iter_mut().find(|e| e.name == name) {
            Some(e) => e.target = target,
            None => envs.push(Environment { name, target }),
        }
    }
    Ok(envs)
}

/// The configured environments (read on every call: the variable is tiny).
pub fn environments() -> ApiResult<Vec<Environment>> {
    let raw = std::env::var(ENVIRONMENTS_VAR).ok();
    parse_environments(raw.as_deref()).map_err(ApiError::internal)
}

/// The database name in a connection URL (what the UI shows and compares).
fn database_of(url: &str) -> String {
    url::Url::parse(url)
        .ok()
        .map(|u| u.path().trim_start_matches('/').to_owned())
        .filter(|p| !p.is_empty())
        .or_else(|| PgConnectOptions::from_str(url).ok().and_then(|o| o.get_database().map(str::to_owned)))
        .unwrap_or_else(|| "postgres".to_owned())
}

/// The name of the environment's database.
pub fn database_name(state: &AppState, env: &Environment) -> String {
    match &env.target {
        Target::Own => database_of(&state.settings.database_url),
        Target::Url(url) => database_of(url),
    }
}

/// Pools of other environments' databases, per (API database, environment database): an API instance (and, in
/// tests, each instance's runtime) keeps its own.
static POOLS: OnceLock<Mutex<HashMap<(String, String), PgPool>>> = OnceLock::new();

/// A pool on the environment's database (the API's own pool for its own database).
pub fn pool_for(state: &AppState, env: &Environment) -> ApiResult<PgPool> {
    let url = match &env.target {
        Target::Url(url) if *url != state.settings.database_url => url,
        _ => return Ok(state.pool.clone()),
    };
    let key = (state.settings.database_url.clone(), url.clone());
    let mut pools = POOLS.get_or_init(Mutex::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(pool) = pools.get(&key) {
        return Ok(pool.clone());
    }
    let options = tenancy::connect_options(url).map_err(|e| ApiError::internal(format!("database tools, {}: {e}", env.name)))?;
    let pool = PgPoolOptions::new()
        .max_connections(2)
        .acquire_timeout(Duration::from_secs(5))
        .idle_timeout(Duration::from_secs(300))
        .connect_lazy_with(options);
    pools.insert(key, pool.clone());
    Ok(pool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_configuration_every_standard_environment_is_the_own_database() {
        let envs = parse_environments(None).expect("valid");
        assert_eq!(envs.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(), STANDARD_ENVIRONMENTS);
        assert!(envs.iter().all(|e| e.target == Target::Own));
        assert_eq!(parse_environments(Some("  ")).expect("valid"), envs);
    }

    #[test]
    fn configured_environments_override_and_extend_the_standard_ones() {
        let envs = parse_environments(Some("qa=postgres://u:p@db1:5432/asp_qa?sslmode=require, prod=postgresql://h1:5432/asp_prod?options=-c%20a%3D1,b,DEV=self,TRAIN=postgres://x/asp_train")).expect("valid");
        let find = |n: &str| envs.iter().find(|e| e.name == n).map(|e| e.target.clone());
        assert_eq!(find("DEV"), Some(Target::Own));
        assert_eq!(find("STAGE"), Some(Target::Own));
        assert_eq!(find("QA"), Some(Target::Url("postgres://u:p@db1:5432/asp_qa?sslmode=require".into())));
        assert_eq!(find("PROD"), Some(Target::Url("postgresql://h1:5432/asp_prod?options=-c%20a%3D1,b".into())));
        assert_eq!(find("TRAIN"), Some(Target::Url("postgres://x/asp_train".into())));
        assert_eq!(envs.len(), 5);
    }

    #[test]
    fn bad_configuration_is_refused_without_showing_the_address() {
        for bad in ["QA", "QA=mysql://u:secret@h/db", "1QA=postgres://h/db", "QA=postgres://u:secret@h:notaport/db"] {
            let err = parse_environments(Some(bad)).expect_err(bad);
            assert!(!err.contains("secret"), "{err}");
        }
    }

    #[test]
    fn database_names_come_from_the_url_path() {
        assert_eq!(database_of("postgres://u:p@localhost:5432/asp_qa?sslmode=require"), "asp_qa");
        assert_eq!(database_of("postgres://localhost"), "postgres");
    }
}
