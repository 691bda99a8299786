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
        assert_eq!((r.1.as_str(), r.2.as_str(), r.3.as_str(), r.4.as_str()), ("sent", "pending", "none", "none"), "defaults: inbox and toast: {r:?}");
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
    assert_eq!(rows, vec![("warehouse".into(), "none".into(), "none".into(), "pending".into(), "pending".into())]);
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

