//! SQL of shortcuts (shared `asp` schema).

use sqlx::PgConnection;

use super::model::ShortcutRow;

/// Every shortcut with the user's preferences (or the defaults), by rank.
pub async fn list(conn: &mut PgConnection, user_id: i64) -> Result<Vec<ShortcutRow>, sqlx::Error> {
    sqlx::query_as!(
        ShortcutRow,
        r#"select s.shortcut_id as id, s.description, s.angular_icon, s.angular_route, s.url,
                coalesce(us.display, true) as "display!", coalesce(us.rank, s.default_rank) as "rank!", s.required_permissions
         from asp.shortcut s left join asp.user_shortcut us on us.shortcut_id = s.shortcut_id and us.asp_users_id = $1
         order by coalesce(us.rank, s.default_rank), s.shortcut_id"#,
        user_id
    )
    .fetch_all(conn)
    .await
}

/// Stores the rank of every given shortcut (and the visibility of shortcuts without a preference yet).
pub async fn save_order(conn: &mut PgConnection, user_id: i64, ids: &[i64], ranks: &[i32], display: &[bool]) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into asp.user_shortcut (asp_users_id, shortcut_id, rank, display)
         select $1, t.id, t.rank, t.display from unnest($2::bigint[], $3::int[], $4::bool[]) as t(id, rank, display)
         on conflict (asp_users_id, shortcut_id) do update set rank = excluded.rank",
        user_id,
        ids,
        ranks,
        display
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_display(conn: &mut PgConnection, user_id: i64, shortcut_id: i64, display: bool) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.user_shortcut set display = $3 where asp_users_id = $1 and shortcut_id = $2",
        user_id,
        shortcut_id,
        display
    )
    .execute(conn)
    .await?;
    Ok(())
}
