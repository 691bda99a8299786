//! Employee groups (docs/employee-groups.md): the demo groups, create and change with their limits, assigned
//! employees, delivery locations, assets, tracking restrictions and item-group limits, each audited with its own
//! history; another client's group is never reached; the draw policy's group and item-group limits.
#![allow(clippy::unwrap_used)]

use kernel::draw::{DrawPolicy, DrawerQuery, LimitSource, Period, TrackingSelection};
use kernel::num::Decimal;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::cips::at;
use crate::common::{Answer, TestApp};

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().map(|e| e.iter().map(|x| x["field"].as_str().unwrap_or_default().to_owned()).collect()).unwrap_or_default()
}

async fn group_id(app: &TestApp, site: &str, description: &str) -> i64 {
    let schema = if site.starts_with("GEA") { "client_gea" } else { "client_acme" };
    sqlx::query_scalar(&format!("select g.employee_group_id from {schema}.employee_group g join asp.site s using (site_id) where s.site_code = $1 and g.description = $2"))
        .bind(site)
        .bind(description)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn audit_actions(app: &TestApp, path: &str, token: &str) -> Vec<String> {
    let a = app.get(path, token).await;
    assert_eq!(a.status, StatusCode::OK, "{path}: {:?}", a.body);
    a.body.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap().to_owned()).collect()
}

async fn group_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from client_acme.employee_group").fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn the_demo_sites_have_limit_groups_approved_by_their_supervisors_and_every_employee_is_in_one() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.post("/api/V1/Employee/Group/Search", &buyer, json!({"pageSize": 10})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let names: Vec<&str> = a.body["resultList"].as_array().unwrap().iter().map(|g| g["description"].as_str().unwrap()).collect();
    assert_eq!(names, ["MAINT", "PROD", "QA", "SUPERVISORS"]);
    let maint = &a.body["resultList"][0];
    assert_eq!((maint["limitWeekly"].as_f64(), maint["enforced_level_text"].as_str(), maint["approver_group"].as_str()), (Some(1500.0), Some("Enforce"), Some("SUPERVISORS")));
    let unassigned: i64 = sqlx::query_scalar(
        "select count(*) from client_acme.employee e where not exists (select 1 from client_acme.employee_group_member m where m.employee_id = e.employee_id)",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(unassigned, 0);

    let id = maint["employeeGroupID"].as_i64().unwrap();
    let one = app.get(&format!("/api/V1/Employee/Group/{id}"), &buyer).await;
    assert_eq!((one.status, one.body["groupID"].as_i64()), (StatusCode::OK, Some(id)));
    let site = app.site_id("ACME-NORTH").await;
    let all = app.get(&format!("/api/V1/Employee/Group/Site/{site}"), &buyer).await;
    assert_eq!(all.body.as_array().unwrap().len(), 4);
    let approvers = app.get(&format!("/api/V1/Employee/Group/Site/{site}/EmployeeGroupType/2"), &buyer).await;
    assert_eq!(approvers.body.as_array().unwrap().iter().map(|g| g["description"].as_str().unwrap()).collect::<Vec<_>>(), ["SUPERVISORS"]);
    assert_eq!(app.get(&format!("/api/V1/Employee/Group/Site/{site}/EmployeeGroupType/9"), &buyer).await.status, StatusCode::BAD_REQUEST);
    let item_groups = app.get(&format!("/api/V1/Employee/Group/Site/{site}/ItemGroups"), &buyer).await;
    assert!(item_groups.body.as_array().unwrap().iter().any(|g| g["description"] == "PPE" && g["cid_count"].as_i64().unwrap() >= 1), "{:?}", item_groups.body);
    let limits = app.post("/api/V1/Employee/Group/ItemGroup/Limits/Search", &buyer, json!({"employee_group_id": id})).await;
    assert_eq!(limits.body["totalCount"].as_i64(), Some(2), "{:?}", limits.body);
}

#[tokio::test]
async fn a_group_is_created_and_its_weekly_limit_changed_with_both_changes_in_its_history() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let body = json!({"description": "Night shift", "limitDaily": 50, "limitWeekly": 200, "limitMonthly": 600, "enforced_level": 2});
    assert_eq!(app.post("/api/V1/Employee/Group", &buyer, body.clone()).await.status, StatusCode::FORBIDDEN);
    let a = app.post("/api/V1/Employee/Group", &warehouse, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["employeeGroupID"].as_i64().unwrap();
    assert_eq!((a.body["group_type_text"].as_str(), a.body["limitYearly"].as_f64()), (Some("Limit"), None));

    let mut changed = a.body.clone();
    changed["employee_group_id"] = json!(id);
    changed["limitWeekly"] = json!(250.5);
    let a = app.put("/api/V1/Employee/Group", &warehouse, changed).await;
    assert_eq!((a.status, a.body["limitWeekly"].as_f64()), (StatusCode::OK, Some(250.5)), "{:?}", a.body);
    let stored: f64 = sqlx::query_scalar("select limit_weekly::float8 from client_acme.employee_group where employee_group_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!((stored - 250.5).abs() < 1e-9);
    let history = app.get(&format!("/api/V1/Employee/Group/Audit/Detail/{id}"), &buyer).await;
    let actions: Vec<&str> = history.body.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["employee_group.update", "employee_group.create"]);
    assert_eq!(history.body[0]["changes"]["limit_weekly"], json!({"from": 200.0, "to": 250.5}), "{:?}", history.body[0]);
    assert_eq!(history.body[0]["changed_by"].as_str(), Some("warehouse"));
}

#[tokio::test]
async fn a_groups_limits_keep_their_cents_exactly_and_round_half_away_from_zero() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    // 1.005 is 1.00499999999999989... as a double: rounding it in binary made 1.00; the exact decimal rounds to 1.01.
    let body = json!({"description": "Exact", "limitDaily": 1.005, "limitWeekly": 19.99, "limitMonthly": 60.3, "budget_amount": 0.125, "costLimit": 2.5});
    let a = app.post("/api/V1/Employee/Group", &warehouse, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let text = |field: &str| a.body[field].to_string();
    assert_eq!([text("limitDaily"), text("limitWeekly"), text("limitMonthly"), text("budget_amount"), text("costLimit")], ["1.01", "19.99", "60.3", "0.13", "2.5"]);
    let id = a.body["employeeGroupID"].as_i64().unwrap();
    let stored: (String, String) = sqlx::query_as("select limit_daily::text, budget_amount::text from client_acme.employee_group where employee_group_id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored, ("1.01".to_owned(), "0.13".to_owned()));
    let history = app.get(&format!("/api/V1/Employee/Group/Audit/Detail/{id}"), &warehouse).await;
    assert_eq!(history.body[0]["changes"]["limit_daily"].to_string(), "1.01", "{:?}", history.body[0]);
}

#[tokio::test]
async fn bad_group_input_answers_400_by_field_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let before = group_count(&app).await;
    let a = app
        .post("/api/V1/Employee/Group", &warehouse, json!({"description": " ", "limitDaily": 100, "limitWeekly": 50, "limitMonthly": -1, "enforced_level": 7, "group_type": 4}))
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let mut f = fields(&a);
    f.sort();
    assert_eq!(f, ["description", "enforced_level", "group_type", "limitMonthly", "limitWeekly"]);
    let a = app.post("/api/V1/Employee/Group", &warehouse, json!({"description": "maint"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["description".to_owned()]), "{:?}", a.body);
    let a = app.post("/api/V1/Employee/Group", &warehouse, json!({"description": "Second default", "defaultGroup": true})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["defaultGroup".to_owned()]), "{:?}", a.body);
    let prod = group_id(&app, "ACME-NORTH", "PROD").await;
    let a = app.post("/api/V1/Employee/Group", &warehouse, json!({"description": "Approved by PROD", "approver_group_id": prod})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["approver_group_id".to_owned()]), "{:?}", a.body);
    assert_eq!(group_count(&app).await, before);
}

#[tokio::test]
async fn employees_are_assigned_by_number_searched_with_in_group_and_removed_and_a_group_with_members_is_not_deleted() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let site = app.site_id("ACME-NORTH").await;
    let a = app.post("/api/V1/Employee/Group", &warehouse, json!({"description": "Weekend crew", "limitDaily": 20})).await;
    let id = a.body["employeeGroupID"].as_i64().unwrap();

    let a = app.post("/api/V1/Employee/Group/Assigned/Insert", &warehouse, json!({"employee_group_id": id, "employeeNumbers": ["E1002", "nobody"]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert!(a.body["errors"][0]["error"].as_str().unwrap().contains("nobody"));
    let a = app.post("/api/V1/Employee/Group/Assigned/Insert", &warehouse, json!({"employee_group_id": id, "employeeNumbers": ["e1002", "E1003"]})).await;
    assert_eq!((a.status, a.body["member_count"].as_i64()), (StatusCode::OK, Some(2)), "{:?}", a.body);
    let a = app.post("/api/V1/Employee/Group/Assigned/Search", &warehouse, json!({"employee_group_id": id, "inGroup": true})).await;
    let numbers: Vec<&str> = a.body["resultList"].as_array().unwrap().iter().map(|e| e["employeeNumber"].as_str().unwrap()).collect();
    assert_eq!(numbers, ["E1002", "E1003"]);
    let a = app.post("/api/V1/Employee/Group/Assigned/Search", &warehouse, json!({"employee_group_id": id, "text": "lopez"})).await;
    assert_eq!((a.body["resultList"][0]["employeeNumber"].as_str(), a.body["resultList"][0]["inGroup"].as_bool()), (Some("E1001"), Some(false)), "{:?}", a.body);

    let a = app.post("/api/V1/Employee/Group/Assigned/Update", &warehouse, json!({"employee_group_id": id, "employeeNumbers": ["E1001", "E1002"]})).await;
    assert_eq!((a.body["added"].clone(), a.body["removed"].clone()), (json!(["E1001"]), json!(["E1003"])), "{:?}", a.body);
    let a = app.delete(&format!("/api/V1/Employee/Group/Delete/{site}/{id}"), &warehouse).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    let a = app.delete(&format!("/api/V1/Employee/Group/Assigned/Delete/{id}/E1001"), &warehouse).await;
    assert_eq!((a.status, a.body["member_count"].as_i64()), (StatusCode::OK, Some(1)), "{:?}", a.body);
    assert_eq!(app.delete(&format!("/api/V1/Employee/Group/Assigned/Delete/{id}/E1001"), &warehouse).await.status, StatusCode::NOT_FOUND);
    app.post("/api/V1/Employee/Group/Assigned/Update", &warehouse, json!({"employee_group_id": id, "employeeNumbers": []})).await;
    let members: i64 = sqlx::query_scalar("select count(*) from client_acme.employee_group_member where employee_group_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(members, 0);
    let actions = audit_actions(&app, &format!("/api/V1/Employee/Group/Assigned/Audit/Detail/{id}"), &warehouse).await;
    assert_eq!(actions, ["employee_group.assigned.update", "employee_group.assigned.delete", "employee_group.assigned.update", "employee_group.assigned.insert"]);
    let a = app.delete(&format!("/api/V1/Employee/Group/Delete/{site}/{id}"), &warehouse).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let gone: i64 = sqlx::query_scalar("select count(*) from client_acme.employee_group where employee_group_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(gone, 0);
}

#[tokio::test]
async fn delivery_locations_assets_tracking_restrictions_and_item_group_limits_are_kept_each_with_its_history() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let site = app.site_id("ACME-NORTH").await;
    let id = app.post("/api/V1/Employee/Group", &warehouse, json!({"description": "Tool room"})).await.body["employeeGroupID"].as_i64().unwrap();

    // Delivery locations.
    let a = app.post("/api/V1/Employee/Group/DeliveryLocation/Insert", &warehouse, json!({"employee_group_id": id, "location": "tool-room", "is_default": true})).await;
    assert_eq!((a.status, a.body["location"].as_str()), (StatusCode::OK, Some("TOOL-ROOM")), "{:?}", a.body);
    let loc = a.body["delivery_location_id"].as_i64().unwrap();
    let a = app.post("/api/V1/Employee/Group/DeliveryLocation/Insert", &warehouse, json!({"employee_group_id": id, "location": "Tool-Room"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["location".to_owned()]));
    let a = app.post("/api/V1/Employee/Group/DeliveryLocation/Update", &warehouse, json!({"employee_group_id": id, "delivery_location_id": loc, "location": "TOOL-ROOM-2", "description": "Back door"})).await;
    assert_eq!((a.status, a.body["is_default"].as_bool()), (StatusCode::OK, Some(false)), "{:?}", a.body);
    let a = app.post("/api/V1/Employee/Group/DeliveryLocation", &warehouse, json!({"employee_group_id": id})).await;
    assert_eq!(a.body.as_array().unwrap().len(), 1);
    assert_eq!(app.delete(&format!("/api/V1/Employee/Group/DeliveryLocation/Delete/{id}/{loc}"), &warehouse).await.status, StatusCode::OK);
    let actions = audit_actions(&app, &format!("/api/V1/Employee/Group/DeliveryLocation/Audit/Detail/{id}"), &warehouse).await;
    assert_eq!(actions, ["employee_group.delivery_location.delete", "employee_group.delivery_location.update", "employee_group.delivery_location.insert"]);

    // Assets.
    let cip = crate::cips::cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let a = app.post("/api/V1/Employee/Group/Assets", &warehouse, json!({"employee_group_id": id, "cip_no": cip, "notes": "Loaner"})).await;
    assert_eq!((a.status, a.body["cip_code"].as_str()), (StatusCode::OK, Some("BRG-6204-2RS")), "{:?}", a.body);
    assert_eq!(app.post("/api/V1/Employee/Group/Assets", &warehouse, json!({"employee_group_id": id, "cip_no": cip})).await.status, StatusCode::CONFLICT);
    let gea_cip = crate::cips::cip_no(&app, "GEA-MAIN", "BRG-6204-2RS").await;
    assert_eq!(app.post("/api/V1/Employee/Group/Assets", &warehouse, json!({"employee_group_id": id, "cip_no": gea_cip + 100_000})).await.status, StatusCode::BAD_REQUEST);
    let a = app.post("/api/V1/Employee/Group/Assets/Update", &warehouse, json!({"employee_group_id": id, "cip_no": cip, "notes": "Two-day loan"})).await;
    assert_eq!(a.body["notes"].as_str(), Some("Two-day loan"));
    let a = app.post("/api/V1/Employee/Group/Assets/Search", &warehouse, json!({"employee_group_id": id})).await;
    assert_eq!(a.body["totalCount"].as_i64(), Some(1));
    assert_eq!(app.delete(&format!("/api/V1/Employee/Group/Assets/{site}/{id}/{cip}"), &warehouse).await.status, StatusCode::OK);
    let actions = audit_actions(&app, &format!("/api/V1/Employee/Group/Assets/Audit/Detail/{id}"), &warehouse).await;
    assert_eq!(actions, ["employee_group.asset.delete", "employee_group.asset.update", "employee_group.asset.insert"]);

    // Tracking restrictions.
    let codes: Vec<(i64, i64)> = sqlx::query_as("select tracking_code_id, tracking_level_id from client_acme.tracking_code where site_id = $1 order by tracking_number")
        .bind(site)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    let level1: Vec<i64> = codes.iter().filter(|c| c.1 == 1).map(|c| c.0).collect();
    let level2: Vec<i64> = codes.iter().filter(|c| c.1 == 2).map(|c| c.0).collect();
    let a = app.post("/api/V1/Employee/Group/TrackingRestriction/Update", &warehouse, json!({"employee_group_id": id, "tracking_level_id": 1, "tracking_code_ids": [level1[0], level2[0]]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let a = app.post("/api/V1/Employee/Group/TrackingRestriction/Update", &warehouse, json!({"employee_group_id": id, "tracking_level_id": 1, "tracking_code_ids": [level1[0]]})).await;
    assert_eq!((a.status, a.body["totalCount"].as_i64()), (StatusCode::OK, Some(1)), "{:?}", a.body);
    let a = app.post("/api/V1/Employee/Group/TrackingRestriction/Search", &warehouse, json!({"employee_group_id": id, "tracking_level_id": 1})).await;
    let allowed: Vec<bool> = a.body["resultList"].as_array().unwrap().iter().map(|c| c["allowed"].as_bool().unwrap()).collect();
    let expected: Vec<bool> = level1.iter().map(|c| *c == level1[0]).collect();
    assert_eq!(allowed, expected, "every code of the level is listed, only the chosen one allowed");
    let actions = audit_actions(&app, &format!("/api/V1/Employee/Group/TrackingRestriction/Audit/Detail/{id}"), &warehouse).await;
    assert_eq!(actions, ["employee_group.tracking_restriction.update"]);

    // Item-group limits.
    let ppe: i64 = sqlx::query_scalar("select item_group_id from client_acme.item_group where site_id = $1 and description = 'PPE'").bind(site).fetch_one(&app.pool).await.unwrap();
    let limit = json!({"employee_group_id": id, "item_group_id": ppe, "period": 2, "limit_amount": 75});
    let a = app.post("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, limit.clone()).await;
    assert_eq!((a.status, a.body["period_text"].as_str()), (StatusCode::OK, Some("Weekly")), "{:?}", a.body);
    assert_eq!(app.post("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, limit).await.status, StatusCode::CONFLICT);
    let a = app.post("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, json!({"employee_group_id": id, "item_group_id": ppe, "period": 5, "limit_amount": -2})).await;
    let mut f = fields(&a);
    f.sort();
    assert_eq!((a.status, f), (StatusCode::BAD_REQUEST, vec!["limit_amount".to_owned(), "period".to_owned()]));
    let a = app.put("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, json!({"employee_group_id": id, "item_group_id": ppe, "period": 2, "limit_amount": 90})).await;
    assert_eq!(a.body["limit_amount"].as_f64(), Some(90.0), "{:?}", a.body);
    assert_eq!(app.put("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, json!({"employee_group_id": id, "item_group_id": ppe, "period": 3, "limit_amount": 1})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/V1/Employee/Group/ItemGroup/Limits/{id}/{ppe}/2"), &warehouse).await.status, StatusCode::OK);
    let history = app.get(&format!("/api/V1/Employee/Group/ItemGroup/Limits/Audit/Detail/{id}"), &warehouse).await;
    let actions: Vec<&str> = history.body.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["employee_group.item_group_limit.delete", "employee_group.item_group_limit.update", "employee_group.item_group_limit.insert"]);
    assert_eq!(history.body[1]["changes"]["limit_amount"], json!({"from": 75.0, "to": 90.0}));
}

#[tokio::test]
async fn another_clients_group_answers_404_and_stays_unchanged() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    // Each client schema numbers its rows from 1: GEA's MAINT gets an id no ACME group has.
    let gea_site = app.site_id("GEA-MAIN").await;
    let old = group_id(&app, "GEA-MAIN", "MAINT").await;
    let gea: i64 = 900_001;
    sqlx::query(
        "insert into client_gea.employee_group (employee_group_id, site_id, description, limit_daily) overriding system value values ($1, $2, 'GEA crew', 5)",
    )
    .bind(gea)
    .bind(gea_site)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query("update client_gea.employee_group_member set employee_group_id = $1 where employee_group_id = $2").bind(gea).bind(old).execute(&app.pool).await.unwrap();
    let digest = || async {
        let v: Value = sqlx::query_scalar("select to_jsonb(g) - 'updated_at' from client_gea.employee_group g where employee_group_id = $1").bind(gea).fetch_one(&app.pool).await.unwrap();
        v
    };
    let before = digest().await;
    for path in [format!("/api/V1/Employee/Group/{gea}"), format!("/api/V1/Employee/Group/Assigned/Audit/Detail/{gea}"), format!("/api/V1/Employee/Group/Site/{gea_site}")] {
        assert_eq!(app.get(&path, &warehouse).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    let gea_cip: i64 = sqlx::query_scalar("select cip_no from client_gea.cip where site_id = $1 order by cip_no limit 1").bind(gea_site).fetch_one(&app.pool).await.unwrap();
    let g = json!(gea);
    let writes = [
        ("PUT", "/api/V1/Employee/Group".to_owned(), json!({"employee_group_id": g, "description": "Taken over", "limitDaily": 1})),
        ("POST", "/api/V1/Employee/Group/Assigned/Insert".to_owned(), json!({"employee_group_id": g, "employeeNumbers": ["E1001"]})),
        ("POST", "/api/V1/Employee/Group/Assigned/Update".to_owned(), json!({"employee_group_id": g, "employeeNumbers": []})),
        ("DELETE", format!("/api/V1/Employee/Group/Assigned/Delete/{gea}/E1001"), Value::Null),
        ("POST", "/api/V1/Employee/Group/DeliveryLocation/Insert".to_owned(), json!({"employee_group_id": g, "location": "X"})),
        ("POST", "/api/V1/Employee/Group/DeliveryLocation/Update".to_owned(), json!({"employee_group_id": g, "delivery_location_id": 1, "location": "X"})),
        ("DELETE", format!("/api/V1/Employee/Group/DeliveryLocation/Delete/{gea}/1"), Value::Null),
        ("POST", "/api/V1/Employee/Group/Assets".to_owned(), json!({"employee_group_id": g, "cip_no": gea_cip})),
        ("POST", "/api/V1/Employee/Group/Assets/Update".to_owned(), json!({"employee_group_id": g, "cip_no": gea_cip})),
        ("DELETE", format!("/api/V1/Employee/Group/Assets/{gea_site}/{gea}/{gea_cip}"), Value::Null),
        ("POST", "/api/V1/Employee/Group/TrackingRestriction/Update".to_owned(), json!({"employee_group_id": g, "tracking_level_id": 1, "tracking_code_ids": []})),
        ("POST", "/api/V1/Employee/Group/ItemGroup/Limits".to_owned(), json!({"employee_group_id": g, "item_group_id": 1, "period": 1, "limit_amount": 1})),
        ("PUT", "/api/V1/Employee/Group/ItemGroup/Limits".to_owned(), json!({"employee_group_id": g, "item_group_id": 1, "period": 1, "limit_amount": 1})),
        ("DELETE", format!("/api/V1/Employee/Group/ItemGroup/Limits/{gea}/1/1"), Value::Null),
        ("DELETE", format!("/api/V1/Employee/Group/Delete/{gea_site}/{gea}"), Value::Null),
    ];
    for (method, path, body) in writes {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let a = app.request(method, &path, Some(&warehouse), (!body.is_null()).then_some(body)).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {:?}", a.body);
    }
    // Creating a group at another client's site is refused the same way.
    let a = app.post("/api/V1/Employee/Group", &warehouse, json!({"site_id": gea_site, "description": "Planted"})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    let changes: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity like 'employee_group%' and entity_id = $1").bind(gea.to_string()).fetch_one(&app.pool).await.unwrap();
    assert_eq!(changes, 0);
    assert_eq!(digest().await, before);
    let members: i64 = sqlx::query_scalar("select count(*) from client_gea.employee_group_member where employee_group_id = $1").bind(gea).fetch_one(&app.pool).await.unwrap();
    assert!(members > 0);
}

#[tokio::test]
async fn the_draw_policy_gives_the_limits_of_the_drawers_enforced_groups_and_of_the_item_groups_drawn() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let site = app.site_id("ACME-NORTH").await;
    let tomorrow = (chrono::Utc::now().date_naive() + chrono::Duration::days(1)).to_string();
    let enforced = app
        .post("/api/V1/Employee/Group", &warehouse, json!({"description": "Limit test", "limitDaily": 10, "limitMonthly": 100, "limitYearly": 900, "startLimitYearly": tomorrow}))
        .await;
    let enforced = enforced.body["employeeGroupID"].as_i64().unwrap();
    let warn = app.post("/api/V1/Employee/Group", &warehouse, json!({"description": "Warn only", "limitDaily": 1, "enforced_level": 1})).await.body["employeeGroupID"].as_i64().unwrap();
    // E1002 leaves the demo groups and joins these two.
    sqlx::query("delete from client_acme.employee_group_member m using client_acme.employee e where e.employee_id = m.employee_id and e.site_id = $1 and e.employee_number = 'E1002'")
        .bind(site)
        .execute(&app.pool)
        .await
        .unwrap();
    for g in [enforced, warn] {
        let a = app.post("/api/V1/Employee/Group/Assigned/Insert", &warehouse, json!({"employee_group_id": g, "employeeNumbers": ["E1002"]})).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    }
    let glove: i64 = sqlx::query_scalar("select cid_no from client_acme.cid where site_id = $1 and cust_item_code = 'CP-10388'").bind(site).fetch_one(&app.pool).await.unwrap();
    let ppe: i64 = sqlx::query_scalar("select item_group_id from client_acme.item_group where site_id = $1 and description = 'PPE'").bind(site).fetch_one(&app.pool).await.unwrap();
    sqlx::query("update client_acme.cid set item_group_id = $2 where cid_no = $1").bind(glove).bind(ppe).execute(&app.pool).await.unwrap();
    let a = app.post("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, json!({"employee_group_id": enforced, "item_group_id": ppe, "period": 2, "limit_amount": 30})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = app.post("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, json!({"employee_group_id": warn, "item_group_id": ppe, "period": 1, "limit_amount": 1})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);

    let client_id: i64 = sqlx::query_scalar("select client_id from asp.site where site_id = $1").bind(site).fetch_one(&app.pool).await.unwrap();
    let scope = tenancy::SiteScope::granted_by_authorizer(client_id, tenancy::SchemaName::parse("client_acme").unwrap(), site);
    let policy = people::draw::PeopleDrawPolicy;
    let mut tx = scope.begin(&app.pool).await.unwrap();
    let drawer = policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "E1002", pin: None }).await.unwrap();
    assert_eq!(drawer.employee_number, "E1002");
    let rules = policy.rules(&mut tx, &drawer, &[glove], &TrackingSelection::default(), None).await.unwrap();
    let ours: Vec<(String, Period, Decimal, bool)> = rules
        .limits
        .iter()
        .filter_map(|l| match &l.source {
            LimitSource::Group { description, .. } => Some((description.clone(), l.period, l.amount, l.overridable)),
            LimitSource::ItemGroup { item_group, .. } => Some((item_group.clone(), l.period, l.amount, l.overridable)),
            _ => None,
        })
        .collect();
    // The warn-only group gives none; the yearly limit starts tomorrow; PPE's weekly limit applies to the gloves.
    assert_eq!(
        ours,
        [
            ("Limit test".to_owned(), Period::Day, Decimal::from(10), false),
            ("Limit test".to_owned(), Period::Month, Decimal::from(100), false),
            ("PPE".to_owned(), Period::Week, Decimal::from(30), false)
        ]
    );
    // Drawing something outside PPE: the group's limits only.
    let bearing: i64 = sqlx::query_scalar("select cid_no from client_acme.cid where site_id = $1 and cust_item_code = 'CP-10021'").bind(site).fetch_one(&app.pool).await.unwrap();
    sqlx::query("update client_acme.cid set item_group_id = null where cid_no = $1").bind(bearing).execute(&app.pool).await.unwrap();
    let limits = people::draw::group_limits::limits(&mut tx, &drawer, &[bearing], true).await.unwrap();
    assert_eq!(limits.len(), 2);
    assert!(limits.iter().all(|l| l.overridable), "the demo site lets supervisors override: {limits:?}");
    sqlx::query("update asp.site set supervisor_override_group_limits = false where site_id = $1").bind(site).execute(&app.pool).await.unwrap();
    let limits = people::draw::group_limits::limits(&mut tx, &drawer, &[bearing], true).await.unwrap();
    assert_eq!(limits.len(), 2);
    assert!(limits.iter().all(|l| !l.overridable));
}
