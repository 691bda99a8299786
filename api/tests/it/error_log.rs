//! The ASP error log: the Log search (window, application, filter groups, paging, export) and the error log filters.
#![allow(clippy::unwrap_used)]


use crate::common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::PgPool;

const SEARCH: &str = "/api/V1/DevOps/ErrorLog/Search";
const FILTERED: &str = "/api/V1/DevOps/ErrorLog/Filtered/Search";
const FILTER: &str = "/api/V1/DevOps/ErrorLog/Filter";

/// An error row logged `days_ago` days ago; answers its id.
async fn log_error(pool: &PgPool, application: &str, message: &str, path: Option<&str>, days_ago: i32) -> i64 {
    sqlx::query_scalar(
        "insert into asp.error_log (application_name, message, request_path, request_url, logged_at)
         values ($1, $2, $3, 'https://asp.example.com' || $3, now() - make_interval(days => $4)) returning error_log_id",
    )
    .bind(application)
    .bind(message)
    .bind(path)
    .bind(days_ago)
    .fetch_one(pool)
    .await
    .unwrap()
}

fn ids(answer: &Value) -> Vec<i64> {
    answer["itemList"].as_array().unwrap().iter().map(|r| r["asp_error_log_ID"].as_i64().unwrap()).collect()
}

fn day(offset: i64) -> String {
    (chrono::Utc::now().date_naive() + chrono::Duration::days(offset)).format("%Y-%m-%d").to_string()
}

#[tokio::test]
async fn the_log_search_answers_rows_with_the_spec_names() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let logged = app
        .post("/api/V1/Log/ApplicationError", &admin, json!({"message": "Cannot read properties of undefined", "url": "https://asp.example.com/item/1", "site_code": "ACME-NORTH", "stack": ["at a", "at b"]}))
        .await;
    assert_eq!(logged.status, StatusCode::NO_CONTENT, "{:?}", logged.body);
    let full: i64 = sqlx::query_scalar(
        "insert into asp.error_log (application_name, request_url, request_path, user_name, site_code, message, exception, stack_trace,
                                    api_parameters, machine_name, user_host_address, exception_code, exception_message, session_dump)
         values ('ASP API', 'POST /api/V1/x', '/api/V1/x', 'legacy.user', 'GEA-MAIN', 'Error communicating with the server.', 'db down',
                 'trace', 'a=1', 'web-01', '10.0.0.7', 'E42', 'connection refused', '{}') returning error_log_id",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();

    let a = app.post(SEARCH, &admin, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 2);
    assert_eq!(a.body["limited"], false);
    let rows = a.body["itemList"].as_array().unwrap();
    assert_eq!(rows[0]["asp_error_log_ID"], full, "default sort asp_error_log_ID desc");
    let r = &rows[0];
    for (field, value) in [
        ("request_url", "POST /api/V1/x"),
        ("request_path", "/api/V1/x"),
        ("machine_name", "web-01"),
        ("user_host_address", "10.0.0.7"),
        ("asP_user_name", "legacy.user"),
        ("asP_message", "Error communicating with the server."),
        ("exception", "db down"),
        ("exception_code", "E42"),
        ("exception_message", "connection refused"),
        ("stack_trace", "trace"),
        ("site_code", "GEA-MAIN"),
        ("session_dump", "{}"),
        ("application_name", "ASP API"),
        ("api_parameters", "a=1"),
    ] {
        assert_eq!(r[field], value, "{field}");
    }
    assert!(r["event_time"].is_string());
    assert_eq!(r.as_object().unwrap().len(), 16, "the spec's 16 columns: {r:?}");
    let intake = &rows[1];
    assert_eq!(intake["asP_user_name"], "admin", "the login of the signed-in user");
    assert_eq!(intake["application_name"], "ASPv8");
    assert_eq!(intake["request_path"], "/item/1");
    assert_eq!(intake["asP_message"], "Cannot read properties of undefined");
}

#[tokio::test]
async fn the_default_window_is_seven_days_back_to_tomorrow() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let recent = log_error(&app.pool, "ASPv8", "recent", None, 3).await;
    let old = log_error(&app.pool, "ASPv8", "old", None, 10).await;
    assert_eq!(ids(&app.post(SEARCH, &admin, json!({})).await.body), vec![recent]);
    let wide = app.post(SEARCH, &admin, json!({"start_date": day(-12), "end_date": day(0)})).await;
    assert_eq!(ids(&wide.body), vec![old, recent], "newest id first");
    let only_old = app.post(SEARCH, &admin, json!({"start_date": day(-12), "end_date": day(-8)})).await;
    assert_eq!(ids(&only_old.body), vec![old]);

    let reversed = app.post(SEARCH, &admin, json!({"start_date": day(0), "end_date": day(-1)})).await;
    assert_eq!(reversed.status, StatusCode::BAD_REQUEST);
    assert_eq!(reversed.body["message"], "Start Date can not be greater than the End Date");
    let garbage = app.post(SEARCH, &admin, json!({"start_date": "yesterday"})).await;
    assert_eq!(garbage.status, StatusCode::BAD_REQUEST);
    assert_eq!(garbage.body["status"], 400);
}

#[tokio::test]
async fn the_application_filter_selects_one_application() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let v8 = log_error(&app.pool, "ASPv8", "ui", None, 0).await;
    let api = log_error(&app.pool, "ASP API", "server", None, 0).await;
    let v7 = log_error(&app.pool, "ASPv7", "legacy", None, 0).await;
    let portal = log_error(&app.pool, "Customer Portal", "portal", None, 0).await;
    let search = |application: Value| app.post(SEARCH, &admin, json!({"application_name": application}));
    assert_eq!(ids(&search(json!(null)).await.body), vec![portal, v7, api, v8]);
    assert_eq!(ids(&search(json!("ASPv8")).await.body), vec![v8]);
    assert_eq!(ids(&search(json!("ASP API")).await.body), vec![api]);
    assert_eq!(ids(&search(json!("WebAPI")).await.body), vec![api], "the spec's name of the API");
    assert_eq!(ids(&search(json!("ASPv7")).await.body), vec![v7]);
    assert_eq!(ids(&search(json!("Customer Portal")).await.body), vec![portal]);
    let bad = search(json!("Excel")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"][0]["field"], "application_name");
}

#[tokio::test]
async fn filter_groups_select_rows_matching_a_filter_of_that_type_or_none() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let timeout = log_error(&app.pool, "ASP API", "Timeout expired while reading", Some("/api/V1/Orders"), 0).await;
    let health = log_error(&app.pool, "ASP API", "Null reference", Some("/api/health"), 0).await;
    let disk = log_error(&app.pool, "ASPv8", "Disk full", Some("/home"), 0).await;
    let review = app.post(FILTER, &admin, json!({"filter_type": 1, "filter_string": "TIMEOUT", "filter_note": "slow database"})).await;
    assert_eq!(review.status, StatusCode::OK, "{:?}", review.body);
    assert_eq!(review.body["instance_count"], 1);
    let ignore = app.post(FILTER, &admin, json!({"filter_type": 2, "filter_url": "/api/health"})).await;
    assert_eq!(ignore.body["instance_count"], 1);
    let both = app.post(FILTER, &admin, json!({"filter_type": 3, "filter_string": "null reference", "filter_url": "/orders"})).await;
    assert_eq!(both.body["instance_count"], 0, "both parts must match");

    let group = |id: Value| app.post(SEARCH, &admin, json!({"filter_id": id}));
    assert_eq!(ids(&group(json!(null)).await.body), vec![disk, health, timeout]);
    assert_eq!(ids(&group(json!(0)).await.body), vec![disk, health, timeout]);
    assert_eq!(ids(&group(json!(-1)).await.body), vec![disk]);
    assert_eq!(ids(&group(json!(1)).await.body), vec![timeout]);
    assert_eq!(ids(&group(json!(2)).await.body), vec![health]);
    assert!(ids(&group(json!(3)).await.body).is_empty());
    let bad = group(json!(7)).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"][0]["field"], "filter_id");
}

#[tokio::test]
async fn a_malicious_sort_field_is_a_400_and_allowed_fields_sort() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let b = log_error(&app.pool, "ASPv8", "b message", None, 0).await;
    let a = log_error(&app.pool, "ASPv8", "a message", None, 0).await;
    let c = log_error(&app.pool, "ASPv8", "c message", None, 0).await;
    for bad in ["asp_error_log_ID; drop table asp.error_log", "password_hash", "e.message", "1"] {
        let answer = app.post(SEARCH, &admin, json!({"sortField": bad})).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(answer.body["errors"][0]["errorType"], "invalidSortField");
        let filtered = app.post(FILTERED, &admin, json!({"sortField": bad})).await;
        assert_eq!(filtered.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    let rows: i64 = sqlx::query_scalar("select count(*) from asp.error_log").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 3);
    let sorted = app.post(SEARCH, &admin, json!({"sortField": "asP_message", "sortDirection": "asc"})).await;
    assert_eq!(ids(&sorted.body), vec![a, b, c]);
    let paged = app.post(SEARCH, &admin, json!({"sortField": "asP_message", "sortDirection": "desc", "pageSize": 10, "pageNumber": 0})).await;
    assert_eq!(ids(&paged.body), vec![c, b, a]);
    assert_eq!(app.post(SEARCH, &admin, json!({"pageSize": 7})).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.post(SEARCH, &admin, json!({"sortDirection": "sideways"})).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn searches_stop_at_5000_rows_and_say_so() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    sqlx::query("insert into asp.error_log (application_name, message) select 'ASPv8', 'bulk ' || i from generate_series(1, 5003) i")
        .execute(&app.pool)
        .await
        .unwrap();
    let a = app.post(SEARCH, &admin, json!({"pageSize": 500, "pageNumber": 9})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 5000);
    assert_eq!(a.body["limited"], true);
    assert_eq!(a.body["limitMessage"], "This search was limited to the first 5000 matching rows. Your results may not be complete.");
    assert_eq!(a.body["itemList"].as_array().unwrap().len(), 500);
    let newest = app.post(SEARCH, &admin, json!({})).await;
    assert_eq!(newest.body["itemList"][0]["asP_message"], "bulk 5003", "the newest rows are the ones kept");
}

#[tokio::test]
async fn filters_are_validated_created_listed_and_deleted() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    log_error(&app.pool, "ASPv8", "Session expired", Some("/login"), 1).await;

    let bad_type = app.post(FILTER, &admin, json!({"filter_type": 4, "filter_string": "x"})).await;
    assert_eq!(bad_type.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad_type.body["errors"][0]["field"], "filter_type");
    let empty = app.post(FILTER, &admin, json!({"filter_type": 1, "filter_string": "  ", "filter_url": null})).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert_eq!(empty.body["message"], "Enter a filter string or a filter url.");
    let long = app.post(FILTER, &admin, json!({"filter_type": 1, "filter_string": "x".repeat(2001)})).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    let none: i64 = sqlx::query_scalar("select count(*) from asp.asp_error_log_filter").fetch_one(&app.pool).await.unwrap();
    assert_eq!(none, 0, "a refused filter changes nothing");

    let created = app
        .post(FILTER, &admin, json!({"filter_type": 2, "filter_note": " expected ", "filter_string": "session expired", "description": "users idle too long"}))
        .await;
    assert_eq!(created.status, StatusCode::OK, "{:?}", created.body);
    let id = created.body["asp_error_log_filter_id"].as_i64().unwrap();
    assert_eq!(created.body["filter_type_name"], "Ignore");
    assert_eq!(created.body["filter_note"], "expected");
    assert_eq!(created.body["created_by"], "Ada Admin");
    assert_eq!(created.body["created_by_id"], app.user_id("admin").await);
    assert_eq!(created.body["instance_count"], 1);
    assert!(created.body["filter_url"].is_null());

    let listed = app.post(FILTERED, &admin, json!({})).await;
    assert_eq!(listed.status, StatusCode::OK, "{:?}", listed.body);
    assert_eq!(listed.body["totalCount"], 1);
    let row = &listed.body["itemList"][0];
    for field in ["asp_error_log_filter_id", "filter_note", "filter_type", "filter_type_name", "filter_string", "filter_url", "description", "created_by_id", "created_by", "created_date", "instance_count"] {
        assert!(row.get(field).is_some(), "{field}");
    }
    assert_eq!(row["filter_string"], "session expired");
    let later = app.post(FILTERED, &admin, json!({"start_date": day(2), "end_date": day(5)})).await;
    assert_eq!(later.body["totalCount"], 0, "filters created outside the window are not listed");
    let export = app.post(&format!("{FILTERED}/Export"), &admin, json!({"columns": [{"field": "filter_string", "header": "Filter"}]})).await;
    assert_eq!(export.status, StatusCode::OK);

    let deleted = app.delete(&format!("{FILTER}/{id}"), &admin).await;
    assert_eq!(deleted.status, StatusCode::OK, "{:?}", deleted.body);
    assert_eq!(deleted.body["message"], "Filter deleted.");
    assert_eq!(app.delete(&format!("{FILTER}/{id}"), &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.post(FILTERED, &admin, json!({})).await.body["totalCount"], 0);

    let audited: Vec<String> = sqlx::query_scalar("select action from asp.audit_event where entity = 'asp_error_log_filter' order by audit_event_id")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, vec!["error_log_filter.insert", "error_log_filter.delete"]);
}

#[tokio::test]
async fn the_log_search_exports_to_excel() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    log_error(&app.pool, "ASPv8", "exported", Some("/x"), 0).await;
    let export = app
        .post(
            &format!("{SEARCH}/Export"),
            &admin,
            json!({"application_name": "ASPv8", "columns": [
                {"field": "event_time", "header": "Event Time", "kind": "datetime"},
                {"field": "asP_message", "header": "Message", "kind": "text"},
                {"field": "asp_error_log_ID", "header": "Id", "kind": "number"}]}),
        )
        .await;
    assert_eq!(export.status, StatusCode::OK);
    assert_eq!(export.headers["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert!(export.headers["content-disposition"].to_str().unwrap().contains("AspExport.xlsx"));
    assert!(export.body.as_str().unwrap().starts_with("PK"));
    let bad = app.post(&format!("{SEARCH}/Export"), &admin, json!({"columns": [{"field": "x", "header": "X"}], "sortField": "nope"})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn non_admins_get_403_on_error_log_operations() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let filter = app.post(FILTER, &admin, json!({"filter_type": 1, "filter_string": "x"})).await.body["asp_error_log_filter_id"].as_i64().unwrap();
    for user in ["buyer", "customer", "supplier"] {
        let token = app.login(user).await;
        let delete_path = format!("{FILTER}/{filter}");
        for (method, path, body) in [
            (Method::POST, SEARCH.to_owned(), Some(json!({}))),
            (Method::POST, format!("{SEARCH}/Export"), Some(json!({"columns": [{"field": "asP_message", "header": "Message"}]}))),
            (Method::POST, FILTERED.to_owned(), Some(json!({}))),
            (Method::POST, format!("{FILTERED}/Export"), Some(json!({"columns": [{"field": "filter_string", "header": "Filter"}]}))),
            (Method::POST, FILTER.to_owned(), Some(json!({"filter_type": 1, "filter_string": "y"}))),
            (Method::DELETE, delete_path.clone(), None),
        ] {
            let a = app.request(method, &path, Some(&token), body).await;
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{user} {path}");
            assert!(a.body["message"].as_str().unwrap().contains("permission"), "{user} {path}");
        }
    }
    let filters: i64 = sqlx::query_scalar("select count(*) from asp.asp_error_log_filter").fetch_one(&app.pool).await.unwrap();
    assert_eq!(filters, 1);
}
