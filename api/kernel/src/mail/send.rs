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
        let message = match (&m.html_body, m.channel.as_str()) {
            (Some(html), "email") => builder.multipart(MultiPart::alternative_plain_html(m.text_body.clone(), html.clone())),
            _ => builder.header(ContentType::TEXT_PLAIN).body(m.text_body.clone()),
        };
        message.context("building the message")
    }

    async fn attempt(&self, ctx: &JobContext, transport: &AsyncSmtpTransport<Tokio1Executor>, m: &Claimed) -> anyhow::Result<Outcome> {
        let s = &self.settings;
        let mut conn = ctx.pool.acquire().await?;
        let id = m.mail_outbox_id;
        let message = match self.message(m) {
            Ok(message) => message,
            Err(e) => {
                // A message that cannot be built never will be: no retry.
                let error = format!("{e:#}");
                ctx.error(format!("mail {id}: {error}"));
                repo::mark_failed(&mut conn, id, m.attempts, &error).await?;
                return Ok(Outcome::Failed);
            }
        };
        // The send is the step that may be repeated: a crash after the server accepted the message and before the
        // row is marked sends it again when the lease expires (docs/alerts-mail.md "At least once").
        match transport.send(message).await {
            Ok(_) => {
                if !repo::mark_sent(&mut conn, id, m.attempts).await? {
                    ctx.warn(format!("mail {id}: sent, but its claim had expired and was taken over"));
                }
                ctx.debug(format!("mail {id} ({}) sent to {} on attempt {}", m.channel, m.to_address, m.attempts));
                Ok(Outcome::Sent)
            }
            Err(e) => {
                let error = format!("attempt {}: {e}", m.attempts);
                if e.is_permanent() {
                    // 5xx: the server refused this message for good (an unknown mailbox, a policy).
                    ctx.warn(format!("mail {id} refused for good: {error}"));
                    repo::mark_failed(&mut conn, id, m.attempts, &error).await?;
                    Ok(Outcome::Failed)
                } else if m.attempts >= s.mail_max_attempts {
                    ctx.warn(format!("mail {id} failed after {} attempts: {error}", m.attempts));
                    repo::mark_failed(&mut conn, id, m.attempts, &error).await?;
                    Ok(Outcome::Failed)
                } else {
                    let delay = s.retry_delay_seconds(m.attempts);
                    ctx.info(format!("mail {id}: {error}; next attempt in {delay} s"));
                    repo::mark_retry(&mut conn, id, m.attempts, delay, &error).await?;
                    // A 4xx answer is about this message; anything else (refused connection, timeout, TLS) is the
                    // server or the way to it.
                    Ok(Outcome::Retry { unreachable: !e.is_transient() })
                }
            }
        }
    }
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
            let abandoned = repo::fail_abandoned(&mut *ctx.pool.acquire().await?, s.mail_max_attempts).await?;
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
