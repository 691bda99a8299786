//! Field rules (docs/security.md, "Field rules"; `kernel::fields`): a field that needs a permission beyond its
//! operation's is refused with 403 naming it, and not stored, in every operation that accepts it (issue 20,
//! failure 6: a warehouse user without TransactionAvgCost created a CID with `"cust_avg_cost": 777` and it was
//! stored).
//!
//! The probe is generated: every operation of the OpenAPI document whose request body carries a field of the rule
//! table, at any depth (or a query parameter of that name), is called as a user who holds every permission but the
//! field's, with a body that is otherwise valid; the answer must be the documented refusal and no client table may
//! hold the value afterwards. The same request from a holder of the field's permission must succeed and store it
//! (so the refusal is the rule's, not a bad body's). An operation carrying a rule field that the probe does not know
//! how to call validly fails the test until someone adds its valid body below, so new operations are covered.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{TestApp, PASSWORD};
use crate::openapi_walk::{Doc, Operation};

/// Provider permissions: their holders reach every client by design; the probe's users are a client's.
const PROVIDER_PERMISSIONS: &[&str] = &["FSSConnectAdmin", "SuperUserAdmin"];

/// A request of a known operation carrying `field` with the probe's `value`.
struct Probe {
    /// Below the server.
    url: String,
    body: Value,
    /// Whether a holder of the field's permission gets it accepted (the control). False where the operation refuses
    /// the field for everyone (an employee's edit never sets a PIN: Pin/Update does), so only the rule's refusal of a
    /// non-holder is checked.
    accepted: bool,
}

/// The employee numbers the PIN probes use: the value's digits (777.015 -> 777015, a valid 6-digit PIN too).
fn digits(value: f64) -> String {
    format!("{}", (value * 1000.0).round() as i64)
}

/// An employee at ACME-NORTH made by `admin` for a probe, with a PIN or without.
async fn employee(app: &TestApp, admin: &str, number: &str, pin: Option<&str>) -> i64 {
    let mut body = json!({"employeeNumber": number, "lastName": "Rule", "firstName": "Field", "badgeNumber": format!("BX-{number}")});
    if let Some(pin) = pin {
        body["pin"] = json!(pin);
    }
    let a = app.post("/api/V1/Employee", admin, body).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    a.body["employee"]["employeeID"].as_i64().unwrap()
}

/// A valid request of a known operation with `field` set to the probe's `value`. `n` makes its unique values unique.
/// None: the probe does not know the operation.
async fn valid_request(app: &TestApp, admin: &str, op: &Operation, field: &str, value: f64, n: usize) -> Option<Probe> {
    match (op.id.as_str(), field) {
        ("itemCidPost", "cust_avg_cost") => {
            let item: i64 = sqlx::query_scalar(
                "select item_id from asp.item_master m where item_status = 1
                   and not exists (select 1 from client_acme.cid c where c.item_id = m.item_id) order by item_id offset $1 limit 1",
            )
            .bind(n as i64)
            .fetch_one(&app.pool)
            .await
            .unwrap();
            let mut body = json!({"cust_item_code": format!("FR-{n}"), "cust_desc1": "FIELD RULE PROBE", "item_id": item, "cip_code": format!("FR-CIP-{n}")});
            body[field] = json!(value);
            Some(Probe { url: "/api/V1/Item/CID".to_owned(), body, accepted: true })
        }
        ("employeePost", "pin") => {
            let d = digits(value);
            let body = json!({"employeeNumber": format!("FRP-{d}"), "lastName": "Rule", "firstName": "Field", "badgeNumber": format!("BX-FRP-{d}"), "pin": d});
            Some(Probe { url: "/api/V1/Employee".to_owned(), body, accepted: true })
        }
        ("employeePost", "clearPin") => {
            let d = digits(value);
            let body = json!({"employeeNumber": format!("FRC-{d}"), "lastName": "Rule", "firstName": "Field", "badgeNumber": format!("BX-FRC-{d}"), "clearPin": true});
            Some(Probe { url: "/api/V1/Employee".to_owned(), body, accepted: true })
        }
        ("employeePut", "pin") => {
            let d = digits(value);
            let id = employee(app, admin, &format!("FRP-{d}"), None).await;
            let body = json!({"employeeID": id, "employeeNumber": format!("FRP-{d}"), "lastName": "Rule", "firstName": "Field", "badgeNumber": format!("BX-FRP-{d}"), "pin": d});
            Some(Probe { url: "/api/V1/Employee".to_owned(), body, accepted: false })
        }
        ("employeePut", "clearPin") => {
            let d = digits(value);
            let id = employee(app, admin, &format!("FRC-{d}"), Some("2468")).await;
            let body = json!({"employeeID": id, "employeeNumber": format!("FRC-{d}"), "lastName": "Rule", "firstName": "Field", "badgeNumber": format!("BX-FRC-{d}"), "clearPin": true});
            Some(Probe { url: "/api/V1/Employee".to_owned(), body, accepted: true })
        }
        _ => None,
    }
}

/// Rows where the probe's `value` of `field` took effect: a stored value in any client table with such a column, an
/// employee of the probe's number with a PIN (`pin`) or without one (`clearPin`).
async fn stored(app: &TestApp, field: &str, value: f64) -> i64 {
    match field {
        "pin" | "clearPin" => {
            let (number, has_pin) = if field == "pin" { (format!("FRP-{}", digits(value)), true) } else { (format!("FRC-{}", digits(value)), false) };
            return sqlx::query_scalar("select count(*) from client_acme.employee where employee_number = $1 and (pin_hash is not null) = $2")
                .bind(number)
                .bind(has_pin)
                .fetch_one(&app.pool)
                .await
                .unwrap();
        }
        _ => {}
    }
    let tables: Vec<(String, String)> = sqlx::query_as(
        "select table_schema::text, table_name::text from information_schema.columns c
          where column_name = $1 and table_schema like 'client\\_%'
            and exists (select 1 from information_schema.tables t where t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE')",
    )
    .bind(field)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert!(!tables.is_empty(), "no client table has a column {field}");
    let mut total = 0;
    for (schema, table) in tables {
        let n: i64 = sqlx::query_scalar(&format!("select count(*) from \"{schema}\".\"{table}\" where \"{field}\"::float8 = $1"))
            .bind(value)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        total += n;
    }
    total
}

/// A user at ACME-NORTH holding every client permission but `lacking`, signed in there.
async fn user_lacking(app: &TestApp, admin: &str, login: &str, lacking: &[&str]) -> String {
    let mut skip: Vec<&str> = lacking.to_vec();
    skip.extend(PROVIDER_PERMISSIONS);
    let ids: Vec<i64> = sqlx::query_scalar("select security_permission_id from asp.security_permission where not (permission_name = any($1)) order by 1")
        .bind(&skip)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    let role = app.post("/api/admin/roles", admin, json!({"role_name": format!("All but {} ({login})", lacking.join(", ")), "permission_ids": ids})).await;
    assert_eq!(role.status, StatusCode::OK, "{}", role.body);
    let north = app.site_id("ACME-NORTH").await;
    let user = app
        .post(
            "/api/admin/users",
            admin,
            json!({"user_id": login, "fname": "Field", "lname": "Rule", "password": PASSWORD, "site_ids": [north], "roles": [{"site_id": north, "security_role_id": role.body["id"]}]}),
        )
        .await;
    assert_eq!(user.status, StatusCode::OK, "{}", user.body);
    let token = app.login(login).await;
    assert_eq!(app.switch(&token, "ACME-NORTH").await.status, StatusCode::OK);
    token
}

/// "PUT api/V1/Transaction/Update/CustAvgCost" names this operation.
fn is_dedicated(op: &Operation, dedicated: &str) -> bool {
    let (method, path) = dedicated.split_once(' ').unwrap();
    op.method.as_str() == method && format!("api{}", op.path) == path
}

#[tokio::test]
async fn every_operation_carrying_a_field_with_its_own_permission_refuses_it_without_that_permission() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "ACME-NORTH").await.status, StatusCode::OK);
    let doc = Doc::load();
    let operations = doc.operations();
    let mut failures = Vec::new();
    let mut probed = 0;
    let mut n = 0;

    for (r, rule) in kernel::fields::RULES.iter().enumerate() {
        let needs: Vec<&str> = rule.needs.iter().map(|p| p.as_str()).collect();
        let lacker = user_lacking(&app, &admin, &format!("fieldrule{r}"), &needs).await;
        let dedicated = operations.iter().find(|op| is_dedicated(op, rule.dedicated));
        let dedicated = dedicated.unwrap_or_else(|| panic!("the dedicated call of {} ({}) is not in the document", rule.field, rule.dedicated));
        assert!(
            dedicated.permissions.iter().all(|p| needs.contains(&p.as_str())),
            "{} {}: the dedicated call of {} must keep its permission ({needs:?}), it needs {:?}",
            dedicated.method,
            dedicated.path,
            rule.field,
            dedicated.permissions
        );
        for op in &operations {
            if is_dedicated(op, rule.dedicated) {
                continue;
            }
            let in_body = op.body.as_ref().is_some_and(|b| {
                !doc.paths_named(b, rule.field).is_empty() && rule.object.is_none_or(|o| doc.schema_names(b).contains(o))
            });
            let in_query = op.params.iter().any(|p| p["name"] == rule.field && p["in"] == "query");
            if !in_body && !in_query {
                continue;
            }
            n += 1;
            // Three decimals at most: the cost columns are numeric(.., 3).
            let canary = 777.0 + (n as f64) / 100.0;
            let Some(Probe { url, body, .. }) = valid_request(&app, &admin, op, rule.field, canary, 2 * n).await else {
                failures.push(format!(
                    "{} {} ({}) carries {}, which needs {needs:?}: add a valid request for it to field_permissions.rs::valid_request \
                     (and call kernel::fields::check in its service)",
                    op.method, op.path, op.id, rule.field
                ));
                continue;
            };
            probed += 1;
            let a = app.request(op.method.clone(), &url, Some(&lacker), Some(body)).await;
            let named = a.body["errors"].as_array().into_iter().flatten().any(|e| e["field"] == rule.field && e["errorType"] == kernel::fields::ERROR_TYPE);
            if a.status != StatusCode::FORBIDDEN || !named {
                failures.push(format!("{} {url} without {needs:?}: expected 403 naming {}, got {} {}", op.method, rule.field, a.status, a.body));
            }
            let kept = stored(&app, rule.field, canary).await;
            if kept != 0 {
                failures.push(format!("{} {url} without {needs:?}: {} = {canary} was stored ({kept} rows)", op.method, rule.field));
            }
            // The same request from a holder: accepted and stored, so the refusal above was the rule's.
            let control = canary + 0.005;
            let probe = valid_request(&app, &admin, op, rule.field, control, 2 * n + 1).await.unwrap();
            if !probe.accepted {
                continue;
            }
            let (url, body) = (probe.url, probe.body);
            let a = app.request(op.method.clone(), &url, Some(&admin), Some(body)).await;
            if !a.status.is_success() || stored(&app, rule.field, control).await == 0 {
                failures.push(format!("{} {url} as a holder of {needs:?}: expected it accepted and stored, got {} {}", op.method, a.status, a.body));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(probed > 0, "no operation was probed");
}

#[tokio::test]
async fn a_warehouse_user_without_transaction_avg_cost_cannot_set_the_average_cost_of_a_new_cid() {
    let app = TestApp::spawn().await;
    let warehouse = app.login("warehouse").await;
    assert_eq!(app.switch(&warehouse, "ACME-NORTH").await.status, StatusCode::OK);
    let held: Vec<String> = app.context(&warehouse).await["permissions"].as_array().unwrap().iter().map(|p| p["permission_name"].as_str().unwrap().to_owned()).collect();
    assert!(held.iter().any(|p| p == "ItemEdit") && !held.iter().any(|p| p == "TransactionAvgCost"), "the demo warehouse role changed: {held:?}");
    let item: i64 = sqlx::query_scalar(
        "select item_id from asp.item_master m where item_status = 1 and not exists (select 1 from client_acme.cid c where c.item_id = m.item_id) order by item_id limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let body = json!({"cust_item_code": "AVG-777", "cust_desc1": "BEARING", "item_id": item, "cip_code": "AVG-777", "cust_avg_cost": 777});
    let a = app.post("/api/V1/Item/CID", &warehouse, body.clone()).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
    assert_eq!((a.body["errors"][0]["field"].clone(), a.body["errors"][0]["errorType"].clone()), (json!("cust_avg_cost"), json!("fieldNotPermitted")), "{}", a.body);
    let made: i64 = sqlx::query_scalar("select count(*) from client_acme.cid where cust_item_code = 'AVG-777'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(made, 0, "nothing is created when a field is refused");
    // Without the field (or with null) the same user creates the CID; its average cost is left to receipts.
    let mut without = body.clone();
    without["cust_avg_cost"] = Value::Null;
    let a = app.post("/api/V1/Item/CID", &warehouse, without).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let cost: Option<f64> = sqlx::query_scalar("select cust_avg_cost::float8 from client_acme.cid where cust_item_code = 'AVG-777'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(cost, None);
    // The dedicated call keeps its permission.
    let cip = a.body["cip_no"].as_i64().unwrap();
    let a = app.put("/api/V1/Transaction/Update/CustAvgCost", &warehouse, json!({"cip_no": cip, "cust_avg_cost": 777})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.body);
}
