//! SQL of user settings (shared `asp` schema).

use sqlx::PgConnection;

use super::model::UserSetting;

pub async fn list(conn: &mut PgConnection, user_id: i64) -> Result<Vec<UserSetting>, sqlx::Error> {
    sqlx::query_as!(
        UserSetting,
        "select setting_id, asp_users_id, setting_key, setting_value from asp.user_setting where asp_users_id = $1 order by setting_key",
        user_id
    )
    .fetch_all(conn)
    .await
}

pub async fn find(conn: &mut PgConnection, user_id: i64, key: &str) -> Result<Option<UserSetting>, sqlx::Error> {
    sqlx::query_as!(
        UserSetting,
        "select setting_id, asp_users_id, setting_key, setting_value from asp.user_setting where asp_users_id = $1 and setting_key = $2",
        user_id,
        key
    )
    .fetch_optional(conn)
    .await
}

/// Creates or replaces the setting; answers it.
pub async fn upsert(conn: &mut PgConnection, user_id: i64, key: &str, value: Option<&str>) -> Result<UserSetting, sqlx::Error> {
    sqlx::query_as!(
        UserSetting,
        "insert into asp.user_setting (asp_users_id, setting_key, setting_value) values ($1, $2, $3)
         on conflict (asp_users_id, setting_key) do update set setting_value = excluded.setting_value, updated_at = now()
         returning setting_id, asp_users_id, setting_key, setting_value",
        user_id,
        key,
        value
    )
    .fetch_one(conn)
    .await
}

/// Deletes the setting; answers its id when there was one.
pub async fn delete(conn: &mut PgConnection, user_id: i64, key: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "delete from asp.user_setting where asp_users_id = $1 and setting_key = $2 returning setting_id",
        user_id,
        key
    )
    .fetch_optional(conn)
    .await
}
