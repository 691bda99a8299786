//! The audit trail records what changed and only that (kernel::audit::meaningful): saving a record again unchanged
//! writes no history row, and a save that changes one field records that field alone, for every service that calls
//! the kernel (employee groups and their assets and limits, employees, vendor sites).
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::cips::at;
use crate::common::TestApp;

async fn trail(app: &TestApp, entity: &str, id: i64) -> Vec<(String, Value)> {
    sqlx::query_as("select action, changes from asp.audit_event where entity = $1 and entity_id = $2 order by audit_event_id")
        .bind(entity)
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

fn actions(rows: &[(String, Value)]) -> Vec<&str> {
    rows.iter().map(|(a, _)| a.as_str()).collect()
}

#[tokio::test]
async fn an_employee_group_saved_twice_unchanged_has_one_update_with_only_the_changed_field() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let a = app.post("/api/V1/Employee/Group", &warehouse, json!({"description": "Audit twice", "limitDaily": 50, "limitWeekly": 200})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["employeeGroupID"].as_i64().unwrap();
    let mut changed = a.body.clone();
    changed["employee_group_id"] = json!(id);
    changed["limitWeekly"] = json!(250);
    for _ in 0..2 {
        let a = app.put("/api/V1/Employee/Group", &warehouse, changed.clone()).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    }
    let history = app.get(&format!("/api/V1/Employee/Group/Audit/Detail/{id}"), &warehouse).await;
    let rows = history.body.as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(names, ["employee_group.update", "employee_group.create"]);
    let fields: Vec<&String> = rows[0]["changes"].as_object().unwrap().keys().collect();
    assert_eq!(fields, ["limit_weekly"], "{}", rows[0]["changes"]);

    // The group's relations: an asset's notes and an item-group limit saved again as they are record nothing.
    let cip = crate::cips::cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let asset = json!({"employee_group_id": id, "cip_no": cip, "notes": "Loaner"});
    assert_eq!(app.post("/api/V1/Employee/Group/Assets", &warehouse, asset.clone()).await.status, StatusCode::OK);
    for notes in ["Two-day loan", "Two-day loan"] {
        let a = app.post("/api/V1/Employee/Group/Assets/Update", &warehouse, json!({"employee_group_id": id, "cip_no": cip, "notes": notes})).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    }
    let assets = trail(&app, "employee_group_asset", id).await;
    assert_eq!(actions(&assets), ["employee_group.asset.insert", "employee_group.asset.update"]);
    assert_eq!(assets[1].1, json!({"cip_code": "BRG-6204-2RS", "changes": {"notes": {"from": "Loaner", "to": "Two-day loan"}}}));

    let site = app.site_id("ACME-NORTH").await;
    let ppe: i64 = sqlx::query_scalar("select item_group_id from client_acme.item_group where site_id = $1 and description = 'PPE'").bind(site).fetch_one(&app.pool).await.unwrap();
    let limit = json!({"employee_group_id": id, "item_group_id": ppe, "period": 2, "limit_amount": 75});
    assert_eq!(app.post("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, limit.clone()).await.status, StatusCode::OK);
    assert_eq!(app.put("/api/V1/Employee/Group/ItemGroup/Limits", &warehouse, limit).await.status, StatusCode::OK);
    let history = app.get(&format!("/api/V1/Employee/Group/ItemGroup/Limits/Audit/Detail/{id}"), &warehouse).await;
    let names: Vec<&str> = history.body.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(names, ["employee_group.item_group_limit.insert"]);
}

#[tokio::test]
async fn an_employee_saved_twice_unchanged_has_one_update() {
    let app = TestApp::spawn().await;
    let wh = at(&app, "warehouse", "ACME-NORTH").await;
    let body = json!({"employeeNumber": "T200", "lastName": "Tester", "firstName": "Tina", "badgeNumber": "BX-T200", "laborCost": 31.5});
    let a = app.post("/api/V1/Employee", &wh, body.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["employee"]["employeeID"].as_i64().unwrap();
    let mut changed = body;
    changed["employeeID"] = json!(id);
    changed["phone"] = json!("555-0142");
    for _ in 0..2 {
        let a = app.put("/api/V1/Employee", &wh, changed.clone()).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    }
    let h = app.get(&format!("/api/V1/Employee/Audit/Detail/{id}"), &wh).await;
    let rows = h.body.as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|x| x["action"].as_str().unwrap()).collect();
    assert_eq!(names, ["update", "create"]);
    assert_eq!(rows[0]["changes"], json!({"phone": {"from": null, "to": "555-0142"}}));
}

#[tokio::test]
async fn a_vendor_site_saved_twice_unchanged_has_one_update() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let id: i64 = sqlx::query_scalar(
        "select vs.vendor_site_id from client_acme.vendor_site vs join client_acme.vendor v using (vend_id) join asp.site s using (site_id)
         where s.site_code = 'ACME-NORTH' and v.vend_code = '30871'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    for _ in 0..2 {
        let a = app.post("/api/V1/Vendor/VendorSite/Update", &buyer, json!({"vendor_site_id": id, "vendor_cust_account": "SKF-42"})).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    }
    let rows = trail(&app, "vendor_site", id).await;
    assert_eq!(actions(&rows), ["update"]);
    assert_eq!(rows[0].1["vendor_cust_account"]["to"], "SKF-42", "{}", rows[0].1);
}
