//! SQL of the database tools. Every function runs on a connection to the chosen environment's database.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use kernel::listing::{self, Page};

use super::model::{DbToolsObjectChange, DbToolsUser, HistorySourceRow};

const CHANGE_COLUMNS: &str = "l.object_audit_log_id, l.schema_name, l.object_name, l.database_name, l.object_type, l.command_tag,
       l.network_name, coalesce(u.friendly_name, l.network_name) as friendly_name, l.event_time as last_modified_date";

/// The filters of a changed-objects search.
pub struct ChangeFilter<'a> {
    pub from: DateTime<Utc>,
    /// Exclusive.
    pub to: DateTime<Utc>,
    pub object_name: Option<&'a str>,
    pub network_name: Option<&'a str>,
    pub schema_name: Option<&'a str>,
}

/// The latest change of every object changed in the window, filtered; capped at the page's cap.
pub async fn changed_objects(conn: &mut PgConnection, filter: &ChangeFilter<'_>, page: &Page) -> Result<(Vec<DbToolsObjectChange>, i64), sqlx::Error> {
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
    // The search binds owned values (see `listing::fetch_page`).
    let (object_name, network_name, schema_name) =
        (filter.object_name.map(str::to_owned), filter.network_name.map(str::to_owned), filter.schema_name.map(str::to_owned));
    listing::fetch_page(conn, &base, page, |q| q.bind(filter.from).bind(filter.to).bind(object_name).bind(network_name).bind(schema_name)).await
}

/// Every change of one object.
pub async fn object_history(conn: &mut PgConnection, schema: &str, object: &str, page: &Page) -> Result<(Vec<DbToolsObjectChange>, i64), sqlx::Error> {
    let base = format!(
        "select {CHANGE_COLUMNS}
         from asp.object_audit_log l
         left join asp.db_user u on u.network_name = l.network_name
         where l.schema_name = $1 and l.object_name = $2"
    );
    let (schema, object) = (schema.to_owned(), object.to_owned());
    listing::fetch_page(conn, &base, page, |q| q.bind(schema).bind(object)).await
}

/// The database roles that made changes, with their display names.
pub async fn user_names(conn: &mut PgConnection) -> Result<Vec<DbToolsUser>, sqlx::Error> {
    // Orders by the expression: the output column's name carries the macro's not-null mark, so `order by friendly_name`
    // would now mean `u.friendly_name`.
    sqlx::query_as!(
        DbToolsUser,
        r#"select distinct l.network_name, coalesce(u.friendly_name, l.network_name) as "friendly_name!"
         from asp.object_audit_log l
         left join asp.db_user u on u.network_name = l.network_name
         order by coalesce(u.friendly_name, l.network_name), l.network_name"#
    )
    .fetch_all(conn)
    .await
}

/// The current definition from the catalog (see `asp.current_source`); `None` when no such object exists.
pub async fn current_source(conn: &mut PgConnection, schema: &str, object: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select asp.current_source($1, $2)", schema, object).fetch_one(conn).await
}

pub async fn history_source(conn: &mut PgConnection, id: i64) -> Result<Option<HistorySourceRow>, sqlx::Error> {
    sqlx::query_as!(
        HistorySourceRow,
        "select schema_name, object_name, object_source from asp.object_audit_log where object_audit_log_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}
