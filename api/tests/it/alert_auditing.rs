//! Alert Auditing: searching sent alerts and their recipients, isolated by client and by site (spec 2).
#![allow(clippy::unwrap_used)]


use chrono::{Datelike, Duration, Utc};
use crate::common::TestApp;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A sent alert: (site code, alert type, po, wo, req, cip, days ago).
struct Sent(&'static str, i64, Option<i64>, Option<i64>, Option<i64>, Option<i64>, i64);

fn schema_of(site_code: &str) -> &'static str {
    if site_code.starts_with("ACME") {
        "client_acme"
    } else {
        "client_gea"
    }
}

/// Inserts a notification the way the alerts feature will, straight into the client's schema; answers its id.
/// The demo seed sends a few alerts per site; these tests count their own.
async fn clear_demo_alerts(app: &TestApp) {
    for schema in ["client_acme", "client_gea"] {
        sqlx::query(&format!("delete from {schema}.notification")).execute(&app.pool).await.unwrap();
    }
}

async fn send(app: &TestApp, n: Sent) -> i64 {
    let Sent(site, type_id, po, wo, req, cip, days_ago) = n;
    // GEA ids start far from ACME's so an id of one client never exists in the other.
    let overriding = if schema_of(site) == "client_gea" { "overriding system value" } else { "" };
    let id_expr = if overriding.is_empty() { "" } else { "notification_id, " };
    let id_value = if overriding.is_empty() { "" } else { "(select coalesce(max(notification_id), 9000) + 1 from client_gea.notification), " };
    sqlx::query_scalar(&format!(
        "insert into {schema}.notification ({id_expr}site_id, type_notification_id, notification_name, subject, po_no, wo_no, req_no, cip_no, cid_no, created_timestamp)
         {overriding}
         select {id_value}site_id, $2, 'Alert at ' || site_code, 'Subject at ' || site_code, $3, $4, $5, $6, 77, now() - make_interval(days => $7::int)
         from asp.site where site_code = $1
         returning notification_id",
        schema = schema_of(site)
    ))
    .bind(site)
    .bind(type_id)
    .bind(po)
    .bind(wo)
    .bind(req)
    .bind(cip)
    .bind(days_ago)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

async fn recipient(app: &TestApp, site: &str, notification_id: i64, username: &str, email: bool) {
    sqlx::query(&format!(
        "insert into {schema}.notification_recipient (site_id, notification_id, username, inbox_sent, email_sent, text_sent, toastr_sent)
         select site_id, $2, $3, true, $4, false, true from asp.site where site_code = $1",
        schema = schema_of(site)
    ))
    .bind(site)
    .bind(notification_id)
    .bind(username)
    .bind(email)
    .execute(&app.pool)
    .await
    .unwrap();
}

fn ids(page: &Value) -> Vec<i64> {
    page["resultList"].as_array().unwrap_or_else(|| panic!("no resultList: {page}")).iter().map(|r| r["notification_id"].as_i64().unwrap()).collect()
}

const SEARCH: &str = "/api/V1/AlertAuditing/Search";

#[tokio::test]
async fn an_admin_searches_the_sites_of_the_current_client_only_until_switching_client() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    let north = send(&app, Sent("ACME-NORTH", 1, Some(1001), None, None, None, 1)).await;
    let south = send(&app, Sent("ACME-SOUTH", 3, Some(1002), None, Some(55), None, 2)).await;
    let gea = send(&app, Sent("GEA-MAIN", 1, Some(1003), None, None, None, 1)).await;
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "ACME-NORTH").await.status, StatusCode::OK);

    let a = app.post(SEARCH, &admin, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(ids(&a.body), vec![north, south], "default sort: notification id ascending");
    assert_eq!(a.body["totalCount"], 2);
    let row = &a.body["resultList"][1];
    assert_eq!(row["notification_type"], "Requisition Approval Needed");
    assert_eq!(row["type_notification_id"], 3);
    assert_eq!(row["po_no"], 1002);
    assert_eq!(row["req_no"], 55);
    assert!(row["wo_no"].is_null());
    assert_eq!(row["cid_no"], 77);
    assert_eq!(row["site_code"], "ACME-SOUTH");
    assert!(row["created_timestamp"].as_str().is_some());

    // GEA rows are not visible from an ACME site, not even by asking for them.
    let other = app.post(SEARCH, &admin, json!({"site_code": "GEA-MAIN"})).await;
    assert_eq!(other.status, StatusCode::FORBIDDEN);
    assert!(other.body["message"].as_str().unwrap().contains("another client"));

    assert_eq!(app.switch(&admin, "GEA-MAIN").await.status, StatusCode::OK);
    let g = app.post(SEARCH, &admin, json!({})).await;
    assert_eq!(ids(&g.body), vec![gea]);
    assert_eq!(g.body["resultList"][0]["site_code"], "GEA-MAIN");
}

#[tokio::test]
async fn the_search_filters_by_numbers_type_site_and_dates() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    let a1 = send(&app, Sent("ACME-NORTH", 1, Some(1001), Some(501), None, Some(9001), 1)).await;
    let a2 = send(&app, Sent("ACME-SOUTH", 4, Some(1002), None, Some(301), None, 3)).await;
    let old = send(&app, Sent("ACME-NORTH", 4, Some(1001), None, None, None, 40)).await;
    let admin = app.login("admin").await;
    app.switch(&admin, "ACME-NORTH").await;

    let by = |body: Value| {
        let app = &app;
        let admin = admin.clone();
        async move {
            let a = app.post(SEARCH, &admin, body.clone()).await;
            assert_eq!(a.status, StatusCode::OK, "{body}: {:?}", a.body);
            ids(&a.body)
        }
    };
    assert_eq!(by(json!({"po_no": "1001"})).await, vec![a1], "40 days back is outside the default window");
    assert_eq!(by(json!({"wo_no": "501"})).await, vec![a1]);
    assert_eq!(by(json!({"req_no": "301"})).await, vec![a2]);
    assert_eq!(by(json!({"cip_no": " 9001 "})).await, vec![a1]);
    assert_eq!(by(json!({"po_no": "", "wo_no": null})).await, vec![a1, a2], "empty inputs mean no filter");
    assert_eq!(by(json!({"alert_type": 4})).await, vec![a2]);
    assert_eq!(by(json!({"alert_type": 0})).await, vec![a1, a2]);
    assert_eq!(by(json!({"site_code": "acme-south"})).await, vec![a2]);
    assert_eq!(by(json!({"site_code": "ACME-NORTH", "alert_type": 4})).await, Vec::<i64>::new());

    let today = Utc::now().date_naive();
    let back = |d: i64| (today - Duration::days(d)).format("%Y-%m-%d").to_string();
    assert_eq!(by(json!({"date_start": back(60)})).await, vec![a1, a2, old]);
    assert_eq!(by(json!({"date_start": back(60), "date_end": back(40)})).await, vec![old], "the end date is inclusive");
    assert_eq!(by(json!({"date_start": back(2), "date_end": back(1)})).await, vec![a1]);
    assert_eq!(by(json!({"date_start": back(60), "sortField": "created_timestamp", "sortDirection": "desc"})).await, vec![a1, a2, old]);
    assert_eq!(by(json!({"date_start": back(60), "sortField": "po_no", "sortDirection": "desc", "pageSize": 20})).await[0], a2);
    let paged = app.post(SEARCH, &admin, json!({"date_start": back(60), "pageSize": 10, "pageNumber": 1})).await;
    assert_eq!(paged.body["resultList"], json!([]));
    assert_eq!(paged.body["totalCount"], 3);
}

#[tokio::test]
async fn the_spec_validation_rules_give_field_errors() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    let admin = app.login("admin").await;
    for (field, label) in [("po_no", "PO Number"), ("wo_no", "Work Order Number"), ("req_no", "Requisition Number"), ("cip_no", "CIP ID")] {
        for bad in ["12a", "-5", "1.5", "1e3", "' or 1=1 --"] {
            let a = app.post(SEARCH, &admin, json!({ field: bad })).await;
            assert_eq!(a.status, StatusCode::BAD_REQUEST, "{field}={bad}");
            assert_eq!(a.body["errors"][0]["field"], field);
            assert_eq!(a.body["errors"][0]["errorType"], "digitsOnly");
            assert_eq!(a.body["errors"][0]["error"], format!("{label} must contain digits only."));
        }
    }
    let two = app.post(SEARCH, &admin, json!({"po_no": "x", "cip_no": "y"})).await;
    let fields: Vec<&str> = two.body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, vec!["po_no", "cip_no"], "every bad field is reported");

    let year = Utc::now().year();
    let early = app.post(SEARCH, &admin, json!({"date_start": format!("{}-12-31", year - 11)})).await;
    assert_eq!(early.status, StatusCode::BAD_REQUEST);
    assert_eq!(early.body["errors"][0]["field"], "date_start");
    assert_eq!(early.body["errors"][0]["error"], format!("Start Date must be on/after 01/01/{}", year - 10));
    let on_bound = app.post(SEARCH, &admin, json!({"date_start": format!("{}-01-01", year - 10)})).await;
    assert_eq!(on_bound.status, StatusCode::OK);
    let late = app.post(SEARCH, &admin, json!({"date_end": format!("{}-01-02", year + 10)})).await;
    assert_eq!(late.status, StatusCode::BAD_REQUEST);
    assert_eq!(late.body["errors"][0]["field"], "date_end");
    assert_eq!(late.body["errors"][0]["error"], format!("End Date must be on/before 01/01/{}", year + 10));
    let reversed = app.post(SEARCH, &admin, json!({"date_start": "2026-03-02", "date_end": "2026-03-01"})).await;
    assert_eq!(reversed.status, StatusCode::BAD_REQUEST);
    assert_eq!(reversed.body["message"], "Start Date can not be greater than the End Date");
    let garbage = app.post(SEARCH, &admin, json!({"date_start": "last tuesday"})).await;
    assert_eq!(garbage.status, StatusCode::BAD_REQUEST);
    assert_eq!(garbage.body["errors"][0]["error"], "Please enter a valid value for Start Date");
    let bad_type = app.post(SEARCH, &admin, json!({"alert_type": -1})).await;
    assert_eq!(bad_type.body["errors"][0]["field"], "alert_type");

    for bad in ["notification_id; drop table client_acme.notification", "n.notification_id", "password_hash"] {
        let a = app.post(SEARCH, &admin, json!({"sortField": bad})).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(a.body["errors"][0]["errorType"], "invalidSortField");
        let u = app.post("/api/V1/AlertAuditing/Users", &admin, json!({"notification_id": 1, "sortField": bad})).await;
        assert_eq!(u.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(u.body["errors"][0]["errorType"], "invalidSortField");
    }
    let still: i64 = sqlx::query_scalar("select count(*) from client_acme.notification").fetch_one(&app.pool).await.unwrap();
    assert_eq!(still, 0);
}

#[tokio::test]
async fn the_info_page_shows_the_header_and_the_recipients_username_descending() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    let south = send(&app, Sent("ACME-SOUTH", 2, Some(1002), None, None, None, 1)).await;
    for (user, email) in [("bbuyer", true), ("zed", false), ("ada", true)] {
        recipient(&app, "ACME-SOUTH", south, user, email).await;
    }
    let admin = app.login("admin").await;
    app.switch(&admin, "ACME-NORTH").await;

    let h = app.get(&format!("/api/V1/AlertAuditing/{south}"), &admin).await;
    assert_eq!(h.status, StatusCode::OK, "{:?}", h.body);
    assert_eq!(h.body["notification_id"], south);
    assert_eq!(h.body["notification_name"], "Alert at ACME-SOUTH");
    assert_eq!(h.body["site_code"], "ACME-SOUTH");
    assert_eq!(h.body["subject"], "Subject at ACME-SOUTH");
    assert!(h.body["created_date"].as_str().is_some());

    let users = app.post("/api/V1/AlertAuditing/Users", &admin, json!({"notification_id": south})).await;
    assert_eq!(users.status, StatusCode::OK, "{:?}", users.body);
    let names: Vec<&str> = users.body["resultList"].as_array().unwrap().iter().map(|r| r["username"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["zed", "bbuyer", "ada"]);
    assert_eq!(users.body["totalCount"], 3);
    let zed = &users.body["resultList"][0];
    assert_eq!((zed["inbox_sent"].as_bool(), zed["email_sent"].as_bool(), zed["text_sent"].as_bool(), zed["toastr_sent"].as_bool()), (Some(true), Some(false), Some(false), Some(true)));
    assert!(zed["created_date"].as_str().is_some());
    let by_email = app.post("/api/V1/AlertAuditing/Users", &admin, json!({"notification_id": south, "sortField": "email_sent", "sortDirection": "asc", "pageSize": 20})).await;
    assert_eq!(by_email.body["resultList"][0]["username"], "zed");
    let ten = app.post("/api/V1/AlertAuditing/Users", &admin, json!({"notification_id": south, "pageSize": 10, "pageNumber": 0, "sortField": "username", "sortDirection": "asc"})).await;
    assert_eq!(ten.body["resultList"][0]["username"], "ada");

    let missing_id = app.post("/api/V1/AlertAuditing/Users", &admin, json!({})).await;
    assert_eq!(missing_id.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing_id.body["errors"][0]["field"], "notification_id");
    assert_eq!(app.get("/api/V1/AlertAuditing/987654", &admin).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_notification_of_another_client_answers_404_until_switching_to_that_client() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    let gea = send(&app, Sent("GEA-MAIN", 1, Some(1003), None, None, None, 1)).await;
    recipient(&app, "GEA-MAIN", gea, "gea-user", true).await;
    let acme: i64 = sqlx::query_scalar("select count(*) from client_acme.notification where notification_id = $1").bind(gea).fetch_one(&app.pool).await.unwrap();
    assert_eq!(acme, 0, "the id does not exist in the ACME schema");
    let admin = app.login("admin").await;
    app.switch(&admin, "ACME-NORTH").await;

    let h = app.get(&format!("/api/V1/AlertAuditing/{gea}"), &admin).await;
    assert_eq!(h.status, StatusCode::NOT_FOUND);
    assert_eq!(h.body["message"], "The alert notification you are trying to find does not exist.");
    let u = app.post("/api/V1/AlertAuditing/Users", &admin, json!({"notification_id": gea})).await;
    assert_eq!(u.status, StatusCode::NOT_FOUND);

    app.switch(&admin, "GEA-MAIN").await;
    assert_eq!(app.get(&format!("/api/V1/AlertAuditing/{gea}"), &admin).await.status, StatusCode::OK);
    let u = app.post("/api/V1/AlertAuditing/Users", &admin, json!({"notification_id": gea})).await;
    assert_eq!(u.body["resultList"][0]["username"], "gea-user");
}

#[tokio::test]
async fn sites_where_the_caller_is_not_an_administrator_are_left_out_and_their_alerts_are_404() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    // The admin keeps access to ACME-SOUTH but as a plain buyer there.
    sqlx::query(
        "update asp.user_site_role set security_role_id = (select security_role_id from asp.security_role where role_name = 'Buyer')
         where asp_users_id = (select asp_users_id from asp.asp_users where user_id = 'admin')
           and site_id = (select site_id from asp.site where site_code = 'ACME-SOUTH')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let north = send(&app, Sent("ACME-NORTH", 1, Some(1001), None, None, None, 1)).await;
    let south = send(&app, Sent("ACME-SOUTH", 1, Some(1002), None, None, None, 1)).await;
    recipient(&app, "ACME-SOUTH", south, "someone", true).await;
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "ACME-NORTH").await.status, StatusCode::OK);

    assert_eq!(ids(&app.post(SEARCH, &admin, json!({})).await.body), vec![north]);
    let sites = app.get("/api/V1/Type/GetAllSiteCodes", &admin).await;
    assert_eq!(sites.body.as_array().unwrap().iter().map(|s| s["site_code"].as_str().unwrap()).collect::<Vec<_>>(), vec!["ACME-NORTH"]);
    let asked = app.post(SEARCH, &admin, json!({"site_code": "ACME-SOUTH"})).await;
    assert_eq!(asked.status, StatusCode::FORBIDDEN);
    let unknown = app.post(SEARCH, &admin, json!({"site_code": "NO-SUCH-SITE"})).await;
    assert_eq!(unknown.status, StatusCode::FORBIDDEN);
    assert_eq!(unknown.body["message"], "You do not have access to this site.");
    assert_eq!(app.get(&format!("/api/V1/AlertAuditing/{south}"), &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.post("/api/V1/AlertAuditing/Users", &admin, json!({"notification_id": south})).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn alert_types_and_site_codes_feed_the_search_form() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    let admin = app.login("admin").await;
    app.switch(&admin, "ACME-SOUTH").await;
    let types = app.get("/api/V1/Type/GetAllAlertTypes", &admin).await;
    assert_eq!(types.status, StatusCode::OK);
    let list = types.body.as_array().unwrap();
    assert_eq!(
        list.len(),
        20,
        "the types of global migrations 0004, 0043 and 0047"
    );
    assert_eq!(
        list[0],
        json!({"type_notification_id": 12, "description": "Catalogue Costs Changed"}),
        "ordered by description"
    );

    let one = app
        .get("/api/V1/AlertAuditing/Type?type_id=3", &admin)
        .await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.body, json!({"type_notification_id": 3, "description": "Requisition Approval Needed"}));
    assert_eq!(app.get("/api/V1/AlertAuditing/Type?type_id=999", &admin).await.status, StatusCode::NOT_FOUND);
    let missing = app.get("/api/V1/AlertAuditing/Type", &admin).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.body["errors"][0]["field"], "type_id");
    assert_eq!(app.get("/api/V1/AlertAuditing/Type?type_id=abc", &admin).await.status, StatusCode::BAD_REQUEST);

    let sites = app.get("/api/V1/Type/GetAllSiteCodes", &admin).await;
    assert_eq!(sites.status, StatusCode::OK);
    let north = app.site_id("ACME-NORTH").await;
    let south = app.site_id("ACME-SOUTH").await;
    assert_eq!(sites.body, json!([{"site_id": north, "site_code": "ACME-NORTH"}, {"site_id": south, "site_code": "ACME-SOUTH"}]));
    app.switch(&admin, "GEA-POR").await;
    let gea = app.get("/api/V1/Type/GetAllSiteCodes", &admin).await;
    let codes: Vec<&str> = gea.body.as_array().unwrap().iter().map(|s| s["site_code"].as_str().unwrap()).collect();
    assert_eq!(codes, vec!["GEA-MAIN", "GEA-POR"]);
}

#[tokio::test]
async fn the_search_exports_a_workbook() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    send(&app, Sent("ACME-NORTH", 1, Some(1001), None, None, None, 1)).await;
    let admin = app.login("admin").await;
    let columns = json!([{"field": "notification_id", "header": "Id", "kind": "number"}, {"field": "notification_type", "header": "Type"}, {"field": "created_timestamp", "header": "Date", "kind": "datetime"}]);
    let a = app.post("/api/V1/AlertAuditing/Search/Export", &admin, json!({"po_no": "1001", "columns": columns})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.headers["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert!(a.body.as_str().unwrap().starts_with("PK"));
    let bad = app.post("/api/V1/AlertAuditing/Search/Export", &admin, json!({"po_no": "10a", "columns": columns})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"][0]["field"], "po_no");
}

#[tokio::test]
async fn non_admins_get_403_on_every_alert_auditing_operation() {
    let app = TestApp::spawn().await;
    clear_demo_alerts(&app).await;
    let id = send(&app, Sent("ACME-NORTH", 1, Some(1001), None, None, None, 1)).await;
    let buyer = app.login("buyer").await;
    let posts = [
        (SEARCH, json!({})),
        ("/api/V1/AlertAuditing/Search/Export", json!({"columns": [{"field": "notification_id", "header": "Id"}]})),
        ("/api/V1/AlertAuditing/Users", json!({"notification_id": id})),
    ];
    for (path, body) in posts {
        let a = app.post(path, &buyer, body).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(a.body["message"], "You do not have permission: FSSConnectAdmin");
    }
    for path in [format!("/api/V1/AlertAuditing/{id}"), "/api/V1/AlertAuditing/Type?type_id=1".to_owned(), "/api/V1/Type/GetAllAlertTypes".to_owned(), "/api/V1/Type/GetAllSiteCodes".to_owned()] {
        let a = app.get(&path, &buyer).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}");
    }
    let anonymous = app.request(reqwest::Method::POST, SEARCH, None, Some(json!({}))).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}
