//! Employees and workflow factors (docs/employees.md): search, quick and supervisor searches, create, update,
//! deactivate, PINs (hashed, never returned), supervisors, item limits, workflow factors and approver groups, the
//! audit detail of every write, the 403 'Advanced validation failure!' for an employee of a site that is no longer
//! active, and the draw policy's employee part (PIN where the site wants one, defaults, supervisors, item limits).
#![allow(clippy::unwrap_used)]

use kernel::draw::{DrawError, DrawPolicy, DrawRefusal, DrawerQuery, LimitSource, Period, TrackingSelection};
use kernel::num::Decimal;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{Answer, TestApp};

async fn at(app: &TestApp, login: &str, site: &str) -> String {
    let token = app.login(login).await;
    let a = app.switch(&token, site).await;
    assert_eq!(a.status, StatusCode::OK, "{login} to {site}: {:?}", a.body);
    token
}

async fn employee(app: &TestApp, site: &str, number: &str) -> i64 {
    let schema = if site.starts_with("GEA") { "client_gea" } else { "client_acme" };
    sqlx::query_scalar(&format!("select e.employee_id from {schema}.employee e join asp.site s using (site_id) where s.site_code = $1 and e.employee_number = $2"))
        .bind(site)
        .bind(number)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().map(|e| e.iter().map(|x| x["field"].as_str().unwrap_or_default().to_owned()).collect()).unwrap_or_default()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

fn new_employee(number: &str) -> Value {
    json!({"employeeNumber": number, "lastName": "Tester", "firstName": "Tina", "badgeNumber": format!("BX-{number}"),
           "email": "tina.tester@demo.example", "laborCost": 31.5, "canAdjust": true, "beginTime": "07:00:00", "endTime": "15:30:00"})
}

#[tokio::test]
async fn an_employee_is_created_changed_and_deactivated_with_every_change_in_its_history() {
    let app = TestApp::spawn().await;
    let wh = at(&app, "warehouse", "ACME-NORTH").await;
    let a = app.post("/api/V1/Employee", &wh, new_employee("T100")).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let e = &a.body["employee"];
    let id = e["employeeID"].as_i64().unwrap();
    assert_eq!((e["siteCode"].as_str(), e["hasPin"].as_bool(), e["canAdjust"].as_bool(), e["canReturn"].as_bool()), (Some("ACME-NORTH"), Some(false), Some(true), Some(true)));
    assert_eq!(e["laborCost"], 31.5);
    assert_eq!(e["beginTime"], "07:00:00");
    assert!(e.get("pin").is_none() && e.get("pin_hash").is_none());

    // Bad input: every problem at once, nothing written.
    let before = count(&app, "select count(*) from client_acme.employee").await;
    let a = app.post("/api/V1/Employee", &wh, json!({"employeeNumber": "t100", "lastName": "", "firstName": "X", "badgeNumber": "bx-T100", "email": "nope", "laborCost": -1, "pin": "12"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let mut f = fields(&a);
    f.sort();
    assert_eq!(f, ["badgeNumber", "email", "employeeNumber", "laborCost", "lastName", "pin"]);
    assert_eq!(count(&app, "select count(*) from client_acme.employee").await, before);

    // Update replaces the record; a supervisor must be an active supervisor of the site.
    let maria = employee(&app, "ACME-NORTH", "E1001").await;
    let south_maria = employee(&app, "ACME-SOUTH", "E1001").await;
    let mut body = new_employee("T100");
    body["employeeID"] = json!(id);
    body["supervisor_id"] = json!(south_maria);
    let a = app.put("/api/V1/Employee", &wh, body.clone()).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["supervisor_id".to_owned()]), "{:?}", a.body);
    body["supervisor_id"] = json!(maria);
    body["isSuspended"] = json!(true);
    body["phone"] = json!("555-0100");
    let a = app.put("/api/V1/Employee", &wh, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["employee"]["supervisorName"], "Lopez, Maria");
    assert!(a.body["employee"]["suspensionDate"].is_string());

    // DELETE deactivates; the record and its history stay.
    let a = app.delete(&format!("/api/V1/Employee?id={id}"), &wh).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["employee"]["isActive"], false);
    assert!(a.body["employee"]["deactivatedAt"].is_string());
    let h = app.get(&format!("/api/V1/Employee/Audit/Detail/{id}"), &wh).await;
    assert_eq!(h.status, StatusCode::OK);
    let actions: Vec<&str> = h.body.as_array().unwrap().iter().map(|x| x["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["deactivate", "update", "create"]);
    assert_eq!(h.body[1]["changes"]["supervisor_id"]["to"], maria);
    assert_eq!(h.body[1]["changed_by"], "warehouse");

    // Group memberships: every group of the employee's site, none of them the new employee's yet; joining one shows
    // it as the employee's; naming an unknown group is refused.
    let in_group = |a: &Answer| -> Vec<(String, bool)> {
        a.body.as_array().unwrap().iter().map(|g| (g["description"].as_str().unwrap().to_owned(), g["inGroup"].as_bool().unwrap())).collect()
    };
    let a = app.post("/api/V1/Employee/EmployeeGroup", &wh, json!({"employeeID": id})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let groups = in_group(&a);
    assert!(groups.iter().any(|g| g.0 == "MAINT") && groups.iter().all(|g| !g.1), "{groups:?}");
    let maint = a.body.as_array().unwrap().iter().find(|g| g["description"] == "MAINT").unwrap()["groupID"].as_i64().unwrap();
    let a = app.post("/api/V1/Employee/EmployeeGroup/Update", &wh, json!({"employeeID": id, "insert": [maint], "remove": []})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = app.post("/api/V1/Employee/EmployeeGroup", &wh, json!({"employeeID": id})).await;
    let member: Vec<String> = in_group(&a).into_iter().filter(|g| g.1).map(|g| g.0).collect();
    assert_eq!(member, ["MAINT"]);
    let a = app.post("/api/V1/Employee/EmployeeGroup/Update", &wh, json!({"employeeID": id, "insert": [424242], "remove": []})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["insert".to_owned()]), "{:?}", a.body);

    // A buyer may read employees but not change them.
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    assert_eq!(app.get(&format!("/api/V1/Employee/{id}"), &buyer).await.status, StatusCode::OK);
    assert_eq!(app.post("/api/V1/Employee", &buyer, new_employee("T101")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&format!("/api/V1/Employee?id={maria}"), &buyer).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_search_filters_sorts_pages_and_exports_and_the_quick_search_matches_prefixes() {
    let app = TestApp::spawn().await;
    let wh = at(&app, "warehouse", "ACME-NORTH").await;
    for n in ["Q200", "Q201", "Q202"] {
        assert_eq!(app.post("/api/V1/Employee", &wh, new_employee(n)).await.status, StatusCode::OK);
    }
    let a = app.post("/api/V1/Employee/EmployeeSearch", &wh, json!({"employeeNumber": "q2", "pageSize": 10, "sortField": "employeeNumber", "sortDirection": "desc"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 3);
    assert_eq!(a.body["resultList"][0]["employeeNumber"], "Q202");
    let a = app.post("/api/V1/Employee/EmployeeSearch", &wh, json!({"text": "tina.tester", "pageSize": 10, "pageNumber": 1})).await;
    assert_eq!((a.body["totalCount"].as_i64(), a.body["resultList"].as_array().unwrap().len()), (Some(3), 0));
    let a = app.post("/api/V1/Employee/EmployeeSearch", &wh, json!({"isActive": false, "pageSize": 10})).await;
    assert!(a.body["resultList"].as_array().unwrap().iter().all(|r| r["isActive"] == false) && a.body["totalCount"].as_i64().unwrap() >= 1);
    let a = app.post("/api/V1/Employee/EmployeeSearch", &wh, json!({"sortField": "pin_hash"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["sortField".to_owned()]));

    let a = app.post("/api/V1/Employee/EmployeeSearch/Export", &wh, json!({"employeeNumber": "Q2", "columns": [{"field": "employeeNumber", "header": "Number"}, {"field": "lastName", "header": "Last"}]})).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.headers["content-type"].to_str().unwrap().contains("spreadsheetml"));

    let a = app.post("/api/V1/Employee/EmployeeQuickSearch", &wh, json!({"searchText": "bx-q201"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body[0]["employeeNumber"], "Q201");
    let a = app.post("/api/V1/Employee/EmployeeQuickSearch", &wh, json!({"searchText": "lop"})).await;
    assert_eq!(a.body[0]["lastName"], "Lopez");
    let a = app.post("/api/V1/Employee/EmployeeQuickSearch", &wh, json!({"searchText": "  "})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    // By number (case-insensitive) here and at a named site; the site's list; another client's site is 404.
    assert_eq!(app.get("/api/V1/Employee/Number/q200", &wh).await.body["employeeNumber"], "Q200");
    let south = app.site_id("ACME-SOUTH").await;
    let a = app.get(&format!("/api/V1/Employee/E1002/Site/{south}"), &wh).await;
    assert_eq!((a.status, a.body["site_id"].as_i64()), (StatusCode::OK, Some(south)));
    assert!(app.get(&format!("/api/V1/Employee/Site/{south}"), &wh).await.body.as_array().unwrap().len() >= 3);
    let gea = app.site_id("GEA-MAIN").await;
    assert_eq!(app.get(&format!("/api/V1/Employee/Site/{gea}"), &wh).await.status, StatusCode::NOT_FOUND);
    let list = app.get("/api/V1/Employee", &wh).await;
    let north = app.site_id("ACME-NORTH").await;
    let employees = list.body.as_array().unwrap();
    assert!(!employees.is_empty() && employees.iter().all(|e| e["isActive"] == true && e["site_id"] == north), "{:?}", list.body);
}

#[tokio::test]
async fn a_pin_is_stored_hashed_never_returned_and_must_be_four_to_eight_digits() {
    let app = TestApp::spawn().await;
    let wh = at(&app, "warehouse", "ACME-NORTH").await;
    let maria = employee(&app, "ACME-NORTH", "E1001").await;
    let a = app.put(&format!("/api/V1/Employee/Pin/Update/{maria}/12ab"), &wh, json!({})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["pin".to_owned()]));
    let a = app.put(&format!("/api/V1/Employee/Pin/Update/{maria}/4321"), &wh, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["employee"]["hasPin"], true);
    assert!(!a.body.to_string().contains("4321"));
    let stored: String = sqlx::query_scalar("select pin_hash from client_acme.employee where employee_id = $1").bind(maria).fetch_one(&app.pool).await.unwrap();
    assert!(stored.starts_with("$argon2id$") && kernel::auth::password::verify("4321", &stored));
    let h = app.get(&format!("/api/V1/Employee/Audit/Detail/{maria}"), &wh).await;
    assert_eq!(h.body[0]["action"], "pin");
    assert!(!h.body.to_string().contains("4321") && !h.body.to_string().contains("argon2"));
    // A buyer may not set PINs.
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    assert_eq!(app.put(&format!("/api/V1/Employee/Pin/Update/{maria}/1111"), &buyer, json!({})).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn supervisors_are_named_for_several_employees_and_never_in_a_circle() {
    let app = TestApp::spawn().await;
    let wh = at(&app, "warehouse", "ACME-NORTH").await;
    let maria = employee(&app, "ACME-NORTH", "E1001").await;
    let david = employee(&app, "ACME-NORTH", "E1002").await;
    let mut ids = Vec::new();
    for n in ["S300", "S301"] {
        ids.push(app.post("/api/V1/Employee", &wh, new_employee(n)).await.body["employee"]["employeeID"].as_i64().unwrap());
    }
    // David is not a supervisor.
    let a = app.post("/api/V1/Employee/AddSupervisor", &wh, json!({"employeeIds": ids, "supervisor_id": david})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["supervisor_id".to_owned()]));
    let a = app.post("/api/V1/Employee/AddSupervisor", &wh, json!({"employeeIds": ids, "supervisor_id": maria})).await;
    assert_eq!((a.status, a.body["updated"].as_i64()), (StatusCode::OK, Some(2)), "{:?}", a.body);
    let common = app.get(&format!("/api/V1/Employee/Common/{maria}"), &wh).await;
    let supervised: Vec<i64> = common.body["supervises"].as_array().unwrap().iter().map(|e| e["employeeID"].as_i64().unwrap()).collect();
    assert!(ids.iter().all(|i| supervised.contains(i)));
    // Make S300 a supervisor and try to put Maria under S300: a circle.
    let mut body = new_employee("S300");
    body["employeeID"] = json!(ids[0]);
    body["supervisor"] = json!(true);
    body["supervisor_id"] = json!(maria);
    assert_eq!(app.put("/api/V1/Employee", &wh, body).await.status, StatusCode::OK);
    let a = app.post("/api/V1/Employee/AddSupervisor", &wh, json!({"employeeIds": [maria], "supervisor_id": ids[0]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.body["errors"][0]["error"], format!("The supervisor reports to employee {maria}."));
    // The supervisor search counts who each supervises; user_id narrows to that user's own records (by email).
    let a = app.post("/api/V1/Employee/EmployeeSupervisorSearch?pageSize=50&sortField=supervisedCount&sortDirection=desc", &wh, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let rows = a.body["resultList"].as_array().unwrap();
    assert!(rows.windows(2).all(|w| w[0]["supervisedCount"].as_i64() >= w[1]["supervisedCount"].as_i64()));
    let row = rows.iter().find(|r| r["employeeID"] == maria).unwrap();
    assert_eq!(row["supervisedCount"].as_i64().unwrap(), 2 + count(&app, &format!("select count(*) from client_acme.employee where supervisor_id = {maria} and employee_number not like 'S30%'")).await);
    let buyer_id = app.user_id("buyer").await;
    sqlx::query("update asp.asp_users set email = 'maria.lopez@demo.example' where asp_users_id = $1").bind(buyer_id).execute(&app.pool).await.unwrap();
    let a = app.post(&format!("/api/V1/Employee/EmployeeSupervisorSearch?user_id={buyer_id}"), &wh, json!({})).await;
    assert_eq!((a.body["totalCount"].as_i64(), a.body["resultList"][0]["employeeID"].as_i64()), (Some(1), Some(maria)));
    // Another site's employee cannot be moved.
    let south = employee(&app, "ACME-SOUTH", "E1002").await;
    let a = app.post("/api/V1/Employee/AddSupervisor", &wh, json!({"employeeIds": [south], "supervisor_id": maria})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let h = app.get(&format!("/api/V1/Employee/Audit/Detail/{}", ids[1]), &wh).await;
    assert_eq!(h.body[0]["action"], "supervisor");
}

#[tokio::test]
async fn an_employee_of_a_site_no_longer_active_answers_advanced_validation_failure() {
    let app = TestApp::spawn().await;
    let south_grace = employee(&app, "ACME-SOUTH", "E1002").await;
    // An employee of another client whose id no ACME employee has.
    sqlx::query("insert into client_gea.employee (employee_id, site_id, employee_number, last_name, first_name) overriding system value select 7000, site_id, 'G7000', 'Secret', 'Gea' from asp.site where site_code = 'GEA-MAIN'")
        .execute(&app.pool)
        .await
        .unwrap();
    let gea = 7000;
    sqlx::query("update asp.site set is_active = false where site_code = 'ACME-SOUTH'").execute(&app.pool).await.unwrap();
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    for path in [format!("/api/V1/Employee/{south_grace}"), format!("/api/V1/Employee/Common/{south_grace}"), format!("/api/V1/Employee/Audit/Detail/{south_grace}")] {
        let a = app.get(&path, &buyer).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {:?}", a.body);
        assert_eq!(a.body["message"], "Advanced validation failure!");
    }
    // Another client's employee is still simply not found.
    let a = app.get(&format!("/api/V1/Employee/{gea}"), &buyer).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    // A site the user never had access to is not revealed either.
    let user = app.user_id("buyer").await;
    let south = app.site_id("ACME-SOUTH").await;
    sqlx::query("delete from asp.user_site_role where asp_users_id = $1 and site_id = $2").bind(user).bind(south).execute(&app.pool).await.unwrap();
    sqlx::query("delete from asp.user_site where asp_users_id = $1 and site_id = $2").bind(user).bind(south).execute(&app.pool).await.unwrap();
    assert_eq!(app.get(&format!("/api/V1/Employee/{south_grace}"), &buyer).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn workflow_factors_are_kept_assigned_and_decide_approver_groups() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let north = app.site_id("ACME-NORTH").await;
    let a = app.post("/api/V1/Workflow/Employee", &admin, json!({"factor_value": 50, "factor_description": "Team lead"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let lead = a.body["factor"]["wfl_employee_workflow_factor_ID"].as_i64().unwrap();
    let a = app.post("/api/V1/Workflow/Employee", &admin, json!({"factor_value": -1, "factor_description": "team LEAD"})).await;
    let mut f = fields(&a);
    f.sort();
    assert_eq!((a.status, f), (StatusCode::BAD_REQUEST, vec!["factor_description".to_owned(), "factor_value".to_owned()]));
    let a = app.put("/api/V1/Workflow/Employee", &admin, json!({"wfl_employee_workflow_factor_ID": lead, "factor_value": 75, "factor_description": "Team lead"})).await;
    assert_eq!((a.status, a.body["factor"]["factor_value"].as_f64()), (StatusCode::OK, Some(75.0)));

    let maria = employee(&app, "ACME-NORTH", "E1001").await;
    let david = employee(&app, "ACME-NORTH", "E1002").await;
    let a = app.post("/api/V1/Workflow/Employee/Assigned/Update", &admin, json!({"wfl_employee_workflow_factor_ID": lead, "insert": [maria, david], "remove": []})).await;
    assert_eq!((a.status, a.body["assigned"].as_i64()), (StatusCode::OK, Some(2)), "{:?}", a.body);
    let a = app.post("/api/V1/Workflow/Employee/Assigned/Update", &admin, json!({"wfl_employee_workflow_factor_ID": lead, "insert": [], "remove": [david]})).await;
    assert_eq!(a.body["removed"], 1);
    let a = app.post("/api/V1/Workflow/Employee/Assigned/Search", &admin, json!({"wfl_employee_workflow_factor_ID": lead, "assigned": true, "pageSize": 10})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["totalCount"].as_i64(), a.body["resultList"][0]["employeeID"].as_i64()), (Some(1), Some(maria)));
    let a = app.get(&format!("/api/V1/Employee/WorkflowFactor/{north}/{maria}"), &admin).await;
    assert_eq!((a.body["factor_value"].as_f64(), a.body["factor_description"].as_str()), (Some(75.0), Some("Team lead")));
    assert_eq!(app.get(&format!("/api/V1/Employee/{maria}"), &admin).await.body["factor_value"], 75.0);

    // Approver groups: rows of the seed and the console; who qualifies follows the factor.
    sqlx::query("insert into client_acme.approver_group (site_id, description, type_workflow_id, min_factor_value) values ($1, 'Spot buys up to lead', 3, 60), ($1, 'Spot buys managers', 3, 90)")
        .bind(north)
        .execute(&app.pool)
        .await
        .unwrap();
    let a = app.get(&format!("/api/V1/Employee/EmployeeApproverGroup/{north}"), &admin).await;
    assert!(a.body.as_array().unwrap().iter().any(|g| g["description"] == "Spot buys up to lead" && g["approverCount"].as_i64() >= Some(1)), "{:?}", a.body);
    let a = app.get(&format!("/api/V1/Employee/ApproverGroup/{north}/{maria}"), &admin).await;
    assert!(a.body.as_array().unwrap().iter().any(|g| g["description"] == "Spot buys up to lead"));
    assert!(!a.body.as_array().unwrap().iter().any(|g| g["description"] == "Spot buys managers"));
    let a = app.get(&format!("/api/V1/Workflow/ItemWorkflowGroups/{north}/3"), &admin).await;
    let lead_group = a.body.as_array().unwrap().iter().find(|g| g["group"]["description"] == "Spot buys up to lead").unwrap();
    assert!(lead_group["approvers"].as_array().unwrap().iter().any(|x| x["employeeID"] == maria));
    assert_eq!(app.get(&format!("/api/V1/Workflow/ItemWorkflowGroups/{north}/12"), &admin).await.status, StatusCode::BAD_REQUEST);

    let h = app.get(&format!("/api/V1/Workflow/Employee/Audit/Detail/{lead}"), &admin).await;
    let actions: Vec<&str> = h.body.as_array().unwrap().iter().map(|x| x["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["assignment", "assignment", "update", "create"]);
    assert_eq!(app.get(&format!("/api/V1/Employee/Audit/Detail/{david}"), &admin).await.body[0]["action"], "workflow_factor");
    let a = app.get("/api/V1/Workflow/Employee/999999", &admin).await;
    assert_eq!((a.status, a.body["message"].as_str()), (StatusCode::NOT_FOUND, Some("The workflow factor you are trying to find does not exist.")));
    // Warehouse staff read factors but may not change them.
    let wh = at(&app, "warehouse", "ACME-NORTH").await;
    assert_eq!(app.get(&format!("/api/V1/Workflow/Employee/{lead}"), &wh).await.status, StatusCode::OK);
    assert_eq!(app.post("/api/V1/Workflow/Employee", &wh, json!({"factor_value": 1, "factor_description": "x"})).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_draw_policy_checks_pins_where_the_site_wants_them_supervisors_and_item_limits() {
    let app = TestApp::spawn().await;
    let wh = at(&app, "warehouse", "ACME-NORTH").await;
    let north = app.site_id("ACME-NORTH").await;
    let maria = employee(&app, "ACME-NORTH", "E1001").await;
    let david = employee(&app, "ACME-NORTH", "E1002").await;
    let cid: i64 = sqlx::query_scalar("select cid_no from client_acme.cid where site_id = $1 order by cid_no limit 1").bind(north).fetch_one(&app.pool).await.unwrap();
    let tc: i64 = sqlx::query_scalar("select tracking_code_id from client_acme.tracking_code where site_id = $1 and tracking_level_id = 1 limit 1").bind(north).fetch_one(&app.pool).await.unwrap();

    // David: a default tracking code, an item limit, Maria as his supervisor, a PIN.
    let mut body = json!({"employeeID": david, "employeeNumber": "E1002", "lastName": "Chen", "firstName": "David", "badgeNumber": "B-2202", "track1": tc, "canAdjust": true, "supervisor_id": maria});
    assert_eq!(app.put("/api/V1/Employee", &wh, body.clone()).await.status, StatusCode::OK);
    let a = app.post("/api/V1/Employee/ItemLimit", &wh, json!({"employeeID": david, "cid_no": cid, "period": "week", "quantity": 4})).await;
    assert_eq!((a.status, a.body["itemLimits"][0]["quantity"].as_f64()), (StatusCode::OK, Some(4.0)), "{:?}", a.body);
    let a = app.post("/api/V1/Employee/ItemLimit", &wh, json!({"employeeID": david, "cid_no": cid, "period": "fortnight", "quantity": 0})).await;
    let mut f = fields(&a);
    f.sort();
    assert_eq!(f, ["period", "quantity"]);
    assert_eq!(app.put(&format!("/api/V1/Employee/Pin/Update/{david}/2468"), &wh, json!({})).await.status, StatusCode::OK);

    let authz = authz::Authorizer::new(app.pool.clone(), 8).await.unwrap();
    let scope = authz.grant(app.user_id("warehouse").await, north, &["EmpView"]).await.unwrap();
    let policy = people::draw::PeopleDrawPolicy;

    // No PIN asked while the site does not want one; the badge finds him (case-insensitive).
    let mut tx = scope.begin(&app.pool).await.unwrap();
    let drawer = policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "b-2202", pin: None }).await.unwrap();
    assert_eq!((drawer.employee_id, drawer.default_tracking[0], drawer.can_adjust), (david, Some(tc), true));
    let rules = policy.rules(&mut tx, &drawer, &[cid], &TrackingSelection::default(), None).await.unwrap();
    let item = rules.limits.iter().find(|l| matches!(l.source, LimitSource::Item { .. })).unwrap();
    assert_eq!((item.period, item.amount, item.overridable), (Period::Week, Decimal::from(4), true));
    // Maria supervises David; David does not supervise Maria.
    assert!(policy.rules(&mut tx, &drawer, &[cid], &TrackingSelection::default(), Some(maria)).await.is_ok());
    let maria_drawer = policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "E1001", pin: None }).await.unwrap();
    match policy.rules(&mut tx, &maria_drawer, &[cid], &TrackingSelection::default(), Some(david)).await {
        Err(DrawError::Refused(DrawRefusal::NotSupervisor(name))) => assert_eq!(name, "Chen, David"),
        other => panic!("{other:?}"),
    }
    drop(tx);

    // The site now wants PINs: none, wrong, right; an employee without a PIN cannot draw.
    sqlx::query("update asp.site set employee_pin_required = true where site_id = $1").bind(north).execute(&app.pool).await.unwrap();
    let mut tx = scope.begin(&app.pool).await.unwrap();
    let refused = |r: Result<kernel::draw::Drawer, DrawError>| match r {
        Err(DrawError::Refused(x)) => x,
        other => panic!("{other:?}"),
    };
    assert_eq!(refused(policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "E1002", pin: None }).await), DrawRefusal::PinRequired);
    assert_eq!(refused(policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "E1002", pin: Some("1357") }).await), DrawRefusal::WrongPin);
    assert!(policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "E1002", pin: Some("2468") }).await.is_ok());
    assert_eq!(refused(policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "E1001", pin: Some("2468") }).await), DrawRefusal::PinRequired);
    drop(tx);

    // Suspended and inactive employees are refused.
    body["isSuspended"] = json!(true);
    assert_eq!(app.put("/api/V1/Employee", &wh, body).await.status, StatusCode::OK);
    let mut tx = scope.begin(&app.pool).await.unwrap();
    assert_eq!(refused(policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "E1002", pin: Some("2468") }).await), DrawRefusal::Suspended("E1002".into()));
    assert_eq!(refused(policy.find_drawer(&mut tx, DrawerQuery { number_or_badge: "E1003", pin: None }).await), DrawRefusal::Inactive("E1003".into()));
    // Removing the item limit (null quantity) is audited too.
    drop(tx);
    let a = app.post("/api/V1/Employee/ItemLimit", &wh, json!({"employeeID": david, "cid_no": cid, "period": "week", "quantity": null})).await;
    assert_eq!(a.body["itemLimits"].as_array().unwrap().len(), 0);
    let h = app.get(&format!("/api/V1/Employee/Audit/Detail/{david}"), &wh).await;
    assert!(h.body.as_array().unwrap().iter().filter(|x| x["action"] == "item_limit").count() == 2);
}

#[tokio::test]
async fn changes_to_another_sites_or_clients_records_answer_404_and_change_nothing() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-SOUTH").await;
    let south_factor = app.post("/api/V1/Workflow/Employee", &admin, json!({"factor_value": 5, "factor_description": "South only"})).await.body["factor"]["wfl_employee_workflow_factor_ID"].as_i64().unwrap();
    // Warehouse works at ACME-NORTH and ACME-SOUTH; take ACME-SOUTH away so its records are another site's.
    let user = app.user_id("warehouse").await;
    let south = app.site_id("ACME-SOUTH").await;
    sqlx::query("delete from asp.user_site_role where asp_users_id = $1 and site_id = $2").bind(user).bind(south).execute(&app.pool).await.unwrap();
    sqlx::query("delete from asp.user_site where asp_users_id = $1 and site_id = $2").bind(user).bind(south).execute(&app.pool).await.unwrap();
    sqlx::query("insert into asp.user_site_role (asp_users_id, site_id, security_role_id) select $1, s.site_id, r.security_role_id from asp.site s, asp.security_role r where s.site_code = 'ACME-NORTH' and r.role_name = 'Administrator' on conflict do nothing")
        .bind(user)
        .execute(&app.pool)
        .await
        .unwrap();
    let wh = at(&app, "warehouse", "ACME-NORTH").await;
    let other = employee(&app, "ACME-SOUTH", "E1002").await;
    let digest = || async { count(&app, "select count(*) + coalesce(sum(length(e::text)), 0) from client_acme.employee e").await };
    let before = digest().await;
    let cid: i64 = sqlx::query_scalar("select cid_no from client_acme.cid where site_id = $1 limit 1").bind(south).fetch_one(&app.pool).await.unwrap();
    let answers = [
        app.put("/api/V1/Employee", &wh, json!({"employeeID": other, "employeeNumber": "X", "lastName": "X", "firstName": "X"})).await,
        app.delete(&format!("/api/V1/Employee?id={other}"), &wh).await,
        app.put(&format!("/api/V1/Employee/Pin/Update/{other}/1234"), &wh, json!({})).await,
        app.post("/api/V1/Employee/ItemLimit", &wh, json!({"employeeID": other, "cid_no": cid, "period": "day", "quantity": 1})).await,
        app.post("/api/V1/Employee/EmployeeGroup/Update", &wh, json!({"employeeID": other, "insert": [], "remove": []})).await,
        app.put("/api/V1/Workflow/Employee", &wh, json!({"wfl_employee_workflow_factor_ID": south_factor, "factor_value": 1, "factor_description": "Hacked"})).await,
        app.post("/api/V1/Workflow/Employee/Assigned/Update", &wh, json!({"wfl_employee_workflow_factor_ID": south_factor, "insert": [employee(&app, "ACME-NORTH", "E1001").await], "remove": []})).await,
        app.put("/api/V1/Employee", &wh, json!({"employeeID": 7_000_000, "employeeNumber": "X", "lastName": "X", "firstName": "X"})).await,
    ];
    for a in &answers {
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    }
    // A list naming another site's employee is refused as a whole.
    let a = app.post("/api/V1/Employee/AddSupervisor", &wh, json!({"employeeIds": [other], "supervisor_id": null})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(digest().await, before);
    assert_eq!(count(&app, &format!("select count(*) from client_acme.wfl_employee_workflow_factor where factor_description = 'Hacked' or wfl_employee_workflow_factor_id = {south_factor} and factor_value <> 5")).await, 0);
}
