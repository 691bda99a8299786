//! SQL of the user summary (shared `asp` schema).

use sqlx::PgConnection;

use super::model::UserSummary;

/// The user `id` if it is `viewer` or has access to a site of `client_id`.
pub async fn find_visible(conn: &mut PgConnection, id: i64, viewer: i64, client_id: i64) -> Result<Option<UserSummary>, sqlx::Error> {
    sqlx::query_as!(
        UserSummary,
        "select u.asp_users_id, u.user_id, u.fname, u.lname, u.email, u.fss_employee from asp.asp_users u
         where u.asp_users_id = $1 and (u.asp_users_id = $2 or exists (
             select 1 from asp.user_site us join asp.site s using (site_id)
             where us.asp_users_id = u.asp_users_id and s.client_id = $3))",
        id,
        viewer,
        client_id
    )
    .fetch_optional(conn)
    .await
}
