//! The one list machinery of every search: paging, sort allow-lists, the 5000-row cap, filters, date windows, and
//! the single query that answers a page and its total.
//!
//! A resource's service takes a [`Criteria`] (validated: its sort column can only come from the resource's
//! [`SortSpec`]) and answers rows plus a total. The adapters are thin: the spec's paged-search shape
//! ([`PageRequest`] in, a [`page_type!`] answer out) and the react-admin simple-rest shape (the admin area's
//! `rest` module) both build a `Criteria` and call the same service. Repositories run the search with
//! [`fetch_page`], which binds the caller's parameters once for both the rows and the count.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::Object;
use sqlx::postgres::{PgArguments, PgRow};
use sqlx::query::Query;
use sqlx::{Execute, FromRow, PgConnection, Postgres, QueryBuilder, Row};

use crate::error::{ApiError, ValidationError};

pub const PAGE_SIZES: [i64; 6] = [10, 20, 50, 100, 200, 500];
pub const DEFAULT_PAGE_SIZE: i64 = 10;
/// Searches stop at this many matching rows; sorting applies to those rows only (spec 2 section 9).
pub const ROW_CAP: i64 = 5000;
pub const ROW_CAP_MESSAGE: &str = "This search was limited to the first 5000 matching rows. Your results may not be complete.";

/// Which fields a resource can be sorted by (name the caller may send, output column of the search query), and its
/// default order.
#[derive(Debug, Clone, Copy)]
pub struct SortSpec {
    pub fields: &'static [(&'static str, &'static str)],
    pub default_field: &'static str,
    pub default_descending: bool,
}

impl SortSpec {
    /// The column for `field` (exact name first, then case-insensitive); `None` or empty gives the default. Anything
    /// else is a 400 on `param` with errorType `invalidSortField`, so caller text never reaches SQL.
    pub fn column(&self, field: Option<&str>, param: &str) -> Result<&'static str, ApiError> {
        let field = field.map(str::trim).filter(|f| !f.is_empty());
        let wanted = field.unwrap_or(self.default_field);
        self.fields
            .iter()
            .find(|(name, _)| *name == wanted)
            .or_else(|| self.fields.iter().find(|(name, _)| name.eq_ignore_ascii_case(wanted)))
            .map(|(_, col)| *col)
            .ok_or_else(|| match field {
                Some(f) => ApiError::invalid(param, "invalidSortField", &format!("Sorting by {f} is not supported.")),
                None => ApiError::internal("default sort field missing from its allow-list"),
            })
    }
}

/// A validated page of a search: offset, size, order (from the allow-list) and the row cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub offset: i64,
    pub limit: i64,
    /// Output column of the search query, from the resource's [`SortSpec`].
    pub sort: &'static str,
    pub descending: bool,
    /// Stop counting and sorting at this many matching rows (the spec's 5000-row cap); `None` for no cap.
    pub cap: Option<i64>,
}

impl Page {
    /// The first `limit` rows in `sort` order, uncapped.
    pub fn first(sort: &'static str, limit: i64) -> Self {
        Self { offset: 0, limit, sort, descending: false, cap: None }
    }

    /// All rows up to the cap in this page's order, for exports.
    pub fn export(&self) -> Self {
        Self { offset: 0, limit: ROW_CAP, cap: Some(ROW_CAP), ..self.clone() }
    }

    /// `order by` text: the chosen column, then the first output column so that pages never overlap.
    pub fn order_by(&self) -> String {
        format!("{} {} nulls last, 1", self.sort, if self.descending { "desc" } else { "asc" })
    }
}

/// One search, independent of the HTTP shape it came in.
#[derive(Debug, Clone)]
pub struct Criteria<F> {
    /// Free text matched against the resource's main text columns (case-insensitive substring).
    pub q: Option<String>,
    /// Only these ids (react-admin's getMany).
    pub ids: Option<Vec<i64>>,
    pub page: Page,
    /// The resource's own filters.
    pub filters: F,
}

impl<F> Criteria<F> {
    pub fn new(page: Page, filters: F) -> Self {
        Self { q: None, ids: None, page, filters }
    }

    /// `q` as an `ilike` pattern (`%q%`, with the pattern characters escaped).
    pub fn q_pattern(&self) -> Option<String> {
        self.q.as_deref().map(contains_pattern)
    }
}

/// `%text%` for `ilike`, escaping `\`, `%` and `_` (PostgreSQL's default escape character is the backslash).
pub fn contains_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('%');
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// The paging part of every spec-shaped search request. Page numbers are zero-based (`pageNumber`, or `pageIndex`
/// on the screens that call it that).
#[derive(Debug, Clone, Default, Object)]
pub struct PageRequest {
    #[oai(rename = "pageNumber")]
    pub page_number: Option<i64>,
    #[oai(rename = "pageIndex")]
    pub page_index: Option<i64>,
    /// One of 10, 20, 50, 100, 200, 500 (default 10).
    #[oai(rename = "pageSize")]
    pub page_size: Option<i64>,
    #[oai(rename = "sortField")]
    pub sort_field: Option<String>,
    /// `asc` or `desc`.
    #[oai(rename = "sortDirection")]
    pub sort_direction: Option<String>,
}

impl PageRequest {
    /// The paging of a GET list, from its query parameters `pageNumber`, `pageSize`, `sortField` and
    /// `sortDirection` (the one constructor every GET list uses; poem-openapi takes query parameters one by one).
    pub fn from_query(page_number: Option<i64>, page_size: Option<i64>, sort_field: Option<String>, sort_direction: Option<String>) -> Self {
        Self { page_number, page_index: None, page_size, sort_field, sort_direction }
    }

    /// The validated page of a capped (5000-row) search; every problem is reported at once.
    pub fn resolve(&self, spec: &SortSpec) -> Result<Page, ApiError> {
        let mut errors = Vec::new();
        let size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !PAGE_SIZES.contains(&size) {
            errors.push(ValidationError::new("pageSize", "invalidPageSize", "The page size must be one of 10, 20, 50, 100, 200, 500."));
        }
        let page = self.page_number.or(self.page_index).unwrap_or(0);
        if page < 0 {
            errors.push(ValidationError::new("pageNumber", "invalidPage", "The page number cannot be negative."));
        }
        let descending = match self.sort_direction.as_deref().map(str::to_ascii_lowercase).as_deref() {
            None | Some("") => None,
            Some("asc") => Some(false),
            Some("desc") => Some(true),
            Some(_) => {
                errors.push(ValidationError::new("sortDirection", "invalidSortDirection", "The sort direction must be asc or desc."));
                None
            }
        };
        let column = match spec.column(self.sort_field.as_deref(), "sortField") {
            Ok(c) => Some(c),
            Err(ApiError::BadRequest(body)) => {
                errors.extend(body.0.errors);
                None
            }
            Err(other) => return Err(other),
        };
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        let column = column.ok_or_else(|| ApiError::internal("sort column missing"))?;
        // Without a field of its own, a requested direction applies to the default field (spec: a default sort
        // direction has no effect until a field is chosen, which the UI tells the user).
        let has_field = self.sort_field.as_deref().is_some_and(|f| !f.trim().is_empty());
        let descending = descending.unwrap_or(if has_field { false } else { spec.default_descending });
        let offset = page.saturating_mul(size);
        if offset >= ROW_CAP {
            return Err(ApiError::invalid("pageNumber", "invalidPage", "Searches stop at the first 5000 matching rows."));
        }
        Ok(Page { offset, limit: size.min(ROW_CAP - offset), sort: column, descending, cap: Some(ROW_CAP) })
    }

    /// The search criteria of this request with the resource's own filters.
    pub fn criteria<F>(&self, spec: &SortSpec, filters: F) -> Result<Criteria<F>, ApiError> {
        Ok(Criteria::new(self.resolve(spec)?, filters))
    }
}

/// The highest `$n` placeholder in `sql` (0 when there is none).
fn highest_param(sql: &str) -> usize {
    let bytes = sql.as_bytes();
    let mut max = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'$' {
            let start = i + 1;
            let mut end = start;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            if let Ok(n) = sql[start..end].parse::<usize>() {
                max = max.max(n);
            }
            i = end.max(start);
        } else {
            i += 1;
        }
    }
    max
}

/// The SQL of one page of a search over `base` (a `select <columns> from ... where ...` without order or limit,
/// using parameters `$1..$n`): one statement answering the total (up to the cap) and the page's rows. It always
/// answers at least one row (the total), with `asp_present` null when the page is empty. Limit and offset are the
/// parameters `$n+1` and `$n+2`.
pub fn page_sql(base: &str, page: &Page) -> String {
    let next = highest_param(base) + 1;
    let cap = page.cap.map(|n| format!(" limit {}", n.max(0))).unwrap_or_default();
    let order = page.order_by();
    format!(
        "with found as ({base}{cap}), total as (select count(*) as asp_total from found) \
         select p.*, t.asp_total from total t left join lateral \
         (select found.*, true as asp_present from found order by {order} limit ${next} offset ${}) p on true \
         order by {order}",
        next + 1
    )
}

/// Runs a search: `base` and its parameters (bound once, by `bind`) give the matching rows; answers the page's rows
/// in order and the total number of matches (at most the cap).
pub async fn fetch_page<T>(
    conn: &mut PgConnection,
    base: &str,
    page: &Page,
    bind: impl for<'q> FnOnce(Query<'q, Postgres, PgArguments>) -> Query<'q, Postgres, PgArguments>,
) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> FromRow<'r, PgRow>,
{
    let sql = page_sql(base, page);
    // Unprepared: a search is assembled from optional filters whose selectivity varies with the values (an
    // employee, a code, a prefix), so it is planned for the values at hand. A prepared statement would switch to a
    // generic plan after five runs on a connection, and for a ledger of ten million rows the generic plan for "one
    // employee's newest rows" walks the whole site's index.
    let rows = bind(sqlx::query(&sql).persistent(false)).bind(page.limit).bind(page.offset).fetch_all(conn).await?;
    collect_page(&rows)
}

/// [`fetch_page`] for a base assembled with `sqlx::QueryBuilder`: each filter's value is bound by `push_bind` where
/// its condition is written, so a search built from optional filters cannot number its parameters differently from
/// the values it binds (the class of "bind message supplies 9 parameters, but prepared statement requires 10").
pub async fn fetch_built_page<T>(conn: &mut PgConnection, mut base: QueryBuilder<'_, Postgres>, page: &Page) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> FromRow<'r, PgRow>,
{
    let sql = page_sql(base.sql(), page);
    let arguments = base.build().take_arguments().map_err(sqlx::Error::Encode)?.unwrap_or_default();
    // Unprepared for the same reason as fetch_page: planned for the values at hand.
    let rows = sqlx::query_with(&sql, arguments).persistent(false).bind(page.limit).bind(page.offset).fetch_all(conn).await?;
    collect_page(&rows)
}

/// The one way a search's `where` is written: a `sqlx::QueryBuilder` (each value bound by `push_bind` where its
/// condition names it, so text and values cannot disagree whichever filters are given) that knows whether the next
/// condition opens the `where` or joins it with `and`. Repositories start it with their statement's head
/// (`select ... from ...`), add conditions, and hand it to [`fetch_built_page`] or [`fetch_built_keyed_page`].
pub struct Search<'a> {
    builder: QueryBuilder<'a, Postgres>,
    conditions: usize,
    detail_at: Option<usize>,
}

impl<'a> Search<'a> {
    pub fn new(head: impl Into<String>) -> Self {
        Self { builder: QueryBuilder::new(head.into()), conditions: 0, detail_at: None }
    }

    /// The builder positioned for one more condition (after ` where ` or ` and `): push its text and bind its values.
    pub fn and(&mut self) -> &mut QueryBuilder<'a, Postgres> {
        self.builder.push(if self.conditions == 0 { " where " } else { " and " });
        self.conditions += 1;
        &mut self.builder
    }

    /// `<text> <value>`: the common condition of one bound value (`and("c.vendor_id = ", id)`).
    pub fn and_bind<T>(&mut self, text: &str, value: T) -> &mut QueryBuilder<'a, Postgres>
    where
        T: 'a + sqlx::Encode<'a, Postgres> + sqlx::Type<Postgres>,
    {
        self.and().push(text).push_bind(value)
    }

    /// The free-text condition: `(a ilike $n or b ilike $n ...)` over `columns`, escaped ([`contains_pattern`]).
    pub fn and_contains(&mut self, columns: &[&str], text: &str) {
        if columns.is_empty() {
            return;
        }
        let pattern = contains_pattern(text);
        let builder = self.and();
        builder.push("(");
        for (i, column) in columns.iter().enumerate() {
            if i > 0 {
                builder.push(" or ");
            }
            builder.push(*column).push(" ilike ").push_bind(pattern.clone());
        }
        builder.push(")");
    }

    /// Text outside the conditions: a join or select that binds a value of its own (before the first condition),
    /// or what follows them (`group by ...`, `order by ...`; no condition may follow that).
    pub fn push(&mut self, text: &str) -> &mut QueryBuilder<'a, Postgres> {
        self.builder.push(text)
    }

    /// For a two-phase search: what is pushed from here on is the page's `detail` statement (see
    /// [`keyed_page_sql`]); it may bind values of its own, numbered after the conditions'.
    pub fn detail(&mut self) -> &mut QueryBuilder<'a, Postgres> {
        self.detail_at = Some(self.builder.sql().len());
        &mut self.builder
    }

    pub fn into_builder(self) -> QueryBuilder<'a, Postgres> {
        self.builder
    }
}

/// Runs a two-phase search ([`keyed_page_sql`]) written with a [`Search`]: its text up to [`Search::detail`] is the
/// `from ... where ...` of the keys, the rest the detail statement.
pub async fn fetch_built_keyed_page<T>(conn: &mut PgConnection, key: &str, search: Search<'_>, page: &Page) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> FromRow<'r, PgRow>,
{
    let Search { mut builder, detail_at, .. } = search;
    let text = builder.sql().to_owned();
    let at = detail_at.unwrap_or(text.len());
    let sql = keyed_page_sql(key, &text[..at], &text[at..], page);
    let arguments = builder.build().take_arguments().map_err(sqlx::Error::Encode)?.unwrap_or_default();
    // Unprepared for the same reason as fetch_page: planned for the values at hand.
    let rows = sqlx::query_with(&sql, arguments).persistent(false).bind(page.limit).bind(page.offset).fetch_all(conn).await?;
    collect_page(&rows)
}

/// The SQL of one page of a search in two phases, for searches whose rows are wide or joined: `keys` is the
/// `from ... where ...` of the matching rows (parameters `$1..$n`), `key` the expression identifying a row and
/// `page.sort` an expression over the same `from` (the resource's [`SortSpec`] names expressions, not output
/// columns). Only key and sort value are collected up to the cap, counted and sorted; `detail` then builds the full
/// rows of the page alone: a `select` reading the CTE `asp_page (asp_key, asp_sort)` that answers
/// `p.asp_key, p.asp_sort` and `true as asp_present` beside its own columns, with the same parameters. Limit and
/// offset are the parameters after the highest one used.
pub fn keyed_page_sql(key: &str, keys: &str, detail: &str, page: &Page) -> String {
    let next = highest_param(keys).max(highest_param(detail)) + 1;
    let cap = page.cap.map(|n| format!(" limit {}", n.max(0))).unwrap_or_default();
    let dir = if page.descending { "desc" } else { "asc" };
    format!(
        "with found as (select {key} as asp_key, {sort} as asp_sort {keys}{cap}), \
         total as (select count(*) as asp_total from found), \
         asp_page as (select asp_key, asp_sort from found order by asp_sort {dir} nulls last, asp_key limit ${next} offset ${}) \
         select d.*, t.asp_total from total t left join lateral ({detail}) d on true \
         order by d.asp_sort {dir} nulls last, d.asp_key",
        next + 1,
        sort = page.sort,
    )
}

/// Runs a two-phase search ([`keyed_page_sql`]): answers the page's rows in order and the total number of matches
/// (at most the cap).
pub async fn fetch_keyed_page<T>(
    conn: &mut PgConnection,
    key: &str,
    keys: &str,
    detail: &str,
    page: &Page,
    bind: impl for<'q> FnOnce(Query<'q, Postgres, PgArguments>) -> Query<'q, Postgres, PgArguments>,
) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> FromRow<'r, PgRow>,
{
    let sql = keyed_page_sql(key, keys, detail, page);
    // Unprepared for the same reason as fetch_page: planned for the values at hand.
    let rows = bind(sqlx::query(&sql).persistent(false)).bind(page.limit).bind(page.offset).fetch_all(conn).await?;
    collect_page(&rows)
}

fn collect_page<T>(rows: &[PgRow]) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> FromRow<'r, PgRow>,
{
    let total = match rows.first() {
        Some(row) => row.try_get::<i64, _>("asp_total")?,
        None => 0,
    };
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        if row.try_get::<Option<bool>, _>("asp_present")?.unwrap_or(false) {
            out.push(T::from_row(row)?);
        }
    }
    Ok((out, total))
}

/// Did the search hit the cap?
pub fn limited(total: i64) -> bool {
    total >= ROW_CAP
}

/// Start and end dates of a search; `default_back_days` before today and tomorrow when missing.
pub fn date_window(
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    default_back_days: i64,
) -> Result<(DateTime<Utc>, DateTime<Utc>), ApiError> {
    let today = Utc::now().date_naive();
    let start = start.unwrap_or(today - chrono::Duration::days(default_back_days));
    let end = end.unwrap_or(today + chrono::Duration::days(1));
    if start > end {
        return Err(ApiError::invalid("start_date", "startAfterEnd", "Start Date can not be greater than the End Date"));
    }
    let to_utc = |d: NaiveDate| d.and_hms_opt(0, 0, 0).map(|t| t.and_utc());
    match (to_utc(start), to_utc(end + chrono::Duration::days(1))) {
        (Some(s), Some(e)) => Ok((s, e)),
        _ => Err(ApiError::invalid("start_date", "invalid", "Please enter a valid value for Start Date")),
    }
}

/// Ids in order of first appearance, without repeats.
pub fn dedup_ids(ids: &[i64]) -> Vec<i64> {
    let mut out: Vec<i64> = Vec::with_capacity(ids.len());
    for id in ids {
        if !out.contains(id) {
            out.push(*id);
        }
    }
    out
}

/// Declares a page answer type for one row type: `page_type!(ReleasePage, Release, "itemList");`.
#[macro_export]
macro_rules! page_type {
    ($name:ident, $row:ty, $list:literal) => {
        #[derive(Debug, poem_openapi::Object)]
        pub struct $name {
            #[oai(rename = $list)]
            pub list: Vec<$row>,
            #[oai(rename = "totalCount")]
            pub total_count: i64,
            /// The search stopped at 5000 matching rows.
            pub limited: bool,
            /// The row-limit notice to show when `limited`.
            #[oai(rename = "limitMessage")]
            pub limit_message: Option<String>,
        }

        impl $name {
            pub fn new(list: Vec<$row>, total_count: i64) -> Self {
                let limited = $crate::listing::limited(total_count);
                Self { list, total_count, limited, limit_message: limited.then(|| $crate::listing::ROW_CAP_MESSAGE.to_owned()) }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: SortSpec = SortSpec { fields: &[("release_number", "release_number"), ("release_title", "release_title")], default_field: "release_number", default_descending: true };

    fn req(page: Option<i64>, size: Option<i64>, field: Option<&str>, dir: Option<&str>) -> PageRequest {
        PageRequest { page_number: page, page_index: None, page_size: size, sort_field: field.map(Into::into), sort_direction: dir.map(Into::into) }
    }

    #[test]
    fn defaults_are_page_zero_ten_rows_and_the_default_sort() {
        let p = PageRequest::default().resolve(&SPEC).expect("valid");
        assert_eq!(p, Page { offset: 0, limit: 10, sort: "release_number", descending: true, cap: Some(ROW_CAP) });
        assert_eq!(p.order_by(), "release_number desc nulls last, 1");
    }

    #[test]
    fn a_sort_field_outside_the_allow_list_is_a_400_never_sql() {
        for bad in ["release_number; drop table x", "1", "r.release_number", "password_hash"] {
            match req(None, None, Some(bad), None).resolve(&SPEC) {
                Err(ApiError::BadRequest(b)) => {
                    assert_eq!(b.0.errors[0].field, "sortField");
                    assert_eq!(b.0.errors[0].error_type, "invalidSortField");
                }
                other => panic!("{bad}: expected a 400, got {other:?}"),
            }
        }
        let p = req(Some(2), Some(20), Some("RELEASE_TITLE"), Some("ASC")).resolve(&SPEC).expect("valid");
        assert_eq!(p.offset, 40);
        assert_eq!(p.order_by(), "release_title asc nulls last, 1");
    }

    #[test]
    fn every_problem_of_a_request_is_reported_at_once() {
        let Err(ApiError::BadRequest(b)) = req(Some(-1), Some(15), Some("nope"), Some("sideways")).resolve(&SPEC) else {
            panic!("expected a 400");
        };
        let fields: Vec<&str> = b.0.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["pageSize", "pageNumber", "sortDirection", "sortField"]);
    }

    #[test]
    fn page_sizes_and_directions_are_checked() {
        assert!(req(None, Some(15), None, None).resolve(&SPEC).is_err());
        assert!(req(None, Some(0), None, None).resolve(&SPEC).is_err());
        assert!(req(None, None, None, Some("sideways")).resolve(&SPEC).is_err());
        assert!(req(Some(-1), None, None, None).resolve(&SPEC).is_err());
        for size in PAGE_SIZES {
            assert!(req(None, Some(size), None, None).resolve(&SPEC).is_ok());
        }
    }

    #[test]
    fn pages_stop_at_the_row_cap() {
        let last = req(Some(9), Some(500), None, None).resolve(&SPEC).expect("valid");
        assert_eq!((last.offset, last.limit), (4500, 500));
        assert!(req(Some(10), Some(500), None, None).resolve(&SPEC).is_err());
        assert!(limited(5000) && !limited(4999));
        assert_eq!(last.export().limit, ROW_CAP);
    }

    #[test]
    fn the_page_query_limits_before_sorting_and_numbers_its_parameters_after_the_callers() {
        let page = Page { offset: 20, limit: 10, sort: "a", descending: true, cap: Some(ROW_CAP) };
        let sql = page_sql("select a from t where b = $1 and c = $2", &page);
        assert!(sql.starts_with("with found as (select a from t where b = $1 and c = $2 limit 5000)"), "{sql}");
        assert!(sql.contains("order by a desc nulls last, 1 limit $3 offset $4"), "{sql}");
        let uncapped = page_sql("select a from t", &Page { cap: None, ..page });
        assert!(uncapped.starts_with("with found as (select a from t)"), "{uncapped}");
        assert!(uncapped.contains("limit $1 offset $2"), "{uncapped}");
        assert_eq!(highest_param("x = $12 or y = $3 and z = '$'"), 12);
    }

    #[test]
    fn a_keyed_page_sorts_keys_before_building_rows_and_numbers_its_parameters_after_both_parts() {
        let page = Page { offset: 40, limit: 20, sort: "t.name", descending: false, cap: Some(ROW_CAP) };
        let sql = keyed_page_sql("t.id", "from t where t.b = $1", "select p.asp_key, x.c from asp_page p join x on x.s = $2", &page);
        assert!(sql.starts_with("with found as (select t.id as asp_key, t.name as asp_sort from t where t.b = $1 limit 5000)"), "{sql}");
        assert!(sql.contains("order by asp_sort asc nulls last, asp_key limit $3 offset $4"), "{sql}");
        assert!(sql.ends_with("order by d.asp_sort asc nulls last, d.asp_key"), "{sql}");
        let newest = keyed_page_sql("t.id", "from t", "select 1", &Page { descending: true, cap: None, ..page });
        assert!(newest.contains("from found order by asp_sort desc nulls last, asp_key limit $1 offset $2"), "{newest}");
        assert!(!newest.contains("limit 5000"), "{newest}");
    }

    #[test]
    fn sort_columns_match_exactly_first_then_ignoring_case() {
        const S: SortSpec = SortSpec { fields: &[("id", "id"), ("user_id", "user_id")], default_field: "user_id", default_descending: false };
        assert_eq!(S.column(None, "sort").ok(), Some("user_id"));
        assert_eq!(S.column(Some("  "), "sort").ok(), Some("user_id"));
        assert_eq!(S.column(Some("ID"), "sort").ok(), Some("id"));
        assert!(S.column(Some("u.user_id"), "sort").is_err());
    }

    #[test]
    fn like_patterns_escape_wildcards_and_ids_keep_their_first_order() {
        assert_eq!(contains_pattern("a%b_c\\"), "%a\\%b\\_c\\\\%");
        assert_eq!(dedup_ids(&[3, 1, 3, 2, 1]), vec![3, 1, 2]);
    }

    #[test]
    fn date_windows_default_and_refuse_reversed_ranges() {
        let (s, e) = date_window(None, None, 7).expect("valid");
        assert_eq!((e - s).num_days(), 9);
        let a = NaiveDate::from_ymd_opt(2026, 3, 2);
        let b = NaiveDate::from_ymd_opt(2026, 3, 1);
        assert!(date_window(a, b, 7).is_err());
    }
}
