//! Staff console resources: the simple-rest adapter (`/api/admin/...`) and the spec's user search, over a real
//! database, Redis and HTTP.
#![allow(clippy::unwrap_used)]


use std::time::{Duration, Instant};

use crate::common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

fn enc(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// `/api/admin/<resource>?sort=..&range=..&filter=..` with each part JSON-encoded as react-admin sends it.
fn list_url(resource: &str, sort: Option<Value>, range: Option<Value>, filter: Option<Value>) -> String {
    let mut parts = Vec::new();
    if let Some(s) = sort {
        parts.push(format!("sort={}", enc(&s.to_string())));
    }
    if let Some(r) = range {
        parts.push(format!("range={}", enc(&r.to_string())));
    }
    if let Some(f) = filter {
        parts.push(format!("filter={}", enc(&f.to_string())));
    }
    format!("/api/admin/{resource}?{}", parts.join("&"))
}

fn content_range(a: &crate::common::Answer) -> String {
    a.headers.get("content-range").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v.as_array().unwrap().iter().map(|r| r[key].as_str().unwrap_or_default().to_owned()).collect()
}

fn error_type(a: &crate::common::Answer) -> (String, String) {
    let e = &a.body["errors"][0];
    (e["field"].as_str().unwrap_or_default().to_owned(), e["errorType"].as_str().unwrap_or_default().to_owned())
}

async fn login_as(app: &TestApp, user: &str, password: &str) -> String {
    let a = app.try_login(user, password).await;
    assert_eq!(a.status, StatusCode::OK, "login as {user}: {:?}", a.body);
    a.body["access_token"].as_str().unwrap().to_owned()
}

async fn role_id(app: &TestApp, name: &str) -> i64 {
    sqlx::query_scalar("select security_role_id from asp.security_role where role_name = $1").bind(name).fetch_one(&app.pool).await.unwrap()
}

async fn permission_id(app: &TestApp, name: &str) -> i64 {
    sqlx::query_scalar("select security_permission_id from asp.security_permission where permission_name = $1")
        .bind(name)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn context_permissions(app: &TestApp, token: &str) -> Vec<String> {
    let ctx = app.context(token).await;
    ctx["permissions"].as_array().unwrap().iter().map(|p| p["permission_name"].as_str().unwrap().to_owned()).collect()
}

/// Polls the caller's context until `check` holds (authorization changes arrive by database notification).
async fn wait_for_permissions(app: &TestApp, token: &str, check: impl Fn(&[String]) -> bool) -> Vec<String> {
    let started = Instant::now();
    loop {
        let perms = context_permissions(app, token).await;
        if check(&perms) || started.elapsed() > Duration::from_secs(10) {
            return perms;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn audit_count(app: &TestApp, entity: &str, id: i64, actor: i64) -> i64 {
    sqlx::query_scalar("select count(*) from asp.audit_event where entity = $1 and entity_id = $2 and actor_user_id = $3")
        .bind(entity)
        .bind(id.to_string())
        .bind(actor)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn lists_honour_sort_range_and_filter_and_answer_content_range() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;

    // Seven demo users, sorted by sign-in name.
    let a = app.get(&list_url("users", Some(json!(["user_id", "ASC"])), Some(json!([0, 2])), Some(json!({}))), &admin).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(strings(&a.body, "user_id"), ["admin", "buyer", "customer"]);
    assert_eq!(content_range(&a), "users 0-2/7");
    assert!(a.body[0]["id"].as_i64().is_some());
    assert!(a.body[0]["site_ids"].as_array().unwrap().len() == 4);
    assert!(a.body[0].get("password").is_none() && a.body[0].get("password_hash").is_none());

    let a = app.get(&list_url("users", Some(json!(["user_id", "DESC"])), Some(json!([2, 3])), None), &admin).await;
    assert_eq!(strings(&a.body, "user_id"), ["supplier", "punchin"]);
    assert_eq!(content_range(&a), "users 2-3/7");

    let a = app.get(&list_url("users", None, Some(json!([0, 9])), Some(json!({"q": "bu"}))), &admin).await;
    assert_eq!(strings(&a.body, "user_id"), ["buyer"]);
    assert_eq!(content_range(&a), "users 0-0/1");

    // Wildcards in q are text, not patterns.
    let a = app.get(&list_url("users", None, None, Some(json!({"q": "%"}))), &admin).await;
    assert_eq!(content_range(&a), "users */0");

    let a = app.get(&list_url("users", None, Some(json!([100, 109])), None), &admin).await;
    assert_eq!(a.body, json!([]));
    assert_eq!(content_range(&a), "users */7");

    let gea_main = app.site_id("GEA-MAIN").await;
    let a = app.get(&list_url("users", Some(json!(["user_id", "ASC"])), None, Some(json!({"site_id": gea_main, "is_active": true}))), &admin).await;
    assert_eq!(strings(&a.body, "user_id"), ["admin", "customer", "punchin", "support"]);

    // getMany: filter by ids.
    let ids = [app.user_id("buyer").await, app.user_id("support").await];
    let a = app.get(&list_url("users", None, None, Some(json!({"id": ids}))), &admin).await;
    assert_eq!(content_range(&a), "users 0-1/2");

    let a = app.get(&list_url("roles", Some(json!(["role_name", "ASC"])), Some(json!([0, 1])), None), &admin).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(strings(&a.body, "role_name"), ["Administrator", "Buyer"]);
    assert_eq!(content_range(&a), "roles 0-1/7");
    assert!(a.body[1]["permission_ids"].as_array().unwrap().contains(&json!(2002)));

    let a = app.get(&list_url("permissions", Some(json!(["id", "DESC"])), Some(json!([0, 0])), None), &admin).await;
    // The newest catalogue entry (every issue adds permissions, so read it rather than name it).
    let newest: String = sqlx::query_scalar("select permission_name from asp.security_permission order by security_permission_id desc limit 1")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(strings(&a.body, "permission_name"), [newest.as_str()]);
    assert!(content_range(&a).starts_with("permissions 0-0/"));

    let a = app.get(&list_url("sites", Some(json!(["site_code", "DESC"])), None, Some(json!({"q": "acme"}))), &admin).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(strings(&a.body, "site_code"), ["ACME-SOUTH", "ACME-NORTH"]);
    assert_eq!(a.body[0]["client_code"], "ACME");
    assert_eq!(content_range(&a), "sites 0-1/2");

    // The header is readable by the console on another origin.
    let origin = app.settings.cors_origins.first().cloned().unwrap_or_default();
    if !origin.is_empty() {
        let resp = app.client.get(format!("{}{}", app.base, list_url("sites", None, None, None))).bearer_auth(&admin).header("origin", &origin).send().await.unwrap();
        crate::common::assert_documented("/api/admin/sites", resp.status(), resp.headers());
        let exposed = resp.headers().get("access-control-expose-headers").and_then(|v| v.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
        assert!(exposed.contains("content-range"), "{exposed}");
    }

    let a = app.get(&format!("/api/admin/users/{}", app.user_id("buyer").await), &admin).await;
    assert_eq!(a.body["user_id"], "buyer");
    assert_eq!(app.get("/api/admin/users/999999", &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/admin/roles/999999", &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/admin/sites/999999", &admin).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn malicious_or_malformed_list_parameters_are_400() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    for resource in ["users", "roles", "permissions", "sites"] {
        for field in ["id; drop table asp.asp_users", "password_hash", "1", "(select 1)"] {
            let a = app.get(&list_url(resource, Some(json!([field, "ASC"])), None, None), &admin).await;
            assert_eq!(a.status, StatusCode::BAD_REQUEST, "{resource} sort {field}: {:?}", a.body);
            assert_eq!(error_type(&a), ("sort".to_owned(), "invalidSortField".to_owned()));
        }
        let a = app.get(&list_url(resource, Some(json!(["id", "SIDEWAYS"])), None, None), &admin).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST);
        let a = app.get(&list_url(resource, None, Some(json!([9, 0])), None), &admin).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST);
        let a = app.get(&format!("/api/admin/{resource}?filter=not-json"), &admin).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST);
    }
    let a = app.get(&list_url("users", None, None, Some(json!({"is_active": "yes"}))), &admin).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    // Nothing was harmed.
    let a = app.get(&list_url("users", None, None, None), &admin).await;
    assert_eq!(content_range(&a), "users 0-6/7");
}

#[tokio::test]
async fn a_buyer_is_refused_on_every_console_route() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let admin_id = app.user_id("admin").await;
    let mut checked = 0;
    for resource in ["users", "roles", "permissions", "sites"] {
        let one = format!("/api/admin/{resource}/{admin_id}");
        let list = format!("/api/admin/{resource}");
        for (method, path, body) in [
            (Method::GET, list.clone(), None),
            (Method::GET, one.clone(), None),
            (Method::POST, list.clone(), Some(json!({"user_id": "intruder", "password": "Intruder@1", "role_name": "X", "permission_name": "X", "site_code": "X", "site_name": "X", "client_id": 1}))),
            (Method::PUT, one.clone(), Some(json!({"is_active": false, "permission_ids": []}))),
            (Method::DELETE, one.clone(), None),
        ] {
            let a = app.request(method.clone(), &path, Some(&buyer), body).await;
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{method} {path}: {:?}", a.body);
            checked += 1;
        }
    }
    let a = app.post("/api/V1/User/Search/", &buyer, json!({})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{:?}", a.body);
    assert_eq!(checked, 20);
    // And nothing changed.
    let active: bool = sqlx::query_scalar("select is_active from asp.asp_users where asp_users_id = $1").bind(admin_id).fetch_one(&app.pool).await.unwrap();
    assert!(active);
    let intruders: i64 = sqlx::query_scalar("select count(*) from asp.asp_users where user_id = 'intruder'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(intruders, 0);
}

#[tokio::test]
async fn users_are_created_updated_and_deactivated_with_their_access() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let admin_id = app.user_id("admin").await;
    let north = app.site_id("ACME-NORTH").await;
    let south = app.site_id("ACME-SOUTH").await;
    let buyer_role = role_id(&app, "Buyer").await;
    let warehouse_role = role_id(&app, "Warehouse").await;

    let new_user = json!({
        "user_id": "newbie", "fname": "Nia", "lname": "Newbie", "email": "nia@demo.example",
        "is_active": true, "is_locked": false, "fss_employee": false, "supplier_portal_user": false,
        "customer_portal_user": false, "is_punchin_user": false, "password": "Newbie@pass1",
        "site_ids": [south, north, north], "roles": [{"site_id": north, "security_role_id": buyer_role}]
    });

    // Bad input: every problem is named, nothing is written.
    let mut bad = new_user.clone();
    bad["password"] = json!("short");
    bad["roles"] = json!([{"site_id": app.site_id("GEA-MAIN").await, "security_role_id": buyer_role}]);
    bad["email"] = json!("not-an-email");
    let a = app.post("/api/admin/users", &admin, bad).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let fields: Vec<&str> = a.body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert!(fields.contains(&"password") && fields.contains(&"roles") && fields.contains(&"email"), "{fields:?}");
    let mut bad = new_user.clone();
    bad.as_object_mut().unwrap().remove("password");
    assert_eq!(app.post("/api/admin/users", &admin, bad).await.status, StatusCode::BAD_REQUEST);
    let mut bad = new_user.clone();
    bad["site_ids"] = json!([north, 999999]);
    assert_eq!(app.post("/api/admin/users", &admin, bad).await.status, StatusCode::BAD_REQUEST);
    let mut bad = new_user.clone();
    bad["site_ids"] = json!("north");
    assert_eq!(app.post("/api/admin/users", &admin, bad).await.status, StatusCode::BAD_REQUEST);

    let a = app.post("/api/admin/users", &admin, new_user.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["id"].as_i64().unwrap();
    assert_eq!(a.body["user_id"], "newbie");
    assert_eq!(a.body["site_ids"], json!([north, south]));
    assert_eq!(a.body["roles"], json!([{"site_id": north, "security_role_id": buyer_role}]));
    assert!(a.body["password_expiration_Date"].is_string());
    assert!(a.body.get("password").is_none());
    assert_eq!(audit_count(&app, "asp_users", id, admin_id).await, 1);

    // The user id is unique, whatever the case.
    let mut dup = new_user.clone();
    dup["user_id"] = json!("NEWBIE");
    assert_eq!(app.post("/api/admin/users", &admin, dup).await.status, StatusCode::CONFLICT);

    // The new user signs in and holds the role's permissions at the granted site.
    let newbie = login_as(&app, "newbie", "Newbie@pass1").await;
    let perms = context_permissions(&app, &newbie).await;
    assert!(perms.iter().any(|p| p == "Buyer"), "{perms:?}");

    // Update with the full record (as react-admin sends it): access replaced.
    let mut record = a.body.clone();
    record["fname"] = json!("Nina");
    record["site_ids"] = json!([south]);
    record["roles"] = json!([{"site_id": south, "security_role_id": warehouse_role}]);
    let a = app.put(&format!("/api/admin/users/{id}"), &admin, record.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["fname"], "Nina");
    assert_eq!(a.body["site_ids"], json!([south]));
    assert_eq!(a.body["roles"], json!([{"site_id": south, "security_role_id": warehouse_role}]));
    let rows: i64 = sqlx::query_scalar("select count(*) from asp.user_site_role where asp_users_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 1);
    let changes: Value = sqlx::query_scalar(
        "select changes from asp.audit_event where entity = 'asp_users' and entity_id = $1 and action = 'user.update' order by audit_event_id desc limit 1",
    )
    .bind(id.to_string())
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(changes["fname"], json!({"from": "Nia", "to": "Nina"}));
    assert!(changes.get("lname").is_none());

    // A role at a site the user does not have is refused; so is a password change here.
    let mut bad = record.clone();
    bad["roles"] = json!([{"site_id": north, "security_role_id": buyer_role}]);
    let a = app.put(&format!("/api/admin/users/{id}"), &admin, bad).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_type(&a), ("roles".to_owned(), "siteNotGranted".to_owned()));
    let mut bad = record.clone();
    bad["password"] = json!("Other@pass1");
    assert_eq!(app.put(&format!("/api/admin/users/{id}"), &admin, bad).await.status, StatusCode::BAD_REQUEST);
    let mut bad = record.clone();
    bad["user_id"] = json!("BUYER");
    assert_eq!(app.put(&format!("/api/admin/users/{id}"), &admin, bad).await.status, StatusCode::CONFLICT);
    assert_eq!(app.put("/api/admin/users/999999", &admin, record.clone()).await.status, StatusCode::NOT_FOUND);

    // Nobody deactivates themselves.
    assert_eq!(app.delete(&format!("/api/admin/users/{admin_id}"), &admin).await.status, StatusCode::BAD_REQUEST);

    // Delete = deactivate: the record is answered, the sessions end, sign-in is refused.
    let a = app.delete(&format!("/api/admin/users/{id}"), &admin).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["id"], id);
    assert_eq!(a.body["is_active"], false);
    assert_eq!(app.get("/api/V1/Site/UserContext", &newbie).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.try_login("newbie", "Newbie@pass1").await.status, StatusCode::UNAUTHORIZED);
    let a = app.get(&format!("/api/admin/users/{id}"), &admin).await;
    assert_eq!(a.body["is_active"], false);
    assert_eq!(audit_count(&app, "asp_users", id, admin_id).await, 3);
}

#[tokio::test]
async fn a_role_permission_change_reaches_the_holders_context() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let buyer = app.login("buyer").await;
    let buyer_role = role_id(&app, "Buyer").await;
    let markup = permission_id(&app, "CreateMarkup").await;
    let rfq = permission_id(&app, "RFQBuyer").await;

    let before = context_permissions(&app, &buyer).await;
    assert!(before.iter().any(|p| p == "RFQBuyer") && !before.iter().any(|p| p == "CreateMarkup"), "{before:?}");

    let role = app.get(&format!("/api/admin/roles/{buyer_role}"), &admin).await.body;
    let mut ids: Vec<i64> = role["permission_ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).filter(|p| *p != rfq).collect();
    ids.push(markup);
    let mut record = role.clone();
    record["permission_ids"] = json!(ids);
    let a = app.put(&format!("/api/admin/roles/{buyer_role}"), &admin, record).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(a.body["permission_ids"].as_array().unwrap().contains(&json!(markup)));

    let after = wait_for_permissions(&app, &buyer, |p| p.iter().any(|x| x == "CreateMarkup") && !p.iter().any(|x| x == "RFQBuyer")).await;
    assert!(after.iter().any(|p| p == "CreateMarkup"), "{after:?}");
    assert!(!after.iter().any(|p| p == "RFQBuyer"), "{after:?}");

    // Unknown permissions are a 400, a taken name a 409; create and delete round trip.
    let a = app.put(&format!("/api/admin/roles/{buyer_role}"), &admin, json!({"permission_ids": [424242]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_type(&a).0, "permission_ids");
    let a = app.post("/api/admin/roles", &admin, json!({"role_name": "Buyer"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    let a = app.post("/api/admin/roles", &admin, json!({"role_name": "Auditor", "description": "Reads", "permission_ids": [1, 1]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["permission_ids"], json!([1]));
    let auditor = a.body["id"].as_i64().unwrap();
    let a = app.delete(&format!("/api/admin/roles/{auditor}"), &admin).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["role_name"], "Auditor");
    assert_eq!(app.get(&format!("/api/admin/roles/{auditor}"), &admin).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn permissions_protect_the_catalogue_and_number_new_ones_from_10000() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let a = app.post("/api/admin/permissions", &admin, json!({"permission_name": "ReportDesigner", "description": "Design reports"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["id"], 10000);
    let a = app.post("/api/admin/permissions", &admin, json!({"permission_name": "ReportViewer"})).await;
    assert_eq!(a.body["id"], 10001);
    assert_eq!(app.post("/api/admin/permissions", &admin, json!({"permission_name": "ReportViewer"})).await.status, StatusCode::CONFLICT);
    assert_eq!(app.post("/api/admin/permissions", &admin, json!({"permission_name": "bad name"})).await.status, StatusCode::BAD_REQUEST);

    // The specification's catalogue (and ASP's own) keeps its names and entries.
    let a = app.put("/api/admin/permissions/1004", &admin, json!({"id": 1004, "permission_name": "Approve", "description": "x"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_type(&a), ("permission_name".to_owned(), "protectedPermission".to_owned()));
    let a = app.put("/api/admin/permissions/1004", &admin, json!({"id": 1004, "permission_name": "ApproveRequisition", "description": "Approves"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["description"], "Approves");
    for id in [1, 2022, 3000] {
        assert_eq!(app.delete(&format!("/api/admin/permissions/{id}"), &admin).await.status, StatusCode::BAD_REQUEST, "{id}");
    }
    let a = app.put("/api/admin/permissions/10001", &admin, json!({"permission_name": "ReportReader"})).await;
    assert_eq!(a.body["permission_name"], "ReportReader");
    let a = app.delete("/api/admin/permissions/10001", &admin).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body, json!({"id": 10001, "permission_name": "ReportReader", "description": ""}));
    assert_eq!(app.get("/api/admin/permissions/10001", &admin).await.status, StatusCode::NOT_FOUND);

    // A user administrator without AddPermissions or FSSConnectAdmin cannot add to the catalogue.
    let north = app.site_id("ACME-NORTH").await;
    let perms = [permission_id(&app, "BasicAccess").await, permission_id(&app, "UserAdminInternal").await];
    let role = app.post("/api/admin/roles", &admin, json!({"role_name": "UserAdmins", "permission_ids": perms})).await;
    assert_eq!(role.status, StatusCode::OK, "{:?}", role.body);
    let a = app
        .post(
            "/api/admin/users",
            &admin,
            json!({"user_id": "useradmin", "password": "Useradmin@1", "site_ids": [north], "roles": [{"site_id": north, "security_role_id": role.body["id"]}]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let useradmin = login_as(&app, "useradmin", "Useradmin@1").await;
    assert_eq!(app.get("/api/admin/permissions", &useradmin).await.status, StatusCode::OK);
    let a = app.post("/api/admin/permissions", &useradmin, json!({"permission_name": "Sneaky"})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{:?}", a.body);
}

#[tokio::test]
async fn sites_are_created_with_upper_case_unique_codes_and_deactivated() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let acme: i64 = sqlx::query_scalar("select client_id from asp.client where client_code = 'ACME'").fetch_one(&app.pool).await.unwrap();
    let gea: i64 = sqlx::query_scalar("select client_id from asp.client where client_code = 'GEA'").fetch_one(&app.pool).await.unwrap();
    let site = json!({"site_code": " acme-west ", "site_name": "Acme West", "client_id": acme, "erp_type_id": 7, "is_active": true,
                      "customer_portal_catalog": false, "asp8_rfq": false, "show_ctb_usage": true});
    let a = app.post("/api/admin/sites", &admin, site.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["id"].as_i64().unwrap();
    assert_eq!(a.body["site_code"], "ACME-WEST");
    assert_eq!(a.body["client_code"], "ACME");
    assert_eq!(a.body["show_ctb_usage"], true);
    assert_eq!(app.post("/api/admin/sites", &admin, site.clone()).await.status, StatusCode::CONFLICT);
    let mut bad = site.clone();
    bad["site_code"] = json!("ACME-EAST");
    bad["client_id"] = json!(999999);
    let a = app.post("/api/admin/sites", &admin, bad).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_type(&a), ("client_id".to_owned(), "unknownClient".to_owned()));
    let mut bad = site.clone();
    bad["site_code"] = json!("has space");
    assert_eq!(app.post("/api/admin/sites", &admin, bad).await.status, StatusCode::BAD_REQUEST);

    let mut record = a_site(&app, &admin, id).await;
    record["site_name"] = json!("Acme West Works");
    record["site_code"] = json!("acme-w");
    let a = app.put(&format!("/api/admin/sites/{id}"), &admin, record.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["site_code"].as_str(), a.body["site_name"].as_str()), (Some("ACME-W"), Some("Acme West Works")));
    let mut moved = record.clone();
    moved["client_id"] = json!(gea);
    assert_eq!(app.put(&format!("/api/admin/sites/{id}"), &admin, moved).await.status, StatusCode::BAD_REQUEST);
    let mut clash = record.clone();
    clash["site_code"] = json!("acme-north");
    assert_eq!(app.put(&format!("/api/admin/sites/{id}"), &admin, clash).await.status, StatusCode::CONFLICT);

    let a = app.delete(&format!("/api/admin/sites/{id}"), &admin).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["is_active"], false);
    let rows: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity = 'site' and entity_id = $1 and client_id = $2")
        .bind(id.to_string())
        .bind(acme)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(rows, 3);
}

async fn a_site(app: &TestApp, token: &str, id: i64) -> Value {
    app.get(&format!("/api/admin/sites/{id}"), token).await.body
}

// ---------------------------------------------------------------- the spec's user search

/// The user search is served by the application itself.
async fn search_base(app: &TestApp) -> String {
    app.base.clone()
}

async fn search(app: &TestApp, base: &str, token: &str, body: Value) -> crate::common::Answer {
    // The spec writes the path with a trailing slash; the application answers it.
    let path = "/api/V1/User/Search/";
    let resp = app.client.post(format!("{base}{path}")).bearer_auth(token).json(&body).send().await.unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    crate::common::assert_documented(path, status, &headers);
    let text = resp.text().await.unwrap_or_default();
    crate::common::Answer { status, body: serde_json::from_str(&text).unwrap_or(Value::String(text)), headers }
}

#[tokio::test]
async fn the_user_search_pages_sorts_filters_and_refuses_unknown_sort_fields() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let base = search_base(&app).await;
    // 7 demo users + 12 more = 19.
    sqlx::query("insert into asp.asp_users (user_id, fname, lname) select 'zz' || lpad(n::text, 2, '0'), 'Zed', 'Z' || n from generate_series(1, 12) n")
        .execute(&app.pool)
        .await
        .unwrap();

    let a = search(&app, &base, &admin, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 19);
    assert_eq!(a.body["resultList"].as_array().unwrap().len(), 10);
    assert_eq!(a.body["limited"], false);
    assert_eq!(a.body["resultList"][0]["user_id"], "admin");
    assert!(a.body["resultList"][0]["asp_users_id"].is_i64());

    let a = search(&app, &base, &admin, json!({"pageNumber": 1, "pageSize": 10, "sortField": "user_id", "sortDirection": "asc"})).await;
    let page: Vec<String> = strings(&a.body["resultList"], "user_id");
    assert_eq!(page.len(), 9);
    assert_eq!(page.first().map(String::as_str), Some("zz04"));
    let b = search(&app, &base, &admin, json!({"pageIndex": 1, "pageSize": 10, "sortField": "user_id", "sortDirection": "asc"})).await;
    assert_eq!(strings(&b.body["resultList"], "user_id"), page);

    let a = search(&app, &base, &admin, json!({"pageSize": 20, "sortField": "username", "sortDirection": "desc"})).await;
    let all = strings(&a.body["resultList"], "user_id");
    assert_eq!(all.len(), 19);
    assert_eq!(all.first().map(String::as_str), Some("zz12"));
    assert_eq!(all.last().map(String::as_str), Some("admin"));

    let a = search(&app, &base, &admin, json!({"isCustomerPortalUser": true, "sortField": "user_id"})).await;
    assert_eq!(strings(&a.body["resultList"], "user_id"), ["customer", "punchin"]);
    let a = search(&app, &base, &admin, json!({"hasAccessToSiteCode": "gea-main"})).await;
    assert_eq!(strings(&a.body["resultList"], "user_id"), ["admin", "customer", "punchin", "support"]);
    let gea_por = app.site_id("GEA-POR").await;
    let a = search(&app, &base, &admin, json!({"hasAccessToSiteId": gea_por, "isEmployee": true})).await;
    assert_eq!(strings(&a.body["resultList"], "user_id"), ["admin", "support"]);
    let a = search(&app, &base, &admin, json!({"username": "SUP", "isActive": true})).await;
    assert_eq!(strings(&a.body["resultList"], "user_id"), ["supplier", "support"]);
    let a = search(&app, &base, &admin, json!({"fname": "zed", "lname": "z1"})).await;
    assert_eq!(a.body["totalCount"], 4);
    let a = search(&app, &base, &admin, json!({"email": "_"})).await;
    assert_eq!(a.body["totalCount"], 0);

    for bad in ["password_hash", "user_id; drop table asp.asp_users", "u.user_id"] {
        let a = search(&app, &base, &admin, json!({"sortField": bad})).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{bad}: {:?}", a.body);
        assert_eq!(error_type(&a), ("sortField".to_owned(), "invalidSortField".to_owned()));
    }
    let a = search(&app, &base, &admin, json!({"pageSize": 15})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_type(&a).0, "pageSize");
    let a = search(&app, &base, &admin, json!({"sortDirection": "up"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = search(&app, &base, &admin, json!({"pageNumber": -1})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    let buyer = app.login("buyer").await;
    assert_eq!(search(&app, &base, &buyer, json!({})).await.status, StatusCode::FORBIDDEN);

    // The neighbouring `/V1/User/{id}` route still answers beside the search.
    let resp = app.client.get(format!("{base}/api/V1/User/{}", app.user_id("buyer").await)).bearer_auth(&buyer).send().await.unwrap();
    crate::common::assert_documented("/api/V1/User/{id}", resp.status(), resp.headers());
    assert_eq!(resp.status(), StatusCode::OK);
}

/// The spec-shaped user search is an operation of the application's document.
#[test]
fn the_user_search_is_part_of_the_api_document() {
    let doc: Value = serde_json::from_str(&api::openapi::document()).unwrap();
    let op = &doc["paths"]["/V1/User/Search"]["post"];
    assert_eq!(op["operationId"], "userPostSearch", "add UserSearchApi to api::openapi::Apis");
    assert_eq!(api::openapi::permission_line(op), Some("Permissions: FSSConnectAdmin or UserAdminInternal or SuperUserAdmin"));
}

#[tokio::test]
async fn a_user_administrator_cannot_grant_rights_beyond_their_own() {
    let app = TestApp::spawn().await;
    // A user administrator at ACME-NORTH holding only BasicAccess and UserAdminInternal.
    sqlx::query("insert into asp.security_role (role_name) values ('UserAdmins')").execute(&app.pool).await.unwrap();
    sqlx::query("insert into asp.security_role_permission (security_role_id, security_permission_id) select r.security_role_id, p.security_permission_id from asp.security_role r, asp.security_permission p where r.role_name = 'UserAdmins' and p.permission_name in ('BasicAccess', 'UserAdminInternal')")
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("insert into asp.user_site_role (asp_users_id, site_id, security_role_id) select u.asp_users_id, s.site_id, r.security_role_id from asp.asp_users u, asp.site s, asp.security_role r where u.user_id = 'warehouse' and s.site_code = 'ACME-NORTH' and r.role_name = 'UserAdmins'")
        .execute(&app.pool)
        .await
        .unwrap();
    let useradmin = app.login("warehouse").await;
    let north = app.site_id("ACME-NORTH").await;
    let admin_role: i64 = sqlx::query_scalar("select security_role_id from asp.security_role where role_name = 'Administrator'").fetch_one(&app.pool).await.unwrap();
    let me = app.user_id("warehouse").await;
    let escalate = app
        .put(&format!("/api/admin/users/{me}"), &useradmin, serde_json::json!({"site_ids": [north], "roles": [{"site_id": north, "security_role_id": admin_role}]}))
        .await;
    assert_eq!(escalate.status, reqwest::StatusCode::FORBIDDEN, "{:?}", escalate.body);
    assert!(escalate.body["message"].as_str().unwrap().contains("FSSConnectAdmin"));
    let roles: i64 = sqlx::query_scalar("select count(*) from asp.user_site_role where asp_users_id = $1 and security_role_id = $2").bind(me).bind(admin_role).fetch_one(&app.pool).await.unwrap();
    assert_eq!(roles, 0, "nothing changed");
}
