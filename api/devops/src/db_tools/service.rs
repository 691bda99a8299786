//! Rules of the database tools: which environment a request means, the checks of names and dates, the sort
//! allow-list, and the compare dialog's diff.

use chrono::{DateTime, NaiveDate};
use sqlx::pool::PoolConnection;
use sqlx::{PgPool, Postgres};

use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::listing::{date_window, SortSpec};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::diff;
use super::environments::{self, database_name, pool_for, Environment, Target};
use super::model::{
    DbToolsChangedObjectsRequest, DbToolsDiff, DbToolsDiffRequest, DbToolsEnvironment, DbToolsHistoryRequest, DbToolsHistorySourceRequest,
    DbToolsObjectChangePage, DbToolsSource, DbToolsSourceRequest, DbToolsUser,
};
use super::repo::{self, ChangeFilter};

/// The search window goes back this many days by default (spec 2 section 9), and ends tomorrow.
const DEFAULT_WINDOW_DAYS: i64 = 90;
const MAX_NAME_LEN: usize = 200;

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

/// An environment resolved for one request: its name (for messages) and a pool on its database.
pub struct Resolved {
    pub name: String,
    pub pool: PgPool,
}

impl Resolved {
    async fn connect(&self) -> ApiResult<PoolConnection<Postgres>> {
        self.pool.acquire().await.map_err(env_error(&self.name))
    }
}

/// A database error while working on an environment: logged with the environment's name.
fn env_error(env: &str) -> impl Fn(sqlx::Error) -> ApiError + '_ {
    move |e| ApiError::internal(format!("database tools, environment {env}: {e}"))
}

fn blank_to_none(s: Option<&str>) -> Option<&str> {
    s.filter(|v| !v.trim().is_empty())
}

fn unknown_environment(field: &str, name: &str, envs: &[Environment]) -> ApiError {
    let known: Vec<&str> = envs.iter().map(|e| e.name.as_str()).collect();
    ApiError::invalid(field, "unknownEnvironment", &format!("Unknown environment '{name}'. Choose one of {}.", known.join(", ")))
}

/// Picks the environment of a request: by `environment_name` (unknown: 400); else the environment whose database has
/// `database_name`; else the API's own database.
pub fn resolve(state: &AppState, environment_name: Option<&str>, database_name_hint: Option<&str>, field: &str) -> ApiResult<Resolved> {
    let envs = environments::environments()?;
    let chosen = if let Some(name) = blank_to_none(environment_name) {
        envs.iter().find(|e| e.name.eq_ignore_ascii_case(name.trim())).cloned().ok_or_else(|| unknown_environment(field, name, &envs))?
    } else if let Some(env) = blank_to_none(database_name_hint).and_then(|db| envs.iter().find(|e| database_name(state, e).eq_ignore_ascii_case(db.trim()))) {
        env.clone()
    } else {
        envs.iter().find(|e| e.target == Target::Own).cloned().unwrap_or_else(|| Environment { name: state.settings.environment_name.clone(), target: Target::Own })
    };
    Ok(Resolved { pool: pool_for(state, &chosen)?, name: chosen.name })
}

/// A schema or object name: not blank, at most 200 characters, no control characters.
fn object_part<'a>(value: &'a str, field: &str, label: &str, problems: &mut Problems) -> &'a str {
    if value.trim().is_empty() || value.chars().count() > MAX_NAME_LEN || value.chars().any(char::is_control) {
        problems.add(field, "invalid", &format!("Please enter a valid value for {label}"));
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

pub fn list_environments(state: &AppState) -> ApiResult<Vec<DbToolsEnvironment>> {
    Ok(environments::environments()?.iter().map(|e| DbToolsEnvironment { environment_name: e.name.clone(), database_name: database_name(state, e) }).collect())
}

/// The database roles that changed objects in `environment`.
pub async fn user_names(state: &AppState, environment: &str) -> ApiResult<Vec<DbToolsUser>> {
    let env = resolve(state, Some(environment), None, "environment")?;
    let mut conn = env.connect().await?;
    repo::user_names(&mut conn).await.map_err(env_error(&env.name))
}

pub async fn search_changed_objects(state: &AppState, req: &DbToolsChangedObjectsRequest) -> ApiResult<DbToolsObjectChangePage> {
    let mut problems = Problems::default();
    let page = req.page.resolve(&CHANGED_SORT);
    let mut date = |raw: &Option<String>, field: &str, label: &str| match parse_date(raw.as_deref(), field, label) {
        Ok(d) => d,
        Err(e) => {
            problems.push(e);
            None
        }
    };
    let start = date(&req.start_date, "startDate", "Start Date");
    let end = date(&req.end_date, "endDate", "End Date");
    for (value, field, label) in [(&req.object_name, "object_name", "Object Name"), (&req.network_name, "network_name", "User"), (&req.schema_name, "schema_name", "Schema")] {
        if let Some(v) = blank_to_none(value.as_deref()) {
            object_part(v, field, label, &mut problems);
        }
    }
    if !problems.is_empty() {
        // The paging problems come first, as when the page alone is wrong.
        if let Err(ApiError::BadRequest(body)) = &page {
            problems.0.splice(0..0, body.0.errors.iter().cloned());
        }
        problems.check()?;
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
    let mut conn = env.connect().await?;
    let (rows, total) = repo::changed_objects(&mut conn, &filter, &page).await.map_err(env_error(&env.name))?;
    Ok(DbToolsObjectChangePage::new(rows, total))
}

pub async fn history(state: &AppState, req: &DbToolsHistoryRequest) -> ApiResult<DbToolsObjectChangePage> {
    let mut problems = Problems::default();
    let schema = object_part(&req.schema_name, "schema_name", "Schema", &mut problems);
    let object = object_part(&req.object_name, "object_name", "Object Name", &mut problems);
    problems.check()?;
    let page = req.page.resolve(&HISTORY_SORT)?;
    let env = resolve(state, req.environment_name.as_deref(), req.database_name.as_deref(), "environment_name")?;
    let mut conn = env.connect().await?;
    let (rows, total) = repo::object_history(&mut conn, schema, object, &page).await.map_err(env_error(&env.name))?;
    Ok(DbToolsObjectChangePage::new(rows, total))
}

/// The definition as it is now; 404 'This object doesnt exist in {env}'.
pub async fn source_now(state: &AppState, req: &DbToolsSourceRequest) -> ApiResult<DbToolsSource> {
    let mut problems = Problems::default();
    let schema = object_part(&req.schema_name, "schema_name", "Schema", &mut problems);
    let object = object_part(&req.object_name, "object_name", "Object Name", &mut problems);
    problems.check()?;
    let env = resolve(state, req.environment_name.as_deref(), req.database_name.as_deref(), "environment_name")?;
    let mut conn = env.connect().await?;
    match repo::current_source(&mut conn, schema, object).await.map_err(env_error(&env.name))? {
        Some(object_source) => Ok(DbToolsSource { object_source }),
        None => Err(ApiError::not_found(&format!("This object doesnt exist in {}", env.name))),
    }
}

/// The definition recorded with one audit row (empty for a drop); 404 when there is no such row, or it is not of
/// the named object.
pub async fn source_then(state: &AppState, req: &DbToolsHistorySourceRequest) -> ApiResult<DbToolsSource> {
    let mut problems = Problems::default();
    let schema = blank_to_none(req.schema_name.as_deref()).map(|s| object_part(s, "schema_name", "Schema", &mut problems));
    let object = blank_to_none(req.object_name.as_deref()).map(|o| object_part(o, "object_name", "Object Name", &mut problems));
    problems.check()?;
    let env = resolve(state, req.environment_name.as_deref(), req.database_name.as_deref(), "environment_name")?;
    let mut conn = env.connect().await?;
    let row = repo::history_source(&mut conn, req.object_audit_log_id).await.map_err(env_error(&env.name))?;
    let missing = || ApiError::not_found(&format!("This version of the object doesnt exist in {}", env.name));
    let row = row.ok_or_else(missing)?;
    if schema.is_some_and(|s| s != row.schema_name) || object.is_some_and(|o| o != row.object_name) {
        return Err(missing());
    }
    Ok(DbToolsSource { object_source: row.object_source.unwrap_or_default() })
}

/// The character diff of two texts (`diff_level` must be `character`; each text at most 1 MB).
pub fn compare(req: &DbToolsDiffRequest) -> ApiResult<DbToolsDiff> {
    let mut problems = Problems::default();
    if !req.diff_level.as_deref().is_some_and(|l| l.trim().eq_ignore_ascii_case("character")) {
        problems.add("diff_level", "invalidDiffLevel", "The diff level must be 'character'.");
    }
    for (text, field, label) in [(&req.left, "left", "left"), (&req.right, "right", "right")] {
        if text.as_ref().is_some_and(|t| t.len() > diff::MAX_TEXT_BYTES) {
            problems.add(field, "tooLong", &format!("The {label} text is larger than 1 MB."));
        }
    }
    problems.check()?;
    let runs = diff::diff(req.left.as_deref().unwrap_or_default(), req.right.as_deref().unwrap_or_default());
    Ok(DbToolsDiff { html: diff::html(&runs), css: diff::CSS.to_owned() })
}

/// [`compare`] off the async workers: up to 2 MB of text.
pub async fn compare_blocking(req: DbToolsDiffRequest) -> ApiResult<DbToolsDiff> {
    tokio::task::spawn_blocking(move || compare(&req)).await.map_err(ApiError::internal)?
}

#[cfg(test)]
mod tests {
    use super::*;

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
