//! SQL of the real-time hubs (shared `asp` schema).

use sqlx::{PgConnection, PgPool, Postgres, Transaction};

/// The site of a code as the user types it (codes are stored upper case).
pub async fn site_id_by_code(pool: &PgPool, site_code: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select site_id from asp.site where site_code = upper($1)", site_code).fetch_optional(pool).await
}

/// A transaction on a client's schema with the given sites granted, set transaction-locally as a request's scope
/// sets them (the toast sender has no user, so no authorizer: it only touches the recipient rows of notifications
/// that committed).
pub async fn begin_sites(
    pool: &PgPool,
    schema: &tenancy::SchemaName,
    site_ids: &[i64],
) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let sites = format!(
        "{{{}}}",
        site_ids
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    );
    sqlx::query!("select set_config('search_path', $1, true) as path, set_config('asp.site_ids', $2, true) as sites", schema.search_path(), sites)
        .fetch_one(&mut *tx)
        .await?;
    Ok(tx)
}

/// Opens the transaction that holds the toast sweep's lock while a sweep runs; `None` when another replica's sweep
/// holds it (this replica skips its turn). The lock is transaction-scoped: it goes with the transaction, whatever
/// ends it (commit, rollback, a dropped connection), so a replica that dies mid-sweep never blocks the others.
pub async fn try_lock_sweep(pool: &PgPool) -> Result<Option<Transaction<'static, Postgres>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let locked = sqlx::query_scalar!(r#"select pg_try_advisory_xact_lock(hashtext('asp.toast_sweep')) as "locked!""#)
        .fetch_one(&mut *tx)
        .await?;
    Ok(locked.then_some(tx))
}

/// A toast claimed for sending: the recipient's user and what the toast says.
pub struct ClaimedToast {
    pub asp_users_id: Option<i64>,
    pub notification_id: i64,
    pub type_notification_id: i64,
    pub subject: String,
    pub body: String,
    pub link: Option<String>,
    pub site_code: String,
}

/// Claims a notification's pending toasts (toast state 1 -> 2, sent now): whoever claims a row sends it, so two
/// replicas woken by the same notification never both send one.
pub async fn claim_toasts(
    conn: &mut PgConnection,
    notification_id: i64,
) -> Result<Vec<ClaimedToast>, sqlx::Error> {
    sqlx::query_as!(
        ClaimedToast,
        r#"with claimed as (
             update notification_recipient r
                set toast_state = 2, toast_sent_at = now(), toastr_sent = true
              where r.notification_recipient_id in (
                    select p.notification_recipient_id from notification_recipient p
                     where p.notification_id = $1 and p.toast_state = 1
                       for update skip locked)
              returning r.asp_users_id
           )
           select c.asp_users_id, n.notification_id, n.type_notification_id as "type_notification_id!",
                  coalesce(n.subject, '') as "subject!", coalesce(n.body_toastr, n.subject, '') as "body!", n.link,
                  s.site_code
           from claimed c
           join notification n on n.notification_id = $1
           join asp.site s on s.site_id = n.site_id"#,
        notification_id
    )
    .fetch_all(conn)
    .await
}

/// Clients with the ids of their active sites (the sweep's scopes).
pub async fn client_sites(pool: &PgPool) -> Result<Vec<(String, Vec<i64>)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select c.schema_name as "schema_name!", array_agg(s.site_id order by s.site_id) as "site_ids!"
           from asp.client c join asp.site s on s.client_id = c.client_id
           where c.is_active and s.is_active
           group by c.schema_name"#
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.schema_name, r.site_ids))
        .collect())
}

/// Toasts not sent within `max_age_seconds` are not shown any more (state 3): the inbox has them.
pub async fn expire_toasts(
    conn: &mut PgConnection,
    max_age_seconds: i32,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "update notification_recipient set toast_state = 3
          where toast_state = 1 and created_date < now() - make_interval(secs => $1::int)",
        max_age_seconds
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Notifications with toasts still pending after `min_age_seconds` (their wake-up was missed).
pub async fn missed_toasts(
    conn: &mut PgConnection,
    min_age_seconds: i32,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select distinct notification_id as "notification_id!" from notification_recipient
           where toast_state = 1 and created_date < now() - make_interval(secs => $1::int)
           limit 500"#,
        min_age_seconds
    )
    .fetch_all(conn)
    .await
}
