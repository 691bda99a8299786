//! The ASP error log screens under `/api/V1/DevOps/ErrorLog` (FSSConnectAdmin): the log search with its filter
//! groups, and the error log filters (Developer Review, Ignore, In Progress).
//!
//! A log row matches a filter when the filter's `filter_string` is part of its message, exception or exception
//! message and its `filter_url` part of its request url or path (each only when given; case-insensitive).
//! `instance_count` is set when a filter is created and kept current by job type 1 (api/src/jobs).

use api_macros::guarded;
use chrono::{DateTime, NaiveDate, Utc};
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, PgConnection};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::export::{self, ExportColumn, XlsxFile};
use kernel::listing::{capped_sql, date_window, Page, PageRequest, SortSpec};
use kernel::ApiTags;
use kernel::page_type;
use kernel::state::AppState;

/// Default search window: this many days back to tomorrow (spec 2 section 9).
pub const DEFAULT_DAYS_BACK: i64 = 7;
const MAX_TEXT: usize = 2000;

/// Does error log row `e` match filter `f`? (SQL over the aliases `e` and `f`.)
pub const FILTER_MATCH: &str = "((f.filter_string is null
        or strpos(lower(e.message), lower(f.filter_string)) > 0
        or strpos(lower(coalesce(e.exception, '')), lower(f.filter_string)) > 0
        or strpos(lower(coalesce(e.exception_message, '')), lower(f.filter_string)) > 0)
    and (f.filter_url is null
        or strpos(lower(coalesce(e.request_url, '')), lower(f.filter_url)) > 0
        or strpos(lower(coalesce(e.request_path, '')), lower(f.filter_url)) > 0))";

/// Recounts `instance_count` of one filter or of all; answers (filter id, count) per filter.
pub async fn recount_filters(conn: &mut PgConnection, only: Option<i64>) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(&format!(
        "update asp.asp_error_log_filter f
         set instance_count = (select count(*) from asp.error_log e where {FILTER_MATCH})
         where $1::bigint is null or f.asp_error_log_filter_id = $1
         returning f.asp_error_log_filter_id, f.instance_count"
    ))
    .bind(only)
    .fetch_all(conn)
    .await
}

/// The application filter of the log search: the values it accepts (the spec's names as aliases) and the
/// application names stored for each.
pub fn application_names(value: Option<&str>) -> Result<Option<Vec<String>>, ApiError> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let names: &[&str] = match v.to_ascii_lowercase().as_str() {
        "all" => return Ok(None),
        "aspv8" | "asp v8" | "asp v8 ui" => &["ASPv8"],
        "aspv7" | "asp v7" | "asp v7 ui" | "fisdonline" => &["ASPv7", "FISDOnline"],
        "customer portal" | "fss.portal" => &["Customer Portal", "Fss.Portal"],
        "asp api" | "webapi" => &["ASP API", "WebAPI"],
        _ => {
            return Err(ApiError::invalid(
                "application_name",
                "invalid",
                "The application must be one of ASPv8, ASPv7, Customer Portal or ASP API (WebAPI).",
            ))
        }
    };
    Ok(Some(names.iter().map(|s| (*s).to_owned()).collect()))
}

/// The search form of the Log tab.
#[derive(Debug, Clone, Object)]
pub struct ErrorLogSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Default 7 days back.
    pub start_date: Option<NaiveDate>,
    /// Default tomorrow; the whole day is included.
    pub end_date: Option<NaiveDate>,
    /// null or 0 all rows; -1 rows matching no filter; 1, 2, 3 rows matching a filter of that type (Developer
    /// Review, Ignore, In Progress).
    pub filter_id: Option<i32>,
    /// ASPv8, ASPv7, Customer Portal, ASP API (also accepted as WebAPI); null for all.
    pub application_name: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct ErrorLogExport {
    #[oai(flatten)]
    pub search: ErrorLogSearch,
    pub columns: Vec<ExportColumn>,
}

/// One row of the error log, named as in the spec.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct ErrorRow {
    #[oai(rename = "asp_error_log_ID")]
    #[serde(rename = "asp_error_log_ID")]
    pub asp_error_log_id: i64,
    pub request_url: Option<String>,
    pub machine_name: Option<String>,
    pub event_time: DateTime<Utc>,
    pub request_path: Option<String>,
    pub user_host_address: Option<String>,
    /// The user's login when known, else the name stored with the row.
    #[oai(rename = "asP_user_name")]
    #[serde(rename = "asP_user_name")]
    pub asp_user_name: Option<String>,
    #[oai(rename = "asP_message")]
    #[serde(rename = "asP_message")]
    pub asp_message: String,
    pub exception: Option<String>,
    pub exception_code: Option<String>,
    pub exception_message: Option<String>,
    pub stack_trace: Option<String>,
    pub site_code: Option<String>,
    pub session_dump: Option<String>,
    pub application_name: String,
    pub api_parameters: Option<String>,
}

page_type!(ErrorRowPage, ErrorRow, "itemList");

pub const ERROR_SORT: SortSpec = SortSpec {
    fields: &[
        ("asp_error_log_ID", "asp_error_log_id"),
        ("request_url", "request_url"),
        ("machine_name", "machine_name"),
        ("event_time", "event_time"),
        ("request_path", "request_path"),
        ("user_host_address", "user_host_address"),
        ("asP_user_name", "asp_user_name"),
        ("asP_message", "asp_message"),
        ("exception", "exception"),
        ("exception_code", "exception_code"),
        ("exception_message", "exception_message"),
        ("stack_trace", "stack_trace"),
        ("site_code", "site_code"),
        ("session_dump", "session_dump"),
        ("application_name", "application_name"),
        ("api_parameters", "api_parameters"),
    ],
    default_field: "asp_error_log_ID",
    default_descending: true,
};

/// A validated Log search.
struct ErrorQuery {
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    filter_id: i32,
    applications: Option<Vec<String>>,
}

impl ErrorQuery {
    fn parse(s: &ErrorLogSearch) -> ApiResult<Self> {
        let (start, end) = date_window(s.start_date, s.end_date, DEFAULT_DAYS_BACK)?;
        let filter_id = s.filter_id.unwrap_or(0);
        if !(-1..=3).contains(&filter_id) {
            return Err(ApiError::invalid("filter_id", "invalid", "The log filter must be 0 (all), -1 (not assigned to a filter), 1, 2 or 3."));
        }
        Ok(Self { start, end, filter_id, applications: application_names(s.application_name.as_deref())? })
    }
}

/// The newest 5000 matching rows at most, one page of them sorted, and their count.
async fn search_errors(conn: &mut PgConnection, q: &ErrorQuery, page: &Page) -> ApiResult<(Vec<ErrorRow>, i64)> {
    let base = format!(
        "select e.error_log_id as asp_error_log_id, e.request_url, e.machine_name, e.logged_at as event_time, e.request_path,
                e.user_host_address, coalesce(u.user_id, e.user_name) as asp_user_name, e.message as asp_message, e.exception,
                e.exception_code, e.exception_message, e.stack_trace, e.site_code, e.session_dump, e.application_name,
                e.api_parameters
         from asp.error_log e left join asp.asp_users u on u.asp_users_id = e.asp_users_id
         where e.logged_at >= $1 and e.logged_at < $2
           and ($3::text[] is null or e.application_name = any($3))
           and case $4::int
                   when 0 then true
                   when -1 then not exists (select 1 from asp.asp_error_log_filter f where {FILTER_MATCH})
                   else exists (select 1 from asp.asp_error_log_filter f where f.filter_type = $4 and {FILTER_MATCH})
               end
         order by e.error_log_id desc"
    );
    let (page_sql, count_sql) = capped_sql(&base, &page.order_by, 5);
    let rows: Vec<ErrorRow> = sqlx::query_as(&page_sql)
        .bind(q.start)
        .bind(q.end)
        .bind(&q.applications)
        .bind(q.filter_id)
        .bind(page.limit)
        .bind(page.offset)
        .fetch_all(&mut *conn)
        .await?;
    let total: i64 = sqlx::query_scalar(&count_sql).bind(q.start).bind(q.end).bind(&q.applications).bind(q.filter_id).fetch_one(&mut *conn).await?;
    Ok((rows, total))
}

/// The search form of the Filtered List tab: filters created in the window.
#[derive(Debug, Clone, Object)]
pub struct ErrorFilterSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Default 7 days back.
    pub start_date: Option<NaiveDate>,
    /// Default tomorrow; the whole day is included.
    pub end_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, Object)]
pub struct ErrorFilterExport {
    #[oai(flatten)]
    pub search: ErrorFilterSearch,
    pub columns: Vec<ExportColumn>,
}

/// An error log filter.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct ErrorLogFilter {
    pub asp_error_log_filter_id: i64,
    pub filter_note: Option<String>,
    /// 1 Developer Review, 2 Ignore, 3 In Progress.
    pub filter_type: i32,
    pub filter_type_name: String,
    pub filter_string: Option<String>,
    pub filter_url: Option<String>,
    pub description: Option<String>,
    pub created_by_id: Option<i64>,
    /// The creator's name.
    pub created_by: Option<String>,
    pub created_date: DateTime<Utc>,
    /// Error log rows matching the filter (kept current by the filter counting job).
    pub instance_count: i64,
}

page_type!(ErrorLogFilterPage, ErrorLogFilter, "itemList");

pub const FILTER_SORT: SortSpec = SortSpec {
    fields: &[
        ("asp_error_log_filter_id", "asp_error_log_filter_id"),
        ("filter_note", "filter_note"),
        ("filter_type", "filter_type"),
        ("filter_type_name", "filter_type_name"),
        ("filter_string", "filter_string"),
        ("filter_url", "filter_url"),
        ("description", "description"),
        ("created_by", "created_by"),
        ("created_date", "created_date"),
        ("instance_count", "instance_count"),
    ],
    default_field: "asp_error_log_filter_id",
    default_descending: true,
};

const FILTER_COLUMNS: &str = "f.asp_error_log_filter_id, f.filter_note, f.filter_type::int as filter_type,
       case f.filter_type when 1 then 'Developer Review' when 2 then 'Ignore' else 'In Progress' end as filter_type_name,
       f.filter_string, f.filter_url, f.description, f.created_by_id,
       coalesce(nullif(trim(u.fname || ' ' || u.lname), ''), u.user_id) as created_by, f.created_date, f.instance_count
  from asp.asp_error_log_filter f left join asp.asp_users u on u.asp_users_id = f.created_by_id";

async fn search_filters(conn: &mut PgConnection, s: &ErrorFilterSearch, page: &Page) -> ApiResult<(Vec<ErrorLogFilter>, i64)> {
    let (start, end) = date_window(s.start_date, s.end_date, DEFAULT_DAYS_BACK)?;
    let base = format!("select {FILTER_COLUMNS} where f.created_date >= $1 and f.created_date < $2 order by f.asp_error_log_filter_id desc");
    let (page_sql, count_sql) = capped_sql(&base, &page.order_by, 3);
    let rows: Vec<ErrorLogFilter> = sqlx::query_as(&page_sql).bind(start).bind(end).bind(page.limit).bind(page.offset).fetch_all(&mut *conn).await?;
    let total: i64 = sqlx::query_scalar(&count_sql).bind(start).bind(end).fetch_one(&mut *conn).await?;
    Ok((rows, total))
}

/// A new filter.
#[derive(Debug, Clone, Object)]
pub struct ErrorLogFilterInput {
    /// 1 developer review, 2 ignore, 3 in progress.
    pub filter_type: i32,
    pub filter_note: Option<String>,
    /// Part of the message or exception of the rows to group.
    pub filter_string: Option<String>,
    /// Part of the request url or path of the rows to group.
    pub filter_url: Option<String>,
    pub description: Option<String>,
}

/// Trimmed text, `None` when empty.
fn text(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// A checked filter: (type, note, string, url, description).
type NewFilter = (i32, Option<String>, Option<String>, Option<String>, Option<String>);

pub fn check_filter(input: &ErrorLogFilterInput) -> Result<NewFilter, Vec<ValidationError>> {
    let mut errors = Vec::new();
    if !(1..=3).contains(&input.filter_type) {
        errors.push(ValidationError::new("filter_type", "invalid", "The filter type must be 1 (Developer Review), 2 (Ignore) or 3 (In Progress)."));
    }
    let (note, string, url, description) = (text(&input.filter_note), text(&input.filter_string), text(&input.filter_url), text(&input.description));
    if string.is_none() && url.is_none() {
        errors.push(ValidationError::new("filter_string", "required", "Enter a filter string or a filter url."));
    }
    for (field, value) in [("filter_note", &note), ("filter_string", &string), ("filter_url", &url), ("description", &description)] {
        if value.as_ref().is_some_and(|v| v.chars().count() > MAX_TEXT) {
            errors.push(ValidationError::new(field, "tooLong", &format!("{field} must be at most {MAX_TEXT} characters.")));
        }
    }
    if errors.is_empty() {
        Ok((input.filter_type, note, string, url, description))
    } else {
        Err(errors)
    }
}

async fn insert_filter(conn: &mut PgConnection, caller: &Caller, f: NewFilter) -> ApiResult<ErrorLogFilter> {
    let (filter_type, note, string, url, description) = f;
    let id: i64 = sqlx::query_scalar(
        "insert into asp.asp_error_log_filter (filter_type, filter_note, filter_string, filter_url, description, created_by_id)
         values ($1, $2, $3, $4, $5, $6) returning asp_error_log_filter_id",
    )
    .bind(i16::try_from(filter_type).unwrap_or_default())
    .bind(&note)
    .bind(&string)
    .bind(&url)
    .bind(&description)
    .bind(caller.real_user_id)
    .fetch_one(&mut *conn)
    .await?;
    recount_filters(conn, Some(id)).await?;
    audit::record(
        conn,
        Some(caller),
        AuditEntry {
            action: "error_log_filter.insert",
            entity: "asp_error_log_filter",
            entity_id: id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({"filter_type": filter_type, "filter_note": note, "filter_string": string, "filter_url": url, "description": description}),
        },
    )
    .await?;
    Ok(sqlx::query_as(&format!("select {FILTER_COLUMNS} where f.asp_error_log_filter_id = $1")).bind(id).fetch_one(&mut *conn).await?)
}

async fn delete_filter(conn: &mut PgConnection, caller: &Caller, id: i64) -> ApiResult<()> {
    let deleted: Option<(i64, Option<String>, Option<String>)> =
        sqlx::query_as("delete from asp.asp_error_log_filter where asp_error_log_filter_id = $1 returning filter_type::bigint, filter_string, filter_url")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((filter_type, string, url)) = deleted else {
        return Err(ApiError::not_found("The error log filter does not exist."));
    };
    audit::record(
        conn,
        Some(caller),
        AuditEntry {
            action: "error_log_filter.delete",
            entity: "asp_error_log_filter",
            entity_id: id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({"filter_type": filter_type, "filter_string": string, "filter_url": url}),
        },
    )
    .await?;
    Ok(())
}

#[derive(Object)]
pub struct ErrorLogMessage {
    pub message: String,
}

pub struct ErrorLogApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps/ErrorLog", tag = "ApiTags::DevOps")]
impl ErrorLogApi {
    /// Search the ASP error log
    ///
    /// Rows logged in the window (default 7 days back to tomorrow), optionally of one application and one filter
    /// group; the newest 5000 at most; default sort asp_error_log_ID descending.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Search", method = "post", operation_id = "getASPErrorsBySearch")]
    async fn search(&self, state: Data<&AppState>, body: Json<ErrorLogSearch>) -> ApiResult<Json<ErrorRowPage>> {
        let page = body.page.resolve(&ERROR_SORT)?;
        let query = ErrorQuery::parse(&body)?;
        let mut conn = state.pool.acquire().await?;
        let (rows, total) = search_errors(&mut conn, &query, &page).await?;
        Ok(Json(ErrorRowPage::new(rows, total)))
    }

    /// Export an ASP error log search
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Search/Export", method = "post", operation_id = "exportASPErrors")]
    async fn export(&self, state: Data<&AppState>, body: Json<ErrorLogExport>) -> ApiResult<XlsxFile> {
        let page = Page::export(body.search.page.resolve(&ERROR_SORT)?.order_by);
        let query = ErrorQuery::parse(&body.search)?;
        let mut conn = state.pool.acquire().await?;
        let (rows, _) = search_errors(&mut conn, &query, &page).await?;
        export::respond(&body.columns, &rows)
    }

    /// Search the error log filters
    ///
    /// Filters created in the window (default 7 days back to tomorrow); default sort asp_error_log_filter_id
    /// descending.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Filtered/Search", method = "post", operation_id = "getASPFilteredErrorsBySearch")]
    async fn filters(&self, state: Data<&AppState>, body: Json<ErrorFilterSearch>) -> ApiResult<Json<ErrorLogFilterPage>> {
        let page = body.page.resolve(&FILTER_SORT)?;
        let mut conn = state.pool.acquire().await?;
        let (rows, total) = search_filters(&mut conn, &body, &page).await?;
        Ok(Json(ErrorLogFilterPage::new(rows, total)))
    }

    /// Export an error log filter search
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Filtered/Search/Export", method = "post", operation_id = "exportASPFilteredErrors")]
    async fn export_filters(&self, state: Data<&AppState>, body: Json<ErrorFilterExport>) -> ApiResult<XlsxFile> {
        let page = Page::export(body.search.page.resolve(&FILTER_SORT)?.order_by);
        let mut conn = state.pool.acquire().await?;
        let (rows, _) = search_filters(&mut conn, &body.search, &page).await?;
        export::respond(&body.columns, &rows)
    }

    /// Add an error log filter
    ///
    /// Type 1 developer review, 2 ignore, 3 in progress; a filter string or a filter url (or both) is required.
    /// Answers the filter with its current instance count.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Filter", method = "post", operation_id = "insertErrorLogFilter")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ErrorLogFilterInput>) -> ApiResult<Json<ErrorLogFilter>> {
        let filter = check_filter(&body).map_err(ApiError::validation)?;
        let mut tx = state.pool.begin().await?;
        let row = insert_filter(&mut tx, &caller, filter).await?;
        tx.commit().await?;
        Ok(Json(row))
    }

    /// Delete an error log filter
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/Filter/:id", method = "delete", operation_id = "deleteErrorLogFilter")]
    async fn delete(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<ErrorLogMessage>> {
        let mut tx = state.pool.begin().await?;
        delete_filter(&mut tx, &caller, id.0).await?;
        tx.commit().await?;
        Ok(Json(ErrorLogMessage { message: "Filter deleted.".to_owned() }))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn input(t: i32, s: Option<&str>, u: Option<&str>) -> ErrorLogFilterInput {
        ErrorLogFilterInput { filter_type: t, filter_note: None, filter_string: s.map(Into::into), filter_url: u.map(Into::into), description: None }
    }

    #[test]
    fn a_filter_needs_a_known_type_and_a_string_or_url() {
        assert!(check_filter(&input(1, Some("timeout"), None)).is_ok());
        assert!(check_filter(&input(3, None, Some("/api/x"))).is_ok());
        let e = check_filter(&input(4, Some("x"), None)).unwrap_err();
        assert_eq!(e[0].field, "filter_type");
        let e = check_filter(&input(2, Some("  "), None)).unwrap_err();
        assert_eq!(e[0].field, "filter_string");
        let (_, _, s, u, _) = check_filter(&input(2, Some(" a "), Some(""))).unwrap();
        assert_eq!((s.as_deref(), u), (Some("a"), None));
    }

    #[test]
    fn application_names_accept_the_spec_names_as_aliases() {
        assert_eq!(application_names(None).unwrap(), None);
        assert_eq!(application_names(Some(" ")).unwrap(), None);
        assert_eq!(application_names(Some("WebAPI")).unwrap().unwrap()[0], "ASP API");
        assert_eq!(application_names(Some("asp api")).unwrap().unwrap()[0], "ASP API");
        assert_eq!(application_names(Some("Fss.Portal")).unwrap().unwrap()[0], "Customer Portal");
        assert_eq!(application_names(Some("ASPv8")).unwrap().unwrap(), vec!["ASPv8"]);
        assert!(application_names(Some("Excel")).is_err());
    }
}
