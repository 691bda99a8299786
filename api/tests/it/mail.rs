//! E-mail and texts (docs/alerts-mail.md): messages enqueued in a transaction are sent by the job "Send e-mail and
//! texts" to a real SMTP server (aiosmtpd, tests/smtp/run-sink.sh, started by each test on a free port) and read back
//! from the files it writes; refusals are retried with back-off, the attempt limit gives up, a crashed sender's
//! message is sent again with the same Message-ID, a rolled-back enqueue sends nothing.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use kernel::jobs::{Job, JobContext, LogLevel};
use kernel::mail::{self, Channel, MailSettings, OutgoingMail, SendMail, TlsMode};
use reqwest::StatusCode;
use sqlx::PgPool;

use crate::common::{as_app_role, fresh_database, TestApp};

/// aiosmtpd on 127.0.0.1:`port`, writing one .eml file per accepted message to `dir`.
pub(crate) struct Sink {
    child: tokio::process::Child,
    pub(crate) port: u16,
    pub(crate) dir: PathBuf,
}

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Sink {
    /// A sink that accepts every message.
    pub(crate) async fn start() -> Self {
        let dir =
            std::env::temp_dir().join(format!("asp-smtp-sink-{}", uuid::Uuid::new_v4().simple()));
        Self::start_on(free_port(), dir, None).await
    }

    /// A sink that answers every message's DATA with `reply` (a refusal), on `port`, writing to `dir`.
    pub(crate) async fn start_on(port: u16, dir: PathBuf, reply: Option<&str>) -> Self {
        Self::start_with(port, dir, reply, 0.0).await
    }

    /// [`Sink::start_on`], answering each message `data_delay` seconds late and keeping it only if the sender is
    /// still connected then (tests/smtp/sink.py).
    pub(crate) async fn start_with(
        port: u16,
        dir: PathBuf,
        reply: Option<&str>,
        data_delay: f64,
    ) -> Self {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/smtp/run-sink.sh");
        assert!(script.exists(), "{} is missing: the mail tests cannot run", script.display());
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.with_extension("log");
        let mut command = tokio::process::Command::new("bash");
        command
            .arg(&script)
            .arg(port.to_string())
            .arg(&dir)
            .env("SINK_DATA_DELAY", data_delay.to_string());
        if let Some(reply) = reply {
            command.arg(reply);
        }
        let mut child = command
            .stdout(std::fs::File::create(&log).unwrap())
            .stderr(std::fs::File::create(log.with_extension("err")).unwrap())
            .kill_on_drop(true)
            .spawn()
            .expect("starting tests/smtp/run-sink.sh");
        // The first run installs aiosmtpd from PyPI (seconds); later runs start in well under a second.
        let deadline = std::time::Instant::now() + Duration::from_secs(180);
        loop {
            if let Ok(mut stream) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await {
                use tokio::io::AsyncReadExt;
                let mut greeting = [0_u8; 3];
                if stream.read_exact(&mut greeting).await.is_ok() && &greeting == b"220" {
                    break;
                }
            }
            if let Ok(Some(exit)) = child.try_wait() {
                let err = std::fs::read_to_string(log.with_extension("err")).unwrap_or_default();
                panic!("the SMTP sink (tests/smtp/run-sink.sh) did not start ({exit}); run `bash tests/smtp/run-sink.sh install`:\n{err}");
            }
            assert!(std::time::Instant::now() < deadline, "the SMTP sink did not answer on port {port} within 3 minutes");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Self { child, port, dir }
    }

    /// Stops the sink; answers its port and folder (to start it again in the same place).
    pub(crate) async fn stop(mut self) -> (u16, PathBuf) {
        self.child.kill().await.unwrap();
        (self.port, self.dir.clone())
    }

    /// Every message received so far, in arrival order.
    pub(crate) fn messages(&self) -> Vec<String> {
        read_messages(&self.dir)
    }
}

fn read_messages(dir: &Path) -> Vec<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml") && !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    files.sort();
    files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect()
}

/// The value of the first header `name` of a received message (unfolded).
pub(crate) fn header(message: &str, name: &str) -> Option<String> {
    let head = message
        .split("\r\n\r\n")
        .next()
        .unwrap()
        .replace("\r\n ", " ")
        .replace("\r\n\t", " ");
    head.lines().find_map(|l| {
        l.split_once(':')
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_owned())
    })
}

/// The decoded text of each body part of a received message (the message's own body when it is not multipart), as a
/// mail reader shows it: quoted-printable and base64 undone.
pub(crate) fn bodies(message: &str) -> Vec<String> {
    let (head, body) = message.split_once("\r\n\r\n").unwrap();
    let head = format!("{head}\r\n");
    let content_type = header(&head, "Content-Type").unwrap_or_default();
    if let Some(boundary) = content_type.split("boundary=").nth(1) {
        let boundary = format!("--{}", boundary.trim_matches('"'));
        return body
            .split(boundary.as_str())
            .filter(|p| p.starts_with("\r\n") && p.contains("\r\n\r\n"))
            .flat_map(|p| bodies(p[2..].strip_suffix("\r\n").unwrap_or(&p[2..])))
            .collect();
    }
    let decoded = match header(&head, "Content-Transfer-Encoding").unwrap_or_default().to_ascii_lowercase().as_str() {
        "quoted-printable" => {
            let joined = body.replace("=\r\n", "");
            let bytes = joined.as_bytes();
            let mut out = Vec::new();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i] == b'=' && i + 2 < bytes.len() {
                    out.push(u8::from_str_radix(&joined[i + 1..i + 3], 16).unwrap());
                    i += 3;
                } else {
                    out.push(bytes[i]);
                    i += 1;
                }
            }
            String::from_utf8(out).unwrap()
        }
        "base64" => {
            use base64::Engine;
            let compact: String = body.split_whitespace().collect();
            String::from_utf8(base64::engine::general_purpose::STANDARD.decode(compact).unwrap()).unwrap()
        }
        _ => body.to_owned(),
    };
    vec![decoded.replace("\r\n", "\n")]
}

pub(crate) fn settings(port: u16) -> MailSettings {
    let mut s = MailSettings::load().unwrap();
    s.smtp_host = Some("127.0.0.1".into());
    s.smtp_port = port;
    s.smtp_tls = TlsMode::None;
    s.smtp_user = None;
    s.smtp_password = None;
    s.smtp_timeout_seconds = 5;
    s.mail_lease_seconds = 10;
    s.mail_retry_base_seconds = 60;
    s.mail_retry_max_seconds = 3600;
    s.mail_from_address = "alerts@asp.test".into();
    s.mail_from_name = "ASP Alerts".into();
    s
}

/// A fresh database; answers the application role's pool (what `asp serve` and its jobs use) and the owner's.
async fn databases() -> (PgPool, PgPool) {
    let url = fresh_database().await;
    (tenancy::connect_pool(&as_app_role(&url), 3).await.unwrap(), tenancy::connect_pool(&url, 2).await.unwrap())
}

/// One run of the job, as the scheduler would start it.
pub(crate) async fn run_job(pool: &PgPool, settings: &MailSettings) -> String {
    let ctx = JobContext::new(pool.clone(), 42, 0, LogLevel::Debug);
    SendMail::new(settings.clone()).run(&ctx).await.unwrap()
}

fn email(to: &str, subject: &str, body: &str) -> OutgoingMail {
    OutgoingMail {
        client_id: None,
        site_id: None,
        notification_recipient_id: None,
        channel: Channel::Email,
        to: to.into(),
        subject: subject.into(),
        text_body: body.into(),
        html_body: None,
        link: None,
    }
}

async fn enqueue(pool: &PgPool, mail: OutgoingMail) -> mail::Enqueued {
    let mut tx = pool.begin().await.unwrap();
    let queued = mail::enqueue(&mut tx, mail).await.unwrap();
    tx.commit().await.unwrap();
    queued
}

#[derive(Debug, sqlx::FromRow)]
struct Row {
    state: String,
    attempts: i32,
    last_error: Option<String>,
    next_attempt_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
    lease_until: Option<DateTime<Utc>>,
}

async fn row(pool: &PgPool, id: i64) -> Row {
    sqlx::query_as("select state, attempts, last_error, next_attempt_at, sent_at, lease_until from asp.mail_outbox where mail_outbox_id = $1")
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Seconds from now until the row's next attempt.
fn wait_of(r: &Row) -> i64 {
    (r.next_attempt_at - Utc::now()).num_seconds()
}

/// Makes a waiting message due (instead of waiting out its back-off), before every message that became due later.
async fn make_due(owner: &PgPool, id: i64) {
    sqlx::query("update asp.mail_outbox set next_attempt_at = now() - interval '1 hour' where mail_outbox_id = $1").bind(id).execute(owner).await.unwrap();
}

#[tokio::test]
async fn an_enqueued_email_arrives_with_its_subject_recipient_body_link_and_message_id() {
    let (pool, owner) = databases().await;
    let sink = Sink::start().await;
    let link = "http://localhost:8080/notification?id=4711";
    let mut mail = email("buyer@acme.test", "Requisition 4711 needs your approval", &format!("Requisition 4711 waits for you.\nOpen it: {link}\n"));
    mail.html_body = Some(format!("<p>Requisition 4711 waits for you.</p><p><a href=\"{link}\">Open it</a></p>"));
    mail.client_id = Some(1);
    let queued = enqueue(&pool, mail).await;
    assert!(queued.message_id.starts_with('<') && queued.message_id.ends_with('>'), "{}", queued.message_id);

    let result = run_job(&pool, &settings(sink.port)).await;
    assert!(result.starts_with("Sent 1,"), "{result}");
    let got = sink.messages();
    assert_eq!(got.len(), 1, "{got:?}");
    let m = &got[0];
    assert_eq!(header(m, "Subject").as_deref(), Some("Requisition 4711 needs your approval"));
    assert_eq!(header(m, "To").as_deref(), Some("buyer@acme.test"));
    assert_eq!(header(m, "X-Sink-Rcpt-To").as_deref(), Some("buyer@acme.test"), "the envelope recipient");
    assert_eq!(header(m, "From").as_deref(), Some("\"ASP Alerts\" <alerts@asp.test>"));
    assert_eq!(header(m, "Message-ID").as_deref(), Some(queued.message_id.as_str()), "the Message-ID generated at enqueue");
    assert!(header(m, "Content-Type").unwrap().starts_with("multipart/alternative"), "text and HTML alternatives");
    let parts = bodies(m);
    assert_eq!(parts.len(), 2, "{m}");
    assert_eq!(parts[0], format!("Requisition 4711 waits for you.\nOpen it: {link}\n"), "the text body with its link:\n{m}");
    assert!(parts[1].contains(&format!("<a href=\"{link}\">Open it</a>")), "the link in the HTML body:\n{m}");

    let r = row(&owner, queued.mail_outbox_id).await;
    assert_eq!((r.state.as_str(), r.attempts, r.last_error.as_deref(), r.lease_until), ("sent", 1, None, None));
    assert!(r.sent_at.is_some());
    // Sent once: another run finds nothing.
    assert!(run_job(&pool, &settings(sink.port)).await.starts_with("Sent 0,"));
    assert_eq!(sink.messages().len(), 1);
}

#[tokio::test]
async fn nothing_is_sent_for_an_enqueue_whose_transaction_rolls_back() {
    let (pool, owner) = databases().await;
    let sink = Sink::start().await;
    let mut tx = pool.begin().await.unwrap();
    mail::enqueue(&mut tx, email("rolled@acme.test", "Rolled back", "This change never happened.")).await.unwrap();
    tx.rollback().await.unwrap();
    enqueue(&pool, email("kept@acme.test", "Committed", "This change happened.")).await;

    let result = run_job(&pool, &settings(sink.port)).await;
    assert!(result.starts_with("Sent 1,"), "{result}");
    let got = sink.messages();
    assert_eq!(got.len(), 1);
    assert_eq!(header(&got[0], "Subject").as_deref(), Some("Committed"));
    let rows: i64 = sqlx::query_scalar("select count(*) from asp.mail_outbox").fetch_one(&owner).await.unwrap();
    assert_eq!(rows, 1, "the rolled-back message never existed");
}

#[tokio::test]
async fn a_server_that_cannot_be_reached_is_retried_with_back_off_and_the_error_recorded_until_it_is_back() {
    let (pool, owner) = databases().await;
    let sink = Sink::start().await;
    let (port, dir) = sink.stop().await;
    // One sender: the stop is exact (several senders each finish the message they hold; the next test).
    let mut s = settings(port);
    s.mail_concurrency = 1;
    let first = enqueue(&pool, email("a@acme.test", "First", "one")).await;
    let second = enqueue(&pool, email("b@acme.test", "Second", "two")).await;

    let result = run_job(&pool, &s).await;
    assert!(result.contains("could not be reached"), "{result}");
    let r = row(&owner, first.mail_outbox_id).await;
    assert_eq!((r.state.as_str(), r.attempts), ("pending", 1));
    assert!(r.last_error.as_deref().unwrap().starts_with("attempt 1:"), "{r:?}");
    assert!((55..=60).contains(&wait_of(&r)), "first back-off is the base (60 s): {r:?}");
    let untouched = row(&owner, second.mail_outbox_id).await;
    assert_eq!(untouched.attempts, 0, "the run stops at an unreachable server instead of failing every message");

    make_due(&owner, first.mail_outbox_id).await;
    run_job(&pool, &s).await;
    let r = row(&owner, first.mail_outbox_id).await;
    assert_eq!((r.state.as_str(), r.attempts), ("pending", 2));
    assert!(r.last_error.as_deref().unwrap().starts_with("attempt 2:"), "{r:?}");
    assert!((115..=120).contains(&wait_of(&r)), "the back-off doubles: {r:?}");

    // Back up on the same port: both messages go out.
    let sink = Sink::start_on(port, dir, None).await;
    make_due(&owner, first.mail_outbox_id).await;
    make_due(&owner, second.mail_outbox_id).await;
    let result = run_job(&pool, &s).await;
    assert!(result.starts_with("Sent 2,"), "{result}");
    assert_eq!(row(&owner, first.mail_outbox_id).await.state, "sent");
    assert_eq!(row(&owner, second.mail_outbox_id).await.attempts, 1);
    assert_eq!(sink.messages().len(), 2);
}

#[tokio::test]
async fn several_senders_share_a_run_and_an_unreachable_server_costs_at_most_one_attempt_each() {
    let (pool, owner) = databases().await;
    let sink = Sink::start().await;
    let (port, dir) = sink.stop().await;
    let mut s = settings(port);
    s.mail_concurrency = 3;
    for n in 1..=8 {
        enqueue(&pool, email(&format!("r{n}@acme.test"), &format!("Notice {n}"), "b")).await;
    }
    let result = run_job(&pool, &s).await;
    assert!(result.contains("could not be reached"), "{result}");
    let tried: i64 = sqlx::query_scalar("select count(*) from asp.mail_outbox where attempts > 0").fetch_one(&owner).await.unwrap();
    assert!((1..=3).contains(&tried), "each of the 3 senders stops after the message it held: {tried} tried");

    // Back up: the senders share the run's budget of 5, each message is sent once, the rest wait for the next run.
    let sink = Sink::start_on(port, dir, None).await;
    sqlx::query("update asp.mail_outbox set next_attempt_at = now() - interval '1 hour'").execute(&owner).await.unwrap();
    s.mail_batch_size = 5;
    let result = run_job(&pool, &s).await;
    assert!(result.starts_with("Sent 5,"), "{result}");
    let result = run_job(&pool, &s).await;
    assert!(result.starts_with("Sent 3,"), "{result}");
    let mut subjects: Vec<String> = sink.messages().iter().map(|m| header(m, "Subject").unwrap()).collect();
    subjects.sort();
    let mut want: Vec<String> = (1..=8).map(|n| format!("Notice {n}")).collect();
    want.sort();
    assert_eq!(subjects, want, "each message exactly once");
}

#[tokio::test]
async fn a_message_is_given_up_as_failed_after_the_attempt_limit() {
    let (pool, owner) = databases().await;
    let mut s = settings(free_port());
    s.mail_max_attempts = 3;
    let queued = enqueue(&pool, email("a@acme.test", "Never", "nobody listens")).await;
    for attempt in 1..=3 {
        run_job(&pool, &s).await;
        let r = row(&owner, queued.mail_outbox_id).await;
        assert_eq!(r.attempts, attempt);
        assert_eq!(r.state, if attempt < 3 { "pending" } else { "failed" }, "{r:?}");
        make_due(&owner, queued.mail_outbox_id).await;
    }
    let r = row(&owner, queued.mail_outbox_id).await;
    assert!(r.last_error.as_deref().unwrap().starts_with("attempt 3:"), "{r:?}");
    run_job(&pool, &s).await;
    assert_eq!(row(&owner, queued.mail_outbox_id).await.attempts, 3, "a failed message is not tried again");
}

#[tokio::test]
async fn a_permanent_refusal_fails_at_once_and_a_temporary_one_is_retried_without_stopping_the_run() {
    let (pool, owner) = databases().await;
    let dir = std::env::temp_dir().join(format!("asp-smtp-sink-{}", uuid::Uuid::new_v4().simple()));
    let refusing = Sink::start_on(free_port(), dir.clone(), Some("550 5.7.1 Delivery not authorized")).await;
    let queued = enqueue(&pool, email("a@acme.test", "Refused", "no")).await;
    run_job(&pool, &settings(refusing.port)).await;
    let r = row(&owner, queued.mail_outbox_id).await;
    assert_eq!((r.state.as_str(), r.attempts), ("failed", 1), "a 5xx is not retried");
    assert!(r.last_error.as_deref().unwrap().contains("Delivery not authorized"), "{r:?}");
    let (port, _) = refusing.stop().await;

    let busy = Sink::start_on(port, dir, Some("451 4.3.0 Try again later")).await;
    let one = enqueue(&pool, email("b@acme.test", "Busy 1", "later")).await;
    let two = enqueue(&pool, email("c@acme.test", "Busy 2", "later")).await;
    let result = run_job(&pool, &settings(busy.port)).await;
    assert!(result.starts_with("Sent 0, 2 to try again"), "a 4xx concerns one message; the run goes on: {result}");
    for id in [one.mail_outbox_id, two.mail_outbox_id] {
        let r = row(&owner, id).await;
        assert_eq!((r.state.as_str(), r.attempts), ("pending", 1));
        assert!(r.last_error.as_deref().unwrap().contains("Try again later"), "{r:?}");
    }
    assert!(busy.messages().is_empty());
}

#[tokio::test]
async fn a_text_goes_to_the_carrier_gateway_address_as_plain_text() {
    let (pool, owner) = databases().await;
    let sink = Sink::start().await;
    let mut conn = pool.acquire().await.unwrap();
    let carriers = mail::carriers(&mut conn).await.unwrap();
    let verizon = carriers.iter().find(|c| c.carrier_name == "Verizon").unwrap();
    assert_eq!(mail::text_address("(555) 123-4567", verizon).unwrap(), "5551234567@vtext.com");
    let to = mail::text_address_for(&mut conn, "+1 555 123 4567", verizon.mobile_carrier_id).await.unwrap();
    assert!(matches!(mail::text_address_for(&mut conn, "5551234567", 9999).await, Err(mail::MailError::UnknownCarrier(9999))));
    drop(conn);

    let queued = enqueue(
        &pool,
        OutgoingMail {
            channel: Channel::Text,
            to,
            subject: String::new(),
            text_body: "ASP: requisition 4711 needs approval http://localhost:8080/notification?id=4711".into(),
            html_body: Some("<p>ignored for a text</p>".into()),
            ..email("", "", "")
        },
    )
    .await;
    run_job(&pool, &settings(sink.port)).await;
    let got = sink.messages();
    assert_eq!(got.len(), 1);
    assert_eq!(header(&got[0], "X-Sink-Rcpt-To").as_deref(), Some("5551234567@vtext.com"));
    assert!(header(&got[0], "Content-Type").unwrap().starts_with("text/plain"), "{}", got[0]);
    assert_eq!(header(&got[0], "Subject"), None, "a text has no subject line");
    let text = bodies(&got[0]);
    assert_eq!(text.len(), 1);
    assert_eq!(text[0].trim_end(), "ASP: requisition 4711 needs approval http://localhost:8080/notification?id=4711");
    let channel: String = sqlx::query_scalar("select channel from asp.mail_outbox where mail_outbox_id = $1").bind(queued.mail_outbox_id).fetch_one(&owner).await.unwrap();
    assert_eq!(channel, "text");
}

#[tokio::test]
async fn a_message_whose_sender_crashed_is_sent_again_after_its_lease_expires_with_the_same_message_id() {
    let (pool, owner) = databases().await;
    let sink = Sink::start().await;
    let s = settings(sink.port);
    let queued = enqueue(&pool, email("a@acme.test", "Crash", "sent at least once")).await;
    // Another sender claimed it and is still within its lease: left alone.
    sqlx::query("update asp.mail_outbox set state = 'sending', attempts = 1, lease_until = now() + interval '1 hour' where mail_outbox_id = $1")
        .bind(queued.mail_outbox_id)
        .execute(&owner)
        .await
        .unwrap();
    assert!(run_job(&pool, &s).await.starts_with("Sent 0,"));
    assert!(sink.messages().is_empty());
    // That sender died: once its lease has expired the message is claimed again and sent.
    sqlx::query("update asp.mail_outbox set lease_until = now() - interval '1 second' where mail_outbox_id = $1").bind(queued.mail_outbox_id).execute(&owner).await.unwrap();
    assert!(run_job(&pool, &s).await.starts_with("Sent 1,"));
    let r = row(&owner, queued.mail_outbox_id).await;
    assert_eq!((r.state.as_str(), r.attempts), ("sent", 2));

    // The at-least-once edge: the server accepted it, and the sender died before marking the row. The next sender
    // sends it again, with the same Message-ID, which is how a receiver recognises the duplicate.
    sqlx::query("update asp.mail_outbox set state = 'sending', sent_at = null, lease_until = now() - interval '1 second' where mail_outbox_id = $1")
        .bind(queued.mail_outbox_id)
        .execute(&owner)
        .await
        .unwrap();
    run_job(&pool, &s).await;
    let got = sink.messages();
    assert_eq!(got.len(), 2);
    assert_eq!(header(&got[0], "Message-ID"), header(&got[1], "Message-ID"));
    assert_eq!(header(&got[1], "Message-ID").as_deref(), Some(queued.message_id.as_str()));
}

#[tokio::test]
async fn a_sender_that_dies_on_the_last_allowed_attempt_leaves_the_message_failed() {
    let (pool, owner) = databases().await;
    let mut s = settings(free_port());
    s.mail_max_attempts = 2;
    let queued = enqueue(&pool, email("a@acme.test", "Crash", "x")).await;
    sqlx::query("update asp.mail_outbox set state = 'sending', attempts = 2, lease_until = now() - interval '1 second', last_error = 'attempt 1: boom' where mail_outbox_id = $1")
        .bind(queued.mail_outbox_id)
        .execute(&owner)
        .await
        .unwrap();
    let result = run_job(&pool, &s).await;
    assert!(result.contains("1 given up"), "{result}");
    let r = row(&owner, queued.mail_outbox_id).await;
    assert_eq!((r.state.as_str(), r.lease_until), ("failed", None));
    assert!(r.last_error.as_deref().unwrap().contains("attempt 1: boom"), "{r:?}");
}

#[tokio::test]
async fn without_an_smtp_host_the_job_sends_nothing_and_leaves_mail_waiting() {
    let (pool, owner) = databases().await;
    let queued = enqueue(&pool, email("a@acme.test", "Waiting", "x")).await;
    let mut s = settings(free_port());
    s.smtp_host = None;
    let result = run_job(&pool, &s).await;
    assert_eq!(result, "No SMTP server is configured (smtp_host): 1 message(s) left waiting.");
    let r = row(&owner, queued.mail_outbox_id).await;
    assert_eq!((r.state.as_str(), r.attempts, r.last_error), ("pending", 0, None));
}

#[tokio::test]
async fn a_bad_address_or_a_two_line_subject_is_refused_at_enqueue() {
    let (pool, _owner) = databases().await;
    let mut conn = pool.acquire().await.unwrap();
    assert!(matches!(mail::enqueue(&mut conn, email("not an address", "x", "y")).await, Err(mail::MailError::InvalidAddress(_))));
    assert!(matches!(
        mail::enqueue(&mut conn, email("a@acme.test", "x\r\nBcc: victim@else.test", "y")).await,
        Err(mail::MailError::InvalidSubject(_))
    ));
}

#[tokio::test]
async fn the_mail_job_is_registered_and_listed_on_the_console_job_screen() {
    let app = TestApp::spawn().await;
    let registry = api::job_registry(MailSettings::load().unwrap());
    assert_eq!(registry.get(42).unwrap().name(), "Send e-mail and texts");
    let admin = app.login("admin").await;
    let list = app.get("/api/V1/DevOps/Job", &admin).await;
    assert_eq!(list.status, StatusCode::OK);
    let job = list.body.as_array().unwrap().iter().find(|j| j["job_id"] == 42).unwrap().clone();
    assert_eq!(job["job_type_id"], 42);
    assert_eq!(job["description"], "Send e-mail and texts (mail outbox)");
    assert_eq!(job["run_interval"], 10);
}

#[tokio::test]
async fn the_retention_job_deletes_sent_and_given_up_mail_older_than_90_days_and_keeps_the_rest() {
    let (pool, owner) = databases().await;
    let mut ids = Vec::new();
    for subject in ["old sent", "old failed", "old pending", "recent sent"] {
        ids.push(enqueue(&pool, email("a@acme.test", subject, "b")).await.mail_outbox_id);
    }
    for (id, state, age_days) in [(ids[0], "sent", 91), (ids[1], "failed", 120), (ids[2], "pending", 200), (ids[3], "sent", 89)] {
        sqlx::query(
            "update asp.mail_outbox set state = $2, sent_at = case when $2 = 'sent' then now() end,
                    created_at = now() - make_interval(days => $3) where mail_outbox_id = $1",
        )
        .bind(id)
        .bind(state)
        .bind(age_days)
        .execute(&owner)
        .await
        .unwrap();
    }
    let ctx = JobContext::new(pool.clone(), 2, 0, LogLevel::Debug);
    let result = devops::jobs::Retention.run(&ctx).await.unwrap();
    assert!(result.contains("2 sent or given-up message(s) older than 90 days"), "{result}");
    let left: Vec<String> = sqlx::query_scalar("select subject from asp.mail_outbox order by mail_outbox_id").fetch_all(&owner).await.unwrap();
    assert_eq!(left, ["old pending", "recent sent"], "a message still to send is never deleted, whatever its age");
}
