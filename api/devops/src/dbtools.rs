//! Database Tools (spec 2): search, view, history and compare of database object changes across environments.
//!
//! The changes are captured by the event triggers of migration `0006_db_tools.sql` into `asp.object_audit_log`
//! (see docs/db-tools.md). Environments (DEV, QA, STAGE, PROD) are named database connections read from
//! `ASP_DBTOOLS_ENVIRONMENTS` (`DEV=postgres://...,QA=postgres://...`); an environment not named there is the
//! API's own database. Connections to another database are opened lazily (a small pool per database, cached).

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use api_macros::guarded;
use chrono::{DateTime, NaiveDate, Utc};
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde::Serialize;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{FromRow, PgPool};

use crate::diff;
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::listing::{capped_sql, date_window, Page, PageRequest, SortSpec};
use kernel::ApiTags;
use kernel::page_type;
use kernel::state::AppState;

/// The environment variable naming the environments' databases.
pub const ENVIRONMENTS_VAR: &str = "ASP_DBTOOLS_ENVIRONMENTS";
/// The environments every deployment has; by default each is the API's own database.
pub const STANDARD_ENVIRONMENTS: [&str; 4] = ["DEV", "QA", "STAGE", "PROD"];
/// The search window goes back this many days by default (spec 2 section 9), and ends tomorrow.
const DEFAULT_WINDOW_DAYS: i64 = 90;
const MAX_NAME_LEN: usize = 200;

// ---------------------------------------------------------------------------------------------------------------
// Environments

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

fn database_name(state: &AppState, env: &Environment) -> String {
    match &env.target {
        Target::Own => database_of(&state.settings.database_url),
        Target::Url(url) => database_of(url),
    }
}

/// Pools of other environments' databases, per (API database, environment database): an API instance (and, in
/// tests, each instance's runtime) keeps its own.
static POOLS: OnceLock<Mutex<HashMap<(String, String), PgPool>>> = OnceLock::new();

fn pool_for(state: &AppState, env: &Environment) -> ApiResult<PgPool> {
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

/// An environment resolved for one request: its name (for messages) and a pool on its database.
pub struct Resolved {
    pub name: String,
    pub pool: PgPool,
}

fn unknown_environment(field: &str, name: &str, envs: &[Environment]) -> ApiError {
    let known: Vec<&str> = envs.iter().map(|e| e.name.as_str()).collect();
    ApiError::invalid(field, "unknownEnvironment", &format!("Unknown environment '{name}'. Choose one of {}.", known.join(", ")))
}

/// Picks the environment of a request: by `environment_name` (unknown: 400); else the environment whose database has
/// `database_name`; else the API's own database.
pub fn resolve(state: &AppState, environment_name: Option<&str>, database_name_hint: Option<&str>, field: &str) -> ApiResult<Resolved> {
    let envs = environments()?;
    let chosen = if let Some(name) = blank_to_none(environment_name) {
        envs.iter().find(|e| e.name.eq_ignore_ascii_case(name.trim())).cloned().ok_or_else(|| unknown_environment(field, name, &envs))?
    } else if let Some(env) = blank_to_none(database_name_hint).and_then(|db| envs.iter().find(|e| database_name(state, e).eq_ignore_ascii_case(db.trim()))) {
        env.clone()
    } else {
        envs.iter().find(|e| e.target == Target::Own).cloned().unwrap_or_else(|| Environment { name: state.settings.environment_name.clone(), target: Target::Own })
    };
    Ok(Resolved { pool: pool_for(state, &chosen)?, name: chosen.name })
}

// ---------------------------------------------------------------------------------------------------------------
// Request and answer shapes

#[derive(Debug, Clone, Object)]
pub struct DbToolsEnvironment {
    pub environment_name: String,
    pub database_name: String,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct DbToolsUser {
    /// The database role that made changes.
    pub network_name: String,
    /// Its display name (the role name when unknown).
    pub friendly_name: String,
}

/// The Database Tools search. Empty strings count as absent.
#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsChangedObjectsRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// `YYYY-MM-DD` (the date part of an ISO date-time is accepted); default 90 days back.
    #[oai(rename = "startDate")]
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`, inclusive; default tomorrow.
    #[oai(rename = "endDate")]
    pub end_date: Option<String>,
    /// Part of the object's name (or of `schema.name`), any case.
    pub object_name: Option<String>,
    /// Only changes by this database role (or friendly name); absent for all users.
    pub network_name: Option<String>,
    /// DEV, QA, STAGE or PROD (any case).
    pub environment_name: Option<String>,
    /// Picks the environment by its database name when `environment_name` is absent.
    pub database_name: Option<String>,
    /// Only objects of this schema.
    pub schema_name: Option<String>,
}

/// One change of a database object (the latest one per object in a search; every one in a history).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct DbToolsObjectChange {
    #[oai(rename = "objectAuditLog_ID")]
    #[serde(rename = "objectAuditLog_ID")]
    pub object_audit_log_id: i64,
    pub schema_name: String,
    pub object_name: String,
    pub database_name: String,
    /// function, procedure, view, materialized view or table.
    pub object_type: String,
    /// The command that made the change: CREATE FUNCTION, ALTER TABLE, DROP VIEW, ...
    pub command_tag: String,
    /// The database role that made the change.
    pub network_name: String,
    /// Its display name.
    pub friendly_name: String,
    pub last_modified_date: DateTime<Utc>,
}

page_type!(DbToolsObjectChangePage, DbToolsObjectChange, "resultList");

#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsHistoryRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub schema_name: String,
    pub object_name: String,
    pub database_name: Option<String>,
    pub environment_name: Option<String>,
}

#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsSourceRequest {
    pub schema_name: String,
    pub object_name: String,
    pub database_name: Option<String>,
    pub environment_name: Option<String>,
}

#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsHistorySourceRequest {
    #[oai(rename = "objectAuditLog_ID")]
    pub object_audit_log_id: i64,
    /// When given, must be the schema of that audit row.
    pub schema_name: Option<String>,
    /// When given, must be the object of that audit row.
    pub object_name: Option<String>,
    pub database_name: Option<String>,
    pub environment_name: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct DbToolsSource {
    /// The definition: `create or replace function ...`, `create or replace view ... as ...` or `create table ...`;
    /// empty for a history row that records a drop.
    pub object_source: String,
}

#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsDiffRequest {
    /// Must be `character`.
    pub diff_level: Option<String>,
    /// The older text (left), at most 1 MB.
    pub left: Option<String>,
    /// The newer text (right), at most 1 MB.
    pub right: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct DbToolsDiff {
    /// The text with removed runs in `<del>` and inserted runs in `<ins>`, HTML-escaped, in `<pre class="asp-diff">`.
    pub html: String,
    /// Styles for `html`: `del` red, `ins` green.
    pub css: String,
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

fn blank_to_none(s: Option<&str>) -> Option<&str> {
    s.filter(|v| !v.trim().is_empty())
}

/// A schema or object name: not blank, at most 200 characters, no control characters.
fn object_part<'a>(value: &'a str, field: &str, label: &str, errors: &mut Vec<ValidationError>) -> &'a str {
    if value.trim().is_empty() || value.chars().count() > MAX_NAME_LEN || value.chars().any(char::is_control) {
        errors.push(ValidationError::new(field, "invalid", &format!("Please enter a valid value for {label}")));
    }
    value
}

/// A search date: `YYYY-MM-DD`, `MM/DD/YYYY`, or an ISO date-time (its date part).
pub fn parse_date(raw: Option<&str>, field: &str, label: &str) -> Result<Option<NaiveDate>, ValidationError> {
    let Some(raw) = blank_to_none(raw).map(str::trim) else { return Ok(None) };
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(raw, "%m/%d/%Y"))
        .ok()
        .or_else(|| DateTime::parse_from_rfc3339(raw).ok().map(|d| d.date_naive()))
        .or_else(|| chrono::NaiveDateTime::parse_from_str(raw, "%Y-%m-%dT%H:%M:%S%.f").ok().map(|d| d.date()))
        .map(Some)
        .ok_or_else(|| ValidationError::new(field, "invalidDate", &format!("Please enter a valid value for {label}")))
}

// ---------------------------------------------------------------------------------------------------------------
// Repository (each runs on the environment's pool)

const CHANGED_SORT: SortSpec = SortSpec {
    fields: &[
        ("last_modified_date", "last_modified_date"),
        ("object_name", "object_name"),
        ("schema_name", "schema_name"),
        ("database_name", "database_name"),
        ("friendly_name", "friendly_name"),
        ("network_name", "network_name"),
        ("object_type", "object_type"),
        ("command_tag", "command_tag"),
        ("objectAuditLog_ID", "object_audit_log_id"),
    ],
    default_field: "last_modified_date",
    default_descending: true,
};

/// The history uses the same columns and the same default (last_modified_date descending).
const HISTORY_SORT: SortSpec = CHANGED_SORT;

const CHANGE_COLUMNS: &str = "l.object_audit_log_id, l.schema_name, l.object_name, l.database_name, l.object_type, l.command_tag,
       l.network_name, coalesce(u.friendly_name, l.network_name) as friendly_name, l.event_time as last_modified_date";

pub struct ChangeFilter<'a> {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub object_name: Option<&'a str>,
    pub network_name: Option<&'a str>,
    pub schema_name: Option<&'a str>,
}

/// The latest change of every object changed in the window, filtered; capped at 5000 objects.
pub async fn changed_objects(pool: &PgPool, filter: &ChangeFilter<'_>, page: &Page) -> Result<(Vec<DbToolsObjectChange>, i64), sqlx::Error> {
    let base = format!(
        "select * from (
            select distinct on (l.schema_name, l.object_name) {CHANGE_COLUMNS}
            from asp.object_audit_log l
            left join asp.db_user u on u.network_name = l.network_name
            where l.event_time >= $1 and l.event_time < $2
              and ($3::text is null or strpos(lower(l.schema_name || '.' || l.object_name), lower($3)) > 0)
              and ($4::text is null or l.network_name = $4 or u.friendly_name = $4)
              and ($5::text is null or l.schema_name = $5)
            order by l.schema_name, l.object_name, l.event_time desc, l.object_audit_log_id desc
         ) latest"
    );
    let (page_sql, count_sql) = capped_sql(&base, &page.order_by, 6);
    let rows = sqlx::query_as(&page_sql)
        .bind(filter.from)
        .bind(filter.to)
        .bind(filter.object_name)
        .bind(filter.network_name)
        .bind(filter.schema_name)
        .bind(page.limit)
        .bind(page.offset)
        .fetch_all(pool)
        .await?;
    let total = sqlx::query_scalar(&count_sql)
        .bind(filter.from)
        .bind(filter.to)
        .bind(filter.object_name)
        .bind(filter.network_name)
        .bind(filter.schema_name)
        .fetch_one(pool)
        .await?;
    Ok((rows, total))
}

/// Every change of one object.
pub async fn object_history(pool: &PgPool, schema: &str, object: &str, page: &Page) -> Result<(Vec<DbToolsObjectChange>, i64), sqlx::Error> {
    let base = format!(
        "select {CHANGE_COLUMNS}
         from asp.object_audit_log l
         left join asp.db_user u on u.network_name = l.network_name
         where l.schema_name = $1 and l.object_name = $2"
    );
    let (page_sql, count_sql) = capped_sql(&base, &page.order_by, 3);
    let rows = sqlx::query_as(&page_sql).bind(schema).bind(object).bind(page.limit).bind(page.offset).fetch_all(pool).await?;
    let total = sqlx::query_scalar(&count_sql).bind(schema).bind(object).fetch_one(pool).await?;
    Ok((rows, total))
}

/// The database roles that made changes, with their display names.
pub async fn user_names(pool: &PgPool) -> Result<Vec<DbToolsUser>, sqlx::Error> {
    sqlx::query_as(
        "select distinct l.network_name, coalesce(u.friendly_name, l.network_name) as friendly_name
         from asp.object_audit_log l
         left join asp.db_user u on u.network_name = l.network_name
         order by friendly_name, l.network_name",
    )
    .fetch_all(pool)
    .await
}

/// The current definition from the catalog (see `asp.current_source`); `None` when no such object exists.
pub async fn current_source(pool: &PgPool, schema: &str, object: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select asp.current_source($1, $2)").bind(schema).bind(object).fetch_one(pool).await
}

#[derive(FromRow)]
struct HistorySourceRow {
    schema_name: String,
    object_name: String,
    object_source: Option<String>,
}

async fn history_source_row(pool: &PgPool, id: i64) -> Result<Option<HistorySourceRow>, sqlx::Error> {
    sqlx::query_as("select schema_name, object_name, object_source from asp.object_audit_log where object_audit_log_id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}

// ---------------------------------------------------------------------------------------------------------------
// Service

/// A database error while working on an environment: logged with the environment's name.
fn env_error(env: &str) -> impl Fn(sqlx::Error) -> ApiError + '_ {
    move |e| ApiError::internal(format!("database tools, environment {env}: {e}"))
}

pub fn list_environments(state: &AppState) -> ApiResult<Vec<DbToolsEnvironment>> {
    Ok(environments()?.iter().map(|e| DbToolsEnvironment { environment_name: e.name.clone(), database_name: database_name(state, e) }).collect())
}

pub async fn search_changed_objects(state: &AppState, req: &DbToolsChangedObjectsRequest) -> ApiResult<DbToolsObjectChangePage> {
    let mut errors = Vec::new();
    let page = req.page.resolve(&CHANGED_SORT);
    let mut date = |raw: &Option<String>, field: &str, label: &str| match parse_date(raw.as_deref(), field, label) {
        Ok(d) => d,
        Err(e) => {
            errors.push(e);
            None
        }
    };
    let start = date(&req.start_date, "startDate", "Start Date");
    let end = date(&req.end_date, "endDate", "End Date");
    for (value, field, label) in [(&req.object_name, "object_name", "Object Name"), (&req.network_name, "network_name", "User"), (&req.schema_name, "schema_name", "Schema")] {
        if let Some(v) = blank_to_none(value.as_deref()) {
            object_part(v, field, label, &mut errors);
        }
    }
    if !errors.is_empty() {
        if let Err(ApiError::BadRequest(body)) = &page {
            errors.splice(0..0, body.0.errors.iter().cloned());
        }
        return Err(ApiError::validation(errors));
    }
    let page = page?;
    let (from, to) = date_window(start, end, DEFAULT_WINDOW_DAYS)?;
    let env = resolve(state, req.environment_name.as_deref(), req.database_name.as_deref(), "environment_name")?;
    let filter = ChangeFilter {
        from,
        to,
        object_name: blank_to_none(req.object_name.as_deref()).map(str::trim),
        network_name: blank_to_none(req.network_name.as_deref()).map(str::trim),
        schema_name: blank_to_none(req.schema_name.as_deref()).map(str::trim),
    };
    let (rows, total) = changed_objects(&env.pool, &filter, &page).await.map_err(env_error(&env.name))?;
    Ok(DbToolsObjectChangePage::new(rows, total))
}

pub async fn history(state: &AppState, req: &DbToolsHistoryRequest) -> ApiResult<DbToolsObjectChangePage> {
    let mut errors = Vec::new();
    let schema = object_part(&req.schema_name, "schema_name", "Schema", &mut errors);
    let object = object_part(&req.object_name, "object_name", "Object Name", &mut errors);
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let page = req.page.resolve(&HISTORY_SORT)?;
    let env = resolve(state, req.environment_name.as_deref(), req.database_name.as_deref(), "environment_name")?;
    let (rows, total) = object_history(&env.pool, schema, object, &page).await.map_err(env_error(&env.name))?;
    Ok(DbToolsObjectChangePage::new(rows, total))
}

pub async fn source_now(state: &AppState, req: &DbToolsSourceRequest) -> ApiResult<DbToolsSource> {
    let mut errors = Vec::new();
    let schema = object_part(&req.schema_name, "schema_name", "Schema", &mut errors);
    let object = object_part(&req.object_name, "object_name", "Object Name", &mut errors);
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let env = resolve(state, req.environment_name.as_deref(), req.database_name.as_deref(), "environment_name")?;
    match current_source(&env.pool, schema, object).await.map_err(env_error(&env.name))? {
        Some(object_source) => Ok(DbToolsSource { object_source }),
        None => Err(ApiError::not_found(&format!("This object doesnt exist in {}", env.name))),
    }
}

pub async fn source_then(state: &AppState, req: &DbToolsHistorySourceRequest) -> ApiResult<DbToolsSource> {
    let mut errors = Vec::new();
    let schema = blank_to_none(req.schema_name.as_deref()).map(|s| object_part(s, "schema_name", "Schema", &mut errors));
    let object = blank_to_none(req.object_name.as_deref()).map(|o| object_part(o, "object_name", "Object Name", &mut errors));
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let env = resolve(state, req.environment_name.as_deref(), req.database_name.as_deref(), "environment_name")?;
    let row = history_source_row(&env.pool, req.object_audit_log_id).await.map_err(env_error(&env.name))?;
    let missing = || ApiError::not_found(&format!("This version of the object doesnt exist in {}", env.name));
    let row = row.ok_or_else(missing)?;
    if schema.is_some_and(|s| s != row.schema_name) || object.is_some_and(|o| o != row.object_name) {
        return Err(missing());
    }
    Ok(DbToolsSource { object_source: row.object_source.unwrap_or_default() })
}

pub fn compare(req: &DbToolsDiffRequest) -> ApiResult<DbToolsDiff> {
    let mut errors = Vec::new();
    if !req.diff_level.as_deref().is_some_and(|l| l.trim().eq_ignore_ascii_case("character")) {
        errors.push(ValidationError::new("diff_level", "invalidDiffLevel", "The diff level must be 'character'."));
    }
    for (text, field, label) in [(&req.left, "left", "left"), (&req.right, "right", "right")] {
        if text.as_ref().is_some_and(|t| t.len() > diff::MAX_TEXT_BYTES) {
            errors.push(ValidationError::new(field, "tooLong", &format!("The {label} text is larger than 1 MB.")));
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let runs = diff::diff(req.left.as_deref().unwrap_or_default(), req.right.as_deref().unwrap_or_default());
    Ok(DbToolsDiff { html: diff::html(&runs), css: diff::CSS.to_owned() })
}

// ---------------------------------------------------------------------------------------------------------------
// Operations

pub struct DbToolsApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps/DBTools", tag = "ApiTags::DevOps")]
impl DbToolsApi {
    /// Database users of an environment
    ///
    /// The database roles that changed objects in that environment, with their display names.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/GetUserNames/:environment", method = "get", operation_id = "devOpsDbToolsGetUserNamesByEnvironment")]
    async fn user_names(&self, state: Data<&AppState>, environment: Path<String>) -> ApiResult<Json<Vec<DbToolsUser>>> {
        let env = resolve(&state, Some(&environment.0), None, "environment")?;
        Ok(Json(user_names(&env.pool).await.map_err(env_error(&env.name))?))
    }

    /// Changed database objects
    ///
    /// The latest change of every function, procedure, view or table changed in the window (default 90 days back to
    /// tomorrow), default sort last_modified_date descending; at most 5000 objects.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/GetChangedObjects", method = "post", operation_id = "devOpsDbToolsPostGetChangedObjects")]
    async fn changed_objects(&self, state: Data<&AppState>, body: Json<DbToolsChangedObjectsRequest>) -> ApiResult<Json<DbToolsObjectChangePage>> {
        Ok(Json(search_changed_objects(&state, &body).await?))
    }

    /// History of a database object
    ///
    /// Every recorded change of one object, default sort last_modified_date descending.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/GetObjectHistory", method = "post", operation_id = "devOpsDbToolsPostGetObjectHistory")]
    async fn object_history(&self, state: Data<&AppState>, body: Json<DbToolsHistoryRequest>) -> ApiResult<Json<DbToolsObjectChangePage>> {
        Ok(Json(history(&state, &body).await?))
    }

    /// Current source of a database object
    ///
    /// The definition as it is now in the environment's catalog; 404 'This object doesnt exist in {env}'.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/GetCurrentSource", method = "post", operation_id = "devOpsDbToolsPostGetCurrentSource")]
    async fn current_source(&self, state: Data<&AppState>, body: Json<DbToolsSourceRequest>) -> ApiResult<Json<DbToolsSource>> {
        Ok(Json(source_now(&state, &body).await?))
    }

    /// Source of a database object at one change
    ///
    /// The definition recorded with that audit row (empty for a drop); 404 when there is no such row.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/GetHistorySource", method = "post", operation_id = "devOpsDbToolsPostGetHistorySource")]
    async fn history_source(&self, state: Data<&AppState>, body: Json<DbToolsHistorySourceRequest>) -> ApiResult<Json<DbToolsSource>> {
        Ok(Json(source_then(&state, &body).await?))
    }

    /// Character-level diff of two texts
    ///
    /// For the 'Database Diff Tool (left db to right db)' dialog: HTML with `<del>` (only left) and `<ins>` (only
    /// right) runs, and its CSS. `diff_level` must be `character`; each text at most 1 MB.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/GetDiffCheckerText", method = "post", operation_id = "devOpsDbToolsPostGetDiffCheckerText")]
    async fn diff_text(&self, body: Json<DbToolsDiffRequest>) -> ApiResult<Json<DbToolsDiff>> {
        // Up to 2 MB of text: keep the async workers free while diffing.
        let req = body.0;
        let answer = tokio::task::spawn_blocking(move || compare(&req)).await.map_err(ApiError::internal)?;
        Ok(Json(answer?))
    }

    /// Database environments
    ///
    /// The environments the tools can read, with their database names.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Environments", method = "get", operation_id = "devOpsDbToolsGetEnvironments")]
    async fn environments(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<DbToolsEnvironment>>> {
        Ok(Json(list_environments(&state)?))
    }
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

    #[test]
    fn search_dates_accept_iso_and_us_forms() {
        let d = NaiveDate::from_ymd_opt(2026, 3, 1);
        assert_eq!(parse_date(Some("2026-03-01"), "startDate", "Start Date").expect("valid"), d);
        assert_eq!(parse_date(Some("03/01/2026"), "startDate", "Start Date").expect("valid"), d);
        assert_eq!(parse_date(Some("2026-03-01T00:00:00.000Z"), "startDate", "Start Date").expect("valid"), d);
        assert_eq!(parse_date(Some(""), "startDate", "Start Date").expect("valid"), None);
        let e = parse_date(Some("yesterday"), "startDate", "Start Date").expect_err("invalid");
        assert_eq!((e.field.as_str(), e.error.as_str()), ("startDate", "Please enter a valid value for Start Date"));
    }

    #[test]
    fn the_diff_level_must_be_character_and_texts_at_most_one_megabyte() {
        let req = |level: Option<&str>, left: &str| DbToolsDiffRequest { diff_level: level.map(Into::into), left: Some(left.into()), right: Some("b".into()) };
        assert!(compare(&req(Some("character"), "a")).is_ok());
        assert!(compare(&req(Some("Character"), "a")).is_ok());
        for bad in [None, Some("word"), Some("line"), Some("")] {
            assert_eq!(compare(&req(bad, "a")).map(|_| ()).map_err(|e| e.status()), Err(400), "{bad:?}");
        }
        let big = "x".repeat(diff::MAX_TEXT_BYTES + 1);
        assert_eq!(compare(&req(Some("character"), &big)).map(|_| ()).map_err(|e| e.status()), Err(400));
    }
}
