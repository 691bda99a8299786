//! Cycle counts and min/max tuning (docs/cycle-counts.md, docs/min-max-tuning.md): blind counting, variances over
//! the thresholds waiting for approval, approval posting ledger rows so on hand equals the count, another site's
//! sheet 404; suggestions from usage, accept through the replenishment rules (audited), dismiss, the idempotent job.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::cips::{at, cip_no};
use crate::common::TestApp;

async fn sql(app: &TestApp, statement: &str) {
    sqlx::query(statement).execute(&app.pool).await.unwrap();
}

async fn scalar_f64(app: &TestApp, statement: &str) -> f64 {
    sqlx::query_scalar::<_, f64>(statement).fetch_one(&app.pool).await.unwrap()
}

/// No counter's answer may carry an expected quantity, a variance or on hand.
fn assert_blind(body: &Value) {
    let text = body.to_string();
    for word in ["expected", "variance", "qty_on_hand", "on_hand", "unit_cost"] {
        assert!(!text.contains(word), "the counter's answer shows {word}: {text}");
    }
}

/// Puts `code` of ACME-NORTH at a location of its own, with `on_hand`, an average cost and never counted; closes
/// the site's other open sheets so the generated sheet holds exactly the CIPs the test prepared.
async fn prepare(app: &TestApp, code: &str, location: &str, on_hand: f64, cost: f64) -> i64 {
    let cip = cip_no(app, "ACME-NORTH", code).await;
    sql(
        app,
        &format!("update client_acme.cip set location = '{location}', qty_on_hand = {on_hand}, cust_avg_cost = {cost}, last_count_date = null, status_id = 1 where cip_no = {cip}"),
    )
    .await;
    sql(app, "update client_acme.count_sheet set status = 7 where status in (1, 2, 3)").await;
    cip
}

#[tokio::test]
async fn a_counter_never_sees_the_expected_quantity_and_a_matching_count_posts_at_once() {
    let app = TestApp::spawn().await;
    let counter = at(&app, "warehouse", "ACME-NORTH").await;
    let cip = prepare(&app, "BRG-6204-2RS", "ZZ-CC-01", 10.0, 2.0).await;

    let a = app.post("/api/V1/CycleCount/Sheet", &counter, json!({"location_from": "ZZ-CC-01", "location_to": "ZZ-CC-01"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_blind(&a.body);
    assert_eq!(a.body["sheet"]["status_name"], "Open");
    let lines = a.body["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["cip_no"], cip);
    let sheet = a.body["sheet"]["sheet_id"].as_i64().unwrap();
    let line = lines[0]["line_id"].as_i64().unwrap();

    // The plan shows the CIP on its open sheet; a second sheet over the same range finds nothing due.
    let a = app.post("/api/V1/CycleCount/Plan/Search", &counter, json!({"location_from": "ZZ-CC-01", "location_to": "ZZ-CC-01"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_blind(&a.body);
    assert_eq!(a.body["resultList"][0]["open_sheet_id"], sheet);
    let a = app.post("/api/V1/CycleCount/Sheet", &counter, json!({"location_from": "ZZ-CC-01", "location_to": "ZZ-CC-01"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.body["errors"][0]["errorType"], "nothingDue");

    // Submitting before every line is counted is refused.
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Submit"), &counter, json!({})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    // Bad counts change nothing.
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Count"), &counter, json!({"counts": [{"line_id": line, "counted_qty": -1}]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.body["errors"][0]["field"], "counts[0].counted_qty");
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Count"), &counter, json!({"counts": [{"line_id": 987_654_321, "counted_qty": 1}]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let counted: Option<f64> = sqlx::query_scalar(&format!("select counted_qty::float8 from client_acme.count_sheet_line where line_id = {line}")).fetch_one(&app.pool).await.unwrap();
    assert_eq!(counted, None);

    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Count"), &counter, json!({"counts": [{"line_id": line, "counted_qty": 10}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_blind(&a.body);
    assert_eq!(a.body["sheet"]["status_name"], "Counting");
    let a = app.get(&format!("/api/V1/CycleCount/Sheet/{sheet}"), &counter).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_blind(&a.body);
    assert_eq!(a.body["lines"][0]["counted_qty"], 10.0);

    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Submit"), &counter, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_blind(&a.body);
    assert_eq!(a.body["sheet"]["status_name"], "Posted", "a matching count waits for nobody");
    let (trans, counted_at): (Option<i64>, bool) = sqlx::query_as(&format!(
        "select l.trans_id, c.last_count_date is not null from client_acme.count_sheet_line l join client_acme.cip c using (cip_no) where l.line_id = {line}"
    ))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(trans, None, "no difference, no ledger row");
    assert!(counted_at, "the CIP's last count date is stamped");
    // A posted sheet cannot be counted again.
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Count"), &counter, json!({"counts": [{"line_id": line, "counted_qty": 3}]})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    // The counter may not open the approver's view.
    assert_eq!(app.get(&format!("/api/V1/CycleCount/Sheet/{sheet}/Review"), &counter).await.status, StatusCode::FORBIDDEN);
    let audits: i64 = sqlx::query_scalar(&format!("select count(*) from asp.audit_event where entity = 'count_sheet' and entity_id = '{sheet}'")).fetch_one(&app.pool).await.unwrap();
    assert_eq!(audits, 3, "create, count, submit");
}

#[tokio::test]
async fn a_variance_over_the_threshold_waits_and_its_approval_posts_a_ledger_row_so_on_hand_equals_the_count() {
    let app = TestApp::spawn().await;
    let counter = at(&app, "warehouse", "ACME-NORTH").await;
    let approver = at(&app, "buyer", "ACME-NORTH").await;
    let small = prepare(&app, "BRG-6204-2RS", "ZZ-CV-01", 100.0, 1.0).await;
    let large = prepare(&app, "GLV-NTR-L", "ZZ-CV-02", 10.0, 1.0).await;

    let a = app.post("/api/V1/CycleCount/Sheet", &counter, json!({"location_from": "ZZ-CV"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let sheet = a.body["sheet"]["sheet_id"].as_i64().unwrap();
    let lines: Vec<(i64, i64)> = a.body["lines"].as_array().unwrap().iter().map(|l| (l["cip_no"].as_i64().unwrap(), l["line_id"].as_i64().unwrap())).collect();
    let line_of = |cip: i64| lines.iter().find(|(c, _)| *c == cip).unwrap().1;
    // 99 of 100 (1%, worth 1): within the thresholds. 4 of 10 (60%): waits.
    let counts = json!({"counts": [{"line_id": line_of(small), "counted_qty": 99}, {"line_id": line_of(large), "counted_qty": 4}]});
    assert_eq!(app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Count"), &counter, counts).await.status, StatusCode::OK);
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Submit"), &counter, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_blind(&a.body);
    assert_eq!(a.body["sheet"]["status_name"], "Submitted");
    assert_eq!(a.body["sheet"]["waiting_count"], 1);
    assert_eq!(scalar_f64(&app, &format!("select qty_on_hand::float8 from client_acme.cip where cip_no = {small}")).await, 99.0, "the small variance is posted at once");
    assert_eq!(scalar_f64(&app, &format!("select qty_on_hand::float8 from client_acme.cip where cip_no = {large}")).await, 10.0, "the large one waits");

    let a = app.get(&format!("/api/V1/CycleCount/Sheet/{sheet}/Review"), &approver).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let waiting = a.body["lines"].as_array().unwrap().iter().find(|l| l["cip_no"] == large).unwrap().clone();
    assert_eq!(waiting["status_name"], "Waiting");
    assert_eq!(waiting["expected_qty"], 10.0);
    assert_eq!(waiting["counted_qty"], 4.0);
    assert_eq!(waiting["variance_qty"], -6.0);
    // Only waiting lines can be decided.
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Approve"), &approver, json!({"decisions": [{"line_id": line_of(small), "approve": true}]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.body["errors"][0]["errorType"], "notWaiting");
    // The counter may not approve.
    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Approve"), &counter, json!({"decisions": [{"line_id": line_of(large), "approve": true}]})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);

    let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/Approve"), &approver, json!({"decisions": [{"line_id": line_of(large), "approve": true}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["sheet"]["status_name"], "Posted");
    assert_eq!(scalar_f64(&app, &format!("select qty_on_hand::float8 from client_acme.cip where cip_no = {large}")).await, 4.0, "on hand is the counted quantity");
    let line = a.body["lines"].as_array().unwrap().iter().find(|l| l["cip_no"] == large).unwrap().clone();
    let trans = line["trans_id"].as_i64().expect("the approved variance has its ledger row");
    let (code, qty): (i32, f64) = sqlx::query_as(&format!("select trans_code::int, trans_qty::float8 from client_acme.stock_transaction where tran_id = {trans}"))
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!((code, qty), (6, -6.0), "a NAD of 6");
    // The small variance has its NAD of 1 too (the demo ledger has other adjustments of this CIP).
    let small_rows: i64 = sqlx::query_scalar(&format!(
        "select count(*) from client_acme.stock_transaction where cip_no = {small} and trans_code = 6 and trans_qty = -1 and notes like 'Cycle count: sheet {sheet},%'"
    ))
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(small_rows, 1);
    // The CIP read shows the count.
    let a = app.get(&format!("/api/V1/Item/CIP/CycleCount/{large}"), &approver).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(a.body["last_count_date"].is_string());
    assert_eq!(a.body["due"], false);
    assert_eq!(a.body["history"][0]["trans_id"], trans);
}

#[tokio::test]
async fn another_sites_sheet_answers_404_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let customer = app.login("customer").await; // GEA-MAIN only
    sql(
        &app,
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id) select u.asp_users_id, s.site_id, r.security_role_id
         from asp.asp_users u, asp.site s, asp.security_role r where u.user_id = 'customer' and s.site_code = 'GEA-MAIN' and r.role_name in ('Warehouse', 'Buyer')",
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let por = cip_no(&app, "GEA-POR", "BRG-6204-2RS").await;
    let sheet: i64 = sqlx::query_scalar("insert into client_gea.count_sheet (site_id) select site_id from asp.site where site_code = 'GEA-POR' returning sheet_id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let line: i64 = sqlx::query_scalar(&format!(
        "insert into client_gea.count_sheet_line (sheet_id, site_id, cip_no, line_no) select {sheet}, site_id, cip_no, 1 from client_gea.cip where cip_no = {por} returning line_id"
    ))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    for path in ["", "/Review"] {
        let a = app.get(&format!("/api/V1/CycleCount/Sheet/{sheet}{path}"), &customer).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {:?}", a.body);
    }
    for (path, body) in [
        ("Count", json!({"counts": [{"line_id": line, "counted_qty": 1}]})),
        ("Submit", json!({})),
        ("Cancel", json!({})),
        ("Approve", json!({"decisions": [{"line_id": line, "approve": true}]})),
    ] {
        let a = app.post(&format!("/api/V1/CycleCount/Sheet/{sheet}/{path}"), &customer, body).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {:?}", a.body);
    }
    assert_eq!(app.get(&format!("/api/V1/Item/CIP/CycleCount/{por}"), &customer).await.status, StatusCode::NOT_FOUND);
    let (status, counted): (i16, Option<f64>) = sqlx::query_as(&format!(
        "select h.status, l.counted_qty::float8 from client_gea.count_sheet h join client_gea.count_sheet_line l using (sheet_id) where h.sheet_id = {sheet}"
    ))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((status, counted), (1, None));
}

#[tokio::test]
async fn plan_settings_are_validated_and_audited_and_need_their_permission() {
    let app = TestApp::spawn().await;
    let counter = at(&app, "warehouse", "ACME-NORTH").await;
    let a = app.get("/api/V1/CycleCount/Settings", &counter).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["days_class_a"], 30);
    let body = json!({"days_class_a": 7, "days_class_b": 30, "days_class_c": 90, "days_class_d": 180, "variance_percent": 2, "variance_value": 50, "max_sheet_lines": 40});
    assert_eq!(app.put("/api/V1/CycleCount/Settings", &counter, body.clone()).await.status, StatusCode::FORBIDDEN);
    sql(
        &app,
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id) select u.asp_users_id, s.site_id, r.security_role_id
         from asp.asp_users u, asp.site s, asp.security_role r where u.user_id = 'warehouse' and s.site_code = 'ACME-NORTH' and r.role_name = 'Administrator'",
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut bad = body.clone();
    bad["days_class_a"] = json!(0);
    let a = app.put("/api/V1/CycleCount/Settings", &counter, bad).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.body["errors"][0]["field"], "days_class_a");
    let a = app.put("/api/V1/CycleCount/Settings", &counter, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["days_class_a"], 7);
    let changes: Value = sqlx::query_scalar("select changes from asp.audit_event where entity = 'stock_count_settings' order by audit_event_id desc limit 1")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(changes["days_class_a"], json!({"from": 30, "to": 7}));
}

/// usage 10 a period, lead time 14, cost 2 (docs/min-max-tuning.md example 1): min 5, max 120, roq 115.
async fn prepare_apd(app: &TestApp) -> i64 {
    let cip = cip_no(app, "ACME-NORTH", "BRG-6204-2RS").await;
    sql(
        app,
        &format!(
            "update client_acme.cip set usage1 = 10, usage2 = 10, usage3 = 10, usage4 = 10, usage5 = 10, usage6 = 10, usage7 = 10, usage8 = 10,
                usage9 = 10, usage10 = 10, usage11 = 10, usage12 = 10, usage13 = 10, cust_avg_cost = 2, lot_qty = null, repl_type = 2, status_id = 1,
                keep_full = false, min_qty = 5, max_qty = 110, reorder_qty = 50, qty_on_hand = 20 where cip_no = {cip}"
        ),
    )
    .await;
    sql(
        app,
        &format!(
            "update client_acme.cid set avg_lead_time = 14 where cid_no = (select cid_no from client_acme.cip where cip_no = {cip})"
        ),
    )
    .await;
    cip
}

#[tokio::test]
async fn a_suggestion_follows_the_formula_and_accepting_it_sets_the_cips_min_max_with_its_audit_row() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let cip = prepare_apd(&app).await;
    let a = app.post("/api/V1/APD/Refresh", &buyer, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = app.get(&format!("/api/V1/Item/CIP/APD/{cip}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["aau"].as_f64(), a.body["sugg_min"].as_f64(), a.body["sugg_max"].as_f64(), a.body["roq"].as_f64()), (Some(130.0), Some(5.0), Some(120.0), Some(115.0)));
    assert_eq!(a.body["warnings"], json!([]));
    assert_eq!(a.body["usage"].as_array().unwrap().len(), 13);

    let a = app.post("/api/V1/APD/Search", &buyer, json!({"q": "BRG-6204-2RS", "pageSize": 10})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["resultList"][0]["cip_no"], cip);
    assert_eq!(a.body["resultList"][0]["current_max"], 110.0);

    // The warehouse has no APDReview.
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    assert_eq!(app.post("/api/V1/APD/Accept", &warehouse, json!({"cip_nos": [cip]})).await.status, StatusCode::FORBIDDEN);
    // A CIP without a suggestion (or another site's) is not found, and nothing changes.
    let a = app.post("/api/V1/APD/Accept", &buyer, json!({"cip_nos": [cip, 987_654_321]})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    assert_eq!(scalar_f64(&app, &format!("select max_qty::float8 from client_acme.cip where cip_no = {cip}")).await, 110.0);

    let a = app.post("/api/V1/APD/Accept", &buyer, json!({"cip_nos": [cip]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let (min, max, roq): (f64, f64, f64) = sqlx::query_as(&format!("select min_qty::float8, max_qty::float8, reorder_qty::float8 from client_acme.cip where cip_no = {cip}"))
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!((min, max, roq), (5.0, 120.0, 115.0));
    let changes: Value = sqlx::query_scalar(&format!(
        "select changes from asp.audit_event where entity = 'cip' and entity_id = '{cip}' and action = 'cip.replenishment.update' order by audit_event_id desc limit 1"
    ))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(changes["max_qty"], json!({"from": 110.0, "to": 120.0}));
    let a = app.get(&format!("/api/V1/Item/CIP/APD/{cip}"), &buyer).await;
    assert_eq!((a.body["status"].as_i64(), a.body["reviewed"].as_bool()), (Some(2), Some(true)));
    // A refresh computing the same numbers keeps the review.
    app.post("/api/V1/APD/Refresh", &buyer, json!({})).await;
    let a = app.get(&format!("/api/V1/Item/CIP/APD/{cip}"), &buyer).await;
    assert_eq!(a.body["status"], 2);
}

#[tokio::test]
async fn the_refresh_job_is_idempotent_and_a_changed_usage_makes_a_dismissed_suggestion_pending_again() {
    use kernel::jobs::{Job, JobContext, LogLevel};
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let cip = prepare_apd(&app).await;
    let job = stock::apd::job::RefreshSuggestions;
    let snapshot = || async {
        sqlx::query_scalar::<_, String>(
            "select coalesce(string_agg(format('%s %s %s %s %s %s', cip_no, sugg_min, sugg_max, roq, status, coalesce(warn_type_id1, warn_type_id2, warn_type_id3, warn_type_id4, warn_type_id5)), ';' order by cip_no), '')
             from client_acme.apd_suggestion",
        )
        .fetch_one(&app.pool)
        .await
        .unwrap()
    };
    job.run(&JobContext::new(app.pool.clone(), 18, 0, LogLevel::Info)).await.unwrap();
    let first = snapshot().await;
    assert!(first.contains(&format!("{cip} 5.000 120.000 115.000 1")), "{first}");
    assert_eq!(app.post("/api/V1/APD/Dismiss", &buyer, json!({"cip_nos": [cip]})).await.status, StatusCode::OK);
    let dismissed = snapshot().await;
    job.run(&JobContext::new(app.pool.clone(), 18, 0, LogLevel::Info)).await.unwrap();
    assert_eq!(snapshot().await, dismissed, "a second run changes nothing, the dismissal stays");
    // Usage doubles: new numbers, pending again.
    sql(&app, &format!("update client_acme.cip set usage1 = 20, usage2 = 20, usage3 = 20, usage4 = 20, usage5 = 20, usage6 = 20, usage7 = 20, usage8 = 20, usage9 = 20, usage10 = 20, usage11 = 20, usage12 = 20, usage13 = 20 where cip_no = {cip}")).await;
    job.run(&JobContext::new(app.pool.clone(), 18, 0, LogLevel::Info)).await.unwrap();
    let a = app.get(&format!("/api/V1/Item/CIP/APD/{cip}"), &buyer).await;
    assert_eq!((a.body["status"].as_i64(), a.body["sugg_min"].as_f64()), (Some(1), Some(10.0)));
}
