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

/// Active brands matching the `ilike` pattern on the brand name, manufacturer code or name, of one manufacturer when
/// given, by name.
pub async fn search(conn: &mut PgConnection, pattern: Option<&str>, mfg_code: Option<&str>, limit: i64) -> Result<Vec<Brand>, sqlx::Error> {
    sqlx::query_as!(
        Brand,
        r#"select b.brand_id, b.brand_name, b.mfg_code, m.mfg_name as "mfg_name?", b.is_active,
                  (select count(*) from asp.item_master i where i.brand_id = b.brand_id) as "item_count!"
           from asp.brand b left join asp.manufacturer m on m.mfg_code = b.mfg_code
           where b.is_active
             and ($1::text is null or b.brand_name ilike $1 or b.mfg_code ilike $1 or m.mfg_name ilike $1)
             and ($2::text is null or lower(b.mfg_code) = lower($2))
           order by lower(b.brand_name), b.brand_id
           limit $3"#,
        pattern,
        mfg_code,
        limit
    )
    .fetch_all(conn)
    .await
}
