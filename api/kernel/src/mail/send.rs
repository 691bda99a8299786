//! The job that sends the outbox (job type 42).

use std::time::Duration;

use anyhow::Context;
use futures::future::BoxFuture;
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::repo::{self, Claimed};
use super::{MailSettings, TlsMode, SEND_MAIL_JOB_TYPE};
use crate::jobs::{Job, JobContext};
use crate::notify::state;

/// Sends due messages of `asp.mail_outbox` (module docs). Without an SMTP host it sends nothing and says so.
pub struct SendMail {
    settings: MailSettings,
}

/// What became of one attempt.
enum Outcome {
    Sent,
    /// Tried again later; `unreachable` when the server could not be talked to at all (the run stops: the next
    /// messages would only fail the same way).
    Retry { unreachable: bool },
    Failed,
}

impl SendMail {
    pub fn new(settings: MailSettings) -> Self {
        Self { settings }
    }

    fn transport(&self, host: &str) -> anyhow::Result<AsyncSmtpTransport<Tokio1Executor>> {
        let s = &self.settings;
        let tls = match s.smtp_tls {
            TlsMode::None => Tls::None,
            TlsMode::Starttls => Tls::Required(TlsParameters::new(host.to_owned()).context("TLS parameters for the SMTP host")?),
            TlsMode::Tls => Tls::Wrapper(TlsParameters::new(host.to_owned()).context("TLS parameters for the SMTP host")?),
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
            .port(s.smtp_port)
            .tls(tls)
            .timeout(Some(Duration::from_secs(s.smtp_timeout_seconds)));
        if let (Some(user), Some(password)) = (&s.smtp_user, &s.smtp_password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(builder.build())
    }

    fn message(&self, m: &Claimed) -> anyhow::Result<Message> {
        let from = Mailbox::new(
            Some(self.settings.mail_from_name.clone()).filter(|n| !n.is_empty()),
            self.settings.mail_from_address.parse().context("mail_from_address")?,
        );
        let to: Mailbox = m.to_address.parse().with_context(|| format!("not an e-mail address: {:?}", m.to_address))?;
        let mut builder = Message::builder().from(from).to(to).message_id(Some(m.message_id.clone())).date_now();
        if !m.subject.is_empty() {
            builder = builder.subject(m.subject.clone());
        }
        let (text, html) = match (&m.link, m.channel.as_str()) {
            (Some(route), "email") => {
                let href = self.settings.link_to(route);
                let text = format!("{}\n\nOpen in ASP: {href}\n", m.text_body.trim_end());
                let html = m.html_body.as_ref().map(|h| {
                    format!(
                        "{h}<p><a href=\"{}\">Open in ASP</a></p>",
                        html_escape(&href)
                    )
                });
                (text, html)
            }
            _ => (m.text_body.clone(), m.html_body.clone()),
        };
        let message = match (html, m.channel.as_str()) {
            (Some(html), "email") => {
                builder.multipart(MultiPart::alternative_plain_html(text, html))
            }
            _ => builder.header(ContentType::TEXT_PLAIN).body(text),
        };
        message.context("building the message")
    }

    async fn attempt(&self, ctx: &JobContext, transport: &AsyncSmtpTransport<Tokio1Executor>, m: &Claimed) -> anyhow::Result<Outcome> {
        let s = &self.settings;
        let id = m.mail_outbox_id;
        let message = match self.message(m) {
            Ok(message) => message,
            Err(e) => {
                // A message that cannot be built never will be: no retry.
                let error = format!("{e:#}");
                ctx.error(format!("mail {id}: {error}"));
                settle(ctx, m, Mark::Failed(&error)).await?;
                return Ok(Outcome::Failed);
            }
        };
        // The send is the step that may be repeated: a crash after the server accepted the message and before the
        // row is marked sends it again when the lease expires (docs/alerts-mail.md "At least once").
        match transport.send(message).await {
            Ok(_) => {
                if !settle(ctx, m, Mark::Sent).await? {
                    ctx.warn(format!(
                        "mail {id}: sent, but its claim had expired and was taken over"
                    ));
                }
                ctx.debug(format!("mail {id} ({}) sent to {} on attempt {}", m.channel, m.to_address, m.attempts));
                Ok(Outcome::Sent)
            }
            Err(e) => {
                let error = format!("attempt {}: {e}", m.attempts);
                if e.is_permanent() {
                    // 5xx: the server refused this message for good (an unknown mailbox, a policy).
                    ctx.warn(format!("mail {id} refused for good: {error}"));
                    settle(ctx, m, Mark::Failed(&error)).await?;
                    Ok(Outcome::Failed)
                } else if m.attempts >= s.mail_max_attempts {
                    ctx.warn(format!(
                        "mail {id} failed after {} attempts: {error}",
                        m.attempts
                    ));
                    settle(ctx, m, Mark::Failed(&error)).await?;
                    Ok(Outcome::Failed)
                } else {
                    let delay = s.retry_delay_seconds(m.attempts);
                    ctx.info(format!("mail {id}: {error}; next attempt in {delay} s"));
                    settle(
                        ctx,
                        m,
                        Mark::Retry {
                            delay,
                            error: &error,
                        },
                    )
                    .await?;
                    // A 4xx answer is about this message; anything else (refused connection, timeout, TLS) is the
                    // server or the way to it.
                    Ok(Outcome::Retry { unreachable: !e.is_transient() })
                }
            }
        }
    }
}

/// How a claimed message ends this attempt.
enum Mark<'a> {
    Sent,
    Retry { delay: i32, error: &'a str },
    Failed(&'a str),
}

/// Marks the outbox row and, in the same transaction, the notification recipient it delivers (so the inbox's
/// e-mail and text columns never disagree with the outbox). Answers false when the claim had expired and another
/// sender owns the row now (nothing is written then).
async fn settle(ctx: &JobContext, m: &Claimed, mark: Mark<'_>) -> anyhow::Result<bool> {
    let mut tx = ctx.pool.begin().await?;
    let (id, attempts) = (m.mail_outbox_id, m.attempts);
    let (marked, recipient_state, error) = match mark {
        Mark::Sent => (
            repo::mark_sent(&mut tx, id, attempts).await?,
            state::SENT,
            None,
        ),
        Mark::Retry { delay, error } => (
            repo::mark_retry(&mut tx, id, attempts, delay, error).await?,
            state::PENDING,
            Some(error),
        ),
        Mark::Failed(error) => (
            repo::mark_failed(&mut tx, id, attempts, error).await?,
            state::FAILED,
            Some(error),
        ),
    };
    if marked {
        if let (Some(client), Some(site), Some(recipient)) =
            (m.client_id, m.site_id, m.notification_recipient_id)
        {
            repo::record_on_recipient(
                &mut tx,
                &m.channel,
                client,
                site,
                recipient,
                recipient_state,
                error,
            )
            .await
            .with_context(|| {
                format!("mail {id}: recording the outcome on notification recipient {recipient}")
            })?;
        }
    }
    tx.commit().await?;
    Ok(marked)
}

/// Text for an HTML attribute.
fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

impl Job for SendMail {
    fn job_type_id(&self) -> i32 {
        SEND_MAIL_JOB_TYPE
    }

    fn name(&self) -> &'static str {
        "Send e-mail and texts"
    }

    fn run<'a>(&'a self, ctx: &'a JobContext) -> BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(async move {
            let s = &self.settings;
            let Some(host) = s.host() else {
                let waiting = repo::waiting(&mut *ctx.pool.acquire().await?).await?;
                let text = format!("No SMTP server is configured (smtp_host): {waiting} message(s) left waiting.");
                if waiting > 0 {
                    ctx.warn(&text);
                }
                return Ok(text);
            };
            let transport = self.transport(host)?;
            let abandoned = {
                let mut tx = ctx.pool.begin().await?;
                let rows = repo::fail_abandoned(&mut tx, s.mail_max_attempts).await?;
                for a in &rows {
                    if let (Some(client), Some(site), Some(recipient)) =
                        (a.client_id, a.site_id, a.notification_recipient_id)
                    {
                        repo::record_on_recipient(
                            &mut tx,
                            &a.channel,
                            client,
                            site,
                            recipient,
                            state::FAILED,
                            Some(&a.last_error),
                        )
                        .await?;
                    }
                }
                tx.commit().await?;
                u32::try_from(rows.len()).unwrap_or(u32::MAX)
            };
            if abandoned > 0 {
                ctx.warn(format!("{abandoned} message(s) given up: their sender stopped during the last allowed attempt"));
            }
            let (mut sent, mut retried, mut failed) = (0_u32, 0_u32, abandoned);
            let mut note = String::new();
            for _ in 0..s.mail_batch_size {
                // The claim commits at once: the lease, not a held transaction, keeps others away while we send.
                let claimed = repo::claim_next(&mut *ctx.pool.acquire().await?, s.mail_lease_seconds, s.mail_max_attempts).await?;
                let Some(m) = claimed else { break };
                match self.attempt(ctx, &transport, &m).await? {
                    Outcome::Sent => sent += 1,
                    Outcome::Failed => failed += 1,
                    Outcome::Retry { unreachable } => {
                        retried += 1;
                        if unreachable {
                            note = format!(" Stopped: the SMTP server {host}:{} could not be reached.", s.smtp_port);
                            ctx.warn(note.trim());
                            break;
                        }
                    }
                }
            }
            Ok(format!("Sent {sent}, {retried} to try again, {failed} given up.{note}"))
        })
    }
}
