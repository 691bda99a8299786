//! SQL of the historic price methods of sites (shared schema `asp`).

use sqlx::PgConnection;

use kernel::listing::{self, Page, Search};

use super::model::HistoricPriceMethodSite;

/// A page of the site's links.
pub async fn search(conn: &mut PgConnection, site_id: i64, page: &Page) -> Result<(Vec<HistoricPriceMethodSite>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select l.type_historic_pricing_method_site_id, l.site_id, s.site_code, v.value_id, v.code, v.description, v.is_active,
            l.created_at, v.sort_order, lower(v.description) as description_order
        from asp.type_historic_pricing_method_site l join asp.type_value v using (type_value_id) join asp.site s on s.site_id = l.site_id",
    );
    s.and_bind("l.site_id = ", site_id);
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

/// The 'HistoricPriceMethod' value rows of these value ids that exist and are active: (value_id, type_value_id).
pub async fn active_methods(conn: &mut PgConnection, value_ids: &[i32]) -> Result<Vec<(i32, i64)>, sqlx::Error> {
    let rows = sqlx::query!(
        "select value_id, type_value_id from asp.type_value
         where type_code = 'HistoricPriceMethod' and is_active and site_id is null and erp_type_id is null and ecs_id is null
           and value_id = any($1)",
        value_ids
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.value_id, r.type_value_id)).collect())
}

/// Unlinks the methods of these value ids from the site; answers the value ids unlinked.
pub async fn unlink(conn: &mut PgConnection, site_id: i64, value_ids: &[i32]) -> Result<Vec<i32>, sqlx::Error> {
    sqlx::query_scalar!(
        "delete from asp.type_historic_pricing_method_site l using asp.type_value v
         where l.site_id = $1 and v.type_value_id = l.type_value_id and v.type_code = 'HistoricPriceMethod' and v.value_id = any($2)
         returning v.value_id",
        site_id,
        value_ids
    )
    .fetch_all(conn)
    .await
}

/// Links these type values to the site (those linked already stay as they are); answers the ones added.
pub async fn link(conn: &mut PgConnection, site_id: i64, type_value_ids: &[i64], user_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.type_historic_pricing_method_site (site_id, type_value_id, created_by_id)
         select $1, unnest($2::bigint[]), $3
         on conflict (site_id, type_value_id) do nothing
         returning type_value_id",
        site_id,
        type_value_ids,
        user_id
    )
    .fetch_all(conn)
    .await
}
