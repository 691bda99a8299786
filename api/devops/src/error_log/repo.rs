//! SQL of the error log resource (shared schema `asp`).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use kernel::listing::{self, Page, Search};

use super::model::ErrorRow;
use crate::error_log_filters::repo::FILTER_MATCH;

/// A validated Log search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorQuery {
    pub start: DateTime<Utc>,
    /// Exclusive.
    pub end: DateTime<Utc>,
    /// 0 all rows, -1 rows matching no filter, 1..3 rows matching a filter of that type.
    pub filter_id: i32,
    /// The stored application names to include; `None` for all.
    pub applications: Option<Vec<String>>,
}

/// The newest rows (up to the page's cap) matching the query, one page of them in the page's order, and their
/// count.
pub async fn search(conn: &mut PgConnection, q: &ErrorQuery, page: &Page) -> Result<(Vec<ErrorRow>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select e.error_log_id as asp_error_log_id, e.request_url, e.machine_name, e.logged_at as event_time, e.request_path,
                e.user_host_address, coalesce(u.user_id, e.user_name) as asp_user_name, e.message as asp_message, e.exception,
                e.exception_code, e.exception_message, e.stack_trace, e.site_code, e.session_dump, e.application_name,
                e.api_parameters
         from asp.error_log e left join asp.asp_users u on u.asp_users_id = e.asp_users_id",
    );
    s.and_bind("e.logged_at >= ", q.start);
    s.and_bind("e.logged_at < ", q.end);
    if let Some(applications) = &q.applications {
        s.and_bind("e.application_name = any(", applications.clone()).push(")");
    }
    match q.filter_id {
        0 => {}
        -1 => {
            s.and().push(format!("not exists (select 1 from asp.asp_error_log_filter f where {FILTER_MATCH})"));
        }
        filter_type => {
            s.and_bind("exists (select 1 from asp.asp_error_log_filter f where f.filter_type = ", filter_type).push(format!(" and {FILTER_MATCH})"));
        }
    }
    s.push(" order by e.error_log_id desc");
    listing::fetch_built_page(conn, s.into_builder(), page).await
}
