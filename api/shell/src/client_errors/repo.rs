//! SQL of client error intake (shared `asp` schema).

use sqlx::PgConnection;

/// One client error as the error log stores it.
pub struct ClientErrorEntry<'a> {
    pub url: Option<&'a str>,
    pub path: Option<String>,
    pub user_id: Option<i64>,
    pub site_code: Option<&'a str>,
    pub message: &'a str,
    pub stack: Option<String>,
    pub request_id: String,
}

pub async fn insert(conn: &mut PgConnection, e: &ClientErrorEntry<'_>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into asp.error_log (application_name, request_url, request_path, asp_users_id, site_code, message, stack_trace, request_id)
         values ('ASPv8', $1, $2, $3, $4, $5, $6, $7)",
        e.url,
        e.path,
        e.user_id,
        e.site_code,
        e.message,
        e.stack,
        e.request_id
    )
    .execute(conn)
    .await?;
    Ok(())
}
