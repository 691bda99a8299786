//! SQL of the API switch (shared `asp` schema; Redis holds the switch the guard reads).

use sqlx::PgConnection;

/// Records the switch's new position and who moved it.
pub async fn set_status(conn: &mut PgConnection, enabled: bool, changed_by: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.api_status set is_enabled = $1, changed_by = $2, changed_at = now()", enabled, changed_by)
        .execute(conn)
        .await?;
    Ok(())
}
