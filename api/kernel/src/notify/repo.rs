//! SQL of raising a notification: the message, then its recipients chosen in one statement (site access, the type's
//! permission at the site, the user's settings or the defaults, the filters).

use sqlx::PgConnection;

use super::{Audience, Channels, Notice};
use crate::mail::Channel;

pub async fn insert_notification(
    conn: &mut PgConnection,
    site_id: i64,
    n: &Notice,
) -> Result<i64, sqlx::Error> {
    let a = &n.about;
    let text = n.text.as_str();
    sqlx::query_scalar!(
        "insert into notification
             (site_id, type_notification_id, notification_name, subject, notification_text, body_inbox, body_email,
              body_text_message, body_toastr, link, created_by, cip_no, cid_no, po_no, wo_no, req_no, rfq_id, tran_id,
              employee_id, asp_users_id, catalog_id, object_id)
         select $1, t.type_notification_id, t.notification_name, $3, $4, coalesce($5, $4), coalesce($6, $4), coalesce($7, $3),
                coalesce($8, $3), $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21
         from asp.type_notification t where t.type_notification_id = $2
         returning notification_id",
        site_id,
        n.type_id,
        n.subject,
        text,
        n.body_inbox,
        n.body_email,
        n.body_text,
        n.body_toast,
        n.link,
        n.created_by,
        a.cip_no,
        a.cid_no,
        a.po_no,
        a.wo_no,
        a.req_no,
        a.rfq_id,
        a.tran_id,
        a.employee_id,
        a.asp_users_id,
        a.catalog_id,
        a.object_id
    )
    .fetch_one(&mut *conn)
    .await
}

/// One recipient row per user who gets the notification; answers how many.
///
/// A user gets it when they have access to the site, are active, hold the type's permission at the site through a
/// role (counted as the authorizer counts it: only with access to the site), and their setting for the type (or the
/// defaults, [`Channels::DEFAULT`]) is active, asks for at least one channel, and its filters let the event through.
/// A named audience ([`Audience::Users`]) skips the settings but not the permission.
pub async fn insert_recipients(
    conn: &mut PgConnection,
    site_id: i64,
    notification_id: i64,
    n: &Notice,
) -> Result<i64, sqlx::Error> {
    let (only, forced) = match &n.audience {
        Audience::Settings => (None, None),
        Audience::Users { user_ids, channels } => (Some(user_ids.clone()), Some(*channels)),
        Audience::SettingsAmong(user_ids) => (Some(user_ids.clone()), None),
    };
    let d = forced.unwrap_or(Channels::DEFAULT);
    let by_settings = forced.is_none();
    let inserted = sqlx::query_scalar!(
        r#"with candidate as (
             select u.asp_users_id, u.user_id, nullif(btrim(u.email), '') as email
             from asp.user_site us
             join asp.asp_users u on u.asp_users_id = us.asp_users_id and u.is_active
             join asp.type_notification t on t.type_notification_id = $3 and t.is_active
             where us.site_id = $1
               and ($4::bigint[] is null or u.asp_users_id = any($4))
               and (t.security_permission_id is null or exists (
                     select 1 from asp.user_site_role r
                     join asp.security_role_permission rp on rp.security_role_id = r.security_role_id
                     where r.asp_users_id = u.asp_users_id and r.site_id = $1
                       and rp.security_permission_id = t.security_permission_id))
           ),
           wanted as (
             select c.asp_users_id, c.user_id, c.email,
                    case when $5 then coalesce(s.enable_inbox, $6) else $6 end as inbox,
                    case when $5 then coalesce(s.enable_email, $7) else $7 end as email_on,
                    case when $5 then coalesce(s.enable_text, $8) else $8 end as text_on,
                    case when $5 then coalesce(s.enable_toastr, $9) else $9 end as toast
             from candidate c
             left join user_notification_setting s
               on $5 and s.asp_users_id = c.asp_users_id and s.site_id = $1 and s.type_notification_id = $3
             where s.user_notification_setting_id is null
                or (s.is_active
                    and (not s.filter_tracking_codes or $10::bigint[] is null or exists (
                          select 1 from user_notification_tracking_code f
                          where f.user_notification_setting_id = s.user_notification_setting_id
                            and f.tracking_code_id = any($10)))
                    and (not s.req_urgent_only or $11::boolean is null or $11)
                    and (s.filter_req_priority is null or $12::int is null or $12 <= s.filter_req_priority))
           ),
           inserted as (
             insert into notification_recipient
                 (site_id, notification_id, asp_users_id, username, inbox_sent, inbox_state, toast_state,
                  email_state, email_address, email_last_error, text_state)
             select $1, $2, w.asp_users_id, w.user_id, w.inbox,
                    case when w.inbox then 2 else 0 end::smallint,
                    case when w.toast then 1 else 0 end::smallint,
                    case when not w.email_on then 0 when w.email is null then 3 else 1 end::smallint,
                    case when w.email_on then w.email end,
                    case when w.email_on and w.email is null then 'The user has no e-mail address.' end,
                    case when w.text_on then 1 else 0 end::smallint
             from wanted w
             where w.inbox or w.email_on or w.text_on or w.toast
             order by w.asp_users_id
             returning 1
           )
           select count(*) as "n!" from inserted"#,
        site_id,
        notification_id,
        n.type_id,
        only.as_deref(),
        by_settings,
        d.inbox,
        d.email,
        d.text,
        d.toast,
        n.tracking_code_ids.as_deref(),
        n.urgent,
        n.req_priority
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(inserted)
}

/// A recipient whose e-mail or text waits to be put in the mail outbox, with what it needs.
pub struct PendingMessage {
    pub notification_recipient_id: i64,
    pub email_state: i16,
    pub email_address: Option<String>,
    pub text_state: i16,
    pub mobile_phone: Option<String>,
    pub mobile_carrier_id: Option<i32>,
    pub subject: String,
    pub body_email: String,
    pub body_text: String,
    pub link: Option<String>,
}

pub async fn pending_messages(
    conn: &mut PgConnection,
    notification_id: i64,
) -> Result<Vec<PendingMessage>, sqlx::Error> {
    sqlx::query_as!(
        PendingMessage,
        r#"select r.notification_recipient_id, r.email_state, r.email_address, r.text_state,
                  u.mobile_phone as "mobile_phone?", u.mobile_carrier_id as "mobile_carrier_id?",
                  n.subject as "subject!", coalesce(n.body_email, n.notification_text, n.subject) as "body_email!",
                  coalesce(n.body_text_message, n.subject) as "body_text!", n.link
           from notification_recipient r
           join notification n on n.notification_id = r.notification_id
           left join asp.asp_users u on u.asp_users_id = r.asp_users_id
           where r.notification_id = $1 and (r.email_state = 1 or r.text_state = 1)
           order by r.notification_recipient_id"#,
        notification_id
    )
    .fetch_all(conn)
    .await
}

pub async fn client_of_site(conn: &mut PgConnection, site_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!("select client_id from asp.site where site_id = $1", site_id)
        .fetch_one(conn)
        .await
}

pub async fn set_text_address(
    conn: &mut PgConnection,
    recipient_id: i64,
    address: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update notification_recipient set text_address = $2 where notification_recipient_id = $1",
        recipient_id,
        address
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A channel that cannot be delivered at all (no address): failed, with the reason.
pub async fn fail_channel(
    conn: &mut PgConnection,
    recipient_id: i64,
    channel: Channel,
    error: &str,
) -> Result<(), sqlx::Error> {
    let email = channel == Channel::Email;
    sqlx::query!(
        "update notification_recipient
            set email_state = case when $2 then 3 else email_state end,
                email_last_error = case when $2 then $3 else email_last_error end,
                text_state = case when $2 then text_state else 3 end,
                text_last_error = case when $2 then text_last_error else $3 end
          where notification_recipient_id = $1",
        recipient_id,
        email,
        error
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The channel the toast sender listens on; the payload is `<schema>:<site_id>:<notification_id>`.
pub const TOAST_CHANNEL: &str = "asp_toast";

/// Tells the toast sender (on every replica) that a notification has toasts waiting, once this transaction commits.
pub async fn wake_toast_sender(
    conn: &mut PgConnection,
    site_id: i64,
    notification_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "select pg_notify('asp_toast', current_schema() || ':' || $1::bigint || ':' || $2::bigint)
           from notification_recipient where notification_id = $2 and toast_state = 1 limit 1",
        site_id,
        notification_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(())
}

/// The transaction's search path and granted sites, to put back after raising at other sites.
pub async fn scope_settings(conn: &mut PgConnection) -> Result<(String, String), sqlx::Error> {
    let row = sqlx::query!(
        r#"select current_setting('search_path') as "path!", coalesce(current_setting('asp.site_ids', true), '') as "sites!""#
    )
    .fetch_one(conn)
    .await?;
    Ok((row.path, row.sites))
}

pub async fn restore_scope_settings(
    conn: &mut PgConnection,
    saved: &(String, String),
) -> Result<(), sqlx::Error> {
    sqlx::query!("select set_config('search_path', $1, true) as path, set_config('asp.site_ids', $2, true) as sites", saved.0, saved.1)
        .fetch_one(conn)
        .await?;
    Ok(())
}

/// Points the transaction at the site's client schema with only that site granted (transaction-locally, as a
/// request's scope does); false when the site or its client is inactive or unknown.
pub async fn enter_site(conn: &mut PgConnection, site_id: i64) -> Result<bool, sqlx::Error> {
    let schema = sqlx::query_scalar!(
        "select c.schema_name from asp.site s join asp.client c on c.client_id = s.client_id
          where s.site_id = $1 and s.is_active and c.is_active",
        site_id
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some(schema) = schema.as_deref().and_then(tenancy::SchemaName::parse) else {
        return Ok(false);
    };
    sqlx::query!(
        "select set_config('search_path', $1, true) as path, set_config('asp.site_ids', $2, true) as sites",
        schema.search_path(),
        format!("{{{site_id}}}")
    )
    .fetch_one(conn)
    .await?;
    Ok(true)
}

/// For a type, each active user holding its permission at some active site, at one such site: their current site
/// if it is one, else the lowest; grouped by site.
pub async fn home_sites_of_receivers(
    conn: &mut PgConnection,
    type_id: i64,
) -> Result<Vec<(i64, Vec<i64>)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select x.site_id as "site_id!", array_agg(x.asp_users_id order by x.asp_users_id) as "user_ids!"
           from (
             select distinct on (u.asp_users_id) u.asp_users_id, r.site_id
             from asp.asp_users u
             join asp.user_site_role r on r.asp_users_id = u.asp_users_id
             join asp.user_site us on us.asp_users_id = u.asp_users_id and us.site_id = r.site_id
             join asp.security_role_permission rp on rp.security_role_id = r.security_role_id
             join asp.type_notification t on t.type_notification_id = $1 and t.is_active
                                           and rp.security_permission_id = t.security_permission_id
             join asp.site s on s.site_id = r.site_id and s.is_active
             join asp.client c on c.client_id = s.client_id and c.is_active
             where u.is_active
             order by u.asp_users_id, (r.site_id = u.current_site_id) desc, r.site_id
           ) x
           group by x.site_id
           order by x.site_id"#,
        type_id
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.site_id, r.user_ids)).collect())
}
