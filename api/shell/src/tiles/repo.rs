//! SQL of home page tiles (shared `asp` schema).

use sqlx::PgConnection;

use super::model::HomepageTile;

/// Every tile with the user's preferences (or the defaults), by type and rank.
pub async fn list(conn: &mut PgConnection, user_id: i64) -> Result<Vec<HomepageTile>, sqlx::Error> {
    sqlx::query_as!(
        HomepageTile,
        r#"select t.report_id, t.asp_name, t.report_name, t.report_description, t.homepage_tile_type,
                coalesce(u.is_selected, true) as "is_selected!", coalesce(u.rank, t.default_rank) as "rank!", t.route,
                null::bigint as "count?", t.required_permissions
         from asp.homepage_tile t left join asp.user_homepage_tile u on u.report_id = t.report_id and u.asp_users_id = $1
         order by t.homepage_tile_type, coalesce(u.rank, t.default_rank), t.report_id"#,
        user_id
    )
    .fetch_all(conn)
    .await
}

/// Stores the rank of every given tile (and the selection of tiles without a preference yet).
pub async fn save_order(conn: &mut PgConnection, user_id: i64, ids: &[i64], ranks: &[i32], selected: &[bool]) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into asp.user_homepage_tile (asp_users_id, report_id, rank, is_selected)
         select $1, t.id, t.rank, t.sel from unnest($2::bigint[], $3::int[], $4::bool[]) as t(id, rank, sel)
         on conflict (asp_users_id, report_id) do update set rank = excluded.rank",
        user_id,
        ids,
        ranks,
        selected
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_selected(conn: &mut PgConnection, user_id: i64, report_id: i64, selected: bool) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.user_homepage_tile set is_selected = $3 where asp_users_id = $1 and report_id = $2",
        user_id,
        report_id,
        selected
    )
    .execute(conn)
    .await?;
    Ok(())
}
