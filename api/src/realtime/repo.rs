//! SQL of the real-time hubs (shared `asp` schema).

use sqlx::PgPool;

/// The site of a code as the user types it (codes are stored upper case).
pub async fn site_id_by_code(pool: &PgPool, site_code: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select site_id from asp.site where site_code = upper($1)", site_code).fetch_optional(pool).await
}
