//! Alerts delivered (issue 23, docs/alerts.md "Channels"): a notification's e-mail and text go through the mail
//! outbox to a real SMTP server and the recipient row records the outcome; its toast reaches the user's alert hub on
//! another replica right after the commit (a site broadcast the site hub, once); a sender process killed in the
//! middle of a batch sends nothing twice and loses nothing; the user's contact details and the carriers list.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::cips::at;
use crate::common::TestApp;
use crate::mail::{bodies, free_port, header, run_job, settings, Sink};
use crate::realtime::{connect, next_json};

const SITE: &str = "ACME-NORTH";
const SITE_BROADCAST: i64 = 16;

/// The application without the demo's notifications (these tests count their own).
async fn spawn() -> TestApp {
    let app = TestApp::spawn().await;
    for schema in ["client_acme", "client_gea"] {
        sqlx::query(&format!("delete from {schema}.notification"))
            .execute(&app.pool)
            .await
            .unwrap();
    }
    sqlx::query("delete from asp.mail_outbox")
        .execute(&app.pool)
        .await
        .unwrap();
    app
}

/// The application role's pool: what `asp serve` and its jobs use (row-level security applies).
async fn app_pool(app: &TestApp) -> PgPool {
    tenancy::connect_pool(&app.settings.database_url, 3)
        .await
        .unwrap()
}

/// A recipient's channel states and addresses for the user's newest notification: (email state, email sent at is
/// set, email error, text state, text address, text error, toast state).
async fn recipient(
    app: &TestApp,
    login: &str,
) -> (
    i16,
    bool,
    Option<String>,
    i16,
    Option<String>,
    Option<String>,
    i16,
) {
    sqlx::query_as(
        "select r.email_state, r.email_sent_at is not null, r.email_last_error, r.text_state, r.text_address, r.text_last_error, r.toast_state
         from client_acme.notification_recipient r where r.username = $1 order by r.notification_recipient_id desc limit 1",
    )
    .bind(login)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

async fn wants_broadcast_by_email_and_text(app: &TestApp, token: &str, login: &str) {
    let (me, site) = (app.user_id(login).await, app.site_id(SITE).await);
    let a = app
        .put(
            "/api/V1/Alerts",
            token,
            json!({"asp_users_id": me, "site_id": site, "settings": [{"asp_notification_type_id": SITE_BROADCAST, "enable_email": true, "enable_text": true}]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
}

/// The buyer gives an e-mail address (no mobile number) and asks for site broadcasts by e-mail and text.
async fn buyer_has_an_e_mail_and_wants_broadcasts_by_e_mail_and_text(app: &TestApp, buyer: &str) {
    let a = app
        .post("/api/V1/User/ContactInfo/Update/", buyer, json!({"email": "pat.buyer@acme.test"}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    wants_broadcast_by_email_and_text(app, buyer, "buyer").await;
}

#[tokio::test]
async fn an_alert_e_mail_and_text_reach_the_smtp_sink_and_the_recipient_row_records_them_sent() {
    let app = spawn().await;
    let sink = Sink::start().await;
    let buyer = at(&app, "buyer", SITE).await;
    let warehouse = at(&app, "warehouse", SITE).await;
    let admin = at(&app, "admin", SITE).await;

    // The buyer has a number and carrier; the warehouse clerk asks for texts without a number.
    let a = app
        .post("/api/V1/User/ContactInfo/Update/", &buyer, json!({"email": "pat.buyer@acme.test", "mobile_phone": "(555) 123-4567", "mobile_carrier_id": 2}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["text_address"], "5551234567@vtext.com");
    let a = app
        .post(
            "/api/V1/User/ContactInfo/Update/",
            &warehouse,
            json!({"email": "wh@acme.test", "mobile_phone": null, "mobile_carrier_id": null}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    wants_broadcast_by_email_and_text(&app, &buyer, "buyer").await;
    wants_broadcast_by_email_and_text(&app, &warehouse, "warehouse").await;

    let a = app
        .post("/api/V1/Alerts/Notification/Insert", &admin, json!({"subject": "Fire drill at 3 pm", "body": "Everyone out to the car park.", "link": "/notification"}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);

    // Committed: waiting in the outbox; the text's gateway address is on the row, the clerk's text failed at once.
    let (email, _, _, text, text_address, _, _) = recipient(&app, "buyer").await;
    assert_eq!(
        (email, text, text_address.as_deref()),
        (1, 1, Some("5551234567@vtext.com"))
    );
    let (email, _, _, text, _, text_error, _) = recipient(&app, "warehouse").await;
    assert_eq!(
        (email, text, text_error.as_deref()),
        (1, 3, Some("The user has no mobile number and carrier."))
    );

    let summary = run_job(&app_pool(&app).await, &settings(sink.port)).await;
    assert!(summary.starts_with("Sent 3,"), "{summary}");
    let messages = sink.messages();
    assert_eq!(messages.len(), 3, "two e-mails and one text");
    let to_buyer = messages
        .iter()
        .find(|m| header(m, "To").is_some_and(|t| t.contains("pat.buyer@acme.test")))
        .expect("the buyer's e-mail");
    assert_eq!(
        header(to_buyer, "Subject").as_deref(),
        Some("Fire drill at 3 pm")
    );
    let body = bodies(to_buyer).join("\n");
    assert!(body.contains("Everyone out to the car park."), "{body}");
    assert!(
        body.contains("Open in ASP: http://127.0.0.1:8080/#/notification"),
        "the link is made absolute: {body}"
    );
    let text = messages
        .iter()
        .find(|m| header(m, "To").is_some_and(|t| t.contains("5551234567@vtext.com")))
        .expect("the buyer's text");
    assert!(
        header(text, "Content-Type")
            .unwrap()
            .starts_with("text/plain"),
        "a text is plain"
    );
    assert!(bodies(text).join("").contains("Fire drill at 3 pm"));

    // The recipient rows say what was sent, and when.
    let (email, email_sent, email_error, text, _, _, _) = recipient(&app, "buyer").await;
    assert_eq!((email, email_sent, email_error, text), (2, true, None, 2));
    let flags: (bool, bool) = sqlx::query_as(
        "select email_sent, text_sent from client_acme.notification_recipient where username = 'buyer' order by notification_recipient_id desc limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(flags, (true, true), "alert auditing reads these");
    // A second run finds nothing more to send.
    let summary = run_job(&app_pool(&app).await, &settings(sink.port)).await;
    assert!(summary.starts_with("Sent 0,"), "{summary}");
}

#[tokio::test]
async fn a_refused_alert_e_mail_records_the_error_on_the_recipient_and_stays_pending_for_its_retry()
{
    let app = spawn().await;
    let sink = Sink::start_on(
        free_port(),
        std::env::temp_dir().join(format!("asp-sink-{}", uuid::Uuid::new_v4().simple())),
        Some("451 4.3.0 Mailbox busy"),
    )
    .await;
    let buyer = at(&app, "buyer", SITE).await;
    let admin = at(&app, "admin", SITE).await;
    buyer_has_an_e_mail_and_wants_broadcasts_by_e_mail_and_text(&app, &buyer).await;
    let a = app
        .post(
            "/api/V1/Alerts/Notification/Insert",
            &admin,
            json!({"subject": "Stock count", "body": "Tomorrow 7 am."}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    run_job(&app_pool(&app).await, &settings(sink.port)).await;
    let (email, sent, error, ..) = recipient(&app, "buyer").await;
    assert_eq!(
        (email, sent),
        (1, false),
        "still pending: it will be tried again"
    );
    assert!(error.unwrap_or_default().contains("Mailbox busy"));
}

#[tokio::test]
async fn contact_details_are_checked_and_saved_and_the_carriers_are_listed() {
    let app = spawn().await;
    let buyer = at(&app, "buyer", SITE).await;
    let a = app.get("/api/V1/User/ASPMobileCarriers", &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let carriers = a.body.as_array().unwrap();
    assert!(carriers.len() >= 10);
    assert_eq!(
        (
            carriers[1]["carrier_name"].as_str(),
            carriers[1]["sms_gateway_domain"].as_str()
        ),
        (Some("Verizon"), Some("vtext.com"))
    );

    for (body, field) in [
        (
            json!({"mobile_phone": "555-1234", "mobile_carrier_id": 2}),
            "mobile_phone",
        ),
        (json!({"mobile_phone": "555 123 4567"}), "mobile_carrier_id"),
        (
            json!({"mobile_phone": "555 123 4567", "mobile_carrier_id": 9999}),
            "mobile_carrier_id",
        ),
        (json!({"email": "not an address"}), "email"),
    ] {
        let a = app
            .post("/api/V1/User/ContactInfo/Update/", &buyer, body.clone())
            .await;
        assert_eq!(
            (a.status, a.body["errors"][0]["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field)),
            "{body}: {:?}",
            a.body
        );
    }
    let me = app.user_id("buyer").await;
    let a = app
        .post(
            "/api/V1/User/ContactInfo/Update/",
            &buyer,
            json!({"mobile_phone": "+1 555 987 6543", "mobile_carrier_id": 3}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["text_address"], "5559876543@tmomail.net");
    // The user sees their own number; another user does not.
    let a = app.get(&format!("/api/V1/User/{me}"), &buyer).await;
    assert_eq!(
        (
            a.body["mobile_phone"].as_str(),
            a.body["mobile_carrier_id"].as_i64()
        ),
        (Some("+1 555 987 6543"), Some(3))
    );
    let admin = at(&app, "admin", SITE).await;
    let a = app.get(&format!("/api/V1/User/{me}"), &admin).await;
    assert_eq!(
        (a.status, &a.body["mobile_phone"]),
        (StatusCode::OK, &Value::Null)
    );
    // Audited; clearing both stops texts.
    let audited: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where action = 'user.contact_info' and entity_id = $1")
        .bind(me.to_string())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, 1);
    let a = app
        .post(
            "/api/V1/User/ContactInfo/Update/",
            &buyer,
            json!({"mobile_phone": null, "mobile_carrier_id": null}),
        )
        .await;
    assert_eq!(
        (a.status, &a.body["text_address"]),
        (StatusCode::OK, &Value::Null)
    );
}

/// A second replica of `app`: same database and Redis namespace.
async fn replica(app: &TestApp) -> TestApp {
    TestApp::start(app.settings.clone()).await
}

/// The next frame of the given type within `wait`.
async fn next_of_type(
    socket: &mut crate::realtime::Socket,
    kind: &str,
    wait: Duration,
) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    while let Some(left) = deadline.checked_duration_since(tokio::time::Instant::now()) {
        let frame = next_json(socket, left).await?;
        if frame["type"] == kind {
            return Some(frame);
        }
    }
    None
}

#[tokio::test]
async fn a_toast_raised_on_one_replica_reaches_the_user_on_another_right_after_the_commit_and_a_broadcast_reaches_the_site_hub_once(
) {
    let a_side = spawn().await;
    let b_side = replica(&a_side).await;
    let buyer = at(&a_side, "buyer", SITE).await;
    let admin = at(&a_side, "admin", SITE).await;
    let buyer_id = a_side.user_id("buyer").await;
    let mut alerts = connect(&b_side, &format!("/api/alert?access_token={buyer}")).await;
    let mut site = connect(
        &b_side,
        &format!("/api/site?site_code={SITE}&access_token={buyer}"),
    )
    .await;
    // The sockets subscribe a moment after the handshake.
    tokio::time::sleep(Duration::from_millis(300)).await;

    let started = std::time::Instant::now();
    let a = a_side
        .post("/api/V1/Alerts/Inbox/UserNotification/Insert", &admin, json!({"asp_users_ids": [buyer_id], "subject": "Please call me", "body": "About PO 42.", "link": "/notification"}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["notification_id"].as_i64().unwrap();
    let toast = next_of_type(&mut alerts, "alertReceived", Duration::from_secs(3))
        .await
        .expect("the toast arrives on the other replica");
    let took = started.elapsed();
    assert_eq!(
        (
            toast["notificationId"].as_i64(),
            toast["subject"].as_str(),
            toast["link"].as_str()
        ),
        (Some(id), Some("Please call me"), Some("/notification"))
    );
    assert!(took < Duration::from_secs(1), "the toast took {took:?}");
    let (.., toast_state) = recipient(&a_side, "buyer").await;
    assert_eq!(toast_state, 2, "sent, so no replica sends it again");
    assert!(
        next_of_type(&mut alerts, "alertReceived", Duration::from_millis(700))
            .await
            .is_none(),
        "one toast, not one per replica"
    );

    // A broadcast: once on the site hub, not as a personal toast as well.
    let a = a_side
        .post(
            "/api/V1/Alerts/Notification/Insert",
            &admin,
            json!({"subject": "Fire drill", "body": "Fire drill at 3 pm."}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let news = next_of_type(&mut site, "BroadcastMessageToSite", Duration::from_secs(3))
        .await
        .expect("the broadcast reaches the site hub");
    assert_eq!(news["message"], "Fire drill at 3 pm.");
    assert!(
        next_of_type(
            &mut site,
            "BroadcastMessageToSite",
            Duration::from_millis(700)
        )
        .await
        .is_none(),
        "once, not once per recipient"
    );
    assert!(
        next_of_type(&mut alerts, "alertReceived", Duration::from_millis(300))
            .await
            .is_none()
    );
    let pending: i64 = sqlx::query_scalar(
        "select count(*) from client_acme.notification_recipient where toast_state = 1",
    )
    .fetch_one(&a_side.pool)
    .await
    .unwrap();
    assert_eq!(pending, 0);
}

#[tokio::test]
async fn a_toast_whose_wake_up_was_missed_is_sent_by_the_sweep_and_an_old_one_is_given_up() {
    let app = TestApp::spawn_with(|s| s.realtime_toast_sweep_seconds = 1).await;
    sqlx::query("delete from client_acme.notification")
        .execute(&app.pool)
        .await
        .unwrap();
    let buyer = at(&app, "buyer", SITE).await;
    let buyer_id = app.user_id("buyer").await;
    let site_id = app.site_id(SITE).await;
    let mut alerts = connect(&app, &format!("/api/alert?access_token={buyer}")).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Rows written without the wake-up (as if no listener was connected when they committed): one recent, one old.
    for (subject, age) in [("Recent", "3 seconds"), ("Old", "5 minutes")] {
        sqlx::query(&format!(
            "with n as (insert into client_acme.notification (site_id, type_notification_id, notification_name, subject, body_toastr)
                        values ($1, 16, 'Site broadcast', $2, $2) returning notification_id)
             insert into client_acme.notification_recipient (site_id, notification_id, asp_users_id, username, toast_state, created_date)
             select $1, n.notification_id, $3, 'buyer', 1, now() - interval '{age}' from n"
        ))
        .bind(site_id)
        .bind(subject)
        .bind(buyer_id)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    // Type 16 goes to the site hub; this row is the buyer's own toast of another type to see it on the alert hub.
    sqlx::query(
        "update client_acme.notification set type_notification_id = 15 where subject = 'Recent'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let toast = next_of_type(&mut alerts, "alertReceived", Duration::from_secs(5))
        .await
        .expect("the sweep sends the missed toast");
    assert_eq!(toast["subject"], "Recent");
    let states: Vec<(String, i16)> = sqlx::query_as(
        "select n.subject, r.toast_state from client_acme.notification n join client_acme.notification_recipient r using (notification_id) order by n.subject",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        states,
        vec![("Old".to_owned(), 3), ("Recent".to_owned(), 2)]
    );
}

/// `asp serve` as its own process on the test database, sending mail to `smtp_port` (its job scheduler runs the
/// mail job at once and every ten seconds).
fn sender_process(app: &TestApp, smtp_port: u16) -> tokio::process::Child {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_asp"))
        .arg("serve")
        .env("ASP_DATABASE_URL", &app.settings.database_url)
        .env("ASP_REDIS_URL", &app.settings.redis_url)
        .env("ASP_REDIS_PREFIX", &app.settings.redis_prefix)
        .env("ASP_HTTP_ADDR", format!("127.0.0.1:{}", free_port()))
        .env("ASP_SMTP_HOST", "127.0.0.1")
        .env("ASP_SMTP_PORT", smtp_port.to_string())
        .env("ASP_SMTP_TLS", "none")
        .env("ASP_SMTP_TIMEOUT_SECONDS", "2")
        .env("ASP_MAIL_LEASE_SECONDS", "4")
        .env("ASP_MAIL_BATCH_SIZE", "50")
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("starting asp serve")
}

async fn outbox_states(app: &TestApp) -> Vec<(String, i64)> {
    sqlx::query_as("select state, count(*) from asp.mail_outbox group by state order by state")
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_sender_killed_in_the_middle_of_a_batch_sends_nothing_twice_and_loses_nothing() {
    let app = spawn().await;
    // Each message is answered a second late, and kept only if the sender is still connected then.
    let dir = std::env::temp_dir().join(format!("asp-sink-{}", uuid::Uuid::new_v4().simple()));
    let sink = Sink::start_with(free_port(), dir, None, 1.0).await;
    let buyer = at(&app, "buyer", SITE).await;
    let admin = at(&app, "admin", SITE).await;
    buyer_has_an_e_mail_and_wants_broadcasts_by_e_mail_and_text(&app, &buyer).await;
    // Six committed alerts for the buyer: six e-mails in the outbox (texts fail at once: no number).
    for n in 1..=6 {
        let a = app
            .post(
                "/api/V1/Alerts/Notification/Insert",
                &admin,
                json!({"subject": format!("Notice {n}"), "body": "b"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    }
    assert_eq!(outbox_states(&app).await, vec![("pending".to_owned(), 6)]);
    // Due now for the sender process (the test application's own scheduler has no SMTP host: when it runs the job,
    // it leaves the mail waiting).
    sqlx::query("update asp.job set active = true, next_run = now(), job_status = 0, lease_owner = null, lease_until = null where job_id = 42")
        .execute(&app.pool)
        .await
        .unwrap();

    let mut sender = sender_process(&app, sink.port);
    // Kill it once the first messages are delivered and the next ones are in flight (it sends `mail_concurrency`
    // = 4 at once, each answered a second later).
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while sink.messages().len() < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "the sender process sent nothing: {:?}",
            outbox_states(&app).await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(400)).await;
    sender.start_kill().unwrap();
    sender.wait().await.unwrap();
    let delivered_at_kill = sink.messages().len();
    assert!(
        delivered_at_kill < 6,
        "the kill came too late to test anything"
    );
    assert!(outbox_states(&app)
        .await
        .iter()
        .any(|(s, _)| s == "sending" || s == "pending"));

    // A new sender (as after a restart; an operator resets the killed replica's job lease, or it expires).
    tokio::time::sleep(Duration::from_secs(1)).await;
    sqlx::query("update asp.job set next_run = now(), job_status = 0, lease_owner = null, lease_until = null where job_id = 42").execute(&app.pool).await.unwrap();
    let mut sender = sender_process(&app, sink.port);
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    while outbox_states(&app).await != vec![("sent".to_owned(), 6)] {
        assert!(
            std::time::Instant::now() < deadline,
            "not all sent after the restart: {:?}",
            outbox_states(&app).await
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    sender.start_kill().unwrap();
    let _ = sender.wait().await;

    let messages = sink.messages();
    let mut ids: Vec<String> = messages
        .iter()
        .map(|m| header(m, "Message-ID").unwrap())
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(
        (messages.len(), ids.len()),
        (6, 6),
        "each alert delivered exactly once"
    );
    let mut subjects: Vec<String> = messages
        .iter()
        .map(|m| header(m, "Subject").unwrap())
        .collect();
    subjects.sort();
    assert_eq!(
        subjects,
        (1..=6).map(|n| format!("Notice {n}")).collect::<Vec<_>>()
    );
    let sent: i64 = sqlx::query_scalar("select count(*) from client_acme.notification_recipient where email_state = 2 and email_sent").fetch_one(&app.pool).await.unwrap();
    assert_eq!(sent, 6, "every recipient row records its e-mail sent");
}
