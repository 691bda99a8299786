//! SQL of punch-in locations (shared `asp` schema).

use sqlx::PgConnection;

use super::model::PunchinLocation;

/// The site's locations by business unit, state and city.
pub async fn of_site(conn: &mut PgConnection, site_id: i64) -> Result<Vec<PunchinLocation>, sqlx::Error> {
    sqlx::query_as!(
        PunchinLocation,
        "select l.customer_punchin_location_id, l.business_unit, l.state, l.city, l.map_to_site_id, s.site_code as map_to_site_code
         from asp.punchin_location l join asp.site s on s.site_id = l.map_to_site_id
         where l.site_id = $1 order by l.business_unit, l.state, l.city",
        site_id
    )
    .fetch_all(conn)
    .await
}

/// The site a location of `site_id` maps to.
pub async fn target_site(conn: &mut PgConnection, location_id: i64, site_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select map_to_site_id from asp.punchin_location where customer_punchin_location_id = $1 and site_id = $2",
        location_id,
        site_id
    )
    .fetch_optional(conn)
    .await
}

pub async fn set_user_location(conn: &mut PgConnection, user_id: i64, location_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.asp_users set customer_punchin_location_id = $2, updated_at = now() where asp_users_id = $1",
        user_id,
        location_id
    )
    .execute(conn)
    .await?;
    Ok(())
}
