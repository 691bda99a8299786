//! SQL of the error log filter resource (shared schema `asp`).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use kernel::listing::{self, Page, Search};

use super::model::ErrorLogFilter;

/// Does error log row `e` match filter `f`? (SQL over the aliases `e` and `f`.)
pub const FILTER_MATCH: &str = "((f.filter_string is null
        or strpos(lower(e.message), lower(f.filter_string)) > 0
        or strpos(lower(coalesce(e.exception, '')), lower(f.filter_string)) > 0
        or strpos(lower(coalesce(e.exception_message, '')), lower(f.filter_string)) > 0)
    and (f.filter_url is null
        or strpos(lower(coalesce(e.request_url, '')), lower(f.filter_url)) > 0
        or strpos(lower(coalesce(e.request_path, '')), lower(f.filter_url)) > 0))";

const FILTER_COLUMNS: &str = "f.asp_error_log_filter_id, f.filter_note, f.filter_type::int as filter_type,
       case f.filter_type when 1 then 'Developer Review' when 2 then 'Ignore' else 'In Progress' end as filter_type_name,
       f.filter_string, f.filter_url, f.description, f.created_by_id,
       coalesce(nullif(trim(u.fname || ' ' || u.lname), ''), u.user_id) as created_by, f.created_date, f.instance_count
  from asp.asp_error_log_filter f left join asp.asp_users u on u.asp_users_id = f.created_by_id";

/// A checked new filter: trimmed texts, empties as null.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewFilter {
    /// 1 developer review, 2 ignore, 3 in progress.
    pub filter_type: i16,
    pub note: Option<String>,
    pub string: Option<String>,
    pub url: Option<String>,
    pub description: Option<String>,
}

/// What a deleted filter matched: (type, string, url).
pub type DeletedFilter = (i64, Option<String>, Option<String>);

/// Recounts `instance_count` of one filter or of all; answers (filter id, count) per filter.
pub async fn recount(conn: &mut PgConnection, only: Option<i64>) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    // A runtime query: the matching rule is FILTER_MATCH, shared with the error log search, so counts and search agree.
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

/// Filters created in `[from, to)`: one page in the page's order, and their count.
pub async fn search(conn: &mut PgConnection, from: DateTime<Utc>, to: DateTime<Utc>, page: &Page) -> Result<(Vec<ErrorLogFilter>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select {FILTER_COLUMNS}"));
    s.and_bind("f.created_date >= ", from);
    s.and_bind("f.created_date < ", to);
    s.push(" order by f.asp_error_log_filter_id desc");
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<ErrorLogFilter>, sqlx::Error> {
    // The columns of FILTER_COLUMNS (which the dynamic search shares), spelt out for the compile-time check.
    sqlx::query_as!(
        ErrorLogFilter,
        r#"select f.asp_error_log_filter_id, f.filter_note, f.filter_type::int as "filter_type!",
               case f.filter_type when 1 then 'Developer Review' when 2 then 'Ignore' else 'In Progress' end as "filter_type_name!",
               f.filter_string, f.filter_url, f.description, f.created_by_id,
               coalesce(nullif(trim(u.fname || ' ' || u.lname), ''), u.user_id) as created_by, f.created_date, f.instance_count
          from asp.asp_error_log_filter f left join asp.asp_users u on u.asp_users_id = f.created_by_id
         where f.asp_error_log_filter_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// Inserts the filter; answers its id.
pub async fn insert(conn: &mut PgConnection, f: &NewFilter, created_by: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.asp_error_log_filter (filter_type, filter_note, filter_string, filter_url, description, created_by_id)
         values ($1, $2, $3, $4, $5, $6) returning asp_error_log_filter_id",
        f.filter_type,
        f.note,
        f.string,
        f.url,
        f.description,
        created_by
    )
    .fetch_one(conn)
    .await
}

/// Deletes the filter; `None` when there is none.
pub async fn delete(conn: &mut PgConnection, id: i64) -> Result<Option<DeletedFilter>, sqlx::Error> {
    let row = sqlx::query!(
        r#"delete from asp.asp_error_log_filter where asp_error_log_filter_id = $1
           returning filter_type::bigint as "filter_type!", filter_string, filter_url"#,
        id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.filter_type, r.filter_string, r.filter_url)))
}
