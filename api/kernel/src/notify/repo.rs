//! SQL of raising a notification: the message, then its recipients chosen in one statement (site access, the type's
//! permission at the site, the user's settings or the defaults, the filters).

use tenancy::TenantTx;

use super::{Audience, Channels, Notice};

pub async fn insert_notification(tx: &mut TenantTx, n: &Notice) -> Result<i64, sqlx::Error> {
    let site_id = tx.site_id();
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
    .fetch_one(&mut **tx)
    .await
}

/// One recipient row per user who gets the notification; answers how many.
///
/// A user gets it when they have access to the site, are active, hold the type's permission at the site through a
/// role (counted as the authorizer counts it: only with access to the site), and their setting for the type (or the
/// defaults, [`Channels::DEFAULT`]) is active, asks for at least one channel, and its filters let the event through.
/// A named audience ([`Audience::Users`]) skips the settings but not the permission.
pub async fn insert_recipients(tx: &mut TenantTx, notification_id: i64, n: &Notice) -> Result<i64, sqlx::Error> {
    let site_id = tx.site_id();
    let (only, forced) = match &n.audience {
        Audience::Settings => (None, None),
        Audience::Users { user_ids, channels } => (Some(user_ids.clone()), Some(*channels)),
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
    .fetch_one(&mut **tx)
    .await?;
    Ok(inserted)
}
