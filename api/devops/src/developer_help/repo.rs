//! SQL of the developer help resource (shared schema `asp`).

use sqlx::PgConnection;

use super::model::DeveloperHelp;

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<DeveloperHelp>, sqlx::Error> {
    sqlx::query_as!(
        DeveloperHelp,
        "select help_id, help_name, database_field, description from asp.developer_help where help_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}
