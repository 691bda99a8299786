//! Demo alerts (docs/alerts.md): alert settings for every demo user at each of their sites, and a few hundred past
//! notifications across the types, each with its recipients chosen by the rule `kernel::notify` applies (access to
//! the site, the type's permission there, the settings or the defaults); the older ones read, the newest unread.
//! Deterministic (written as of the seed day) and idempotent: settings only where a user has none at a site,
//! notifications only at a site that has none with a message body (the auditing seed's have none).

use anyhow::Context;
use sqlx::PgConnection;

use super::SeedDay;

/// Notifications per site.
const PER_SITE: i32 = 90;

/// (type, subject, message) of the generated notifications, taken in turn.
const MESSAGES: &[(i64, &str, &str)] = &[
    (9, "Draw refused: daily limit of CC-4100", "A draw was refused because it would pass the daily limit of tracking code CC-4100."),
    (10, "Count sheet variances wait for approval", "A cycle count sheet was submitted; some lines differ by more than the thresholds."),
    (11, "New min/max suggestions", "The nightly review found new min/max suggestions for this site."),
    (12, "Catalogue costs changed", "A shared vendor cost catalogue changed costs of items at this site."),
    (13, "Device token expires in 7 days", "The crib device token of the tool room expires in 7 days."),
    (3, "Requisition waits for your approval", "A requisition of the maintenance team waits for approval."),
    (7, "RFQ answered", "A vendor answered an RFQ of this site."),
    (2, "Order received", "A purchase order of this site was received in full."),
    (16, "Site broadcast: stocktake on Friday", "The stores close at noon on Friday for the stocktake."),
    (15, "Job failed: cost catalogue import", "The nightly cost catalogue import failed; see the job history."),
];

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    let clients: Vec<String> = sqlx::query_scalar("select schema_name from asp.client where client_code in ('ACME', 'GEA') order by client_id")
        .fetch_all(&mut *conn)
        .await?;
    for schema in clients {
        let name = tenancy::SchemaName::parse(&schema).with_context(|| format!("schema {schema}"))?;
        // Settings: every type the user may receive; e-mail on for the approvals waiting for them, the rest as the
        // defaults, the broadcasts off for provider staff.
        sqlx::query(&format!(
            "insert into {name}.user_notification_setting (site_id, asp_users_id, type_notification_id, enable_inbox, enable_email, enable_text, enable_toastr, is_active)
             select us.site_id, u.asp_users_id, t.type_notification_id, true, t.type_notification_id in (3, 10, 15), false, true,
                    not (u.fss_employee and t.type_notification_id = 16)
             from asp.user_site us
             join asp.site s on s.site_id = us.site_id
             join asp.client c on c.client_id = s.client_id and c.schema_name = $1
             join asp.asp_users u on u.asp_users_id = us.asp_users_id
             join asp.type_notification t on (not t.is_internal or u.fss_employee)
             where u.user_id in ('admin', 'buyer', 'warehouse', 'customer', 'punchin', 'supplier', 'support')
               and (t.security_permission_id is null or exists (
                     select 1 from asp.user_site_role r join asp.security_role_permission rp using (security_role_id)
                     where r.asp_users_id = u.asp_users_id and r.site_id = us.site_id and rp.security_permission_id = t.security_permission_id))
               and not exists (select 1 from {name}.user_notification_setting x where x.asp_users_id = u.asp_users_id and x.site_id = us.site_id)"
        ))
        .bind(&schema)
        .execute(&mut *conn)
        .await
        .context("demo alert settings")?;

        let sites: Vec<i64> = sqlx::query_scalar(&format!(
            "select s.site_id from asp.site s join asp.client c using (client_id) where c.schema_name = $1
               and not exists (select 1 from {name}.notification n where n.site_id = s.site_id and n.body_inbox is not null)
             order by s.site_id"
        ))
        .bind(&schema)
        .fetch_all(&mut *conn)
        .await?;
        let types: Vec<i64> = MESSAGES.iter().map(|m| m.0).collect();
        let subjects: Vec<&str> = MESSAGES.iter().map(|m| m.1).collect();
        let texts: Vec<&str> = MESSAGES.iter().map(|m| m.2).collect();
        for site in sites {
            // Every 5 hours back from the seed day, the message list taken in turn.
            sqlx::query(&format!(
                "insert into {name}.notification (site_id, type_notification_id, notification_name, subject, notification_text, body_inbox,
                     body_email, body_text_message, body_toastr, created_timestamp)
                 select $1, m.type_id, t.notification_name, m.subject, m.body, m.body, m.body, m.subject, m.subject,
                        $5 - make_interval(hours => g * 5)
                 from generate_series(1, $6) g
                 join unnest($2::bigint[], $3::text[], $4::text[]) with ordinality as m(type_id, subject, body, n)
                   on m.n = 1 + (g % array_length($2::bigint[], 1))
                 join asp.type_notification t on t.type_notification_id = m.type_id
                 order by g"
            ))
            .bind(site)
            .bind(&types)
            .bind(&subjects)
            .bind(&texts)
            .bind(day.now())
            .bind(PER_SITE)
            .execute(&mut *conn)
            .await
            .context("demo notifications")?;
            // Recipients by the raising rule; all but the newest day's are read, every fourth older one acknowledged.
            sqlx::query(&format!(
                "insert into {name}.notification_recipient (site_id, notification_id, asp_users_id, username, inbox_sent, email_sent, text_sent,
                     toastr_sent, created_date, inbox_state, inbox_read_at, inbox_acknowledged_at, toast_state, toast_sent_at, email_state,
                     email_address, email_sent_at)
                 select n.site_id, n.notification_id, u.asp_users_id, u.user_id, s.enable_inbox, s.enable_email and u.email is not null, false,
                        s.enable_toastr, n.created_timestamp,
                        case when s.enable_inbox then 2 else 0 end,
                        case when n.created_timestamp < $2 - interval '1 day' then n.created_timestamp + interval '2 hours' end,
                        case when n.created_timestamp < $2 - interval '1 day' and n.notification_id % 4 = 0 then n.created_timestamp + interval '3 hours' end,
                        case when s.enable_toastr then 2 else 0 end, case when s.enable_toastr then n.created_timestamp end,
                        case when not s.enable_email then 0 when u.email is null then 3 else 2 end,
                        case when s.enable_email then u.email end,
                        case when s.enable_email and u.email is not null then n.created_timestamp end
                 from {name}.notification n
                 join {name}.user_notification_setting s on s.site_id = n.site_id and s.type_notification_id = n.type_notification_id and s.is_active
                 join asp.asp_users u on u.asp_users_id = s.asp_users_id
                 where n.site_id = $1 and n.body_inbox is not null
                   and not exists (select 1 from {name}.notification_recipient x where x.notification_id = n.notification_id)
                   and (s.enable_inbox or s.enable_email or s.enable_text or s.enable_toastr)"
            ))
            .bind(site)
            .bind(day.now())
            .execute(&mut *conn)
            .await
            .context("demo notification recipients")?;
        }
    }
    Ok(())
}
