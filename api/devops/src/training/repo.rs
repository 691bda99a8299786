//! SQL of the training link resource (shared schema `asp`).

use sqlx::PgConnection;

use super::model::TrainingLink;

/// The links of one category (ignoring case), or of all categories.
pub async fn list(conn: &mut PgConnection, category: Option<&str>) -> Result<Vec<TrainingLink>, sqlx::Error> {
    sqlx::query_as!(
        TrainingLink,
        "select training_link_id, category, link_address, description from asp.training_link
         where $1::text is null or lower(category) = lower($1)
         order by lower(category), sort_order, training_link_id",
        category
    )
    .fetch_all(conn)
    .await
}
