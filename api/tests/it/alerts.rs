//! Alerts that reach people (issue 23, docs/alerts.md): raising a notification in the business change's own
//! transaction, who receives it (site access, the type's permission at the site, their settings or the defaults,
//! the filters) and on which channels; the alert settings and the inbox operations.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::cips::{at, cip_no};
use crate::common::TestApp;

const SITE: &str = "ACME-NORTH";
const DRAW_REFUSED: i64 = 9;
const COUNT_VARIANCE: i64 = 10;

async fn sql(app: &TestApp, statement: &str) {
    sqlx::query(statement).execute(&app.pool).await.unwrap();
}

/// The application on a fresh database without the demo's alerts and alert settings: these tests count their own.
async fn spawn() -> TestApp {
    let app = TestApp::spawn().await;
    for schema in ["client_acme", "client_gea"] {
        sql(&app, &format!("delete from {schema}.notification")).await;
        sql(&app, &format!("delete from {schema}.user_notification_setting")).await;
    }
    app
}

/// Recipients of the site's notifications of `type_id`: (username, inbox, toast, email, text state in words), by
/// username.
async fn recipients(app: &TestApp, type_id: i64) -> Vec<(String, String, String, String, String)> {
    sqlx::query_as(
        "select r.username, (array['none', 'pending', 'sent', 'failed'])[r.inbox_state + 1], (array['none', 'pending', 'sent', 'failed'])[r.toast_state + 1], (array['none', 'pending', 'sent', 'failed'])[r.email_state + 1], (array['none', 'pending', 'sent', 'failed'])[r.text_state + 1]
         from client_acme.notification n join client_acme.notification_recipient r using (notification_id)
         join asp.site s on s.site_id = n.site_id
         where s.site_code = $1 and n.type_notification_id = $2 order by r.username, r.notification_recipient_id",
    )
    .bind(SITE)
    .bind(type_id)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

async fn notifications(app: &TestApp, type_id: i64) -> i64 {
    sqlx::query_scalar("select count(*) from client_acme.notification where type_notification_id = $1").bind(type_id).fetch_one(&app.pool).await.unwrap()
}

fn names(rows: &[(String, String, String, String, String)]) -> Vec<&str> {
    rows.iter().map(|r| r.0.as_str()).collect()
}

/// A draw of the site's bearing charged to tracking code CC-4100, whose daily limit is made too small for it (the
/// other demo limits lifted): answers the tracking code's id and the refused draw's answer.
async fn refused_draw(app: &TestApp, wh: &str) -> (i64, Value) {
    let cip = cip_no(app, SITE, "BRG-6204-2RS").await;
    for statement in [
        "update client_acme.tracking_code set limit_daily = null, limit_weekly = null, limit_monthly = null, limit_yearly = null",
        "update client_acme.employee_group set limit_daily = null, limit_weekly = null, limit_monthly = null, limit_yearly = null",
        "delete from client_acme.employee_group_item_group_limit",
        "delete from client_acme.employee_item_limit",
    ] {
        sql(app, statement).await;
    }
    let cc: i64 = sqlx::query_scalar(
        "select t.tracking_code_id from client_acme.tracking_code t join asp.site s using (site_id) where s.site_code = $1 and t.tracking_level_id = 1 and t.tracking_number = 'CC-4100'",
    )
    .bind(SITE)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    sql(app, &format!("update client_acme.tracking_code set limit_daily = 0.01 where tracking_code_id = {cc}")).await;
    let employee: String = sqlx::query_scalar(
        "select e.employee_number from client_acme.employee e join asp.site s using (site_id) where s.site_code = $1 and e.is_active and not e.is_suspended order by e.employee_number limit 1",
    )
    .bind(SITE)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = app.post("/api/V1/Transaction/Issue", wh, json!({"cip_no": cip, "qty": 1, "employee": employee, "track1_id": cc})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    (cc, a.body)
}

#[tokio::test]
async fn a_draw_refused_by_a_limit_reaches_the_users_who_hold_the_types_permission_on_the_default_channels() {
    let app = spawn().await;
    let wh = at(&app, "warehouse", SITE).await;
    let (_, refusal) = refused_draw(&app, &wh).await;
    // Warehouse and the administrator hold EmployeeGroupEdit at ACME-NORTH; the buyer, support and the supplier do not.
    let rows = recipients(&app, DRAW_REFUSED).await;
    assert_eq!(names(&rows), vec!["admin", "warehouse"], "{rows:?}");
    for r in &rows {
        // The toast is asked for: pending, or already sent by the toast sender (alert_delivery.rs follows it).
        let toast = if r.2 == "sent" { "pending" } else { r.2.as_str() };
        assert_eq!((r.1.as_str(), toast, r.3.as_str(), r.4.as_str()), ("sent", "pending", "none", "none"), "defaults: inbox and toast: {r:?}");
    }
    let (subject, text, employee): (String, String, Option<i64>) =
        sqlx::query_as("select subject, body_inbox, employee_id from client_acme.notification where type_notification_id = $1")
            .bind(DRAW_REFUSED)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(subject.starts_with("Draw refused"), "{subject}");
    assert!(text.contains(refusal["message"].as_str().unwrap()), "the body says why: {text}");
    assert!(employee.is_some(), "the notification names the employee");
}

#[tokio::test]
async fn settings_decide_the_channels_and_a_tracking_code_filter_lets_through_only_its_codes() {
    let app = spawn().await;
    let wh = at(&app, "warehouse", SITE).await;
    let site = app.site_id(SITE).await;
    let warehouse = app.user_id("warehouse").await;
    let admin = app.user_id("admin").await;
    // Warehouse: e-mail and text instead of inbox and toast. Admin: only events charged to another tracking code.
    sql(&app, &format!(
        "insert into client_acme.user_notification_setting (site_id, asp_users_id, type_notification_id, enable_inbox, enable_email, enable_text, enable_toastr)
         values ({site}, {warehouse}, {DRAW_REFUSED}, false, true, true, false)"
    ))
    .await;
    sql(&app, "update asp.asp_users set email = 'walt@example.com' where user_id = 'warehouse'").await;
    let other: i64 = sqlx::query_scalar("select tracking_code_id from client_acme.tracking_code where site_id = $1 and tracking_number <> 'CC-4100' order by tracking_code_id limit 1")
        .bind(site)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let setting: i64 = sqlx::query_scalar(&format!(
        "insert into client_acme.user_notification_setting (site_id, asp_users_id, type_notification_id, filter_tracking_codes)
         values ({site}, {admin}, {DRAW_REFUSED}, true) returning user_notification_setting_id"
    ))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    sql(&app, &format!("insert into client_acme.user_notification_tracking_code (site_id, user_notification_setting_id, tracking_code_id) values ({site}, {setting}, {other})")).await;

    let (cc, _) = refused_draw(&app, &wh).await;
    let rows = recipients(&app, DRAW_REFUSED).await;
    // E-mail waits in the mail outbox; the text failed at once: the clerk has no mobile number (alert_delivery.rs
    // sends both).
    assert_eq!(
        rows,
        vec![(
            "warehouse".into(),
            "none".into(),
            "none".into(),
            "pending".into(),
            "failed".into()
        )]
    );
    let address: Option<String> = sqlx::query_scalar("select r.email_address from client_acme.notification_recipient r join client_acme.notification n using (notification_id) where r.username = 'warehouse' and n.type_notification_id = 9").fetch_one(&app.pool).await.unwrap();
    assert_eq!(address.as_deref(), Some("walt@example.com"));

    // With the refused draw's code in the admin's filter, the admin gets the next one.
    sql(&app, &format!("insert into client_acme.user_notification_tracking_code (site_id, user_notification_setting_id, tracking_code_id) values ({site}, {setting}, {cc})")).await;
    // A setting switched off receives nothing at all.
    sql(&app, &format!("update client_acme.user_notification_setting set is_active = false where asp_users_id = {warehouse}")).await;
    refused_draw(&app, &wh).await;
    let rows = recipients(&app, DRAW_REFUSED).await;
    assert_eq!(names(&rows), vec!["admin", "warehouse"], "{rows:?}");
}

#[tokio::test]
async fn a_count_variance_waiting_for_approval_reaches_the_approvers_in_the_submits_transaction() {
    let app = spawn().await;
    let counter = at(&app, "warehouse", SITE).await;
    let sheet = counted_sheet(&app, &counter).await;
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Submit"), &counter, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    // The buyer and the administrator hold CycleCountApprove; the counter (warehouse) does not.
    let rows = recipients(&app, COUNT_VARIANCE).await;
    assert_eq!(names(&rows), vec!["admin", "buyer"], "{rows:?}");
    let (object, link): (Option<i64>, Option<String>) =
        sqlx::query_as("select object_id, link from client_acme.notification where type_notification_id = $1").bind(COUNT_VARIANCE).fetch_one(&app.pool).await.unwrap();
    assert_eq!((object, link.as_deref()), (Some(sheet), Some("/cycleCount/approval")));
}

/// A sheet over one CIP at a location of its own, counted 4 where 10 are expected (a variance that waits).
async fn counted_sheet(app: &TestApp, counter: &str) -> i64 {
    let cip = cip_no(app, SITE, "GLV-NTR-L").await;
    sql(app, &format!("update client_acme.cip set location = 'ZZ-AL-01', qty_on_hand = 10, cust_avg_cost = 1, last_count_date = null, status_id = 1 where cip_no = {cip}")).await;
    sql(app, "update client_acme.count_sheet set status = 7 where status in (1, 2, 3)").await;
    let a = app.post("/api/V1/CycleCount/Sheet", counter, json!({"location_from": "ZZ-AL-01", "location_to": "ZZ-AL-01"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let sheet = a.body["sheet"]["sheet_id"].as_i64().unwrap();
    let line = a.body["lines"][0]["line_id"].as_i64().unwrap();
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Count"), counter, json!({"counts": [{"line_id": line, "counted_qty": 4}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    sheet
}

#[tokio::test]
async fn a_rolled_back_change_raises_nothing() {
    let app = spawn().await;
    let counter = at(&app, "warehouse", SITE).await;
    let sheet = counted_sheet(&app, &counter).await;
    // The submit's transaction fails at its commit, after the notification was written in it.
    sql(&app, "create function client_acme.refuse_commit() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$").await;
    sql(&app, "create constraint trigger refuse_commit after update on client_acme.count_sheet deferrable initially deferred for each row execute function client_acme.refuse_commit()").await;
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Submit"), &counter, json!({})).await;
    assert_eq!(a.status, StatusCode::INTERNAL_SERVER_ERROR, "{:?}", a.body);
    assert_eq!(notifications(&app, COUNT_VARIANCE).await, 0);
    assert!(recipients(&app, COUNT_VARIANCE).await.is_empty());
    // Without the failure the same submit raises exactly one.
    sql(&app, "drop trigger refuse_commit on client_acme.count_sheet").await;
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Submit"), &counter, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(notifications(&app, COUNT_VARIANCE).await, 1);
}

// ---- the operations

/// The caller's setting of one type in a settings answer.
fn setting_of(list: &Value, type_id: i64) -> Value {
    list.as_array().unwrap().iter().find(|s| s["asp_notification_type_id"] == type_id).cloned().unwrap_or(Value::Null)
}

#[tokio::test]
async fn a_user_reads_and_saves_their_own_settings_and_only_types_they_may_receive_are_offered() {
    let app = spawn().await;
    let wh = at(&app, "warehouse", SITE).await;
    let me = app.user_id("warehouse").await;
    let site = app.site_id(SITE).await;
    let a = app.get(&format!("/api/V1/Alerts/{me}/{site}"), &wh).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let draw = setting_of(&a.body, DRAW_REFUSED);
    assert_eq!((draw["enable_inbox"].as_bool(), draw["enable_toastr"].as_bool(), draw["enable_email"].as_bool()), (Some(true), Some(true), Some(false)), "defaults: {draw}");
    assert!(draw["asp_user_notification_setting_id"].is_null());
    assert!(setting_of(&a.body, COUNT_VARIANCE).is_null(), "warehouse lacks CycleCountApprove: the type is not offered");

    let a = app.put("/api/V1/Alerts", &wh, json!({"asp_users_id": me, "site_id": site, "settings": [{"asp_notification_type_id": DRAW_REFUSED, "enable_email": true, "enable_toastr": false}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let draw = setting_of(&a.body, DRAW_REFUSED);
    assert_eq!((draw["enable_inbox"].as_bool(), draw["enable_toastr"].as_bool(), draw["enable_email"].as_bool()), (Some(true), Some(false), Some(true)), "{draw}");
    let audits: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity = 'user_notification_setting' and entity_id = $1")
        .bind(format!("{me}:{site}"))
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audits, 1);

    // A type the user may not receive, a bad priority: 400 naming the field.
    let a = app.put("/api/V1/Alerts", &wh, json!({"asp_users_id": me, "site_id": site, "settings": [{"asp_notification_type_id": COUNT_VARIANCE, "enable_email": true}]})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("settings[0].asp_notification_type_id")), "{:?}", a.body);
    let a = app.put("/api/V1/Alerts", &wh, json!({"asp_users_id": me, "site_id": site, "settings": [{"asp_notification_type_id": DRAW_REFUSED, "filter_req_priority": 12}]})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("settings[0].filter_req_priority")), "{:?}", a.body);

    // The saved settings decide the next refused draw's channels.
    refused_draw(&app, &wh).await;
    let rows = recipients(&app, DRAW_REFUSED).await;
    let mine = rows.iter().find(|r| r.0 == "warehouse").unwrap();
    assert_eq!((mine.1.as_str(), mine.2.as_str(), mine.3.as_str()), ("sent", "none", "pending"), "inbox, no toast, e-mail: {mine:?}");
}

#[tokio::test]
async fn another_users_settings_are_404_but_an_administrator_of_users_reads_and_changes_them() {
    let app = spawn().await;
    let wh = at(&app, "warehouse", SITE).await;
    let admin = at(&app, "admin", SITE).await;
    let buyer = app.user_id("buyer").await;
    let site = app.site_id(SITE).await;
    let gea = app.site_id("GEA-MAIN").await;
    assert_eq!(app.get(&format!("/api/V1/Alerts/{buyer}/{site}"), &wh).await.status, StatusCode::NOT_FOUND);
    let a = app.put("/api/V1/Alerts", &wh, json!({"asp_users_id": buyer, "site_id": site, "settings": []})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    // A site of another client, or one the user has no access to: 404.
    let me = app.user_id("warehouse").await;
    assert_eq!(app.get(&format!("/api/V1/Alerts/{me}/{gea}"), &wh).await.status, StatusCode::NOT_FOUND);

    let a = app.get(&format!("/api/V1/Alerts/{buyer}/{site}"), &admin).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(!setting_of(&a.body, COUNT_VARIANCE).is_null(), "the buyer may approve counts");
    let a = app.put("/api/V1/Alerts", &admin, json!({"asp_users_id": buyer, "site_id": site, "settings": [{"asp_notification_type_id": COUNT_VARIANCE, "is_active": false}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(setting_of(&a.body, COUNT_VARIANCE)["is_active"], false);
    let a = app.post("/api/V1/Alerts/Search", &admin, json!({"asp_users_id": buyer, "site_id": site, "notification_category_id": 3, "pageSize": 10})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(a.body["resultList"].as_array().unwrap().iter().all(|s| s["notification_category_id"] == 3));
    assert!(a.body["totalCount"].as_i64().unwrap() >= 1);
}

#[tokio::test]
async fn sites_update_all_copies_a_users_settings_to_their_other_sites_of_the_client() {
    let app = spawn().await;
    let wh = at(&app, "warehouse", SITE).await;
    let me = app.user_id("warehouse").await;
    let north = app.site_id(SITE).await;
    let south = app.site_id("ACME-SOUTH").await;
    let a = app.put("/api/V1/Alerts", &wh, json!({"asp_users_id": me, "site_id": north, "settings": [{"asp_notification_type_id": DRAW_REFUSED, "enable_text": true, "enable_inbox": false}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = app.post("/api/V1/Alerts/Sites/UpdateAll", &wh, json!({"asp_users_id": me, "site_id": north})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["site_count"], 1);
    let a = app.get(&format!("/api/V1/Alerts/{me}/{south}"), &wh).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let draw = setting_of(&a.body, DRAW_REFUSED);
    assert_eq!((draw["enable_text"].as_bool(), draw["enable_inbox"].as_bool()), (Some(true), Some(false)), "{draw}");
}

#[tokio::test]
async fn the_tracking_code_filter_is_listed_and_changed_through_its_operations() {
    let app = spawn().await;
    let wh = at(&app, "warehouse", SITE).await;
    let me = app.user_id("warehouse").await;
    let site = app.site_id(SITE).await;
    let code: i64 = sqlx::query_scalar("select tracking_code_id from client_acme.tracking_code where site_id = $1 order by tracking_code_id limit 1").bind(site).fetch_one(&app.pool).await.unwrap();
    let other: i64 = sqlx::query_scalar("select tracking_code_id from client_acme.tracking_code where site_id <> $1 order by tracking_code_id limit 1").bind(site).fetch_one(&app.pool).await.unwrap();
    let a = app.post("/api/V1/Alerts/TrackingCode/Update", &wh, json!({"asp_users_id": me, "site_id": site, "asp_notification_type_id": DRAW_REFUSED, "insert": [other]})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("insert[0]")), "another site's code: {:?}", a.body);
    let a = app.post("/api/V1/Alerts/TrackingCode/Update", &wh, json!({"asp_users_id": me, "site_id": site, "asp_notification_type_id": DRAW_REFUSED, "insert": [code], "filter_tracking_codes": true})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = app.post("/api/V1/Alerts/TrackingCode/Search", &wh, json!({"asp_users_id": me, "site_id": site, "asp_notification_type_id": DRAW_REFUSED, "in_group_only": true})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 1);
    assert_eq!(a.body["resultList"][0]["trackingCodeID"], code);
    assert_eq!(a.body["resultList"][0]["inGroup"], true);
    let a = app.get(&format!("/api/V1/Alerts/{me}/{site}"), &wh).await;
    let draw = setting_of(&a.body, DRAW_REFUSED);
    assert_eq!((draw["filter_tracking_codes"].as_bool(), draw["track_count"].as_i64()), (Some(true), Some(1)), "{draw}");
}

async fn inbox_count(app: &TestApp, token: &str, user: i64) -> i64 {
    let a = app.get(&format!("/api/V1/Alerts/Inbox/count/{user}"), token).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body["count"].as_i64().unwrap()
}

#[tokio::test]
async fn the_inbox_counts_reads_acknowledges_and_removes_and_another_users_inbox_is_404() {
    let app = spawn().await;
    let admin = at(&app, "admin", SITE).await;
    let buyer_token = at(&app, "buyer", SITE).await;
    let buyer = app.user_id("buyer").await;
    let warehouse = app.user_id("warehouse").await;
    let before = inbox_count(&app, &buyer_token, buyer).await;
    // A broadcast reaches everyone at the site (the type needs no permission).
    let a = app.post("/api/V1/Alerts/Notification/Insert", &admin, json!({"subject": "Fire drill at 3", "body": "Everyone out to the car park.", "link": "/"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let broadcast = a.body["notification_id"].as_i64().unwrap();
    assert!(a.body["recipients"].as_i64().unwrap() >= 3, "{:?}", a.body);
    // A message to the buyer's inbox alone.
    let a = app.post("/api/V1/Alerts/Inbox/UserNotification/Insert", &admin, json!({"asp_users_ids": [buyer], "subject": "Please call me", "body": "About PO 42."})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["recipients"], 1);
    let direct = a.body["notification_id"].as_i64().unwrap();
    assert_eq!(inbox_count(&app, &buyer_token, buyer).await, before + 2);
    // Bad input: 400 naming the field.
    let a = app.post("/api/V1/Alerts/Notification/Insert", &admin, json!({"subject": " ", "body": "x"})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("subject")), "{:?}", a.body);
    let a = app.post("/api/V1/Alerts/Inbox/UserNotification/Insert", &admin, json!({"asp_users_ids": [999_999_999], "subject": "s", "body": "b"})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("asp_users_ids[0]")), "{:?}", a.body);
    // The buyer may not send.
    assert_eq!(app.post("/api/V1/Alerts/Notification/Insert", &buyer_token, json!({"subject": "s", "body": "b"})).await.status, StatusCode::FORBIDDEN);

    // The inbox lists it; reading marks it read.
    let a = app.post("/api/V1/Alerts/Notification/Search", &buyer_token, json!({"unread_only": true, "search": "call me"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["resultList"][0]["notification_id"], direct);
    let a = app.get(&format!("/api/V1/Alerts/Inbox/{buyer}/{direct}"), &buyer_token).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["subject"].as_str(), a.body["body_inbox"].as_str()), (Some("Please call me"), Some("About PO 42.")));
    assert_eq!(a.body["is_read"], true);
    assert_eq!(inbox_count(&app, &buyer_token, buyer).await, before + 1);

    // Another user's inbox, and a notification the caller did not receive: 404.
    assert_eq!(app.get(&format!("/api/V1/Alerts/Inbox/count/{warehouse}"), &buyer_token).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("/api/V1/Alerts/Inbox/{warehouse}/{broadcast}"), &buyer_token).await.status, StatusCode::NOT_FOUND);
    let wh_token = at(&app, "warehouse", SITE).await;
    assert_eq!(app.get(&format!("/api/V1/Alerts/Inbox/{warehouse}/{direct}"), &wh_token).await.status, StatusCode::NOT_FOUND);
    let a = app.post("/api/V1/Alerts/Inbox/status/update", &wh_token, json!({"asp_users_id": warehouse, "remove": [direct]})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    let a = app.post("/api/V1/Alerts/Inbox/status/update", &buyer_token, json!({"asp_users_id": warehouse, "ack": [broadcast]})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);

    // Acknowledge the broadcast, remove the direct message.
    let a = app.post("/api/V1/Alerts/Inbox/status/update", &buyer_token, json!({"asp_users_id": buyer, "ack": [broadcast], "remove": [direct]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["acknowledged"].as_i64(), a.body["removed"].as_i64(), a.body["count"].as_i64()), (Some(1), Some(1), Some(before)));
    assert_eq!(app.get(&format!("/api/V1/Alerts/Inbox/{buyer}/{direct}"), &buyer_token).await.status, StatusCode::NOT_FOUND, "removed");
    let audits: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity in ('notification', 'notification_recipient')").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audits, 4, "two sends, one read, one status update");
}
