//! SQL of the database tools. Every function runs on a connection to the chosen environment's database.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use kernel::listing::{self, Page, Search};

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
    let mut s = Search::new(format!(
        "select * from (
            select distinct on (l.schema_name, l.object_name) {CHANGE_COLUMNS}
            from asp.object_audit_log l
            left join asp.db_user u on u.network_name = l.network_name"
    ));
    s.and_bind("l.event_time >= ", filter.from);
    s.and_bind("l.event_time < ", filter.to);
    if let Some(name) = filter.object_name {
        s.and_bind("strpos(lower(l.schema_name || '.' || l.object_name), lower(", name).push(")) > 0");
    }
    if let Some(network) = filter.network_name {
        s.and().push("(l.network_name = ").push_bind(network).push(" or u.friendly_name = ").push_bind(network).push(")");
    }
    if let Some(schema) = filter.schema_name {
        s.and_bind("l.schema_name = ", schema);
    }
    s.push(
        " order by l.schema_name, l.object_name, l.event_time desc, l.object_audit_log_id desc
         ) latest",
    );
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

/// Every change of one object.
pub async fn object_history(conn: &mut PgConnection, schema: &str, object: &str, page: &Page) -> Result<(Vec<DbToolsObjectChange>, i64), sqlx::Error> {
    let mut s = Search::new(format!(
        "select {CHANGE_COLUMNS}
         from asp.object_audit_log l
         left join asp.db_user u on u.network_name = l.network_name"
    ));
    s.and_bind("l.schema_name = ", schema);
    s.and_bind("l.object_name = ", object);
    listing::fetch_built_page(conn, s.into_builder(), page).await
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
