//! Vendors (docs/vendors.md): the vendor rule on every read at a site (another client's or another ERP company's
//! vendor answers 404, VMI vendors by the site's VMI ERP type), a user's vendor restrictions, the blocks and their
//! updates with one validation, inserts of the three kinds, hidden vendors, the searches and each of their filters,
//! hover cards, audit details, and the permissions.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{Answer, TestApp};

async fn at(app: &TestApp, login: &str, site: &str) -> String {
    let token = app.login(login).await;
    let a = app.switch(&token, site).await;
    assert_eq!(a.status, StatusCode::OK, "{login} to {site}: {:?}", a.body);
    token
}

async fn vend_id(app: &TestApp, schema: &str, code: &str, company: Option<&str>) -> i64 {
    sqlx::query_scalar(&format!("select vend_id from {schema}.vendor where vend_code = $1 and ($2::text is null or erp_company = $2) order by vend_id limit 1"))
        .bind(code)
        .bind(company)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn scalar_i64(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().map(|e| e.iter().map(|x| x["field"].as_str().unwrap_or_default().to_owned()).collect()).unwrap_or_default()
}

fn codes(a: &Answer) -> Vec<String> {
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body["resultList"].as_array().unwrap().iter().map(|r| r["vend_code"].as_str().unwrap().to_owned()).collect()
}

fn rows(a: &Answer) -> Vec<Value> {
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body["resultList"].as_array().unwrap().clone()
}

async fn search(app: &TestApp, token: &str, mut body: Value) -> Answer {
    body["pageSize"] = json!(500);
    app.post("/api/V1/Vendor/GetByQuickSearchCriteria", token, body).await
}

fn texas(extra: Value) -> Value {
    let mut v = json!({"vend_name": "Gulf Coast Fasteners", "address": {"address1": "12 Ship Channel Rd", "city": "Houston", "state_type_id": 48,
                       "postal_code": "77029", "phone": "713-555-0100", "email": "orders@gulfcoast.example"},
                       "tax_id": "74-1234567", "terms_code": "NET30", "currency_type_id": 840, "freight_type_id": 1, "ship_type_id": 1});
    for (k, x) in extra.as_object().unwrap() {
        v[k] = x.clone();
    }
    v
}

/// Every by-code read of the area, for a code.
fn code_reads(code: &str) -> Vec<String> {
    ["Header", "Billing", "Location", "NetSuite", "Miscellaneous", "Identification", "SetUpData", "VendorCode", "Common/ERPVendCode", "RemitTo/VendorCode"]
        .iter()
        .map(|p| format!("/api/V1/Vendor/{p}/{code}"))
        .chain([format!("/api/V1/Vendor/RemitTo/{code}/*")])
        .collect()
}

fn id_reads(id: i64) -> Vec<String> {
    ["Common", "Hover", "Hover/Buyer"].iter().map(|p| format!("/api/V1/Vendor/{p}/{id}")).collect()
}

#[tokio::test]
async fn a_vendor_of_another_erp_company_or_client_answers_404_on_every_read_at_the_site() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    // Planted directly: same code as a visible vendor, another ERP company of the same client.
    sqlx::query("insert into client_acme.vendor (vend_code, vend_name, erp_type_id, erp_company) values ('41007', 'Other company MSC', 7, 'ACME-EAST'), ('88001', 'Only elsewhere', 7, 'ACME-EAST')")
        .execute(&app.pool)
        .await
        .unwrap();
    let other_company = vend_id(&app, "client_acme", "88001", None).await;
    let legacy = vend_id(&app, "client_acme", "70001", None).await;
    // Ids are per client schema: another client's vendor is one whose id ACME does not have.
    sqlx::query("insert into client_gea.vendor (vend_id, vend_code, vend_name, erp_type_id, erp_company) overriding system value values (900001, '41999', 'GEA only', 7, 'GEA')")
        .execute(&app.pool)
        .await
        .unwrap();
    let gea = 900_001;
    let visible = vend_id(&app, "client_acme", "41022", None).await;

    for path in code_reads("41022").into_iter().chain(id_reads(visible)) {
        let a = app.get(&path, &admin).await;
        assert_eq!(a.status, StatusCode::OK, "{path}: {:?}", a.body);
    }
    for code in ["88001", "70001", "NOPE-1"] {
        for path in code_reads(code) {
            let a = app.get(&path, &admin).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {:?}", a.body);
        }
    }
    for id in [other_company, legacy, gea, 999_999] {
        for path in id_reads(id) {
            let a = app.get(&path, &admin).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {:?}", a.body);
        }
        let a = app.post(&format!("/api/V1/Vendor/UpdateHidden/{id}"), &admin, json!({"vend_id": id, "is_hidden": true})).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "hide {id}: {:?}", a.body);
    }
    // The same code at the site's company is the one answered, never the other company's twin.
    let a = app.get("/api/V1/Vendor/Header/41007", &admin).await;
    assert_eq!(a.body["vend_name"], "MSC Industrial Supply");
    let a = app.post("/api/V1/Vendor/VendorHeader/Update", &admin, json!({"vend_code": "88001", "vend_name": "Taken over"})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    let name: String = sqlx::query_scalar("select vend_name from client_acme.vendor where vend_code = '88001'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(name, "Only elsewhere", "nothing changed");
    // Searches never list them either, and the other company's code does not block the site's.
    let found = codes(&search(&app, &admin, json!({"show_hidden": true})).await);
    assert!(!found.contains(&"88001".to_owned()) && !found.contains(&"70001".to_owned()), "{found:?}");
    assert_eq!(found.iter().filter(|c| *c == "41007").count(), 1);
}

#[tokio::test]
async fn vmi_vendors_are_seen_only_at_a_site_with_their_vmi_erp_type() {
    let app = TestApp::spawn().await;
    let north = at(&app, "admin", "ACME-NORTH").await;
    let south = at(&app, "admin", "ACME-SOUTH").await;
    let vmi = vend_id(&app, "client_acme", "VMI-2201", None).await;
    assert_eq!(app.get(&format!("/api/V1/Vendor/Common/{vmi}"), &north).await.status, StatusCode::NOT_FOUND);
    let a = app.get(&format!("/api/V1/Vendor/Common/{vmi}"), &south).await;
    assert_eq!((a.status, a.body["is_vmi"].clone(), a.body["erp_company"].clone()), (StatusCode::OK, json!(true), Value::Null), "{:?}", a.body);
    let at_north = codes(&search(&app, &north, json!({"vmi": true})).await);
    assert!(at_north.is_empty(), "{at_north:?}");
    let at_south = codes(&search(&app, &south, json!({"vmi": true})).await);
    assert!(at_south.contains(&"VMI-2201".to_owned()) && at_south.contains(&"20114".to_owned()), "{at_south:?}");
    let a = search(&app, &south, json!({"vmi_erp_type_id": 7})).await;
    assert!(!rows(&a).is_empty() && rows(&a).iter().all(|r| r["vmi"] == true && r["vmiErpTypeId"] == 7), "{:?}", a.body);
}

#[tokio::test]
async fn the_route_guard_lookup_tells_vendors_from_manufacturers() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.get("/api/V1/Vendor/VendorCode/TIMKEN", &buyer).await;
    assert_eq!((a.status, a.body["is_manufacturer"].clone(), a.body["vend_name"].clone()), (StatusCode::OK, json!(true), json!("The Timken Company")));
    let a = app.get("/api/V1/Vendor/VendorCode/41007", &buyer).await;
    assert_eq!((a.status, a.body["is_manufacturer"].clone()), (StatusCode::OK, json!(false)));
    let a = app.get("/api/V1/Vendor/VendorCode/70001", &buyer).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn search_filters_each_narrow_the_list() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-SOUTH").await;
    sqlx::query("update client_acme.vendor set sxe_code = 'SX-' || vend_code, cust_code = 'CC1', division_no = '30', consigned_vmi = true, currency_code_type_id = 124 where vend_code = '41035'")
        .execute(&app.pool)
        .await
        .unwrap();
    let shared: i64 = sqlx::query_scalar("insert into asp.shared_vendor (shared_vendor_name) values ('Kaman (shared, vendors test)') returning shared_vendor_id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    // Only the test's own assignment: the demo links some vendors to the demo shared vendors.
    sqlx::query("update client_acme.vendor set shared_vendor_id = null").execute(&app.pool).await.unwrap();
    sqlx::query("update client_acme.vendor set shared_vendor_id = $1 where vend_code = '41048'").bind(shared).execute(&app.pool).await.unwrap();
    let assigned = scalar_i64(&app, "select count(*) from client_acme.vendor where shared_vendor_id is not null").await;
    let all = codes(&search(&app, &admin, json!({})).await);
    assert!(all.len() >= 18, "{all:?}");
    type Check = fn(&Value) -> bool;
    let cases: Vec<(Value, Check)> = vec![
        (json!({"criteria": "grain"}), |r| r["vend_name"].as_str().unwrap().to_lowercase().contains("grain") || r["vend_code"].as_str().unwrap().contains("grain")),
        (json!({"criteria": "CV-4102"}), |r| r["cust_vendor_number"].as_str().unwrap_or("").starts_with("CV-4102")),
        (json!({"mfg": true}), |r| r["is_manufacturer"] == true),
        (json!({"isOEM": false}), |r| r["is_manufacturer"] == false),
        (json!({"vendor_model": "manufacturer"}), |r| r["is_manufacturer"] == true),
        (json!({"vmi": false}), |r| r["vmi"] == false),
        (json!({"erp_type_id": 7, "company": "acme"}), |r| r["erp_type_id"] == 7 && r["company"] == "ACME"),
        (json!({"filter_sxe_code": true}), |r| r["sxe_code"].as_str().is_some()),
        (json!({"cust_code": "cc1"}), |r| r["cust_code"] == "CC1"),
        (json!({"division_no": "30"}), |r| r["division_no"] == "30"),
        (json!({"currency_code_type_id": 124}), |r| r["currency_code_type_id"] == 124),
        (json!({"consigned_vmi": true}), |r| r["consigned_vmi"] == true),
        (json!({"remit_to_only": true}), |r| r["remit_to"] == true),
        (json!({"exclude_cod_vendors": true}), |r| r["terms_code"] != "COD"),
        (json!({"vend_code_to_ignore": "10452"}), |r| r["vend_code"] != "10452"),
        (json!({"assigned_to_shared_vendor": false}), |r| r["shared_vendor_id"].is_null()),
    ];
    for (filter, check) in cases {
        let found = rows(&search(&app, &admin, filter.clone()).await);
        assert!(!found.is_empty(), "{filter}: nothing found");
        assert!(found.len() < all.len(), "{filter}: did not narrow ({} of {})", found.len(), all.len());
        for r in &found {
            assert!(check(r), "{filter}: {r}");
        }
    }
    assert_eq!(assigned, 1);
    let found = rows(&search(&app, &admin, json!({"assigned_to_shared_vendor": true})).await);
    assert_eq!((found.len(), found[0]["vend_code"].as_str(), found[0]["shared_vendor_name"].as_str()), (1, Some("41048"), Some("Kaman (shared, vendors test)")));
    // The list row carries the site's own record of the vendor.
    let grainger = rows(&search(&app, &admin, json!({"criteria": "10452"})).await);
    assert_eq!(grainger[0]["preferred"], true);
    let account: String = sqlx::query_scalar(
        "select s.vendor_cust_account from client_acme.vendor_site s join client_acme.vendor v using (vend_id) join asp.site t on t.site_id = s.site_id
          where v.vend_code = '10452' and t.site_code = 'ACME-SOUTH'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(grainger[0]["vendor_cust_account"], account.as_str());
    assert_eq!(grainger[0]["state"], "IL");
    // Paging and sorting through the one list machinery.
    let a = app.post("/api/V1/Vendor/GetBySearchCriteria", &admin, json!({"pageSize": 10, "pageNumber": 1, "sortField": "vend_code", "sortDirection": "desc"})).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["totalCount"].as_i64().unwrap() as usize, all.len());
    let page: Vec<String> = codes(&a);
    let mut sorted = all.clone();
    sorted.sort_by(|x, y| y.cmp(x));
    assert_eq!(page, sorted[10..20.min(sorted.len())].to_vec());
    let a = app.post("/api/V1/Vendor/GetBySearchCriteria", &admin, json!({"sortField": "password"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["sortField".to_owned()]));
    let a = app.post("/api/V1/Vendor/GetBySearchCriteria", &admin, json!({"vendor_model": "robot"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["vendor_model".to_owned()]));
}

#[tokio::test]
async fn every_sort_field_of_the_vendor_search_orders_the_whole_list_with_empty_values_last() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-SOUTH").await;
    let all = rows(&search(&app, &admin, json!({})).await);
    assert!(all.len() >= 18, "{}", all.len());
    // (sort field, the row's field holding its value)
    let fields = [
        ("vend_code", "vend_code"), ("vend_name", "vend_name"), ("cust_code", "cust_code"), ("cust_vendor_number", "cust_vendor_number"),
        ("city", "city"), ("state", "state"), ("postal_code", "postal_code"), ("terms_code", "terms_code"), ("vmi", "vmi"),
        ("division_no", "division_no"), ("company", "company"), ("hold", "hold"), ("erp_type_id", "erp_type_id"), ("active", "active"),
        ("preferred", "preferred"), ("corporate_preferred", "corporate_preferred"), ("diverse_supplier", "diverse_supplier"),
        ("is_hidden", "is_hidden"), ("is_manufacturer", "is_manufacturer"), ("shared_vendor_name", "shared_vendor_name"),
    ];
    for (field, column) in fields {
        for direction in ["asc", "desc"] {
            let a = search(&app, &admin, json!({"sortField": field, "sortDirection": direction})).await;
            let found = rows(&a);
            assert_eq!((found.len() as i64, a.body["totalCount"].as_i64()), (all.len() as i64, Some(all.len() as i64)), "{field}");
            let values: Vec<&Value> = found.iter().map(|r| &r[column]).collect();
            let present: Vec<&Value> = values.iter().copied().filter(|v| !v.is_null()).collect();
            assert!(values[present.len()..].iter().all(|v| v.is_null()), "{field} {direction}: empty values not last: {values:?}");
            for pair in present.windows(2) {
                let ordered = match (pair[0], pair[1]) {
                    // The databases are created with the C collation: byte order.
                    (Value::String(x), Value::String(y)) => if direction == "asc" { x <= y } else { x >= y },
                    (Value::Bool(x), Value::Bool(y)) => if direction == "asc" { x <= y } else { x >= y },
                    (x, y) => {
                        let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                        if direction == "asc" { x <= y } else { x >= y }
                    }
                };
                assert!(ordered, "{field} {direction}: {} before {}", pair[0], pair[1]);
            }
        }
    }
    // A fragment matches inside the code, the name or the customer vendor number, never across two of them.
    let grainger = rows(&search(&app, &admin, json!({"criteria": "10452"})).await);
    let name = grainger[0]["vend_name"].as_str().unwrap().to_owned();
    let across = format!("10452{}", &name[..3]);
    assert!(rows(&search(&app, &admin, json!({"criteria": across})).await).is_empty());
    assert_eq!(rows(&search(&app, &admin, json!({"criteria": name[1..5].to_uppercase()})).await).iter().filter(|r| r["vend_code"] == "10452").count(), 1);
}

#[tokio::test]
async fn hidden_vendors_leave_the_search_unless_asked_for_and_hiding_is_audited() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let plain = codes(&search(&app, &admin, json!({})).await);
    assert!(!plain.contains(&"41094".to_owned()), "the seeded hidden vendor is not listed");
    let shown = rows(&search(&app, &admin, json!({"show_hidden": true})).await);
    assert!(shown.iter().any(|r| r["vend_code"] == "41094" && r["is_hidden"] == true));

    let id = vend_id(&app, "client_acme", "41080", None).await;
    let a = app.post(&format!("/api/V1/Vendor/UpdateHidden/{id}"), &admin, json!({"vend_id": id + 1, "is_hidden": true})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["vend_id".to_owned()]), "the body's id must be the path's");
    let a = app.post(&format!("/api/V1/Vendor/UpdateHidden/{id}"), &admin, json!({"vend_id": id, "is_hidden": true})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(!codes(&search(&app, &admin, json!({})).await).contains(&"41080".to_owned()));
    // Still readable by code (the detail of a hidden vendor can be opened to unhide it).
    assert_eq!(app.get("/api/V1/Vendor/SetUpData/41080", &admin).await.body["is_hidden"], true);
    let action: String = sqlx::query_scalar("select action from asp.audit_event where entity = 'vendor' and entity_id = $1 order by audit_event_id desc limit 1")
        .bind(id.to_string())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(action, "hide");
    let a = app.post(&format!("/api/V1/Vendor/UpdateHidden/{id}"), &admin, json!({"vend_id": id, "is_hidden": false})).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(codes(&search(&app, &admin, json!({})).await).contains(&"41080".to_owned()));
}

/// The Buyer role gets LimitedVendorUser: a buyer then sees only the vendors of their restrictions. Before any sign-in
/// of the test, so no cached permission set predates it.
async fn buyers_are_limited_vendor_users(app: &TestApp) {
    sqlx::query(
        "insert into asp.security_role_permission (security_role_id, security_permission_id)
         select r.security_role_id, p.security_permission_id from asp.security_role r, asp.security_permission p
         where r.role_name = 'Buyer' and p.permission_name = 'LimitedVendorUser'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_users_vendor_restrictions_limit_every_search_and_read() {
    let app = TestApp::spawn().await;
    buyers_are_limited_vendor_users(&app).await;
    let buyer_id = app.user_id("buyer").await;
    let acme: i64 = scalar_i64(&app, "select client_id from asp.client where client_code = 'ACME'").await;
    let allowed = vend_id(&app, "client_acme", "41022", None).await;
    let other = vend_id(&app, "client_acme", "41007", None).await;
    sqlx::query("insert into asp.user_vendor_restriction (asp_users_id, client_id, vend_id) values ($1, $2, $3)")
        .bind(buyer_id)
        .bind(acme)
        .bind(allowed)
        .execute(&app.pool)
        .await
        .unwrap();
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    assert_eq!(codes(&search(&app, &buyer, json!({})).await), ["41022"]);
    assert_eq!(codes(&app.post("/api/V1/Vendor/GetBySearchCriteria", &buyer, json!({})).await), ["41022"]);
    assert_eq!(app.get(&format!("/api/V1/Vendor/Common/{allowed}"), &buyer).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/V1/Vendor/Header/41022", &buyer).await.status, StatusCode::OK);
    for path in code_reads("41007").into_iter().chain(id_reads(other)) {
        assert_eq!(app.get(&path, &buyer).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    // Only holders of VendorSearchAllSites may look past restrictions or the site rule.
    for flag in ["ignore_restrictions", "no_site_filter"] {
        let a = search(&app, &buyer, json!({flag: true})).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{flag}: {:?}", a.body);
    }
    // The administrator holds every permission, LimitedVendorUser included, and VendorSearchAllSites lifts it.
    let admin = at(&app, "admin", "ACME-NORTH").await;
    assert!(codes(&search(&app, &admin, json!({})).await).len() > 1);
    let everything = codes(&search(&app, &admin, json!({"no_site_filter": true, "show_hidden": true})).await);
    assert!(everything.contains(&"70001".to_owned()) && everything.contains(&"VMI-2201".to_owned()), "{everything:?}");
}

#[tokio::test]
async fn each_block_reads_and_saves_with_an_audited_before_and_after() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let id = vend_id(&app, "client_acme", "41080", None).await;
    let updates = [
        ("VendorHeader", "Header", json!({"vend_code": "41080", "vend_name": "Midwest Hose & Fittings Inc.", "hold": 2, "po_hold_type": 1, "edi": true, "corporate_preferred": true, "remit_to_vend_code": "49001"}), "vend_name", json!("Midwest Hose & Fittings Inc.")),
        ("VendorLocation", "Location", json!({"vend_code": "41080", "site_code": "ACME-NORTH", "address1": "1400 Stevens Ave", "address2": "Dock 4", "city": "Minneapolis", "state_type_id": 26, "postal_code": "55403-1234", "phone": "612-555-0190"}), "address2", json!("Dock 4")),
        ("VendorIdentification", "Identification", json!({"vend_code": "41080", "tax_id": "411234567", "account_no": "AC-9", "sxe_code": "SX41080"}), "sxe_code", json!("SX41080")),
        ("VendorBilling", "Billing", json!({"vend_code": "41080", "terms_code": "net45", "freight_terms_type_id": 2, "ship_type": "LTL", "currency_code_type_id": 840, "min_purc_amount": 125.5}), "terms_code", json!("NET45")),
        ("VendorNetSuite", "NetSuite", json!({"vend_code": "41080", "ns_internal_id": "5551", "ns_billing": "Bill to HQ", "bank_info": "First Bank 0001"}), "ns_billing", json!("Bill to HQ")),
        ("VendorMiscellaneous", "Miscellaneous", json!({"vend_code": "41080", "diverse_supplier": true, "diversity_type": 4, "comments": "Veteran owned", "cust_vendor_number": "CV-41080"}), "diversity_type", json!(4)),
    ];
    for (update, get, body, field, expected) in updates {
        let before = scalar_i64(&app, &format!("select count(*) from asp.audit_event where entity = 'vendor' and entity_id = '{id}'")).await;
        let a = app.post(&format!("/api/V1/Vendor/{update}/Update"), &admin, body).await;
        assert_eq!(a.status, StatusCode::OK, "{update}: {:?}", a.body);
        let read = app.get(&format!("/api/V1/Vendor/{get}/41080"), &admin).await;
        assert_eq!(read.body[field], expected, "{get}: {:?}", read.body);
        let after = scalar_i64(&app, &format!("select count(*) from asp.audit_event where entity = 'vendor' and entity_id = '{id}'")).await;
        assert_eq!(after, before + 1, "{update} is audited");
        let (audit_id, changes): (i64, Value) = sqlx::query_as("select audit_event_id, changes from asp.audit_event where entity = 'vendor' and entity_id = $1 order by audit_event_id desc limit 1")
            .bind(id.to_string())
            .fetch_one(&app.pool)
            .await
            .unwrap();
        assert_eq!(changes["changes"][field]["to"], expected, "{update}: {changes}");
        let detail = app.get(&format!("/api/V1/Vendor/Audit/Detail/{audit_id}"), &admin).await;
        assert_eq!((detail.status, detail.body["changed_by"].clone()), (StatusCode::OK, json!("admin")), "{:?}", detail.body);
    }
    let billing = app.get("/api/V1/Vendor/Billing/41080", &admin).await;
    assert_eq!(billing.body["min_purc_amount"], 125.5);
    // The audit detail of a vendor is not readable from another client's site.
    let audit_id = scalar_i64(&app, "select max(audit_event_id) from asp.audit_event where entity = 'vendor'").await;
    let gea = at(&app, "admin", "GEA-MAIN").await;
    assert_eq!(app.get(&format!("/api/V1/Vendor/Audit/Detail/{audit_id}"), &gea).await.status, StatusCode::NOT_FOUND);
    let a = app.post("/api/V1/Vendor/VendorHeader/Update", &admin, json!({"vend_code": "41080", "site_code": "ACME-SOUTH", "vend_name": "x"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["site_code".to_owned()]));
}

#[tokio::test]
async fn validation_refuses_what_a_buyer_would_regret_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let before = scalar_i64(&app, "select count(*) from client_acme.vendor").await;
    let cases = [
        (json!({"diverse_supplier": true}), "diversity_type", Some("You must select a Diversity Type.")),
        (json!({"diverse_supplier": true, "diversity_type": 1}), "diversity_type", Some("You must select a Diversity Type.")),
        (json!({"vend_code": "10452"}), "vend_code", None),
        (json!({"vend_code": "has space"}), "vend_code", None),
        (json!({"tax_id": "12-34567"}), "tax_id", None),
        (json!({"tax_id": "DE123456789"}), "tax_id", None),
        (json!({"address": {"address1": "1 Main", "city": "Austin", "state_type_id": 66, "postal_code": "78701"}}), "state_type_id", None),
        (json!({"address": {"address1": "1 Main", "city": "Austin", "state_type_id": 48, "postal_code": "7870"}}), "postal_code", None),
        (json!({"address": {"city": "Austin", "state_type_id": 48, "postal_code": "78701"}}), "address1", None),
        (json!({"address": {"address1": "1 Main", "state_type_id": 48, "postal_code": "78701"}}), "city", None),
        (json!({"address": {"address1": "1 Main", "city": "Austin", "postal_code": "78701"}}), "state_type_id", None),
        (json!({"address": {"address1": "1 Main", "city": "Toronto", "state_type_id": 66, "postal_code": "M5V 2T6", "type_country_code_id": 124}}), "is_international", None),
        (json!({"is_international": true, "address": {"address1": "1 Main", "city": "Toronto", "state_type_id": 66, "postal_code": "12345", "type_country_code_id": 124}}), "postal_code", None),
        (json!({"terms_code": "NET999"}), "terms_code", None),
        (json!({"currency_type_id": 1}), "currency_code_type_id", None),
        (json!({"freight_type_id": 999}), "freight_terms_type_id", None),
        (json!({"ship_type_id": 999}), "ship_type_id", None),
        (json!({"hold": 999}), "hold", None),
        (json!({"vend_name": "  "}), "vend_name", None),
        (json!({"address": {"address1": "1 Main", "city": "Austin", "state_type_id": 48, "postal_code": "78701", "email": "not-an-email"}}), "email", None),
    ];
    for (change, field, message) in cases {
        for path in ["Vendor/Validate", "Insert"] {
            let a = app.post(&format!("/api/V1/Vendor/{path}"), &admin, texas(change.clone())).await;
            assert_eq!(a.status, StatusCode::BAD_REQUEST, "{path} {change}: {:?}", a.body);
            assert!(fields(&a).contains(&field.to_owned()), "{path} {change}: {:?}", a.body);
            if let Some(m) = message {
                assert!(a.body["errors"].as_array().unwrap().iter().any(|e| e["error"] == m), "{:?}", a.body);
            }
        }
    }
    // An international vendor with its own tax id format and country.
    let ok = app.post("/api/V1/Vendor/Vendor/Validate", &admin, texas(json!({"is_international": true, "tax_id": "DE123456789",
        "address": {"address1": "Hauptstr. 1", "city": "Berlin", "postal_code": "10115", "type_country_code_id": 276}}))).await;
    assert_eq!((ok.status, ok.body["valid"].clone()), (StatusCode::OK, json!(true)), "{:?}", ok.body);
    let ok = app.post("/api/V1/Vendor/Vendor/Validate", &admin, texas(json!({}))).await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    assert_eq!(scalar_i64(&app, "select count(*) from client_acme.vendor").await, before, "nothing was saved");
    // Block updates run the same validation.
    let a = app.post("/api/V1/Vendor/VendorMiscellaneous/Update", &admin, json!({"vend_code": "41080", "diverse_supplier": true})).await;
    assert_eq!((a.status, a.body["errors"][0]["error"].clone()), (StatusCode::BAD_REQUEST, json!("You must select a Diversity Type.")));
    let a = app.post("/api/V1/Vendor/VendorHeader/Update", &admin, json!({"vend_code": "41080", "vend_name": "Loop", "remit_to_vend_code": "41080"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["remit_to_vend_code".to_owned()]));
    let unchanged: bool = sqlx::query_scalar("select diverse_supplier from client_acme.vendor where vend_code = '41080'").fetch_one(&app.pool).await.unwrap();
    assert!(!unchanged);
}

#[tokio::test]
async fn inserts_take_the_sites_erp_and_give_the_site_its_vendor_record() {
    let app = TestApp::spawn().await;
    let north = at(&app, "admin", "ACME-NORTH").await;
    let south = at(&app, "admin", "ACME-SOUTH").await;
    let north_id = app.site_id("ACME-NORTH").await;
    let a = app.post("/api/V1/Vendor/Insert", &north, texas(json!({"site_code": "ACME-NORTH", "terms_code": null, "terms_type_id": 3}))).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let code = a.body["vend_code"].as_str().unwrap().to_owned();
    assert_eq!(code, "49002", "the next number of the ERP company");
    let id = a.body["vend_id"].as_i64().unwrap();
    let (erp, company, vmi, terms, ship): (i32, Option<String>, bool, Option<String>, Option<String>) =
        sqlx::query_as("select erp_type_id, erp_company, is_vmi, terms_code, ship_type from client_acme.vendor where vend_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!((erp, company.as_deref(), vmi, terms.as_deref(), ship.as_deref()), (7, Some("ACME"), false, Some("NET30"), Some("UPSG")));
    let site_rows = scalar_i64(&app, &format!("select count(*) from client_acme.vendor_site where vend_id = {id} and site_id = {north_id}")).await;
    assert_eq!(site_rows, 1);
    let created = scalar_i64(&app, &format!("select count(*) from asp.audit_event where entity = 'vendor' and entity_id = '{id}' and action = 'create'")).await;
    assert_eq!(created, 1);
    assert_eq!(app.get(&format!("/api/V1/Vendor/Location/{code}"), &north).await.body["city"], "Houston");
    let again = app.post("/api/V1/Vendor/Insert", &north, texas(json!({"vend_code": code}))).await;
    assert_eq!((again.status, fields(&again)), (StatusCode::BAD_REQUEST, vec!["vend_code".to_owned()]));

    // VMI: only where the site has a VMI ERP type; no company.
    let a = app.post("/api/V1/Vendor/InsertVMI", &north, texas(json!({"vend_code": "VMI-77"}))).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["site_code".to_owned()]));
    let a = app.post("/api/V1/Vendor/InsertVMI", &south, texas(json!({"vend_code": "VMI-77", "vmiStandard": true}))).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let (company, vmi): (Option<String>, bool) = sqlx::query_as("select erp_company, is_vmi from client_acme.vendor where vend_code = 'VMI-77'").fetch_one(&app.pool).await.unwrap();
    assert_eq!((company, vmi), (None, true));
    assert_eq!(app.get("/api/V1/Vendor/Header/VMI-77", &south).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/V1/Vendor/Header/VMI-77", &north).await.status, StatusCode::NOT_FOUND);

    // NetSuite: the demo sites are NetSuite sites.
    let a = app.post("/api/V1/Vendor/InsertNetSuite", &north, texas(json!({"vend_code": "NS-1", "ns_billing": "Bill to AP", "bank_info": "ACH 123", "netSuite": true}))).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(app.get("/api/V1/Vendor/NetSuite/NS-1", &north).await.body["ns_billing"], "Bill to AP");
    let a = app.post("/api/V1/Vendor/Insert", &north, texas(json!({"site_code": "GEA-MAIN"}))).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["site_code".to_owned()]));
}

#[tokio::test]
async fn writes_need_their_permissions() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    for (path, body) in [
        ("Insert", texas(json!({}))),
        ("InsertVMI", texas(json!({}))),
        ("InsertNetSuite", texas(json!({}))),
        ("Vendor/Validate", texas(json!({}))),
        ("VendorHeader/Update", json!({"vend_code": "41080", "vend_name": "x"})),
        ("VendorLocation/Update", json!({"vend_code": "41080"})),
        ("VendorIdentification/Update", json!({"vend_code": "41080"})),
        ("VendorBilling/Update", json!({"vend_code": "41080"})),
        ("VendorMiscellaneous/Update", json!({"vend_code": "41080"})),
        ("VendorNetSuite/Update", json!({"vend_code": "41080"})),
        ("UpdateHidden/1", json!({"vend_id": 1, "is_hidden": true})),
    ] {
        let a = app.post(&format!("/api/V1/Vendor/{path}"), &buyer, body).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {:?}", a.body);
    }
    // The buyer reads (ViewVendors).
    assert_eq!(app.get("/api/V1/Vendor/Header/41080", &buyer).await.status, StatusCode::OK);
    // UpdateVendor alone does not open the NetSuite block.
    sqlx::query("insert into asp.security_role_permission (security_role_id, security_permission_id) select r.security_role_id, p.security_permission_id from asp.security_role r, asp.security_permission p where r.role_name = 'Buyer' and p.permission_name = 'UpdateVendor'")
        .execute(&app.pool)
        .await
        .unwrap();
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.post("/api/V1/Vendor/VendorBilling/Update", &buyer, json!({"vend_code": "41080", "terms_code": "NET30"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = app.post("/api/V1/Vendor/VendorNetSuite/Update", &buyer, json!({"vend_code": "41080"})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let customer = app.login("customer").await;
    assert_eq!(app.get("/api/V1/Vendor/Header/41080", &customer).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn hover_cards_remit_to_cip_and_non_consigned_lookups_answer_what_a_buyer_needs() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let id = vend_id(&app, "client_acme", "10452", Some("ACME")).await;
    let a = app.get(&format!("/api/V1/Vendor/Hover/{id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["vend_name"].as_str(), a.body["state"].as_str(), a.body["terms_description"].as_str(), a.body["preferred"].as_bool()),
               (Some("Grainger Industrial Supply"), Some("IL"), Some("Net 30 days"), Some(true)));
    assert!(a.body["buyer_name"].is_null(), "the plain card leaves the buyer out");
    let a = app.get(&format!("/api/V1/Vendor/Hover/Buyer/{id}"), &buyer).await;
    assert_eq!(a.body["buyer_name"], "Buyer, Bea");

    let a = app.get("/api/V1/Vendor/RemitTo/VendorCode/10452", &buyer).await;
    assert_eq!(a.body["vend_code"], "49001");
    let a = app.get("/api/V1/Vendor/RemitTo/VendorCode/41007", &buyer).await;
    assert_eq!(a.body["vend_code"], "41007", "a vendor without a remit-to is paid itself");
    let a = app.get("/api/V1/Vendor/RemitTo/10452/GRAIN", &buyer).await;
    assert_eq!(a.body.as_array().unwrap().iter().map(|v| v["vend_code"].as_str().unwrap()).collect::<Vec<_>>(), ["49001"]);
    let a = app.get("/api/V1/Vendor/RemitTo/10452/zzz", &buyer).await;
    assert_eq!(a.body, json!([]));

    let north = app.site_id("ACME-NORTH").await;
    sqlx::query("update client_acme.vendor set nonconsigned_vend_code = '41007' where vend_code = '41022'").execute(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/Vendor/Common/NonConsigned/41022/{north}"), &buyer).await;
    assert_eq!(a.body["vend_code"], "41007");
    let a = app.get(&format!("/api/V1/Vendor/Common/NonConsigned/41007/{north}"), &buyer).await;
    assert_eq!(a.body["vend_code"], "41007");
    let south = app.site_id("ACME-SOUTH").await;
    assert_eq!(app.get(&format!("/api/V1/Vendor/Common/NonConsigned/41022/{south}"), &buyer).await.status, StatusCode::NOT_FOUND);

    let (cip, code): (i64, String) = sqlx::query_as("select cip_no, vend_code from client_acme.cip where site_id = $1 and vend_code is not null order by cip_no limit 1")
        .bind(north)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.get(&format!("/api/V1/Vendor/Common/CIP/{cip}"), &buyer).await;
    assert_eq!((a.status, a.body["vend_code"].as_str()), (StatusCode::OK, Some(code.as_str())), "{:?}", a.body);
    assert_eq!(app.get("/api/V1/Vendor/Common/CIP/999999999", &buyer).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_vendor_site_audit_detail_is_read_at_its_site_only() {
    let app = TestApp::spawn().await;
    let north = at(&app, "admin", "ACME-NORTH").await;
    let south = at(&app, "admin", "ACME-SOUTH").await;
    let north_id = app.site_id("ACME-NORTH").await;
    let acme = scalar_i64(&app, "select client_id from asp.client where client_code = 'ACME'").await;
    let row = scalar_i64(&app, &format!("select vs.vendor_site_id from client_acme.vendor_site vs join client_acme.vendor v using (vend_id) where v.vend_code = '41022' and vs.site_id = {north_id}")).await;
    // Written as the vendorsites area writes its changes.
    let audit_id: i64 = sqlx::query_scalar(
        "insert into asp.audit_event (client_id, site_id, action, entity, entity_id, changes) values ($1, $2, 'update', 'vendor_site', $3, '{\"preferred\": {\"from\": false, \"to\": true}}') returning audit_event_id",
    )
    .bind(acme)
    .bind(north_id)
    .bind(row.to_string())
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = app.get(&format!("/api/V1/Vendor/VendorSite/Audit/Detail/{audit_id}"), &north).await;
    assert_eq!((a.status, a.body["changes"]["preferred"]["to"].clone()), (StatusCode::OK, json!(true)), "{:?}", a.body);
    assert_eq!(app.get(&format!("/api/V1/Vendor/VendorSite/Audit/Detail/{audit_id}"), &south).await.status, StatusCode::NOT_FOUND);
    // A vendor's audit id is not a vendor site's.
    assert_eq!(app.get(&format!("/api/V1/Vendor/Audit/Detail/{audit_id}"), &north).await.status, StatusCode::NOT_FOUND);
}

/// The demo RFQ vendor of `code` at `site` (the sent RFQ's; schema of the site's client).
async fn rfq_vendor_id(app: &TestApp, schema: &str, site: &str, code: &str) -> i64 {
    sqlx::query_scalar(&format!(
        "select rv.rfq_vendor_id from {schema}.rfq_vendor rv join {schema}.vendor v using (vend_id) join asp.site s on s.site_id = rv.site_id
         where s.site_code = $1 and v.vend_code = $2 order by rv.rfq_vendor_id limit 1"
    ))
    .bind(site)
    .bind(code)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn an_rfq_vendor_of_the_current_site_answers_its_vendor_its_contact_and_its_rfq_status() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    // The RFQ names no contact for Grainger: the site's vendor record gives it, the vendor its phone and address.
    let id = rfq_vendor_id(&app, "client_acme", "ACME-NORTH", "10452").await;
    let a = app.get(&format!("/api/V1/Vendor/Min/RFQ/{id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let rfq_id: i64 = scalar_i64(&app, &format!("select rfq_id from client_acme.rfq_vendor where rfq_vendor_id = {id}")).await;
    let b = &a.body;
    assert_eq!((b["rfq_vendor_id"].as_i64(), b["rfq_id"].as_i64(), b["site_id"].as_i64()), (Some(id), Some(rfq_id), Some(app.site_id("ACME-NORTH").await)));
    assert_eq!((b["vend_code"].as_str(), b["vend_name"].as_str()), (Some("10452"), Some("Grainger Industrial Supply")));
    assert_eq!(b["status"].as_i64(), Some(3), "Responded");
    assert_eq!(b["contact_name"], "Dana Whitfield (ACME-NORTH)");
    assert_eq!(b["email"], "orders.acmenorth@grainger.example");
    assert_eq!(b["phone"], "847-535-1000");
    assert_eq!(b["address"], "100 Grainger Pkwy, Lake Forest, IL 60045");
    assert_eq!((b["currency_code_type_id"].as_i64(), b["currency"].as_str()), (Some(840), Some("USD")));
    assert_eq!(b["is_hidden"], false);
    assert!(b["sent_date"].is_string() && b["responded_date"].is_string(), "{b}");
    assert_eq!(b["vend_id"].as_i64(), Some(vend_id(&app, "client_acme", "10452", Some("ACME")).await));
    // The RFQ's own contact wins over the site's and the vendor's.
    let id = rfq_vendor_id(&app, "client_acme", "ACME-NORTH", "41022").await;
    let a = app.get(&format!("/api/V1/Vendor/Min/RFQ/{id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["contact_name"].as_str(), a.body["email"].as_str()), (Some("Janet Moore"), Some("janet.moore@motion.demo.example")));
    assert_eq!(a.body["status"].as_i64(), Some(2), "Sent");
    assert!(a.body["responded_date"].is_null());
    // A hidden vendor still shows on the RFQ that asked it, flagged.
    sqlx::query("update client_acme.vendor set is_hidden = true where vend_code = '41022'").execute(&app.pool).await.unwrap();
    assert_eq!(app.get(&format!("/api/V1/Vendor/Min/RFQ/{id}"), &buyer).await.body["is_hidden"], true);
}

#[tokio::test]
async fn an_rfq_vendor_of_another_site_or_client_or_hidden_by_the_vendor_rule_or_unknown_answers_404() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let south = rfq_vendor_id(&app, "client_acme", "ACME-SOUTH", "10452").await;
    // Each client schema numbers its rows from 1: another client's RFQ vendor gets an id no ACME row has.
    let gea = scalar_i64(
        &app,
        "insert into client_gea.rfq_vendor (rfq_vendor_id, site_id, rfq_id, vend_id, status) overriding system value
         select 7000001, h.site_id, h.rfq_id, v.vend_id, 2 from client_gea.rfq_header h, client_gea.vendor v
         where v.vend_code = '41035' order by h.rfq_id limit 1 returning rfq_vendor_id",
    )
    .await;
    assert_eq!(scalar_i64(&app, "select count(*) from client_acme.rfq_vendor where rfq_vendor_id = 7000001").await, 0);
    let path = |id: i64| format!("/api/V1/Vendor/Min/RFQ/{id}");
    for id in [south, gea, 999_999_999, 0, -1] {
        let a = app.get(&path(id), &buyer).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{id}: {:?}", a.body);
        assert_eq!(a.body["message"], "The RFQ vendor you are trying to find does not exist.");
    }
    // The other site's record is the buyer's at that site.
    let there = at(&app, "buyer", "ACME-SOUTH").await;
    assert_eq!(app.get(&path(south), &there).await.status, StatusCode::OK);
    // A vendor of an ERP company the site does not use, planted on the site's RFQ: the vendor rule hides it.
    let rfq_id = scalar_i64(&app, &format!("select rfq_id from client_acme.rfq_vendor where rfq_vendor_id = {}", rfq_vendor_id(&app, "client_acme", "ACME-NORTH", "10452").await)).await;
    let legacy = vend_id(&app, "client_acme", "70001", None).await;
    let hidden = scalar_i64(
        &app,
        &format!("insert into client_acme.rfq_vendor (site_id, rfq_id, vend_id) select site_id, rfq_id, {legacy} from client_acme.rfq_header where rfq_id = {rfq_id} returning rfq_vendor_id"),
    )
    .await;
    assert_eq!(app.get(&path(hidden), &buyer).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_users_vendor_restrictions_hide_the_rfq_vendors_of_other_vendors() {
    let app = TestApp::spawn().await;
    let mine = rfq_vendor_id(&app, "client_acme", "ACME-NORTH", "41022").await;
    let theirs = rfq_vendor_id(&app, "client_acme", "ACME-NORTH", "30871").await;
    buyers_are_limited_vendor_users(&app).await;
    sqlx::query("insert into asp.user_vendor_restriction (asp_users_id, client_id, vend_id) select $1, client_id, $2 from asp.client where client_code = 'ACME'")
        .bind(app.user_id("buyer").await)
        .bind(vend_id(&app, "client_acme", "41022", None).await)
        .execute(&app.pool)
        .await
        .unwrap();
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let path = |id: i64| format!("/api/V1/Vendor/Min/RFQ/{id}");
    assert_eq!(app.get(&path(mine), &buyer).await.status, StatusCode::OK);
    assert_eq!(app.get(&path(theirs), &buyer).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_bad_rfq_vendor_id_is_refused_with_400_and_the_read_needs_view_vendors() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    for bad in ["abc", "1.5", "99999999999999999999"] {
        let a = app.get(&format!("/api/V1/Vendor/Min/RFQ/{bad}"), &buyer).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{bad}: {:?}", a.body);
        // The ApiError shape, naming the parameter as the document does (poem-openapi itself says `param0`).
        assert_eq!(a.body["errors"][0]["errorType"], "invalid", "{bad}: {:?}", a.body);
        assert_eq!(a.body["errors"][0]["field"], "rfqVendorId", "{bad}: {:?}", a.body);
        assert!(!a.body["message"].as_str().unwrap_or_default().contains("param0"), "{bad}: {:?}", a.body);
        assert!(a.body["requestId"].is_string(), "{bad}: {:?}", a.body);
    }
    let id = rfq_vendor_id(&app, "client_acme", "ACME-NORTH", "10452").await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    assert_eq!(app.get(&format!("/api/V1/Vendor/Min/RFQ/{id}"), &warehouse).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_email_address_with_two_at_signs_is_refused_by_every_vendor_form_and_changes_nothing() {
    // The vendor and vendor site forms accepted `a@b@c.com` before the one kernel rule (docs/vendors.md).
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let location = app.get("/api/V1/Vendor/Location/41080", &admin).await;
    assert_eq!(location.status, StatusCode::OK, "{:?}", location.body);
    let mut changed = location.body.clone();
    changed["email"] = json!("a@b@c.com");
    let a = app.post("/api/V1/Vendor/VendorLocation/Update", &admin, changed).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["email".to_owned()]), "{:?}", a.body);
    assert_eq!(app.get("/api/V1/Vendor/Location/41080", &admin).await.body, location.body);
    let a = app.post("/api/V1/Vendor/Vendor/Validate", &admin, texas(json!({"address": {"address1": "1 Main", "city": "Austin", "state_type_id": 48,
        "postal_code": "78701", "email": "a@b@c.com"}}))).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["email".to_owned()]), "{:?}", a.body);

    let site: i64 = sqlx::query_scalar(
        "select vs.vendor_site_id from client_acme.vendor_site vs join client_acme.vendor v using (vend_id) join asp.site s using (site_id)
         where s.site_code = 'ACME-NORTH' and v.vend_code = '30871'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = app.post("/api/V1/Vendor/VendorSite/Update", &admin, json!({"vendor_site_id": site, "email": "a@b@c.com"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["email".to_owned()]), "{:?}", a.body);
    let a = app.post("/api/V1/Vendor/VendorSite/Update", &admin, json!({"vendor_site_id": site, "email": "orders@skf.example"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
}
