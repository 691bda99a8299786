//! The shell calls, and isolation between sites and clients.
#![allow(clippy::unwrap_used)]


use crate::common::TestApp;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn the_buyer_context_lists_only_the_first_clients_sites() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let ctx = app.context(&token).await;
    let codes: Vec<&str> = ctx["availableSites"].as_array().unwrap().iter().map(|s| s["siteCode"].as_str().unwrap()).collect();
    assert_eq!(codes, vec!["ACME-NORTH", "ACME-SOUTH"]);
    let perms: Vec<&str> = ctx["permissions"].as_array().unwrap().iter().map(|p| p["permission_name"].as_str().unwrap()).collect();
    assert!(perms.contains(&"BasicAccess") && perms.contains(&"Buyer"));
    assert!(!perms.contains(&"FSSConnectAdmin"));
    assert_eq!(ctx["isPunchinUser"], false);
    assert_eq!(ctx["appType"], 0);
    let groups: Vec<&str> = ctx["menuItems"].as_array().unwrap().iter().map(|m| m["title"].as_str().unwrap()).collect();
    assert_eq!(groups, vec!["Items", "Procurement", "Logistics", "Analytics", "People", "Help"], "Controls holds only admin items");
}

/// Titles of the menu's entries at any depth.
fn menu_titles(items: &serde_json::Value) -> Vec<String> {
    items.as_array().into_iter().flatten().flat_map(|m| {
        let mut titles = vec![m["title"].as_str().unwrap_or_default().to_string()];
        titles.extend(menu_titles(&m["subMenuItems"]));
        titles
    }).collect()
}

#[tokio::test]
async fn menu_entries_ask_for_the_permission_of_the_screen_they_open() {
    let app = TestApp::spawn().await;
    // The buyer approves count variances (CycleCountApprove) but does not count: the counter's screens are not offered.
    let buyer = menu_titles(&app.context(&app.login("buyer").await).await["menuItems"]);
    assert!(buyer.contains(&"Variance Approval".to_string()), "{buyer:?}");
    assert!(!buyer.contains(&"Count Sheets".to_string()) && !buyer.contains(&"Count Plan".to_string()), "{buyer:?}");
    let warehouse = menu_titles(&app.context(&app.login("warehouse").await).await["menuItems"]);
    assert!(warehouse.contains(&"Count Sheets".to_string()) && warehouse.contains(&"Count Plan".to_string()), "{warehouse:?}");
    assert!(!warehouse.contains(&"Min/Max Review".to_string()), "{warehouse:?}");
}

#[tokio::test]
async fn changing_to_a_site_of_another_client_is_forbidden() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    for code in ["GEA-POR", "GEA-MAIN", "NO-SUCH-SITE"] {
        let a = app.switch(&token, code).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{code}");
        assert!(a.body["message"].as_str().is_some());
    }
    let gea = app.site_id("GEA-MAIN").await;
    let a = app.put("/api/V1/Site/CurrentSite", &token, json!({"site_id": gea})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let a = app.get("/api/V1/Site/UserContext?site_code=GEA-MAIN", &token).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("/api/V1/Site/{gea}"), &token).await.status, StatusCode::NOT_FOUND);
    // Nothing changed.
    assert_eq!(app.context(&token).await["currentSite"]["siteCode"], "ACME-NORTH");
}

#[tokio::test]
async fn switching_site_returns_the_new_context_and_is_remembered() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let a = app.switch(&token, "acme-south").await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["currentSite"]["siteCode"], "ACME-SOUTH");
    let again = app.login("buyer").await;
    assert_eq!(app.context(&again).await["currentSite"]["siteCode"], "ACME-SOUTH");
    let by_code = app.get("/api/V1/Site/UserContext?site_code=ACME-NORTH", &token).await;
    assert_eq!(by_code.body["currentSite"]["siteCode"], "ACME-NORTH");
}

#[tokio::test]
async fn site_lookup_follows_the_typed_value_rules() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let both = app.get("/api/V1/Site/Lookup?value=acme", &token).await;
    assert_eq!(both.body.as_array().unwrap().len(), 2);
    let south = app.get("/api/V1/Site/Lookup?value=south", &token).await;
    assert_eq!(south.body[0]["siteCode"], "ACME-SOUTH");
    let id = app.site_id("ACME-NORTH").await;
    let by_id = app.get(&format!("/api/V1/Site/Lookup?value={id}"), &token).await;
    assert_eq!(by_id.body[0]["siteCode"], "ACME-NORTH");
    let other_client = app.get("/api/V1/Site/Lookup?value=gea", &token).await;
    assert!(other_client.body.as_array().unwrap().is_empty());
}

#[tokio::test]
async fn punch_in_users_cannot_change_site_but_can_pick_a_location() {
    let app = TestApp::spawn().await;
    let token = app.login("punchin").await;
    let ctx = app.context(&token).await;
    assert_eq!(ctx["isPunchinUser"], true);
    assert_eq!(ctx["currentSite"]["siteCode"], "GEA-POR");
    assert!(ctx["currentUser"]["customer_punchin_location_id"].is_null());
    assert_eq!(app.switch(&token, "GEA-MAIN").await.status, StatusCode::FORBIDDEN);

    let por = app.site_id("GEA-POR").await;
    let locations = app.get(&format!("/api/V1/Cart/GetPunchinLocationsBySiteId/{por}"), &token).await;
    assert_eq!(locations.status, StatusCode::OK);
    let salem = locations.body.as_array().unwrap().iter().find(|l| l["city"] == "Salem").unwrap().clone();
    let bad = app.put("/api/V1/Cart/PunchinLocation/Select", &token, json!({"customer_punchin_location_id": 999_999, "site_id": por})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let chosen = app
        .put("/api/V1/Cart/PunchinLocation/Select", &token, json!({"customer_punchin_location_id": salem["customer_punchin_location_id"], "site_id": por}))
        .await;
    assert_eq!(chosen.status, StatusCode::OK, "{:?}", chosen.body);
    assert_eq!(chosen.body["currentSite"]["siteCode"], "GEA-MAIN");
    assert_eq!(chosen.body["currentUser"]["customer_punchin_location_id"], salem["customer_punchin_location_id"]);
}

#[tokio::test]
async fn non_admins_get_403_on_administrator_calls() {
    let app = TestApp::spawn().await;
    for user in ["customer", "buyer", "supplier"] {
        let token = app.login(user).await;
        for path in ["/api/V1/Security/API/EnableAPI", "/api/V1/Security/API/DisableAPI", "/api/admin/permissions"] {
            let a = app.get(path, &token).await;
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{user} {path}");
            assert!(a.body["message"].as_str().unwrap().contains("permission"));
        }
    }
}

#[tokio::test]
async fn switching_the_api_off_answers_503_until_it_is_switched_on() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let buyer = app.login("buyer").await;
    assert_eq!(app.get("/api/V1/Security/API/DisableAPI", &admin).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/V1/Presentation/HomepageTiles", &buyer).await.status, StatusCode::SERVICE_UNAVAILABLE);
    let probe = app.request(reqwest::Method::GET, "/api/V1/Security/API/IsEnabled", None, None).await;
    assert_eq!(probe.body["isEnabled"], false);
    assert_eq!(app.get("/api/V1/Security/API/EnableAPI", &admin).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/V1/Presentation/HomepageTiles", &buyer).await.status, StatusCode::OK);
}

#[tokio::test]
async fn user_settings_are_saved_read_and_cleared_with_the_spec_messages() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let saved = app.post("/api/V1/Presentation/UpdateUserSetting", &token, json!({"setting_key": "navigation.jumpbox.searchType", "setting_value": "CIP Number"})).await;
    assert_eq!(saved.status, StatusCode::OK);
    assert_eq!(saved.body["setting_value"], "CIP Number");
    let read = app.get("/api/V1/Presentation/UserSetting?key=navigation.jumpbox.searchType", &token).await;
    assert_eq!(read.body["setting_value"], "CIP Number");
    let many = app
        .post("/api/V1/Presentation/UpdateUserSettings", &token, json!([{"setting_key": "a.b", "setting_value": "1"}, {"setting_key": "c.d", "setting_value": "2"}]))
        .await;
    assert_eq!(many.body["message"], "User settings saved!");
    let bad = app.post("/api/V1/Presentation/UpdateUserSettings", &token, json!([{"setting_key": "ok.key", "setting_value": "1"}, {"setting_key": "", "setting_value": "2"}])).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"][0]["field"], "setting_key");
    assert_eq!(app.get("/api/V1/Presentation/UserSetting?key=ok.key", &token).await.status, StatusCode::NOT_FOUND, "nothing was saved");
    let cleared = app.delete("/api/V1/Presentation/UserSetting?key=a.b", &token).await;
    assert_eq!(cleared.body["message"], "User setting cleared!");
    let ctx = app.context(&token).await;
    let keys: Vec<&str> = ctx["aspUserSettings"].as_array().unwrap().iter().map(|s| s["setting_key"].as_str().unwrap()).collect();
    assert_eq!(keys, vec!["c.d", "navigation.jumpbox.searchType"]);
    // Malformed JSON is a 400 in the same shape.
    let resp = app
        .client
        .post(format!("{}/api/V1/Presentation/UpdateUserSetting", app.base))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    crate::common::assert_documented("/api/V1/Presentation/UpdateUserSetting", resp.status(), resp.headers());
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(body["status"], 400);
    assert_eq!(body["errors"][0]["field"], "Error");
}

#[tokio::test]
async fn a_tile_moved_to_first_rank_stays_there_and_hiding_persists() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let tiles = app.get("/api/V1/Presentation/HomepageTiles", &token).await.body;
    let small: Vec<&serde_json::Value> = tiles.as_array().unwrap().iter().filter(|t| t["homepageTileType"] == 1).collect();
    let last = small.last().unwrap()["report_id"].as_i64().unwrap();
    let moved = app.put("/api/V1/Presentation/HomepageTile/Rank", &token, json!({"report_id": last, "rank": 1})).await;
    assert_eq!(moved.status, StatusCode::OK);
    let again = app.get("/api/V1/Presentation/HomepageTiles", &token).await.body;
    let first_small = again.as_array().unwrap().iter().find(|t| t["homepageTileType"] == 1).unwrap();
    assert_eq!(first_small["report_id"], last);
    assert_eq!(first_small["rank"], 1);
    let ranks: Vec<i64> = again.as_array().unwrap().iter().filter(|t| t["homepageTileType"] == 1).map(|t| t["rank"].as_i64().unwrap()).collect();
    assert_eq!(ranks, (1..=ranks.len() as i64).collect::<Vec<_>>());

    let hidden = app.put("/api/V1/Presentation/HomepageTile/Display", &token, json!({"report_id": last, "is_selected": false})).await;
    assert_eq!(hidden.status, StatusCode::OK);
    let again = app.get("/api/V1/Presentation/HomepageTiles", &token).await.body;
    assert_eq!(again.as_array().unwrap().iter().find(|t| t["report_id"] == last).unwrap()["is_selected"], false);
    assert_eq!(app.put("/api/V1/Presentation/HomepageTile/Rank", &token, json!({"report_id": last, "rank": 0})).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.put("/api/V1/Presentation/HomepageTile/Rank", &token, json!({"report_id": 99999, "rank": 1})).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn shortcuts_can_be_reordered_and_hidden() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let ctx = app.context(&token).await;
    let ids: Vec<i64> = ctx["aspShortcuts"].as_array().unwrap().iter().map(|s| s["id"].as_i64().unwrap()).collect();
    let last = *ids.last().unwrap();
    let a = app.put("/api/V1/Presentation/Shortcut/Rank", &token, json!({"shortcut_id": last, "rank": 1})).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body[0]["id"], last);
    assert_eq!(a.body[0]["rank"], 1);
    let h = app.put("/api/V1/Presentation/Shortcut/Display", &token, json!({"shortcut_id": last, "display": false})).await;
    assert_eq!(h.body[0]["display"], false);
    let ctx = app.context(&token).await;
    assert_eq!(ctx["aspShortcuts"][0]["id"], last);
    assert_eq!(ctx["aspShortcuts"][0]["display"], false);
}

#[tokio::test]
async fn the_version_shows_build_details_only_to_fss_connect_admins() {
    let app = TestApp::spawn().await;
    let anonymous = app.request(reqwest::Method::GET, "/api/V1/Version", None, None).await;
    assert!(anonymous.body["version"].as_str().unwrap().starts_with("8.67."));
    assert!(anonymous.body["commit"].is_null());
    let buyer = app.login("buyer").await;
    assert!(app.get("/api/V1/Version", &buyer).await.body["commit"].is_null());
    let admin = app.login("admin").await;
    assert!(app.get("/api/V1/Version", &admin).await.body["commit"].is_string());
}

#[tokio::test]
async fn bug_reports_answer_a_ticket_number_and_need_subject_and_description() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let bad = app.post("/api/V1/BugReport", &token, json!({"subject": " ", "message": ""})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let fields: Vec<&str> = bad.body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, vec!["subject", "message"]);
    let ok = app.post("/api/V1/BugReport", &token, json!({"subject": "Tiles", "message": "Counts missing", "site_code": "ACME-NORTH", "url": "/homeMain"})).await;
    assert_eq!(ok.status, StatusCode::OK);
    let id = ok.body["identityId"].as_i64().unwrap();
    assert_eq!(ok.body["message"], format!("Your BugTracker Ticket Number is {id}"));
    let project: i32 = sqlx::query_scalar("select project from asp.bug_report where bug_report_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(project, 18);
}

#[tokio::test]
async fn client_errors_are_logged_and_server_errors_hide_their_cause() {
    let app = TestApp::spawn().await;
    let a = app
        .request(reqwest::Method::POST, "/api/V1/Log/ApplicationError", None, Some(json!({"message": "TypeError: x is undefined", "stack": ["at a", "at b"], "url": "http://h/homeMain", "site_code": "ACME-NORTH"})))
        .await;
    assert_eq!(a.status, StatusCode::NO_CONTENT);
    let (msg, path): (String, Option<String>) = sqlx::query_as("select message, request_path from asp.error_log order by error_log_id desc limit 1").fetch_one(&app.pool).await.unwrap();
    assert_eq!(msg, "TypeError: x is undefined");
    assert_eq!(path.as_deref(), Some("/homeMain"));
    let too_many = app.request(reqwest::Method::POST, "/api/V1/Log/ApplicationError", None, Some(json!({"message": "m", "stack": vec!["s"; 11]}))).await;
    assert_eq!(too_many.status, StatusCode::BAD_REQUEST);

    // Break the schema under the running app: the next call fails inside, and the caller learns nothing of it.
    let token = app.login("buyer").await;
    sqlx::query("alter table asp.bug_report rename to bug_report_gone").execute(&app.pool).await.unwrap();
    let failed = app.post("/api/V1/BugReport", &token, json!({"subject": "s", "message": "m"})).await;
    assert_eq!(failed.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(failed.body["message"], "Error communicating with the server.");
    assert!(!failed.body.to_string().contains("bug_report"));
    let rid = failed.body["requestId"].as_str().unwrap().to_owned();
    let mut logged = None;
    for _ in 0..20 {
        logged = sqlx::query_scalar::<_, String>("select exception from asp.error_log where request_id = $1").bind(&rid).fetch_optional(&app.pool).await.unwrap();
        if logged.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(logged.unwrap().contains("bug_report"));
}

#[tokio::test]
async fn security_questions_follow_the_ordering_rules() {
    let app = TestApp::spawn().await;
    let token = app.login("buyer").await;
    let options = app.get("/api/V1/User/SecurityQuestions/Options/", &token).await.body;
    let ids: Vec<i64> = options.as_array().unwrap().iter().map(|q| q["question_id"].as_i64().unwrap()).collect();
    assert!(ids.len() >= 3);
    let dup = app
        .post("/api/V1/User/SecurityQuestions/Insert/", &token, json!({"Question1": ids[0], "Answer1": "a", "Question2": ids[0], "Answer2": "b", "Question3": ids[1], "Answer3": "c"}))
        .await;
    assert_eq!(dup.status, StatusCode::BAD_REQUEST);
    assert_eq!(dup.body["errors"][0]["field"], "Question2");
    let someone_else = app
        .post("/api/V1/User/SecurityQuestions/Insert/", &token, json!({"Question1": ids[0], "Answer1": "a", "Question2": ids[1], "Answer2": "b", "Question3": ids[2], "Answer3": "c", "user_name": "warehouse"}))
        .await;
    assert_eq!(someone_else.status, StatusCode::FORBIDDEN);
    let ok = app
        .post("/api/V1/User/SecurityQuestions/Insert/", &token, json!({"Question1": ids[0], "Answer1": "Rex", "Question2": ids[1], "Answer2": "Paris", "Question3": ids[2], "Answer3": "Ford", "user_name": "buyer"}))
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    let stored: Vec<String> = sqlx::query_scalar("select answer_hash from asp.user_security_answer a join asp.asp_users u using (asp_users_id) where u.user_id = 'buyer'")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored.len(), 3);
    assert!(stored.iter().all(|h| h.starts_with("$argon2id$")));
}

async fn address_of(app: &TestApp, schema: &str, site: &str) -> i64 {
    sqlx::query_scalar(&format!("select a.address_id from {schema}.address a join asp.site s using (site_id) where s.site_code = $1 limit 1"))
        .bind(site)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn records_of_another_client_or_an_unavailable_site_are_not_found_and_unchanged() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let acme_north = address_of(&app, "client_acme", "ACME-NORTH").await;
    let acme_south = address_of(&app, "client_acme", "ACME-SOUTH").await;
    let gea_main = address_of(&app, "client_gea", "GEA-MAIN").await;
    let gea_por = address_of(&app, "client_gea", "GEA-POR").await;

    assert_eq!(app.get(&format!("/api/V1/Address/{acme_north}"), &buyer).await.status, StatusCode::OK);
    // Another available site of the same client is reachable.
    assert_eq!(app.get(&format!("/api/V1/Address/{acme_south}"), &buyer).await.status, StatusCode::OK);
    // A record that exists only in the other client's schema is not found, and cannot be changed.
    sqlx::query("insert into client_gea.address (address_id, site_id, ship_to_name, address1, city) overriding system value select 5000, site_id, 'GEA secret', 'x', 'y' from asp.site where site_code = 'GEA-MAIN'")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(app.get("/api/V1/Address/5000", &buyer).await.status, StatusCode::NOT_FOUND);
    let change = app.put("/api/V1/Address", &buyer, json!({"address_id": 5000, "ship_to_name": "Hijacked", "address1": "x", "city": "x", "state": "x", "postal_code": "x"})).await;
    assert_eq!(change.status, StatusCode::NOT_FOUND);
    let name: String = sqlx::query_scalar("select ship_to_name from client_gea.address where address_id = 5000").fetch_one(&app.pool).await.unwrap();
    assert_eq!(name, "GEA secret");

    // The customer works at GEA-MAIN only: GEA-POR's record (same client, unavailable site) is not found.
    let customer = app.login("customer").await;
    sqlx::query("insert into asp.user_site_role (asp_users_id, site_id, security_role_id) select u.asp_users_id, s.site_id, r.security_role_id from asp.asp_users u, asp.site s, asp.security_role r where u.user_id = 'customer' and s.site_code = 'GEA-MAIN' and r.role_name = 'Buyer'")
        .execute(&app.pool)
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.get(&format!("/api/V1/Address/{gea_main}"), &customer).await.status, StatusCode::OK);
    let hidden = app.get(&format!("/api/V1/Address/{gea_por}"), &customer).await;
    assert_eq!(hidden.status, StatusCode::NOT_FOUND);
    let change = app
        .put("/api/V1/Address", &customer, json!({"address_id": gea_por, "ship_to_name": "Hijacked", "address1": "x", "city": "x", "state": "x", "postal_code": "x"}))
        .await;
    assert_eq!(change.status, StatusCode::NOT_FOUND);
    let name: String = sqlx::query_scalar("select ship_to_name from client_gea.address where address_id = $1").bind(gea_por).fetch_one(&app.pool).await.unwrap();
    assert_ne!(name, "Hijacked");
}

#[tokio::test]
async fn a_new_address_lands_in_the_callers_site_and_client_schema_with_an_audit_row() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let bad = app.post("/api/V1/Address", &buyer, json!({"ship_to_name": "", "address1": "", "city": "", "state": "IL", "postal_code": "1"})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"].as_array().unwrap().len(), 3);
    let created = app.post("/api/V1/Address", &buyer, json!({"ship_to_name": "Dock 9", "address1": "9 Quay", "city": "Peoria", "state": "IL", "postal_code": "61602"})).await;
    assert_eq!(created.status, StatusCode::OK);
    let id = created.body["address_id"].as_i64().unwrap();
    assert_eq!(created.body["site_id"], app.site_id("ACME-NORTH").await);
    let in_acme: bool = sqlx::query_scalar("select exists(select 1 from client_acme.address where address_id = $1 and ship_to_name = 'Dock 9')").bind(id).fetch_one(&app.pool).await.unwrap();
    let in_gea: bool = sqlx::query_scalar("select exists(select 1 from client_gea.address where ship_to_name = 'Dock 9')").fetch_one(&app.pool).await.unwrap();
    assert!(in_acme && !in_gea);
    let audited: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where action = 'address.create' and entity_id = $1").bind(id.to_string()).fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 1);
}

#[tokio::test]
async fn a_role_change_takes_effect_without_a_restart() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    assert_eq!(app.get("/api/V1/Presentation/HomepageTiles", &buyer).await.status, StatusCode::OK);
    sqlx::query("delete from asp.security_role_permission rp using asp.security_role r, asp.security_permission p where rp.security_role_id = r.security_role_id and rp.security_permission_id = p.security_permission_id and r.role_name = 'Buyer' and p.permission_name = 'BasicAccess'")
        .execute(&app.pool)
        .await
        .unwrap();
    let mut status = StatusCode::OK;
    for _ in 0..50 {
        status = app.get("/api/V1/Presentation/HomepageTiles", &buyer).await.status;
        if status == StatusCode::FORBIDDEN {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Revoking site access works the same way.
    let warehouse = app.login("warehouse").await;
    sqlx::query("delete from asp.user_site us using asp.asp_users u, asp.site s where us.asp_users_id = u.asp_users_id and us.site_id = s.site_id and u.user_id = 'warehouse' and s.site_code = 'ACME-NORTH'")
        .execute(&app.pool)
        .await
        .unwrap();
    let mut status = StatusCode::OK;
    for _ in 0..50 {
        status = app.get("/api/V1/Presentation/HomepageTiles", &warehouse).await.status;
        if status == StatusCode::FORBIDDEN {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(status, StatusCode::FORBIDDEN);
}
