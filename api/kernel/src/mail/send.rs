//! The job that sends the outbox (job type 42).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use anyhow::Context;
use futures::future::BoxFuture;
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::transport::smtp::PoolConfig;
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
            .timeout(Some(Duration::from_secs(s.smtp_timeout_seconds)))
            // One pooled connection per sender of the run (`mail_concurrency`), kept open between messages.
            .pool_config(PoolConfig::new().max_size(s.mail_concurrency));
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

/// What the senders of one run share: how many messages the run may still claim, whether it must stop, the tally.
struct RunState {
    budget: AtomicU32,
    stop: AtomicBool,
    sent: AtomicU32,
    retried: AtomicU32,
    failed: AtomicU32,
}

impl RunState {
    fn new(budget: u32, failed: u32) -> Self {
        Self {
            budget: AtomicU32::new(budget),
            stop: AtomicBool::new(false),
            sent: AtomicU32::new(0),
            retried: AtomicU32::new(0),
            failed: AtomicU32::new(failed),
        }
    }

    /// Takes one message of the run's budget; false when it is spent or the run has stopped.
    fn take_one(&self) -> bool {
        !self.stop.load(Ordering::Relaxed)
            && self.budget.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| b.checked_sub(1)).is_ok()
    }
}

impl SendMail {
    /// One sender of a run: claims and sends the next due message until the outbox has none due, the run's budget is
    /// spent or the server cannot be reached. Several run side by side, each on a pooled connection of its own, so a
    /// server's per-message latency is waited out in parallel (bench/README.md "E-mail throughput").
    async fn send_some(
        &self,
        ctx: &JobContext,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        run: &RunState,
    ) -> anyhow::Result<()> {
        let s = &self.settings;
        while run.take_one() {
            // The claim commits at once: the lease, not a held transaction, keeps others away while we send.
            let claimed = repo::claim_next(&mut *ctx.pool.acquire().await?, s.mail_lease_seconds, s.mail_max_attempts).await?;
            let Some(m) = claimed else { break };
            let counter = match self.attempt(ctx, transport, &m).await? {
                Outcome::Sent => &run.sent,
                Outcome::Failed => &run.failed,
                Outcome::Retry { unreachable } => {
                    if unreachable {
                        run.stop.store(true, Ordering::Relaxed);
                    }
                    &run.retried
                }
            };
            counter.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
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
        if let (Some(schema), Some(site), Some(recipient)) =
            (recipient_schema(m.schema_name.as_deref()), m.site_id, m.notification_recipient_id)
        {
            repo::record_on_recipient(
                &mut tx,
                &m.channel,
                &schema,
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

/// The client schema a message's recipient row lives in (none for mail that delivers no notification).
fn recipient_schema(name: Option<&str>) -> Option<tenancy::SchemaName> {
    name.and_then(tenancy::SchemaName::parse)
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
                    if let (Some(schema), Some(site), Some(recipient)) =
                        (recipient_schema(a.schema_name.as_deref()), a.site_id, a.notification_recipient_id)
                    {
                        repo::record_on_recipient(
                            &mut tx,
                            &a.channel,
                            &schema,
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
            let run = RunState::new(s.mail_batch_size, abandoned);
            let senders = (0..s.mail_concurrency).map(|_| self.send_some(ctx, &transport, &run));
            for finished in futures::future::join_all(senders).await {
                finished?;
            }
            let mut note = String::new();
            if run.stop.load(Ordering::Relaxed) {
                note = format!(" Stopped: the SMTP server {host}:{} could not be reached.", s.smtp_port);
                ctx.warn(note.trim());
            }
            let (sent, retried, failed) = (
                run.sent.load(Ordering::Relaxed),
                run.retried.load(Ordering::Relaxed),
                run.failed.load(Ordering::Relaxed),
            );
            Ok(format!("Sent {sent}, {retried} to try again, {failed} given up.{note}"))
        })
    }
}
