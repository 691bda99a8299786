//! SQL of the brands (shared schema `asp`).

use sqlx::PgConnection;

use super::model::Brand;

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<Brand>, sqlx::Error> {
    sqlx::query_as!(
        Brand,
        r#"select b.brand_id, b.brand_name, b.mfg_code, m.mfg_name as "mfg_name?", b.is_active,
                  (select count(*) from asp.item_master i where i.brand_id = b.brand_id) as "item_count!"
           from asp.brand b left join asp.manufacturer m on m.mfg_code = b.mfg_code
           where b.brand_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}
