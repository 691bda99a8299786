//! SQL of the inbox: the caller's recipient rows at the transaction's site.

use sqlx::PgConnection;
use tenancy::TenantTx;

use kernel::listing::{self, Page, Search};

use super::model::InboxMessage;

#[derive(Debug, Clone, Default)]
pub struct InboxFilter {
    pub unread_only: bool,
    pub type_id: Option<i64>,
    pub category_id: Option<i64>,
    pub text: Option<String>,
}

const INBOX_HEAD: &str = "select * from (select n.notification_id, n.type_notification_id, n.notification_name, c.name as notification_category,
        n.subject, n.body_inbox, n.link, n.created_timestamp as created_date, n.site_id, n.cip_no, n.po_no, n.req_no, n.rfq_id,
        n.employee_id, n.object_id, r.inbox_read_at is not null as is_read, r.inbox_read_at as read_date,
        r.inbox_acknowledged_at as acknowledged_date, t.notification_category_id, r.asp_users_id
     from notification_recipient r
     join notification n using (notification_id)
     join asp.type_notification t on t.type_notification_id = n.type_notification_id
     left join asp.notification_category c on c.notification_category_id = t.notification_category_id
     where r.inbox_state = 2 and r.inbox_removed_at is null and r.site_id = ";

/// The user's inbox at the transaction's site: one page, and the count.
pub async fn search(tx: &mut TenantTx, user: i64, f: &InboxFilter, page: &Page) -> Result<(Vec<InboxMessage>, i64), sqlx::Error> {
    let site = tx.site_id();
    let mut s = Search::new(INBOX_HEAD);
    s.push("").push_bind(site).push(") x");
    s.and_bind("x.asp_users_id = ", user);
    if f.unread_only {
        s.and().push("not x.is_read");
    }
    if let Some(t) = f.type_id {
        s.and_bind("x.type_notification_id = ", t);
    }
    if let Some(c) = f.category_id {
        s.and_bind("x.notification_category_id = ", c);
    }
    if let Some(text) = &f.text {
        s.and_contains(&["x.subject", "x.body_inbox"], text);
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// Unread, not removed inbox rows of the user at the transaction's site.
pub async fn unread_count(tx: &mut TenantTx, user: i64) -> Result<i64, sqlx::Error> {
    let site = tx.site_id();
    sqlx::query_scalar!(
        r#"select count(*) as "n!" from notification_recipient
           where asp_users_id = $1 and site_id = $2 and inbox_state = 2 and inbox_removed_at is null and inbox_read_at is null"#,
        user,
        site
    )
    .fetch_one(&mut **tx)
    .await
}

/// One notification of the user's inbox at the transaction's site.
pub async fn find(tx: &mut TenantTx, user: i64, notification_id: i64) -> Result<Option<InboxMessage>, sqlx::Error> {
    let site = tx.site_id();
    sqlx::query_as!(
        InboxMessage,
        r#"select n.notification_id, n.type_notification_id, n.notification_name, c.name as "notification_category?",
                  n.subject, n.body_inbox, n.link, n.created_timestamp as created_date, n.site_id, n.cip_no, n.po_no, n.req_no,
                  n.rfq_id, n.employee_id, n.object_id, r.inbox_read_at is not null as "is_read!", r.inbox_read_at as read_date,
                  r.inbox_acknowledged_at as acknowledged_date
           from notification_recipient r
           join notification n using (notification_id)
           join asp.type_notification t on t.type_notification_id = n.type_notification_id
           left join asp.notification_category c on c.notification_category_id = t.notification_category_id
           where r.asp_users_id = $1 and r.site_id = $2 and r.notification_id = $3 and r.inbox_state = 2 and r.inbox_removed_at is null
           order by r.notification_recipient_id limit 1"#,
        user,
        site,
        notification_id
    )
    .fetch_optional(&mut **tx)
    .await
}

/// Marks the user's inbox rows of a notification read; answers whether one was unread.
pub async fn mark_read(tx: &mut TenantTx, user: i64, notification_id: i64) -> Result<bool, sqlx::Error> {
    let site = tx.site_id();
    let done = sqlx::query!(
        "update notification_recipient set inbox_read_at = now()
         where asp_users_id = $1 and site_id = $2 and notification_id = $3 and inbox_state = 2 and inbox_read_at is null",
        user,
        site,
        notification_id
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Which of `ids` are notifications in the user's inbox at the transaction's site (not removed).
pub async fn in_inbox(tx: &mut TenantTx, user: i64, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    let site = tx.site_id();
    sqlx::query_scalar!(
        "select distinct notification_id from notification_recipient
         where asp_users_id = $1 and site_id = $2 and notification_id = any($3) and inbox_state = 2 and inbox_removed_at is null",
        user,
        site,
        ids
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn acknowledge(tx: &mut TenantTx, user: i64, ids: &[i64]) -> Result<u64, sqlx::Error> {
    let site = tx.site_id();
    let done = sqlx::query!(
        "update notification_recipient set inbox_acknowledged_at = coalesce(inbox_acknowledged_at, now()), inbox_read_at = coalesce(inbox_read_at, now())
         where asp_users_id = $1 and site_id = $2 and notification_id = any($3) and inbox_state = 2 and inbox_removed_at is null",
        user,
        site,
        ids
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

pub async fn remove(tx: &mut TenantTx, user: i64, ids: &[i64]) -> Result<u64, sqlx::Error> {
    let site = tx.site_id();
    let done = sqlx::query!(
        "update notification_recipient set inbox_removed_at = now()
         where asp_users_id = $1 and site_id = $2 and notification_id = any($3) and inbox_state = 2 and inbox_removed_at is null",
        user,
        site,
        ids
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// Is `id` an active alert type?
pub async fn type_exists(conn: &mut PgConnection, id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists (select 1 from asp.type_notification where type_notification_id = $1 and is_active) as "e!""#, id).fetch_one(conn).await
}

/// Which of `users` have access to `site`.
pub async fn users_at_site(conn: &mut PgConnection, users: &[i64], site: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select asp_users_id from asp.user_site where site_id = $1 and asp_users_id = any($2)", site, users).fetch_all(conn).await
}
