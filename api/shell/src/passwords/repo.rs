//! SQL of password changes (shared `asp` schema).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

pub async fn password_hash(conn: &mut PgConnection, user_id: i64) -> Result<Option<String>, sqlx::Error> {
    let hash = sqlx::query_scalar!("select password_hash from asp.asp_users where asp_users_id = $1", user_id)
        .fetch_optional(conn)
        .await?;
    Ok(hash.flatten())
}

/// Stores the new hash and expiry and clears any lockout; `set_by_admin` marks a one-time credential that only
/// its owner can turn into a real password. Answers whether the user exists.
pub async fn set_password(conn: &mut PgConnection, user_id: i64, hash: &str, expires: DateTime<Utc>, set_by_admin: bool) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query!(
        "update asp.asp_users set password_hash = $2, password_expiration_date = $3, failed_login_count = 0,
             locked_until = null, password_set_by_admin = $4, password_proof_failures = 0, updated_at = now()
         where asp_users_id = $1",
        user_id,
        hash,
        expires,
        set_by_admin
    )
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() > 0)
}

/// Whether a user administrator set the user's password and how many wrong answers were given since; the row is
/// held until the transaction ends, so concurrent guesses are counted one after the other.
pub async fn admin_set_state(conn: &mut PgConnection, user_id: i64) -> Result<Option<(bool, i32)>, sqlx::Error> {
    let row = sqlx::query!(
        "select password_set_by_admin, password_proof_failures from asp.asp_users where asp_users_id = $1 for update",
        user_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.password_set_by_admin, r.password_proof_failures)))
}

pub async fn count_proof_failure(conn: &mut PgConnection, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.asp_users set password_proof_failures = password_proof_failures + 1 where asp_users_id = $1", user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The user's security questions and their answers' hashes, in order.
pub async fn security_answers(conn: &mut PgConnection, user_id: i64) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query!("select security_question_id, answer_hash from asp.user_security_answer where asp_users_id = $1 order by ordinal", user_id)
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(|r| (r.security_question_id, r.answer_hash)).collect())
}
