//! The mail outbox and the mobile carriers (migrations/global/0042_mail_outbox.sql).

use sqlx::PgConnection;

use super::MobileCarrier;

/// A row to insert: the enqueued message with its generated Message-ID.
pub(super) struct NewMail<'a> {
    pub client_id: Option<i64>,
    pub site_id: Option<i64>,
    pub notification_recipient_id: Option<i64>,
    pub channel: &'a str,
    pub to_address: &'a str,
    pub subject: &'a str,
    pub text_body: &'a str,
    pub html_body: Option<&'a str>,
    pub link: Option<&'a str>,
    pub message_id: &'a str,
}

pub(super) async fn insert(conn: &mut PgConnection, m: &NewMail<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.mail_outbox (client_id, site_id, notification_recipient_id, channel, to_address, subject,
                                      text_body, html_body, message_id, link)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         returning mail_outbox_id",
        m.client_id,
        m.site_id,
        m.notification_recipient_id,
        m.channel,
        m.to_address,
        m.subject,
        m.text_body,
        m.html_body,
        m.message_id,
        m.link,
    )
    .fetch_one(conn)
    .await
}

/// A message claimed for sending: `attempts` counts this attempt, and is the claim's token (a sender whose lease
/// expired and was claimed again cannot mark the row any more).
pub struct Claimed {
    pub mail_outbox_id: i64,
    pub channel: String,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: Option<String>,
    pub message_id: String,
    pub attempts: i32,
    pub link: Option<String>,
    /// The notification recipient this message delivers (in the schema of the message's client, read with the
    /// claim, at `site_id`), whose channel state the outcome is written to.
    pub schema_name: Option<String>,
    pub site_id: Option<i64>,
    pub notification_recipient_id: Option<i64>,
}

/// Claims the next due message: a pending one whose time has come, or one still 'sending' whose lease expired (its
/// sender crashed), as long as it has attempts left. `skip locked`: concurrent senders take different rows.
pub(super) async fn claim_next(conn: &mut PgConnection, lease_seconds: i32, max_attempts: i32) -> Result<Option<Claimed>, sqlx::Error> {
    sqlx::query_as!(
        Claimed,
        r#"update asp.mail_outbox o
            set state = 'sending', lease_until = now() + make_interval(secs => $1::int), attempts = o.attempts + 1
          where o.mail_outbox_id = (
                select m.mail_outbox_id from asp.mail_outbox m
                 where ((m.state = 'pending' and m.next_attempt_at <= now()) or (m.state = 'sending' and m.lease_until < now()))
                   and m.attempts < $2
                 order by m.next_attempt_at, m.mail_outbox_id
                 limit 1
                   for update skip locked)
         returning o.mail_outbox_id, o.channel, o.to_address, o.subject, o.text_body, o.html_body, o.message_id, o.attempts,
                   o.link, (select c.schema_name from asp.client c where c.client_id = o.client_id) as "schema_name?",
                   o.site_id, o.notification_recipient_id"#,
        lease_seconds,
        max_attempts,
    )
    .fetch_optional(conn)
    .await
}

/// Gives up messages whose sender crashed on their last allowed attempt (nothing would claim them again); answers
/// them, for their recipients' rows.
pub(super) async fn fail_abandoned(
    conn: &mut PgConnection,
    max_attempts: i32,
) -> Result<Vec<Abandoned>, sqlx::Error> {
    sqlx::query_as!(
        Abandoned,
        r#"update asp.mail_outbox
            set state = 'failed', lease_until = null,
                last_error = 'The sender stopped during the last allowed attempt (lease expired). Last error: '
                             || coalesce(last_error, 'none')
          where state = 'sending' and lease_until < now() and attempts >= $1
          returning channel, (select c.schema_name from asp.client c where c.client_id = asp.mail_outbox.client_id) as "schema_name?",
                    site_id, notification_recipient_id, last_error as "last_error!""#,
        max_attempts,
    )
    .fetch_all(conn)
    .await
}

pub struct Abandoned {
    pub channel: String,
    pub schema_name: Option<String>,
    pub site_id: Option<i64>,
    pub notification_recipient_id: Option<i64>,
    pub last_error: String,
}

/// Writes a message's outcome to the notification recipient it delivers (tenant table `notification_recipient` in
/// the schema of the message's client, which the claim read, at its site), in the caller's transaction: the channel's
/// state (1 pending again, 2 sent, 3 failed), the time it was sent, the last error. The search path and granted site
/// are set transaction-locally, as a request's scope sets them.
pub(super) async fn record_on_recipient(
    conn: &mut PgConnection,
    channel: &str,
    schema: &tenancy::SchemaName,
    site_id: i64,
    recipient_id: i64,
    state: i16,
    error: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "select set_config('search_path', $1, true) as path, set_config('asp.site_ids', $2, true) as sites",
        schema.search_path(),
        format!("{{{site_id}}}")
    )
    .fetch_one(&mut *conn)
    .await?;
    let email = channel == "email";
    sqlx::query!(
        "update notification_recipient
            set email_state = case when $2 then $3 else email_state end,
                email_sent_at = case when $2 and $3 = 2 then now() else email_sent_at end,
                email_sent = case when $2 then $3 = 2 else email_sent end,
                email_last_error = case when $2 then coalesce($4, email_last_error) else email_last_error end,
                text_state = case when $2 then text_state else $3 end,
                text_sent_at = case when not $2 and $3 = 2 then now() else text_sent_at end,
                text_sent = case when $2 then text_sent else $3 = 2 end,
                text_last_error = case when $2 then text_last_error else coalesce($4, text_last_error) end
          where notification_recipient_id = $1",
        recipient_id,
        email,
        state,
        error
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub(super) async fn mark_sent(conn: &mut PgConnection, id: i64, attempts: i32) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update asp.mail_outbox set state = 'sent', lease_until = null, sent_at = now()
          where mail_outbox_id = $1 and state = 'sending' and attempts = $2",
        id,
        attempts,
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn mark_retry(conn: &mut PgConnection, id: i64, attempts: i32, delay_seconds: i32, error: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update asp.mail_outbox
            set state = 'pending', lease_until = null, next_attempt_at = now() + make_interval(secs => $3::int), last_error = $4
          where mail_outbox_id = $1 and state = 'sending' and attempts = $2",
        id,
        attempts,
        delay_seconds,
        error,
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn mark_failed(conn: &mut PgConnection, id: i64, attempts: i32, error: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update asp.mail_outbox set state = 'failed', lease_until = null, last_error = $3
          where mail_outbox_id = $1 and state = 'sending' and attempts = $2",
        id,
        attempts,
        error,
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Messages waiting for their first or a further attempt (what an unconfigured sender reports).
pub(super) async fn waiting(conn: &mut PgConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"select count(*) as "n!" from asp.mail_outbox where state in ('pending', 'sending')"#)
        .fetch_one(conn)
        .await
}

pub(super) async fn carrier(conn: &mut PgConnection, mobile_carrier_id: i32) -> Result<Option<MobileCarrier>, sqlx::Error> {
    sqlx::query_as!(
        MobileCarrier,
        "select mobile_carrier_id, carrier_name, sms_gateway_domain, active from asp.mobile_carrier where mobile_carrier_id = $1",
        mobile_carrier_id,
    )
    .fetch_optional(conn)
    .await
}

pub(super) async fn active_carriers(conn: &mut PgConnection) -> Result<Vec<MobileCarrier>, sqlx::Error> {
    sqlx::query_as!(
        MobileCarrier,
        "select mobile_carrier_id, carrier_name, sms_gateway_domain, active from asp.mobile_carrier
          where active order by sort_order, carrier_name",
    )
    .fetch_all(conn)
    .await
}

/// Deletes up to `batch` settled (`sent` or `failed`) messages enqueued more than `days` days ago; answers how many.
pub(super) async fn delete_settled(conn: &mut PgConnection, days: i32, batch: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "delete from asp.mail_outbox where mail_outbox_id in (
             select mail_outbox_id from asp.mail_outbox
             where state in ('sent', 'failed') and created_at < now() - make_interval(days => $1) limit $2)",
        days,
        batch
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}
