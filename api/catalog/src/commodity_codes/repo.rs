//! SQL of the commodity codes (shared schema `asp`).

use sqlx::PgConnection;

use super::model::CommodityCode;

/// The active codes of one family (4 digits), by code.
pub async fn of_family(conn: &mut PgConnection, segment: &str, family: &str) -> Result<Vec<CommodityCode>, sqlx::Error> {
    sqlx::query_as!(
        CommodityCode,
        r#"select commodity_code, segment, family, left(commodity_code, 6) as "class_code!", description
           from asp.commodity_code where segment = $1 and family = $2 and is_active order by commodity_code"#,
        segment,
        family
    )
    .fetch_all(conn)
    .await
}
