//! Tracking levels and codes (docs/tracking-codes.md): levels per site, codes with limits, suspension, supervisors
//! and item restrictions, every change audited; the route guard's level check; codes by CIP, references, defaults by
//! relationship; the selection rules, answered by ValidateTrackingCodeSelections and applied to draws.
#![allow(clippy::unwrap_used)]

use kernel::num::Decimal;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::cips::{at, cip_no};
use crate::common::{Answer, TestApp};

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().map(|e| e.iter().map(|x| x["field"].as_str().unwrap_or_default().to_owned()).collect()).unwrap_or_default()
}

async fn site(app: &TestApp, code: &str) -> i64 {
    app.site_id(code).await
}

async fn code_id(app: &TestApp, site_code: &str, number: &str) -> i64 {
    let schema = if site_code.starts_with("GEA") { "client_gea" } else { "client_acme" };
    sqlx::query_scalar(&format!("select t.tracking_code_id from {schema}.tracking_code t join asp.site s using (site_id) where s.site_code = $1 and t.tracking_number = $2"))
        .bind(site_code)
        .bind(number)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn employee_id(app: &TestApp, site_code: &str, number: &str) -> i64 {
    sqlx::query_scalar("select e.employee_id from client_acme.employee e join asp.site s using (site_id) where s.site_code = $1 and e.employee_number = $2")
        .bind(site_code)
        .bind(number)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn sql(app: &TestApp, statement: &str) {
    sqlx::query(statement).execute(&app.pool).await.unwrap();
}

async fn audit_actions(app: &TestApp, id: i64) -> Vec<String> {
    sqlx::query_scalar("select action from asp.audit_event where entity = 'tracking_code' and entity_id = $1 order by audit_event_id")
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

fn problems(a: &Answer) -> Vec<(i64, String)> {
    a.body["problems"].as_array().unwrap().iter().map(|p| (p["trackingLevelID"].as_i64().unwrap(), p["message"].as_str().unwrap().to_owned())).collect()
}

#[tokio::test]
async fn a_site_has_four_tracking_levels_and_a_level_administrator_names_and_requires_them() {
    let app = TestApp::spawn().await;
    let north = site(&app, "ACME-NORTH").await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.get(&format!("/api/V1/TrackingCode/TrackingLevelsBySite/{north}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let names: Vec<(&str, bool)> = a.body.as_array().unwrap().iter().map(|l| (l["description"].as_str().unwrap(), l["isActive"].as_bool().unwrap())).collect();
    assert_eq!(names, [("Cost Centre", true), ("Job", true), ("Machine", true), ("Level 4", false)]);
    assert_eq!((a.body[1]["canFreeForm"].as_bool(), a.body[2]["enableItemRestrictions"].as_bool()), (Some(true), Some(true)));

    let gea = site(&app, "GEA-MAIN").await;
    assert_eq!(app.get(&format!("/api/V1/TrackingCode/TrackingLevelsBySite/{gea}"), &buyer).await.status, StatusCode::NOT_FOUND);

    let change = json!({"trackingLevelID": 4, "description": "Vehicle", "isActive": true, "isRequired": true, "trackingTiming": 2});
    assert_eq!(app.put("/api/V1/TrackingCode/TrackingLevel/Update", &buyer, change.clone()).await.status, StatusCode::FORBIDDEN);
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let a = app.put("/api/V1/TrackingCode/TrackingLevel/Update", &admin, json!({"trackingLevelID": 5, "description": "X", "isActive": true})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["trackingLevelID".to_owned()]));
    let a = app.put("/api/V1/TrackingCode/TrackingLevel/Update", &admin, json!({"trackingLevelID": 4, "description": " ", "isActive": true, "isRequired": true, "trackingTiming": 0})).await;
    assert_eq!(fields(&a), ["description", "isRequired"]);
    let mut elsewhere = change.clone();
    elsewhere["site_id"] = json!(gea);
    let a = app.put("/api/V1/TrackingCode/TrackingLevel/Update", &admin, elsewhere).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "another client's site");
    let a = app.put("/api/V1/TrackingCode/TrackingLevel/Update", &admin, change).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body[3]["description"].as_str(), a.body[3]["isRequired"].as_bool(), a.body[3]["isActive"].as_bool()), (Some("Vehicle"), Some(true), Some(true)));
    let audited: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity = 'tracking_level' and entity_id = $1")
        .bind(format!("{north}:4"))
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, 1);
}

#[tokio::test]
async fn a_tracking_code_is_created_limited_suspended_and_reinstated_and_its_history_tells_each_change() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let new = json!({"trackingLevelID": 1, "trackingNumber": " CC-5100 ", "description": "Paint shop", "limitMonthly": 1200.456, "overrideMonthly": true});
    assert_eq!(app.post("/api/V1/TrackingCode/Create", &warehouse, new.clone()).await.status, StatusCode::FORBIDDEN);
    let a = app.post("/api/V1/TrackingCode/Create", &buyer, json!({"trackingLevelID": 4, "trackingNumber": "X"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["trackingLevelID".to_owned()]), "level 4 is not in use");
    let a = app.post("/api/V1/TrackingCode/Create", &buyer, json!({"trackingLevelID": 1, "trackingNumber": "cc-4100", "limitDaily": -1, "isSuspended": true})).await;
    assert_eq!(fields(&a), ["limitDaily", "suspensionReasonID", "trackingNumber"]);
    let a = app.post("/api/V1/TrackingCode/Create", &buyer, new).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["trackingCodeId"].as_i64().unwrap();
    assert_eq!((a.body["trackingNumber"].as_str(), a.body["limitMonthly"].as_f64(), a.body["overrideMonthly"].as_bool()), (Some("CC-5100"), Some(1200.46), Some(true)));
    assert_eq!(a.body["trackingLevelDescription"], "Cost Centre");

    let a = app.put("/api/V1/TrackingCode/Min3/Update", &buyer, json!({"trackingCodeId": id, "limitWeekly": 300, "overrideWeekly": true})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["limitMonthly"].clone(), a.body["limitWeekly"].as_f64(), a.body["description"].as_str()), (Value::Null, Some(300.0), Some("Paint shop")));
    let a = app.put("/api/V1/TrackingCode/Min2/Update", &buyer, json!({"trackingCodeId": id, "trackingNumber": "CC-5101", "description": "Paint shop 2"})).await;
    assert_eq!((a.body["trackingNumber"].as_str(), a.body["limitWeekly"].as_f64(), a.body["isActive"].as_bool()), (Some("CC-5101"), Some(300.0), Some(true)), "{:?}", a.body);

    let full = |susp: bool| json!({"trackingCodeId": id, "trackingNumber": "CC-5101", "description": "Paint shop 2", "isSuspended": susp, "suspensionReasonID": 1, "limitWeekly": 300, "overrideWeekly": true, "trackingCodeGroup": "Plant"});
    let a = app.put("/api/V1/TrackingCode/Update", &buyer, full(true)).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["isSuspended"].as_bool(), a.body["suspensionReasonID"].as_i64()), (Some(true), Some(1)));
    assert!(a.body["suspensionDate"].is_string());
    let a = app.put("/api/V1/TrackingCode/Update", &buyer, full(false)).await;
    assert_eq!((a.body["isSuspended"].as_bool(), a.body["suspensionDate"].clone()), (Some(false), Value::Null));
    // Bad input changes nothing.
    let a = app.put("/api/V1/TrackingCode/Update", &buyer, json!({"trackingCodeId": id, "trackingNumber": "", "restrictedCidNos": [1]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let f = fields(&a);
    assert_eq!((f[0].as_str(), f[1].as_str()), ("trackingNumber", "restrictedCidNos"), "{f:?}");

    assert_eq!(audit_actions(&app, id).await, ["create", "update_limits", "update", "suspend", "reinstate"]);
    let a = app.get(&format!("/api/V1/TrackingCode/Audit/Detail/{id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body[0]["action"], "reinstate");
    assert_eq!(a.body[0]["changed_by"], "buyer");
    assert_eq!(a.body[0]["changes"]["is_suspended"], json!({"from": true, "to": false}));
    assert_eq!(a.body[3]["changes"]["limit_monthly"], json!({"from": 1200.46, "to": null}));
}

#[tokio::test]
async fn the_detail_answers_the_route_guard_when_the_code_is_of_another_level_and_hides_other_clients() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let wo = code_id(&app, "ACME-NORTH", "WO-7781").await;
    let a = app.get(&format!("/api/V1/TrackingCode/V2/{wo}?level=2"), &buyer).await;
    assert_eq!((a.status, a.body["trackingNumber"].as_str(), a.body["limitYearly"].as_f64()), (StatusCode::OK, Some("WO-7781"), Some(20000.0)), "{:?}", a.body);
    let a = app.get(&format!("/api/V1/TrackingCode/V2/{wo}?level=1"), &buyer).await;
    assert_eq!((a.status, a.body["message"].as_str()), (StatusCode::NOT_FOUND, Some("The tracking code you are trying to find does not exist in this tracking level.")));
    // Ids are per client schema: an id only another client has is simply missing here.
    let missing: i64 = sqlx::query_scalar("select max(tracking_code_id) + 1000 from client_gea.tracking_code").fetch_one(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/TrackingCode/V2/{missing}"), &buyer).await;
    assert_eq!((a.status, a.body["message"].as_str()), (StatusCode::NOT_FOUND, Some("The tracking code you are trying to find does not exist.")));
    assert_eq!(app.put("/api/V1/TrackingCode/Min3/Update", &buyer, json!({"trackingCodeId": missing, "limitDaily": 1})).await.status, StatusCode::NOT_FOUND);
    // A code of the caller's other site of the same client is reachable and says where it lives.
    let south = code_id(&app, "ACME-SOUTH", "WO-7781").await;
    let a = app.get(&format!("/api/V1/TrackingCode/V2/{south}?level=2"), &buyer).await;
    assert_eq!((a.status, a.body["site_id"].as_i64()), (StatusCode::OK, Some(app.site_id("ACME-SOUTH").await)), "{:?}", a.body);
    // Support holds BasicAccess but no level's view permission.
    let support = at(&app, "support", "ACME-NORTH").await;
    assert_eq!(app.get(&format!("/api/V1/TrackingCode/V2/{wo}"), &support).await.status, StatusCode::FORBIDDEN);
    let a = app.post("/api/V1/TrackingCode/TrackingCodesBySearch", &support, json!({"trackingLevelID": 1})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn codes_are_searched_per_level_and_picked_by_quick_search() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.post("/api/V1/TrackingCode/TrackingCodesBySearch", &buyer, json!({"trackingLevelID": 1, "pageSize": 10})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let numbers: Vec<&str> = a.body["resultList"].as_array().unwrap().iter().map(|c| c["trackingNumber"].as_str().unwrap()).collect();
    assert_eq!(numbers, ["CC-4100", "CC-4200", "CC-4300", "CC-4400", "CC-4900"]);
    assert_eq!(a.body["totalCount"], 5);
    assert_eq!(a.body["resultList"][0]["supervisorName"], "Lopez, Maria (E1001)");
    let a = app.post("/api/V1/TrackingCode/TrackingCodesBySearch", &buyer, json!({"trackingLevelID": 1, "isSuspended": true})).await;
    assert_eq!(a.body["resultList"][0]["trackingNumber"], "CC-4900");
    let a = app.post("/api/V1/TrackingCode/TrackingCodesBySearch", &buyer, json!({"trackingLevelID": 2, "text": "conveyor", "sortField": "limitYearly", "sortDirection": "desc"})).await;
    assert_eq!((a.body["totalCount"].as_i64(), a.body["resultList"][0]["trackingNumber"].as_str()), (Some(1), Some("WO-7802")));
    let a = app.post("/api/V1/TrackingCode/TrackingCodesBySearch", &buyer, json!({"trackingLevelID": 1, "sortField": "secret"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["sortField".to_owned()]));
    let a = app.post("/api/V1/TrackingCode/TrackingCodesBySearch", &buyer, json!({"trackingLevelID": 9})).await;
    assert_eq!(fields(&a), ["trackingLevelID"]);
    let a = app.post("/api/V1/TrackingCode/QuickSearch", &buyer, json!({"trackingLevelID": 3, "text": "eq-l"})).await;
    let picked: Vec<&str> = a.body.as_array().unwrap().iter().map(|c| c["trackingNumber"].as_str().unwrap()).collect();
    assert_eq!(picked, ["EQ-LATHE-01"]);
}

#[tokio::test]
async fn one_supervisor_is_set_for_many_codes_and_only_a_supervisor_of_the_site_may_be() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let (a1, a2) = (code_id(&app, "ACME-NORTH", "WO-7781").await, code_id(&app, "ACME-NORTH", "WO-7790").await);
    let david = employee_id(&app, "ACME-NORTH", "E1002").await;
    let maria = employee_id(&app, "ACME-NORTH", "E1001").await;
    let a = app.post("/api/V1/TrackingCode/AddSupervisor", &buyer, json!({"trackingCodeIds": [a1, a2], "supervisor": david})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["supervisor".to_owned()]), "David is not a supervisor");
    let south = code_id(&app, "ACME-SOUTH", "WO-7781").await;
    let a = app.post("/api/V1/TrackingCode/AddSupervisor", &buyer, json!({"trackingCodeIds": [a1, south], "supervisor": maria})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "a code of another site");
    let a = app.post("/api/V1/TrackingCode/AddSupervisor", &buyer, json!({"trackingCodeIds": [a1, a2, a1], "supervisor": maria})).await;
    assert_eq!((a.status, a.body["updated"].as_i64()), (StatusCode::OK, Some(2)), "{:?}", a.body);
    assert_eq!(audit_actions(&app, a1).await, ["add_supervisor"]);
    assert_eq!(audit_actions(&app, south).await, Vec::<String>::new());
    let a = app.get(&format!("/api/V1/TrackingCode/V2/{a2}"), &buyer).await;
    assert_eq!((a.body["supervisor"].as_i64(), a.body["supervisorName"].as_str()), (Some(maria), Some("Lopez, Maria (E1001)")));
}

#[tokio::test]
async fn the_codes_of_a_cip_follow_item_restrictions_and_put_its_defaults_first_and_references_say_who_uses_a_code() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let north = site(&app, "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let a = app.get(&format!("/api/V1/TrackingCode/TrackingCodesByCIP/{bearing}?site_id={north}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let list = a.body.as_array().unwrap();
    assert_eq!((list[0]["trackingNumber"].as_str(), list[0]["isDefault"].as_bool()), (Some("CC-4100"), Some(true)));
    let numbers: Vec<&str> = list.iter().map(|c| c["trackingNumber"].as_str().unwrap()).collect();
    assert!(!numbers.contains(&"CC-4900"), "suspended codes are not offered");
    // The lathe takes only its two listed items.
    let lathe = code_id(&app, "ACME-NORTH", "EQ-LATHE-01").await;
    let listed: Vec<i64> = sqlx::query_scalar("select cid_no from client_acme.tracking_code_item where tracking_code_id = $1").bind(lathe).fetch_all(&app.pool).await.unwrap();
    assert_eq!(listed.len(), 2);
    let in_bearing: bool = sqlx::query_scalar("select cid_no = any($2) from client_acme.cip where cip_no = $1").bind(bearing).bind(&listed).fetch_one(&app.pool).await.unwrap();
    assert_eq!(numbers.contains(&"EQ-LATHE-01"), in_bearing);
    let listed_cip: i64 = sqlx::query_scalar("select cip_no from client_acme.cip where cid_no = $1 and site_id = $2 order by cip_no limit 1").bind(listed[0]).bind(north).fetch_one(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/TrackingCode/TrackingCodesByCIP/{listed_cip}"), &buyer).await;
    assert!(a.body.as_array().unwrap().iter().any(|c| c["trackingNumber"] == "EQ-LATHE-01"));
    let gea = cip_no(&app, "GEA-MAIN", "BRG-6204-2RS").await;
    assert_eq!(app.get(&format!("/api/V1/TrackingCode/TrackingCodesByCIP/{gea}"), &buyer).await.status, StatusCode::NOT_FOUND);

    let cc = code_id(&app, "ACME-NORTH", "CC-4100").await;
    let a = app.get(&format!("/api/V1/TrackingCode/Reference/{cc}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["inUse"].as_bool(), a.body["employees"][0]["employee_number"].as_str(), a.body["cips"][0]["cip_code"].as_str()), (Some(true), Some("E1001"), Some("BRG-6204-2RS")));
    let a = app.get(&format!("/api/V1/TrackingCode/Reference/{}", code_id(&app, "ACME-NORTH", "EQ-MILL-03").await), &buyer).await;
    assert_eq!(a.body["inUse"], false);

    let maria = employee_id(&app, "ACME-NORTH", "E1001").await;
    let a = app.get(&format!("/api/V1/TrackingCode/TrackingCodeDefaultsByRelationship/employee/{maria}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body[0]["trackingNumber"].as_str(), a.body[0]["trackingLevelDescription"].as_str(), a.body[1]["trackingCodeId"].clone()), (Some("CC-4100"), Some("Cost Centre"), Value::Null));
    let a = app.get(&format!("/api/V1/TrackingCode/TrackingCodeDefaultsByRelationship/CIP/{bearing}"), &buyer).await;
    assert_eq!(a.body[0]["trackingNumber"], "CC-4100");
    let a = app.get(&format!("/api/V1/TrackingCode/TrackingCodeDefaultsByRelationship/vendor/{bearing}"), &buyer).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["a".to_owned()]));
}

#[tokio::test]
async fn selections_are_checked_against_required_levels_state_level_free_form_and_item_restrictions() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let north = site(&app, "ACME-NORTH").await;
    sql(&app, &format!("update client_acme.tracking_level set is_required = true where site_id = {north} and tracking_level_id in (1, 2)")).await;
    let check = |body: Value| {
        let app = &app;
        let buyer = buyer.clone();
        async move { app.post("/api/V1/TrackingCode/ValidateTrackingCodeSelections/Issue", &buyer, body).await }
    };
    let a = check(json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["isValid"], false);
    assert_eq!(problems(&a), [(1, "Cost Centre is required.".to_owned()), (2, "Job is required.".to_owned())]);
    // Receipts do not ask levels timed OnIssue.
    let a = app.post("/api/V1/TrackingCode/ValidateTrackingCodeSelections/Receipt", &buyer, json!({})).await;
    assert_eq!(a.body["isValid"], true);
    let a = app.post("/api/V1/TrackingCode/ValidateTrackingCodeSelections/Lunch", &buyer, json!({})).await;
    // The refusal names the path parameter as the document does.
    assert_eq!(
        (a.status, a.body["errors"][0]["field"].as_str(), a.body["errors"][0]["errorType"].as_str()),
        (StatusCode::BAD_REQUEST, Some("x"), Some("invalid")),
        "{:?}",
        a.body
    );

    let south = code_id(&app, "ACME-SOUTH", "CC-4100").await;
    let a = check(json!({"trackingCode3Id": south})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["trackingCode3Id".to_owned()]), "another site's code is no code here");

    let (cc, wo, susp, lathe) = (
        code_id(&app, "ACME-NORTH", "CC-4100").await,
        code_id(&app, "ACME-NORTH", "WO-7781").await,
        code_id(&app, "ACME-NORTH", "CC-4900").await,
        code_id(&app, "ACME-NORTH", "EQ-LATHE-01").await,
    );
    let a = check(json!({"trackingCode1Id": wo, "trackingCode2Text": "Night shift"})).await;
    assert_eq!(problems(&a), [(1, "Tracking code WO-7781 does not exist in this tracking level (Cost Centre).".to_owned())]);
    let a = check(json!({"trackingCode1Id": susp, "trackingCode2Id": wo, "trackingCode3Text": "free"})).await;
    assert_eq!(problems(&a), [(1, "Tracking code CC-4900 is suspended.".to_owned()), (3, "Machine does not accept free-form text.".to_owned())]);
    assert_eq!(a.body["problems"][1]["field"], "trackingCode3Text");
    sql(&app, &format!("update client_acme.tracking_code set is_active = false where tracking_code_id = {wo}")).await;
    let a = check(json!({"trackingCode1Id": cc, "trackingCode2Id": wo})).await;
    assert_eq!(problems(&a), [(2, "Tracking code WO-7781 is inactive.".to_owned())]);

    // Defaults: the employee's first, then the CIP's; the item restriction of the lathe.
    let david = employee_id(&app, "ACME-NORTH", "E1002").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let a = check(json!({"employee_id": david, "cip_no": bearing, "trackingCode2Text": "Night shift"})).await;
    assert_eq!(a.body["isValid"], true, "{:?}", a.body);
    assert_eq!((a.body["trackingCode1Id"].as_i64(), a.body["trackingCode2Text"].as_str()), (Some(code_id(&app, "ACME-NORTH", "CC-4200").await), Some("Night shift")));
    let a = check(json!({"cip_no": bearing, "trackingCode2Text": "x"})).await;
    assert_eq!(a.body["trackingCode1Id"].as_i64(), Some(cc));
    let other: i64 = sqlx::query_scalar(
        "select c.cip_no from client_acme.cip c where c.site_id = $1 and c.cid_no is not null
           and c.cid_no not in (select cid_no from client_acme.tracking_code_item where tracking_code_id = $2) order by c.cip_no limit 1",
    )
    .bind(north)
    .bind(lathe)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = check(json!({"cip_no": other, "trackingCode1Id": cc, "trackingCode2Text": "x", "trackingCode3Id": lathe})).await;
    let p = problems(&a);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].1.starts_with("Tracking code EQ-LATHE-01 is not valid for item "), "{p:?}");
    let gea_emp: i64 = sqlx::query_scalar("select employee_id from client_gea.employee limit 1").fetch_one(&app.pool).await.unwrap();
    let a = check(json!({"employee_id": gea_emp + 100000})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_draw_takes_the_drawers_defaults_and_carries_the_limits_of_its_codes_with_their_override_flags() {
    use kernel::draw::{DrawError, DrawRefusal, Drawer, LimitSource, Period, TrackingSelection};
    use people::draw::tracking;

    let app = TestApp::spawn().await;
    let north = site(&app, "ACME-NORTH").await;
    let client_id: i64 = sqlx::query_scalar("select client_id from asp.site where site_id = $1").bind(north).fetch_one(&app.pool).await.unwrap();
    let scope = tenancy::SiteScope::granted_by_authorizer(client_id, tenancy::SchemaName::parse("client_acme").unwrap(), north);
    let maria = employee_id(&app, "ACME-NORTH", "E1001").await;
    let drawer = Drawer {
        employee_id: maria,
        employee_number: "E1001".into(),
        name: "Lopez, Maria".into(),
        group_ids: vec![],
        default_tracking: [None; 4],
        can_return: true,
        can_adjust: false,
    };
    let (cc, wo) = (code_id(&app, "ACME-NORTH", "CC-4100").await, code_id(&app, "ACME-NORTH", "WO-7802").await);
    let mut tx = scope.begin(&app.pool).await.unwrap();
    let chosen = TrackingSelection { ids: [None, Some(wo), None, None], free_form: Default::default() };
    let (s, codes) = tracking::validate(&mut tx, &drawer, &[], &chosen).await.unwrap();
    assert_eq!(s.ids, [Some(cc), Some(wo), None, None], "level 1 from Maria's default");
    let limits = tracking::limits(&codes);
    let got: Vec<(i64, Period, Decimal, bool)> = limits
        .iter()
        .map(|l| match &l.source {
            LimitSource::TrackingCode { tracking_code_id, .. } => (*tracking_code_id, l.period, l.amount, l.overridable),
            other => panic!("{other:?}"),
        })
        .collect();
    let d = Decimal::from;
    assert_eq!(got, [(cc, Period::Day, d(300), false), (cc, Period::Month, d(5000), true), (wo, Period::Week, d(400), true), (wo, Period::Year, d(5000), true)]);

    let susp = code_id(&app, "ACME-NORTH", "CC-4900").await;
    let bad = TrackingSelection { ids: [Some(susp), None, None, None], free_form: Default::default() };
    match tracking::validate(&mut tx, &drawer, &[], &bad).await {
        Err(DrawError::Refused(DrawRefusal::Tracking { level, message })) => assert_eq!((level, message.as_str()), (1, "Tracking code CC-4900 is suspended.")),
        other => panic!("{other:?}"),
    }
    // The same rule through the policy the ledger calls.
    let policy = people::draw::PeopleDrawPolicy;
    let rules = kernel::draw::DrawPolicy::rules(&policy, &mut tx, &drawer, &[], &chosen, None).await.unwrap();
    assert_eq!(rules.tracking.ids[0], Some(cc));
    assert!(rules.limits.iter().any(|l| matches!(l.source, LimitSource::TrackingCode { tracking_code_id, .. } if tracking_code_id == wo) && l.period == Period::Week));
}
