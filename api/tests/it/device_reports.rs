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
    let count = || async { sqlx::query_scalar::<_, i64>("select count(*) from asp.device_token").fetch_one(&app.pool).await.unwrap() };
    let before = count().await;
    let a = app.post("/api/V1/Device/Token", &warehouse, json!({})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.body["errors"][0]["field"], "device_name");
    let a = app.post("/api/V1/Device/Token", &warehouse, json!({"station_id": 999_999})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("station_id")), "{:?}", a.body);
    assert_eq!(count().await, before);

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
    assert_eq!(list.status, StatusCode::OK);
    let south_site = app.site_id("ACME-SOUTH").await;
    assert!(list.body.as_array().unwrap().iter().all(|t| t["site_id"].as_i64() == Some(south_site) && t["device_token_id"].as_i64() != Some(id)), "{:?}", list.body);
    assert_eq!(app.delete(&format!("/api/V1/Device/Token/{id}"), &south).await.status, StatusCode::NOT_FOUND);
    let revoked: Option<chrono::DateTime<chrono::Utc>> = sqlx::query_scalar("select revoked_at from asp.device_token where device_token_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(revoked.is_none());
}

/// A CIP of the site with at least `min` on hand: (cip_no, on hand).
async fn stocked_cip(app: &TestApp, site: &str, min: f64) -> (i64, f64) {
    sqlx::query_as("select c.cip_no, c.qty_on_hand::float8 from client_acme.cip c join asp.site s using (site_id) where s.site_code = $1 and c.qty_on_hand >= $2 order by c.cip_no limit 1")
        .bind(site)
        .bind(min)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn on_hand(app: &TestApp, cip_no: i64) -> f64 {
    sqlx::query_scalar("select qty_on_hand::float8 from client_acme.cip where cip_no = $1").bind(cip_no).fetch_one(&app.pool).await.unwrap()
}

fn line(id: &str, cip_no: i64, kind: &str, employee: &str, qty: f64) -> Value {
    json!({"device_txn_id": id, "happened_at": chrono::Utc::now().to_rfc3339(), "kind": kind, "cip_no": cip_no, "employee": employee, "quantity": qty})
}

fn outcomes(a: &Answer) -> Vec<(String, String)> {
    a.body["lines"].as_array().unwrap().iter().map(|l| (l["outcome"].as_str().unwrap().to_owned(), l["message"].as_str().unwrap_or_default().to_owned())).collect()
}

#[tokio::test]
async fn a_device_reports_issues_and_returns_each_posted_once_and_refusals_say_why() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let (token, device_id) = issue_token(&app, &warehouse, json!({"device_name": "Vending 1"})).await;
    let (cip, before) = stocked_cip(&app, "ACME-NORTH", 5.0).await;

    let batch = json!({"lines": [
        line("T-1", cip, "issue", "E1001", 2.0),
        line("T-2", cip, "return", "B-2201", 1.0),
        line("T-3", cip, "issue", "NOBODY", 1.0),
        line("T-4", cip, "issue", "E1003", 1.0),
        // One more than is on hand by then, and cheap enough to stay within Maria's limits: the shelf refuses it.
        line("T-5", cip, "issue", "E1001", before),
    ]});
    let a = device_post(&app, Some(&token), batch.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let got = outcomes(&a);
    assert_eq!(got[0].0, "posted");
    assert_eq!(got[1].0, "posted", "a badge names the employee too");
    assert_eq!(got[2], ("refused".to_owned(), "Employee not found.".to_owned()));
    assert_eq!(got[3], ("refused".to_owned(), "Employee E1003 is inactive.".to_owned()));
    assert_eq!(got[4].0, "refused");
    assert!(got[4].1.starts_with("Not enough on hand"), "{}", got[4].1);
    assert_eq!((a.body["posted"].as_i64(), a.body["refused"].as_i64(), a.body["duplicates"].as_i64()), (Some(2), Some(3), Some(0)));
    assert_eq!(on_hand(&app, cip).await, before - 1.0);
    let tran = a.body["lines"][0]["transaction_id"].as_i64().unwrap();
    let (code, employee, ext): (i32, String, String) =
        sqlx::query_as("select trans_code, employee_number, external_ref from client_acme.stock_transaction where tran_id = $1").bind(tran).fetch_one(&app.pool).await.unwrap();
    assert_eq!((code, employee.as_str()), (1, "E1001"));
    assert_eq!(ext, format!("device:{device_id}:T-1"));

    // The same batch again: the posted lines are duplicates answering their first transaction; nothing moves.
    let again = device_post(&app, Some(&token), batch).await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    let got = outcomes(&again);
    assert_eq!((got[0].0.as_str(), got[1].0.as_str()), ("duplicate", "duplicate"));
    assert_eq!(again.body["lines"][0]["transaction_id"].as_i64(), Some(tran));
    assert_eq!(got[2].0, "refused", "a refused line is tried again, and refused again");
    assert_eq!(on_hand(&app, cip).await, before - 1.0);
    let stored: i64 = sqlx::query_scalar("select count(*) from client_acme.device_transaction where device_token_id = $1").bind(device_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 5, "one row per device transaction id");
    let posted: i64 = sqlx::query_scalar("select count(*) from client_acme.stock_transaction where external_ref like $1").bind(format!("device:{device_id}:%")).fetch_one(&app.pool).await.unwrap();
    assert_eq!(posted, 2);

    // The ledger explains on hand.
    let sum: f64 = sqlx::query_scalar("select coalesce(sum(trans_qty), 0)::float8 from client_acme.stock_transaction where cip_no = $1 and external_ref is not null").bind(cip).fetch_one(&app.pool).await.unwrap();
    assert_eq!(sum, -1.0);
}

#[tokio::test]
async fn a_late_report_within_the_sites_window_posts_with_the_time_it_happened_and_a_bad_batch_changes_nothing() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let (token, device_id) = issue_token(&app, &warehouse, json!({"device_name": "Locker 2"})).await;
    let (cip, before) = stocked_cip(&app, "ACME-NORTH", 2.0).await;
    // Two days late: within the site's window (3 days by default; docs/devices.md).
    let happened = chrono::Utc::now() - chrono::Duration::days(2);
    // The demo's draw history may already have used the cost centre's limits on that day; this test is about when
    // the report posts, so the limits are lifted.
    sqlx::query("update client_acme.tracking_code set limit_daily = null, limit_weekly = null, limit_monthly = null, limit_yearly = null where tracking_number = 'CC-4100'")
        .execute(&app.pool)
        .await
        .unwrap();
    let mut late = line("L-1", cip, "issue", "E1001", 1.0);
    late["happened_at"] = json!(happened.to_rfc3339());
    let a = device_post(&app, Some(&token), json!({"lines": [late]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let tran = a.body["lines"][0]["transaction_id"].as_i64().unwrap_or_else(|| panic!("not posted: {:?}", a.body));
    let date: chrono::DateTime<chrono::Utc> = sqlx::query_scalar("select trans_date from client_acme.stock_transaction where tran_id = $1").bind(tran).fetch_one(&app.pool).await.unwrap();
    assert!((date - happened).num_seconds().abs() < 1, "{date} vs {happened}");

    // A zero quantity, a line without an item and an id twice in one batch: 400 naming the lines, nothing stored.
    let mut no_item = line("B-2", cip, "issue", "E1001", 1.0);
    no_item.as_object_mut().unwrap().remove("cip_no");
    let bad = json!({"lines": [line("B-1", cip, "issue", "E1001", 0.0), no_item, line("B-1", cip, "issue", "E1001", 1.0)]});
    let a = device_post(&app, Some(&token), bad).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let fields: Vec<&str> = a.body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["lines[0].quantity", "lines[1].cip_no", "lines[2].device_txn_id"]);
    let stored: i64 = sqlx::query_scalar("select count(*) from client_acme.device_transaction where device_token_id = $1").bind(device_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 1);
    assert_eq!(on_hand(&app, cip).await, before - 1.0);
}

#[tokio::test]
async fn a_token_of_one_site_cannot_touch_another_sites_items() {
    let app = TestApp::spawn().await;
    let north = at(&app, "warehouse", "ACME-NORTH").await;
    let (token, device_id) = issue_token(&app, &north, json!({"device_name": "North vending"})).await;
    let (south_cip, south_before) = stocked_cip(&app, "ACME-SOUTH", 1.0).await;
    let code: String = sqlx::query_scalar("select cip_code from client_acme.cip where cip_no = $1").bind(south_cip).fetch_one(&app.pool).await.unwrap();
    let mut by_code = line("S-2", 0, "issue", "E1001", 1.0);
    by_code.as_object_mut().unwrap().remove("cip_no");
    by_code["cust_item_code"] = json!(code);
    let a = device_post(&app, Some(&token), json!({"lines": [line("S-1", south_cip, "issue", "E1001", 1.0), by_code]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let got = outcomes(&a);
    assert_eq!(got[0], ("refused".to_owned(), format!("CIP {south_cip} not found.")));
    let north_site = app.site_id("ACME-NORTH").await;
    // The same code names the north site's own CIP (the demo sites share item codes), never the south one.
    if let Some(tran) = a.body["lines"][1]["transaction_id"].as_i64() {
        let (site, cip): (i64, i64) = sqlx::query_as("select site_id, cip_no from client_acme.stock_transaction where tran_id = $1").bind(tran).fetch_one(&app.pool).await.unwrap();
        assert_eq!(site, north_site);
        assert_ne!(cip, south_cip);
    } else {
        assert_eq!(got[1].0, "refused", "{:?}", got[1]);
    }
    assert_eq!(on_hand(&app, south_cip).await, south_before);
    let sites: Vec<i64> = sqlx::query_scalar("select distinct site_id from client_acme.device_transaction where device_token_id = $1").bind(device_id).fetch_all(&app.pool).await.unwrap();
    assert_eq!(sites, [north_site], "the lines are the token's site's records");
}

#[tokio::test]
async fn a_batch_of_500_lines_posts_each_line_once_and_its_resend_only_duplicates() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let (token, device_id) = issue_token(&app, &warehouse, json!({"device_name": "Busy vending"})).await;
    let (cip, before) = stocked_cip(&app, "ACME-NORTH", 1.0).await;
    // Issue and return one at a time: on hand never goes below zero and ends where it began.
    let lines: Vec<Value> = (0..500).map(|i| line(&format!("N-{i:04}"), cip, if i % 2 == 0 { "issue" } else { "return" }, "E1001", 1.0)).collect();
    let batch = json!({"lines": lines});
    let a = device_post(&app, Some(&token), batch.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body["lines"][0]);
    assert_eq!((a.body["posted"].as_i64(), a.body["refused"].as_i64()), (Some(500), Some(0)), "{:?}", a.body["lines"][0]);
    assert_eq!(a.body["lines"].as_array().unwrap().len(), 500);
    assert_eq!(on_hand(&app, cip).await, before);
    let again = device_post(&app, Some(&token), batch).await;
    assert_eq!((again.body["duplicates"].as_i64(), again.body["posted"].as_i64()), (Some(500), Some(0)));
    let posted: i64 = sqlx::query_scalar("select count(*) from client_acme.stock_transaction where external_ref like $1").bind(format!("device:{device_id}:%")).fetch_one(&app.pool).await.unwrap();
    assert_eq!(posted, 500);
    let stored: i64 = sqlx::query_scalar("select count(*) from client_acme.device_transaction where device_token_id = $1").bind(device_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 500);
}

#[tokio::test]
async fn the_crib_counter_finds_the_employee_behind_a_badge_and_the_item_behind_a_scan() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.post("/api/V1/CribCounter/Employee", &warehouse, json!({"employee": "B-2201"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["pin_required"].as_bool(), a.body["employee_number"].as_str(), a.body["name"].as_str()), (Some(false), Some("E1001"), Some("Lopez, Maria")));
    let a = app.post("/api/V1/CribCounter/Employee", &warehouse, json!({"employee": "NOBODY"})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("employee")));
    let a = app.post("/api/V1/CribCounter/Employee", &warehouse, json!({"employee": "E1003"})).await;
    assert_eq!((a.status, a.body["message"].as_str()), (StatusCode::CONFLICT, Some("Employee E1003 is inactive.")));
    assert_eq!(app.post("/api/V1/CribCounter/Employee", &buyer, json!({"employee": "E1001"})).await.status, StatusCode::FORBIDDEN);

    let (cip, on) = stocked_cip(&app, "ACME-NORTH", 0.0).await;
    let code: String = sqlx::query_scalar("select cip_code from client_acme.cip where cip_no = $1").bind(cip).fetch_one(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/CribCounter/Item?code={}", code.to_lowercase()), &warehouse).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cip_code"].as_str(), Some(code.as_str()));
    assert_eq!(a.body["qty_on_hand"].as_f64(), Some(on));
    let a = app.get(&format!("/api/V1/CribCounter/Item?code={cip}"), &warehouse).await;
    assert_eq!(a.body["cip_no"].as_i64(), Some(cip));
    // Another site's CIP number is not found here.
    let (south, _) = stocked_cip(&app, "ACME-SOUTH", 0.0).await;
    assert_eq!(app.get(&format!("/api/V1/CribCounter/Item?code={south}"), &warehouse).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/V1/CribCounter/Item?code=%20", &warehouse).await.status, StatusCode::BAD_REQUEST);
}

/// Alerts of `type_id` at ACME-NORTH: (recipient login, subject).
async fn alerts_of(app: &TestApp, type_id: i64) -> Vec<(String, String)> {
    sqlx::query_as(
        "select r.username, n.subject from client_acme.notification n join client_acme.notification_recipient r using (notification_id)
         join asp.site s on s.site_id = n.site_id where s.site_code = 'ACME-NORTH' and n.type_notification_id = $1 order by 1, 2",
    )
    .bind(type_id)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_token_about_to_expire_is_warned_of_once_an_expired_one_is_refused_and_a_revoked_one_is_announced(
) {
    use kernel::jobs::{Job, JobContext, LogLevel};
    let app = TestApp::spawn().await;
    sqlx::query("delete from client_acme.notification where type_notification_id in (13, 14)")
        .execute(&app.pool)
        .await
        .unwrap();
    // The demo's limited tokens (docs/devices.md) may be within 14 days of their expiry today: not this test's.
    sqlx::query("update asp.device_token set expires_at = null")
        .execute(&app.pool)
        .await
        .unwrap();
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    // A limited token; 0 days or more than ten years is refused.
    for bad in [0, 3651] {
        let a = app
            .post(
                "/api/V1/Device/Token",
                &warehouse,
                json!({"device_name": "x", "valid_days": bad}),
            )
            .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{bad}: {:?}", a.body);
    }
    let a = app
        .post(
            "/api/V1/Device/Token",
            &warehouse,
            json!({"device_name": "Vending 9", "valid_days": 10}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let (token, id) = (
        a.body["token"].as_str().unwrap().to_owned(),
        a.body["device_token"]["device_token_id"].as_i64().unwrap(),
    );
    assert!(a.body["device_token"]["expires_at"].is_string());
    let (long_token, _) = issue_token(
        &app,
        &warehouse,
        json!({"device_name": "Vending 10", "valid_days": 365}),
    )
    .await;

    // The daily job warns of the one expiring within 14 days, once.
    let pool = tenancy::connect_pool(&app.settings.database_url, 2)
        .await
        .unwrap();
    let job = stock::device_tokens::job::WarnExpiringTokens;
    let ctx = JobContext::new(pool.clone(), 43, 0, LogLevel::Debug);
    assert_eq!(
        job.run(&ctx).await.unwrap(),
        "Warned of 1 device token(s) expiring within 14 days."
    );
    let warned = alerts_of(&app, 13).await;
    assert!(
        !warned.is_empty() && warned.iter().all(|(_, s)| s.ends_with(": Vending 9")),
        "{warned:?}"
    );
    assert!(
        warned.iter().any(|(u, _)| u == "warehouse"),
        "the site's device administrator: {warned:?}"
    );
    assert_eq!(
        job.run(&ctx).await.unwrap(),
        "Warned of 0 device token(s) expiring within 14 days."
    );
    assert_eq!(alerts_of(&app, 13).await, warned);

    // Once expired it is refused like a revoked one; the other still works.
    sqlx::query("update asp.device_token set created_at = now() - interval '11 days', expires_at = now() - interval '1 second' where device_token_id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(
        device_post(&app, Some(&token), json!({"lines": []}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        device_post(&app, Some(&long_token), json!({"lines": []}))
            .await
            .status,
        StatusCode::BAD_REQUEST,
        "valid token, empty batch"
    );

    // Revoking tells the site's device administrators.
    assert_eq!(
        app.delete(&format!("/api/V1/Device/Token/{id}"), &warehouse)
            .await
            .status,
        StatusCode::OK
    );
    let revoked = alerts_of(&app, 14).await;
    assert!(
        revoked
            .iter()
            .any(|(u, s)| u == "warehouse" && s == "Device token revoked: Vending 9"),
        "{revoked:?}"
    );
}
