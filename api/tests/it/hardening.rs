//! What every request passes and every answer carries (docs/security.md): text PostgreSQL cannot store is a 400
//! naming the field, on every operation, signed in or not; bodies are bounded; answers carry the security headers.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::TestApp;

async fn post_raw(app: &TestApp, path: &str, token: Option<&str>, body: String) -> (StatusCode, Value, reqwest::header::HeaderMap) {
    let mut req = app.client.post(format!("{}{path}", app.base)).header("content-type", "application/json").body(body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let resp = req.send().await.unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    (status, resp.json().await.unwrap_or(Value::Null), headers)
}

#[tokio::test]
async fn a_nul_character_in_any_json_string_is_a_400_naming_the_field_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let audit_before: i64 = sqlx::query_scalar("select count(*) from asp.audit_event").fetch_one(&app.pool).await.unwrap();
    let cases: Vec<(&str, Option<&str>, Value, &str)> = vec![
        ("/api/auth/login", None, json!({"username": "buyer\u{0}", "password": "x"}), "username"),
        ("/api/V1/Log/ApplicationError", None, json!({"message": "boom", "stack": ["a", "b\u{0}c"]}), "stack[1]"),
        ("/api/V1/Address", Some(&buyer), json!({"ship_to_name": "Dock\u{0}", "address1": "1 Main", "city": "X", "state": "OH", "postal_code": "1"}), "ship_to_name"),
        ("/api/V1/BugReport", Some(&buyer), json!({"description": "it broke\u{0}"}), "description"),
        ("/api/V1/Presentation/UpdateUserSetting", Some(&buyer), json!({"key": "k\u{0}", "value": "v"}), "key"),
    ];
    for (path, token, body, field) in cases {
        let (status, answer, _) = post_raw(&app, path, token, body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {answer}");
        assert_eq!(answer["errors"][0]["field"], field, "{path}: {answer}");
        assert_eq!(answer["errors"][0]["errorType"], "invalidCharacter", "{path}");
    }
    // In a query parameter too.
    let a = app.get("/api/V1/Presentation/UserSetting?key=a%00b", &buyer).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.body);
    assert_eq!(a.body["errors"][0]["field"], "key");
    let audit_after: i64 = sqlx::query_scalar("select count(*) from asp.audit_event").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audit_before, audit_after, "nothing was written");
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_413_in_the_error_shape() {
    let app = TestApp::spawn_with(|s| s.max_body_bytes = 64 * 1024).await;
    let big = json!({"message": "x".repeat(100 * 1024)}).to_string();
    let (status, answer, _) = post_raw(&app, "/api/V1/Log/ApplicationError", None, big.clone()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer["status"], 413);
    assert_eq!(answer["errors"][0]["errorType"], "tooLarge");
    // Without a declared length (chunked), the limit holds all the same.
    let stream = futures::stream::iter(big.into_bytes().chunks(8192).map(|c| Ok::<_, std::io::Error>(c.to_vec())).collect::<Vec<_>>());
    let resp = app
        .client
        .post(format!("{}/api/V1/Log/ApplicationError", app.base))
        .header("content-type", "application/json")
        .body(reqwest::Body::wrap_stream(stream))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn answers_carry_the_security_headers_and_auth_answers_are_never_cached() {
    let app = TestApp::spawn().await;
    let health = app.client.get(format!("{}/api/health", app.base)).send().await.unwrap();
    let h = health.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["x-frame-options"], "DENY");
    assert!(h["content-security-policy"].to_str().unwrap().contains("frame-ancestors 'none'"));
    assert!(h.contains_key("referrer-policy"));
    let ui = app.client.get(format!("{}/", app.base)).send().await.unwrap();
    let csp = ui.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("script-src 'self'") && !csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
    let (status, _, headers) = post_raw(&app, "/api/auth/login", None, json!({"username": "buyer", "password": crate::common::PASSWORD}).to_string()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["cache-control"], "no-store");
}

#[tokio::test]
async fn a_client_that_trickles_its_headers_is_disconnected() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::spawn_with(|s| s.header_read_timeout_seconds = 1).await;
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut slow = tokio::net::TcpStream::connect(&addr).await.unwrap();
    slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let started = std::time::Instant::now();
    let mut buf = Vec::new();
    // The server closes the connection (possibly after a 408) instead of waiting for the rest forever.
    let read = tokio::time::timeout(std::time::Duration::from_secs(10), slow.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "the connection stayed open");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(buf.is_empty() || String::from_utf8_lossy(&buf).contains("408"), "{}", String::from_utf8_lossy(&buf));
}

#[tokio::test]
async fn connections_beyond_the_bound_wait_until_one_closes() {
    use tokio::io::AsyncWriteExt;
    let app = TestApp::spawn_with(|s| s.max_connections = 2).await;
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut c = tokio::net::TcpStream::connect(&addr).await.unwrap();
        // Part of a request, so each connection is really being served.
        c.write_all(b"GET /api/health HTTP/1.1\r\n").await.unwrap();
        held.push(c);
    }
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let client = reqwest::Client::new();
    let waiting = client.get(format!("{}/api/health", app.base)).timeout(std::time::Duration::from_millis(700)).send().await;
    assert!(waiting.is_err(), "a third connection was served beyond the bound");
    drop(held);
    let served = client.get(format!("{}/api/health", app.base)).timeout(std::time::Duration::from_secs(5)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
}
