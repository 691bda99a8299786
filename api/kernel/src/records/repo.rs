//! SQL of the object-level checks, over the shared schema.

use sqlx::PgConnection;

/// The sites of `client_id` the user has access to.
pub async fn client_sites_of_user(conn: &mut PgConnection, user_id: i64, client_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select us.site_id from asp.user_site us join asp.site s using (site_id) where us.asp_users_id = $1 and s.client_id = $2 order by 1",
        user_id,
        client_id
    )
    .fetch_all(conn)
    .await
}
