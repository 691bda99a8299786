//! ASP Releases, the glossary, developer help and training links (spec 2; docs/api-devops.md).
#![allow(clippy::unwrap_used)]


use crate::common::TestApp;
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn release_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from asp.release").fetch_one(&app.pool).await.unwrap()
}

fn numbers(page: &Value) -> Vec<String> {
    page["itemList"].as_array().unwrap().iter().map(|r| r["release_number"].as_str().unwrap().to_owned()).collect()
}

fn labels(page: &Value) -> Vec<String> {
    page["itemList"].as_array().unwrap().iter().map(|r| r["label"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn releases_are_listed_newest_number_first_and_read_by_id() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let a = app.post("/api/V1/DevOps/Release/Search", &admin, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(numbers(&a.body), vec!["8.67", "8.66"]);
    assert_eq!(a.body["totalCount"], 2);
    assert_eq!(a.body["limited"], false);
    assert!(a.body["limitMessage"].is_null());

    let id = a.body["itemList"][0]["release_id"].as_i64().unwrap();
    let r = app.get(&format!("/api/V1/DevOps/Release/{id}"), &admin).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["release_number"], "8.67");
    assert_eq!(r.body["major_release"], true);
    assert_eq!(r.body["release_bug_number"], "31302");
    assert!(r.body["release_text2"].as_str().unwrap().starts_with("Alert Auditing"));
    assert!(r.body["release_bug_number10"].is_null());
    assert_eq!(r.body["release_date"], "2026-03-05");

    let missing = app.get("/api/V1/DevOps/Release/999999", &admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.body["message"], "The release you are trying to find does not exist.");
}

#[tokio::test]
async fn release_numbers_sort_in_version_order_and_other_columns_sort_on_request() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    for (n, title) in [("8.100", "Hundredth"), ("8.7", "Seventh"), ("9", "Nine")] {
        let a = app.post("/api/V1/DevOps/Release", &admin, json!({"release_id": 0, "release_number": n, "release_title": title})).await;
        assert_eq!(a.body["success"], true, "{:?}", a.body);
    }
    let a = app.post("/api/V1/DevOps/Release/Search", &admin, json!({"pageIndex": 0, "pageSize": 10})).await;
    assert_eq!(numbers(&a.body), vec!["9", "8.100", "8.67", "8.66", "8.7"]);
    let asc = app.post("/api/V1/DevOps/Release/Search", &admin, json!({"sortField": "release_number", "sortDirection": "asc"})).await;
    assert_eq!(numbers(&asc.body), vec!["8.7", "8.66", "8.67", "8.100", "9"]);
    let by_title = app.post("/api/V1/DevOps/Release/Search", &admin, json!({"sortField": "release_title", "sortDirection": "asc"})).await;
    let titles: Vec<&str> = by_title.body["itemList"].as_array().unwrap().iter().map(|r| r["release_title"].as_str().unwrap()).collect();
    assert_eq!(titles, vec!["Administrator and developer tools", "Hundredth", "Nine", "Requisition and receiving fixes", "Seventh"]);
    // Second page of two.
    let page2 = app.post("/api/V1/DevOps/Release/Search", &admin, json!({"pageNumber": 1, "pageSize": 10})).await;
    assert_eq!(page2.body["itemList"].as_array().unwrap().len(), 0);
    assert_eq!(page2.body["totalCount"], 5);
}

#[tokio::test]
async fn a_new_release_is_saved_as_a_major_release_with_its_notes_and_audited() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let body = json!({
        "release_id": 0, "release_number": "8.68", "release_title": "Spring release", "release_date": "2026-04-01",
        "released_by_user": "Release Manager", "approval_date": "2026-03-30", "approved_by_user": "Change Advisory Board",
        "major_release": false, "teams_link": "https://teams.example.com/asp/8.68",
        "release_bug_number": "40001", "release_text": "First fix", "release_bug_number10": "40010", "release_text10": "Tenth fix",
        "release_text5": "   "
    });
    let a = app.post("/api/V1/DevOps/Release", &admin, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["success"], true);
    assert_eq!(a.body["message"], "Release 8.68 saved.");
    let id = a.body["release_id"].as_i64().unwrap();
    let r = app.get(&format!("/api/V1/DevOps/Release/{id}"), &admin).await;
    assert_eq!(r.body["major_release"], true, "new releases are always major releases");
    assert_eq!(r.body["release_title"], "Spring release");
    assert_eq!(r.body["approval_date"], "2026-03-30");
    assert_eq!(r.body["release_bug_number10"], "40010");
    assert_eq!(r.body["release_text10"], "Tenth fix");
    assert!(r.body["release_text5"].is_null(), "blank texts are stored as null");
    let audited: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where action = 'release.create' and entity_id = $1")
        .bind(id.to_string())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, 1);
    assert_eq!(release_count(&app).await, 3);
}

#[tokio::test]
async fn a_duplicate_release_number_answers_success_false_and_saves_nothing() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let a = app.post("/api/V1/DevOps/Release", &admin, json!({"release_id": 0, "release_number": "8.67", "release_title": "Again"})).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["success"], false);
    assert_eq!(a.body["message"], "Release 8.67 already exists.");
    assert!(a.body["release_id"].is_null());
    assert_eq!(release_count(&app).await, 2);
    let audited: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where action = 'release.create'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 0);
}

#[tokio::test]
async fn invalid_releases_are_refused_with_field_messages_and_nothing_is_saved() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let cases = [
        (json!({"release_id": 7, "release_number": "8.70", "release_title": "t"}), "release_id", "A new release must have release_id 0."),
        (json!({"release_id": 0, "release_title": "t"}), "release_number", "Please enter a valid value for Release Number"),
        (json!({"release_id": 0, "release_number": "8.70; drop table asp.release", "release_title": "t"}), "release_number", "Release Number must be a dotted number such as 8.67."),
        (json!({"release_id": 0, "release_number": "8.70", "release_title": "  "}), "release_title", "Please enter a valid value for Release Title"),
        (json!({"release_id": 0, "release_number": "8.70", "release_title": "t", "teams_link": "javascript:alert(1)"}), "teams_link", "Release Notes Link must be an http or https address."),
        (json!({"release_id": 0, "release_number": "8.70", "release_title": "t", "release_bug_number3": "x".repeat(51)}), "release_bug_number3", "Bug Number 3 can be at most 50 characters."),
    ];
    for (body, field, message) in cases {
        let a = app.post("/api/V1/DevOps/Release", &admin, body.clone()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(a.body["errors"][0]["field"], field, "{body}");
        assert_eq!(a.body["errors"][0]["error"], message, "{body}");
        assert_eq!(a.body["status"], 400);
        assert!(a.body["requestId"].as_str().is_some());
    }
    let a = app.post("/api/V1/DevOps/Release", &admin, json!({"release_id": 0, "release_date": "not a date", "release_number": "8.70", "release_title": "t"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(release_count(&app).await, 2);
}

#[tokio::test]
async fn a_malicious_sort_field_is_a_400_on_every_list() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    for path in ["/api/V1/DevOps/Release/Search", "/api/V1/DevOps/Glossary/Search"] {
        for bad in ["release_number; drop table asp.release", "1", "label desc, (select 1)", "password_hash"] {
            let a = app.post(path, &admin, json!({"sortField": bad})).await;
            assert_eq!(a.status, StatusCode::BAD_REQUEST, "{path} {bad}");
            assert_eq!(a.body["errors"][0]["errorType"], "invalidSortField");
        }
        let a = app.post(path, &admin, json!({"pageSize": 15})).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST);
        assert_eq!(a.body["errors"][0]["field"], "pageSize");
    }
    let a = app.post("/api/V1/DevOps/Release/Search/Export", &admin, json!({"sortField": "x;--", "columns": [{"field": "release_number", "header": "Number"}]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(release_count(&app).await, 2);
}

#[tokio::test]
async fn non_admins_get_403_on_the_admin_operations_but_may_read_the_glossary_and_training() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let admin_only = [
        ("POST", "/api/V1/DevOps/Release/Search", json!({})),
        ("POST", "/api/V1/DevOps/Release/Search/Export", json!({"columns": [{"field": "release_number", "header": "Number"}]})),
        ("GET", "/api/V1/DevOps/Release/1", Value::Null),
        ("POST", "/api/V1/DevOps/Release", json!({"release_id": 0, "release_number": "8.99", "release_title": "Sneaky"})),
        ("POST", "/api/V1/DevOps/Glossary", json!({"label": "Sneaky"})),
        ("GET", "/api/V1/DevOps/DeveloperHelp/1", Value::Null),
    ];
    for (method, path, body) in admin_only {
        let a = if method == "GET" { app.get(path, &buyer).await } else { app.post(path, &buyer, body).await };
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{method} {path}");
        assert_eq!(a.body["message"], "You do not have permission: FSSConnectAdmin");
    }
    assert_eq!(release_count(&app).await, 2);
    let glossary: i64 = sqlx::query_scalar("select count(*) from asp.glossary_term where label = 'Sneaky'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(glossary, 0);

    assert_eq!(app.post("/api/V1/DevOps/Glossary/Search", &buyer, json!({})).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/V1/Presentation/TrainingLinks?category=home", &buyer).await.status, StatusCode::OK);
    // A customer-portal user has no BasicAccess.
    let customer = app.login("customer").await;
    assert_eq!(app.post("/api/V1/DevOps/Glossary/Search", &customer, json!({})).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/V1/Presentation/TrainingLinks?category=home", &customer).await.status, StatusCode::FORBIDDEN);
    let anonymous = app.request(reqwest::Method::POST, "/api/V1/DevOps/Glossary/Search", None, Some(json!({}))).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn release_and_glossary_exports_are_workbooks_of_the_chosen_columns() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let columns = json!([{"field": "release_number", "header": "Number"}, {"field": "release_date", "header": "Date", "kind": "date"}, {"field": "major_release", "header": "Major", "kind": "boolean"}]);
    for (path, body) in [
        ("/api/V1/DevOps/Release/Search/Export", json!({"sortField": "release_title", "columns": columns})),
        ("/api/V1/DevOps/Glossary/Search/Export", json!({"columns": [{"field": "label", "header": "Label"}, {"field": "created_date", "header": "Created", "kind": "datetime"}]})),
    ] {
        let a = app.post(path, &admin, body).await;
        assert_eq!(a.status, StatusCode::OK, "{path}: {:?}", a.body);
        assert_eq!(a.headers["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
        assert!(a.headers["content-disposition"].to_str().unwrap().contains("AspExport.xlsx"));
        assert!(a.body.as_str().unwrap().starts_with("PK"), "{path}: a zip file");
    }
    let none = app.post("/api/V1/DevOps/Release/Search/Export", &admin, json!({"columns": []})).await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);
    assert_eq!(none.body["errors"][0]["field"], "columns");
}

#[tokio::test]
async fn the_glossary_lists_terms_by_label_descending_and_admins_add_terms() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let a = app.post("/api/V1/DevOps/Glossary/Search", &buyer, json!({"pageIndex": 0, "pageSize": 10})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(labels(&a.body), vec!["Work Order", "Vendor Managed Inventory", "Site", "Requisition", "Request For Quote", "Purchase Order"]);
    assert_eq!(a.body["totalCount"], 6);
    assert_eq!(a.body["itemList"][0]["abbrevation"], "WO", "the field is spelt abbrevation");

    let admin = app.login("admin").await;
    let body = json!({"label": " Bin Location ", "description": "Where an item is kept in the crib.", "abbrevation": "BIN", "location": "Inventory", "notes": "", "status": "Draft"});
    let created = app.post("/api/V1/DevOps/Glossary", &admin, body).await;
    assert_eq!(created.status, StatusCode::OK, "{:?}", created.body);
    assert_eq!(created.body["label"], "Bin Location");
    assert_eq!(created.body["created_by_user"], "Ada Admin");
    assert_eq!(created.body["last_modified_by_user"], "Ada Admin");
    assert!(created.body["notes"].is_null());
    assert!(created.body["created_date"].as_str().is_some());
    let id = created.body["glossary_id"].as_i64().unwrap();
    let audited: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where action = 'glossary.create' and entity_id = $1")
        .bind(id.to_string())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, 1);

    let asc = app.post("/api/V1/DevOps/Glossary/Search", &buyer, json!({"sortField": "label", "sortDirection": "asc", "pageSize": 20})).await;
    assert_eq!(labels(&asc.body)[0], "Bin Location");
    assert_eq!(asc.body["totalCount"], 7);

    let duplicate = app.post("/api/V1/DevOps/Glossary", &admin, json!({"label": "bin location"})).await;
    assert_eq!(duplicate.status, StatusCode::CONFLICT);
    assert_eq!(duplicate.body["message"], "The glossary already has a term labelled 'bin location'.");
    let missing = app.post("/api/V1/DevOps/Glossary", &admin, json!({"label": "  ", "abbrevation": "x".repeat(51)})).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.body["errors"][0]["field"], "label");
    assert_eq!(missing.body["errors"][0]["error"], "Please enter a valid value for Label");
    assert_eq!(missing.body["errors"][1]["field"], "abbrevation");
    let count: i64 = sqlx::query_scalar("select count(*) from asp.glossary_term").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 7);
}

#[tokio::test]
async fn developer_help_is_found_by_help_id_for_admins() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let a = app.get("/api/V1/DevOps/DeveloperHelp/1", &admin).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body, json!({"help_id": 1, "help_name": "Site Code", "database_field": "asp.site.site_code",
        "description": a.body["description"].clone()}));
    assert!(a.body["description"].as_str().unwrap().contains("site_id"));
    let release = app.get("/api/V1/DevOps/DeveloperHelp/3", &admin).await;
    assert_eq!(release.body["database_field"], "asp.release.release_number");
    let missing = app.get("/api/V1/DevOps/DeveloperHelp/999", &admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.body["message"], "There is no developer help for this field.");
    assert_eq!(app.get("/api/V1/DevOps/DeveloperHelp/abc", &admin).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn training_links_are_listed_by_category() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let home = app.get("/api/V1/Presentation/TrainingLinks?category=home", &buyer).await;
    assert_eq!(home.status, StatusCode::OK);
    let rows = home.body.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r["category"] == "home" && r["link_address"].as_str().unwrap().starts_with("https://")));
    assert_eq!(rows[0]["description"], "Getting started with ASP");
    assert!(rows[0]["training_link_id"].as_i64().is_some());
    let devops = app.get("/api/V1/Presentation/TrainingLinks?category=DevOps", &buyer).await;
    assert_eq!(devops.body.as_array().unwrap().len(), 3, "categories ignore case");
    let all = app.get("/api/V1/Presentation/TrainingLinks", &buyer).await;
    assert_eq!(all.body.as_array().unwrap().len(), 6);
    let none = app.get("/api/V1/Presentation/TrainingLinks?category=payroll", &buyer).await;
    assert_eq!(none.body, json!([]));
    let bad = app.get("/api/V1/Presentation/TrainingLinks?category=home'%20or%201=1--", &buyer).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"][0]["field"], "category");
}
