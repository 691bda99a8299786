//! Crib and vending devices (docs/devices.md): an administrator issues a per-device token scoped to one site (shown
//! once, stored hashed, listed without the secret, revoked); devices report batches of issues and returns with it
//! in the header `Token`: idempotent per device transaction id, late lines at their own time, one site only.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::cips::at;
use crate::common::{assert_documented, Answer, TestApp};

/// A device's call: the token in the header `Token`, no bearer.
pub async fn device_post(app: &TestApp, token: Option<&str>, body: Value) -> Answer {
    let path = "/api/V1/Device/Transactions";
    let mut req = app.client.post(format!("{}{path}", app.base)).json(&body);
    if let Some(t) = token {
        req = req.header("Token", t);
    }
    let resp = req.send().await.unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    assert_documented(path, status, &headers);
    let text = resp.text().await.unwrap_or_default();
    Answer { status, body: serde_json::from_str(&text).unwrap_or(Value::String(text)), headers }
}

/// Issues a token at the caller's current site; answers (token, device_token_id).
pub async fn issue_token(app: &TestApp, admin: &str, body: Value) -> (String, i64) {
    let a = app.post("/api/V1/Device/Token", admin, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    (a.body["token"].as_str().unwrap().to_owned(), a.body["device_token"]["device_token_id"].as_i64().unwrap())
}

async fn audit_actions(app: &TestApp, id: i64) -> Vec<String> {
    sqlx::query_scalar("select action from asp.audit_event where entity = 'device_token' and entity_id = $1 order by audit_event_id")
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

async fn station(app: &TestApp, code: &str) -> i64 {
    sqlx::query_scalar("select t.station_id from client_acme.station t join asp.site s using (site_id) where s.site_code = 'ACME-NORTH' and t.station_code = $1")
        .bind(code)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_administrator_issues_a_token_shown_once_stored_hashed_listed_without_the_secret_and_revoked() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let vm = station(&app, "VM-01").await;

    assert_eq!(app.post("/api/V1/Device/Token", &buyer, json!({"device_name": "x"})).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/V1/Device/Token", &buyer).await.status, StatusCode::FORBIDDEN);

    // Neither a station nor a name: 400 naming the field, nothing stored.
    let a = app.post("/api/V1/Device/Token", &warehouse, json!({})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.body["errors"][0]["field"], "device_name");
    let a = app.post("/api/V1/Device/Token", &warehouse, json!({"station_id": 999_999})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("station_id")), "{:?}", a.body);
    let count: i64 = sqlx::query_scalar("select count(*) from asp.device_token").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 0);

    let a = app.post("/api/V1/Device/Token", &warehouse, json!({"station_id": vm})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let token = a.body["token"].as_str().unwrap().to_owned();
    let id = a.body["device_token"]["device_token_id"].as_i64().unwrap();
    assert!(token.starts_with("aspdev_") && token.len() == 7 + 43, "{token}");
    assert_eq!(a.body["device_token"]["device_name"], "VM-01", "the station's code names the device");
    assert_eq!(a.body["device_token"]["site_id"].as_i64(), Some(app.site_id("ACME-NORTH").await));

    // Stored as its SHA-256 only.
    let (hash, prefix): (Vec<u8>, String) = sqlx::query_as("select token_hash, token_prefix from asp.device_token where device_token_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(hash, Sha256::digest(token.as_bytes()).to_vec());
    assert!(token.starts_with(&prefix) && prefix.len() < 20);

    // Listed without the secret, last use empty until the device calls.
    let list = app.get("/api/V1/Device/Token", &warehouse).await;
    assert_eq!(list.status, StatusCode::OK);
    let row = &list.body[0];
    assert_eq!((row["device_token_id"].as_i64(), row["created_by"].as_str()), (Some(id), Some("warehouse")));
    assert!(row["last_used_at"].is_null());
    assert!(!list.body.to_string().contains(&token));
    let a = device_post(&app, Some(&token), json!({"lines": []})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "an empty batch is refused, but the token was good: {:?}", a.body);
    let list = app.get("/api/V1/Device/Token", &warehouse).await;
    assert!(list.body[0]["last_used_at"].is_string(), "{:?}", list.body);

    let a = app.delete(&format!("/api/V1/Device/Token/{id}"), &warehouse).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["revoked_by"], "warehouse");
    assert_eq!(audit_actions(&app, id).await, ["device_token.issue", "device_token.revoke"]);
    // Revoking again changes nothing and records nothing.
    assert_eq!(app.delete(&format!("/api/V1/Device/Token/{id}"), &warehouse).await.status, StatusCode::OK);
    assert_eq!(audit_actions(&app, id).await.len(), 2);
}

#[tokio::test]
async fn a_missing_wrong_or_revoked_token_or_a_user_session_gets_401() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let (token, id) = issue_token(&app, &warehouse, json!({"device_name": "Vending 7"})).await;
    let body = json!({"lines": []});
    assert_eq!(device_post(&app, None, body.clone()).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(device_post(&app, Some("aspdev_not-a-token"), body.clone()).await.status, StatusCode::UNAUTHORIZED);
    let bearer = app.request(reqwest::Method::POST, "/api/V1/Device/Transactions", Some(&warehouse), Some(body.clone())).await;
    assert_eq!(bearer.status, StatusCode::UNAUTHORIZED, "a user session is no device token");
    assert_eq!(device_post(&app, Some(&token), body.clone()).await.status, StatusCode::BAD_REQUEST, "valid token, empty batch");
    assert_eq!(app.delete(&format!("/api/V1/Device/Token/{id}"), &warehouse).await.status, StatusCode::OK);
    let a = device_post(&app, Some(&token), body).await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    assert_eq!(a.body["message"], "The device token is not valid or was revoked.");
}

#[tokio::test]
async fn another_sites_token_is_neither_listed_nor_revocable_there() {
    let app = TestApp::spawn().await;
    let north = at(&app, "warehouse", "ACME-NORTH").await;
    let south = at(&app, "warehouse", "ACME-SOUTH").await;
    let (_, id) = issue_token(&app, &north, json!({"device_name": "North locker"})).await;
    let list = app.get("/api/V1/Device/Token", &south).await;
    assert_eq!(list.body.as_array().map(Vec::len), Some(0), "{:?}", list.body);
    assert_eq!(app.delete(&format!("/api/V1/Device/Token/{id}"), &south).await.status, StatusCode::NOT_FOUND);
    let revoked: Option<chrono::DateTime<chrono::Utc>> = sqlx::query_scalar("select revoked_at from asp.device_token where device_token_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(revoked.is_none());
}
