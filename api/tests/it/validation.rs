//! One validation style: whatever refuses a request (a schema rule, a parameter, the service), the answer is a 400 in
//! the spec's shape naming the real field.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::TestApp;

#[tokio::test]
async fn a_schema_rule_refusal_names_the_field_it_refused() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let long_city = "x".repeat(101);
    let a = app
        .post("/api/V1/Address", &buyer, json!({"ship_to_name": "Dock 4", "address1": "1 Main St", "city": long_city, "state": "OH", "postal_code": "44101"}))
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.body["status"], 400);
    assert_eq!(a.body["errors"][0]["field"], "city", "{}", a.body);
    assert_eq!(a.body["errors"][0]["errorType"], "tooLong");
    assert_eq!(a.body["errors"][0]["error"], "city can be at most 100 characters.");
    let count: i64 = sqlx::query_scalar("select count(*) from client_acme.address where city = $1").bind("x".repeat(101)).fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 0, "a refused request changes nothing");
}

#[tokio::test]
async fn a_parameter_that_does_not_parse_names_the_parameter() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let a = app.request(Method::GET, "/api/V1/AlertAuditing/Type?type_id=abc", Some(&admin), None).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.body["errors"][0]["field"], "type_id", "{}", a.body);
}

#[tokio::test]
async fn a_body_that_is_not_json_is_about_the_whole_request() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let a = app
        .client
        .post(format!("{}/api/V1/Address", app.base))
        .bearer_auth(&buyer)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(a.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = a.json().await.unwrap();
    assert_eq!(body["errors"][0]["field"], "Error");
    assert_eq!(body["errors"][0]["errorType"], "invalidRequest");
}
