//! SQL of password changes (shared `asp` schema).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

pub async fn password_hash(conn: &mut PgConnection, user_id: i64) -> Result<Option<String>, sqlx::Error> {
    let hash = sqlx::query_scalar!("select password_hash from asp.asp_users where asp_users_id = $1", user_id)
        .fetch_optional(conn)
        .await?;
    Ok(hash.flatten())
}

/// Stores the new hash and expiry and clears any lockout; answers whether the user exists.
pub async fn set_password(conn: &mut PgConnection, user_id: i64, hash: &str, expires: DateTime<Utc>) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query!(
        "update asp.asp_users set password_hash = $2, password_expiration_date = $3, failed_login_count = 0,
             locked_until = null, updated_at = now() where asp_users_id = $1",
        user_id,
        hash,
        expires
    )
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() > 0)
}
