//! SQL of device tokens. The tokens live in the shared schema (`asp.device_token`: the guard resolves them before
//! any tenant is known); the station they name is a tenant row.

use sqlx::PgConnection;
use tenancy::TenantTx;

use super::model::DeviceToken;

/// The code of an active station of the transaction's site.
pub async fn active_station_code(tx: &mut TenantTx, station_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select station_code from station where station_id = $1 and is_active", station_id)
        .fetch_optional(&mut **tx)
        .await
}

pub struct NewToken<'a> {
    pub site_id: i64,
    pub station_id: Option<i64>,
    pub device_name: &'a str,
    pub token_hash: &'a [u8],
    pub token_prefix: &'a str,
    pub created_by: i64,
    pub valid_days: Option<i32>,
}

pub async fn insert(conn: &mut PgConnection, t: &NewToken<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.device_token (site_id, station_id, device_name, token_hash, token_prefix, created_by, expires_at)
         values ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7::int)) returning device_token_id",
        t.site_id,
        t.station_id,
        t.device_name,
        t.token_hash,
        t.token_prefix,
        t.created_by,
        t.valid_days
    )
    .fetch_one(conn)
    .await
}

/// The site's tokens, live ones first, newest first.
pub async fn list(conn: &mut PgConnection, site_id: i64) -> Result<Vec<DeviceToken>, sqlx::Error> {
    sqlx::query_as!(
        DeviceToken,
        r#"select t.device_token_id, t.site_id, t.station_id, t.device_name, t.token_prefix, t.created_at,
                  c.user_id as "created_by?", t.revoked_at, r.user_id as "revoked_by?", t.last_used_at, t.expires_at
           from asp.device_token t
           left join asp.asp_users c on c.asp_users_id = t.created_by
           left join asp.asp_users r on r.asp_users_id = t.revoked_by
           where t.site_id = $1
           order by t.revoked_at is not null, t.created_at desc, t.device_token_id desc"#,
        site_id
    )
    .fetch_all(conn)
    .await
}

pub async fn find(conn: &mut PgConnection, id: i64) -> Result<Option<DeviceToken>, sqlx::Error> {
    sqlx::query_as!(
        DeviceToken,
        r#"select t.device_token_id, t.site_id, t.station_id, t.device_name, t.token_prefix, t.created_at,
                  c.user_id as "created_by?", t.revoked_at, r.user_id as "revoked_by?", t.last_used_at, t.expires_at
           from asp.device_token t
           left join asp.asp_users c on c.asp_users_id = t.created_by
           left join asp.asp_users r on r.asp_users_id = t.revoked_by
           where t.device_token_id = $1
           for update of t"#,
        id
    )
    .fetch_optional(conn)
    .await
}

pub async fn revoke(conn: &mut PgConnection, id: i64, by: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.device_token set revoked_at = now(), revoked_by = $2 where device_token_id = $1 and revoked_at is null", id, by)
        .execute(conn)
        .await?;
    Ok(())
}

/// A live token expiring within `days` whose site has not been told yet.
pub struct Expiring {
    pub device_token_id: i64,
    pub site_id: i64,
    pub device_name: String,
    pub token_prefix: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

/// Live tokens expiring within `days` not yet warned of, at active sites, oldest expiry first; locked (skip locked:
/// two replicas running the job take different tokens).
pub async fn expiring(conn: &mut PgConnection, days: i32) -> Result<Vec<Expiring>, sqlx::Error> {
    sqlx::query_as!(
        Expiring,
        r#"select t.device_token_id, t.site_id, t.device_name, t.token_prefix, t.expires_at as "expires_at!"
           from asp.device_token t join asp.site s on s.site_id = t.site_id and s.is_active
           where t.revoked_at is null and t.expiry_warned_at is null and t.expires_at is not null
             and t.expires_at > now() and t.expires_at <= now() + make_interval(days => $1::int)
           order by t.expires_at, t.device_token_id
           for update of t skip locked"#,
        days
    )
    .fetch_all(conn)
    .await
}

pub async fn mark_warned(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.device_token set expiry_warned_at = now() where device_token_id = $1",
        id
    )
    .execute(conn)
    .await?;
    Ok(())
}
