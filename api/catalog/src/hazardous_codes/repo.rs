//! SQL of the hazardous codes (shared schema `asp`).

use sqlx::PgConnection;

use super::model::HazardousCode;

/// Active codes, by code.
pub async fn active(conn: &mut PgConnection) -> Result<Vec<HazardousCode>, sqlx::Error> {
    sqlx::query_as!(HazardousCode, "select haz_code, description, haz_class from asp.hazardous_code where is_active order by haz_code")
        .fetch_all(conn)
        .await
}
