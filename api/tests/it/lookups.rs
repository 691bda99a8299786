//! The navigation lookups by id (CIP, employee, vendor, tracking code): the record for a caller who may see it, 404
//! for records of another client or of a site the caller may not use, the average cost only with InvFISPrice.
#![allow(clippy::unwrap_used)]


use crate::common::TestApp;
use reqwest::StatusCode;

/// (table, id column, path prefix, not-found message) of the site-tier records. Vendors are client tier (shared by
/// the sites the vendor rule matches; tests/it/vendors.rs covers the rule), so they are checked on their own here.
const LOOKUPS: [(&str, &str, &str, &str); 3] = [
    ("cip", "cip_no", "/api/V1/Item/CIP", "The item you are trying to find does not exist."),
    ("employee", "employee_id", "/api/V1/Employee", "The employee you are trying to find does not exist."),
    ("tracking_code", "tracking_code_id", "/api/V1/TrackingCode", "The tracking code you are trying to find does not exist."),
];

/// The first demo record of `table` at `site` in `schema`.
async fn first_id(app: &TestApp, schema: &str, table: &str, id_column: &str, site: &str) -> i64 {
    sqlx::query_scalar(&format!("select t.{id_column} from {schema}.{table} t join asp.site s using (site_id) where s.site_code = $1 order by t.{id_column} limit 1"))
        .bind(site)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn cip_by_code(app: &TestApp, site: &str, code: &str) -> i64 {
    sqlx::query_scalar("select c.cip_no from client_acme.cip c join asp.site s using (site_id) where s.site_code = $1 and c.cip_code = $2")
        .bind(site)
        .bind(code)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn each_lookup_answers_the_record_for_a_buyer_at_acme() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let north = app.site_id("ACME-NORTH").await;

    let cip = cip_by_code(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let a = app.get(&format!("/api/V1/Item/CIP/{cip}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cip_no"], cip);
    assert_eq!(a.body["site_id"], north);
    assert_eq!(a.body["cip_code"], "BRG-6204-2RS");
    assert_eq!(a.body["cust_item_code"], "CP-10021");
    assert_eq!(a.body["cust_desc1"], "BEARING, BALL");
    assert_eq!(a.body["status_id"], 1);
    assert_eq!(a.body["location"], "A-01-01");
    assert_eq!(a.body["qty_on_hand"], 24.0);
    assert_eq!(a.body["qty_avail"], 20.0);
    assert_eq!(a.body["consigned"], false);

    let employee: i64 = sqlx::query_scalar("select employee_id from client_acme.employee where site_id = $1 and employee_number = 'E1001'")
        .bind(north)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.get(&format!("/api/V1/Employee/{employee}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["employeeID"], employee);
    assert_eq!(a.body["lastName"], "Lopez");
    assert_eq!(a.body["firstName"], "Maria");
    assert_eq!(a.body["employeeNumber"], "E1001");
    assert_eq!(a.body["badgeNumber"], "B-2201");
    assert_eq!(a.body["siteCode"], "ACME-NORTH");
    assert_eq!(a.body["supervisor"], true);
    assert_eq!(a.body["isActive"], true);

    let vendor: i64 = sqlx::query_scalar("select vend_id from client_acme.vendor where vend_code = '30871'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.get(&format!("/api/V1/Vendor/Common/{vendor}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["vend_id"], vendor);
    assert_eq!(a.body["vend_code"], "30871");
    assert_eq!(a.body["vend_name"], "SKF USA Inc.");
    assert_eq!(a.body["is_manufacturer"], true);
    assert_eq!(a.body["is_vmi"], false);
    // Seeded to match the site, as the vendor route guard requires.
    assert_eq!(a.body["erp_type_id"], 7);
    assert_eq!(a.body["erp_company"], "ACME");
    assert_eq!(a.body["site_id"], north, "read at the current site");

    let code: i64 = sqlx::query_scalar("select tracking_code_id from client_acme.tracking_code where site_id = $1 and tracking_number = 'WO-7781'")
        .bind(north)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.get(&format!("/api/V1/TrackingCode/{code}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["trackingCodeId"], code);
    assert_eq!(a.body["trackingNumber"], "WO-7781");
    assert_eq!(a.body["trackingLevelID"], 2);
    assert_eq!(a.body["description"], "Work order 7781");
    assert_eq!(a.body["isActive"], true);

    // A record of the buyer's other site of the same client is reachable too, and says where it lives.
    let south = app.site_id("ACME-SOUTH").await;
    for (table, id_column, prefix, _) in LOOKUPS {
        let id = first_id(&app, "client_acme", table, id_column, "ACME-SOUTH").await;
        let a = app.get(&format!("{prefix}/{id}"), &buyer).await;
        assert_eq!(a.status, StatusCode::OK, "{table} {id}: {:?}", a.body);
        assert_eq!(a.body["site_id"], south, "{table}");
    }
}

#[tokio::test]
async fn a_record_only_in_another_clients_schema_or_a_missing_id_is_not_found() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let inserts = [
        "insert into client_gea.cip (cip_no, site_id, cip_code, cust_desc1) overriding system value select 7000, site_id, 'GEA-SECRET', 'secret' from asp.site where site_code = 'GEA-MAIN'",
        "insert into client_gea.employee (employee_id, site_id, employee_number, last_name, first_name) overriding system value select 7000, site_id, 'G7000', 'Secret', 'Gea' from asp.site where site_code = 'GEA-MAIN'",
        "insert into client_gea.vendor (vend_id, vend_code, vend_name, erp_type_id, erp_company) overriding system value select 7000, '77000', 'GEA secret vendor', erp_type_id, erp_company from asp.site where site_code = 'GEA-MAIN'",
        "insert into client_gea.tracking_code (tracking_code_id, site_id, tracking_level_id, tracking_number) overriding system value select 7000, site_id, 1, 'GEA-SECRET' from asp.site where site_code = 'GEA-MAIN'",
    ];
    for sql in inserts {
        sqlx::query(sql).execute(&app.pool).await.unwrap();
    }
    let vendor_lookup = ("vendor", "vend_id", "/api/V1/Vendor/Common", "The vendor you are trying to find does not exist.");
    for (table, id_column, prefix, message) in LOOKUPS.into_iter().chain([vendor_lookup]) {
        // Nothing with that id exists in ACME's schema, so the GEA record is exactly as invisible as a missing one.
        let in_acme: bool = sqlx::query_scalar(&format!("select exists(select 1 from client_acme.{table} where {id_column} = 7000)")).fetch_one(&app.pool).await.unwrap();
        assert!(!in_acme, "{table}");
        for id in [7000, 999_999] {
            let a = app.get(&format!("{prefix}/{id}"), &buyer).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{table} {id}: {:?}", a.body);
            assert_eq!(a.body["message"], message, "{table} {id}");
            assert!(!a.body.to_string().contains("GEA"), "{table} {id}: {:?}", a.body);
        }
    }
    // The admin works at GEA-MAIN too: from there the same record is found, so the 404 above was the isolation.
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "GEA-MAIN").await.status, StatusCode::OK);
    for (table, _, prefix, _) in LOOKUPS.into_iter().chain([vendor_lookup]) {
        let a = app.get(&format!("{prefix}/7000"), &admin).await;
        assert_eq!(a.status, StatusCode::OK, "{table}: {:?}", a.body);
    }
}

#[tokio::test]
async fn a_record_of_a_site_the_caller_may_not_use_is_not_found() {
    let app = TestApp::spawn().await;
    // The customer works at GEA-MAIN only; give them the buyer's permissions there.
    let customer = app.login("customer").await;
    sqlx::query(
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id) select u.asp_users_id, s.site_id, r.security_role_id from asp.asp_users u, asp.site s, asp.security_role r where u.user_id = 'customer' and s.site_code = 'GEA-MAIN' and r.role_name = 'Buyer'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    for (table, id_column, prefix, message) in LOOKUPS {
        let main = first_id(&app, "client_gea", table, id_column, "GEA-MAIN").await;
        let seen = app.get(&format!("{prefix}/{main}"), &customer).await;
        assert_eq!(seen.status, StatusCode::OK, "{table} at GEA-MAIN: {:?}", seen.body);
        // Same client, but a site the customer may not use.
        let por = first_id(&app, "client_gea", table, id_column, "GEA-POR").await;
        let hidden = app.get(&format!("{prefix}/{por}"), &customer).await;
        assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{table} at GEA-POR: {:?}", hidden.body);
        assert_eq!(hidden.body["message"], message, "{table}");
    }
}

#[tokio::test]
async fn the_average_cost_is_shown_only_with_inv_fis_price() {
    let app = TestApp::spawn().await;
    let cip = cip_by_code(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    // The Warehouse role holds InvFISPrice.
    let warehouse = app.login("warehouse").await;
    let a = app.get(&format!("/api/V1/Item/CIP/{cip}"), &warehouse).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cust_avg_cost"], 4.125);
    // The Buyer role does not.
    let buyer = app.login("buyer").await;
    let a = app.get(&format!("/api/V1/Item/CIP/{cip}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(a.body["cust_avg_cost"].is_null(), "{:?}", a.body);
    assert_eq!(a.body["cip_code"], "BRG-6204-2RS", "the rest of the record is there");
}

#[tokio::test]
async fn callers_without_the_permission_are_refused() {
    let app = TestApp::spawn().await;
    let supplier = app.login("supplier").await;
    for (table, id_column, prefix, _) in LOOKUPS {
        let id = first_id(&app, "client_acme", table, id_column, "ACME-NORTH").await;
        let url = format!("{prefix}/{id}");
        let a = app.get(&url, &supplier).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{table}: {:?}", a.body);
        assert!(a.body["message"].as_str().unwrap().contains("permission"), "{table}: {:?}", a.body);
        let anonymous = app.request(reqwest::Method::GET, &url, None, None).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{table}");
    }
    // Warehouse staff may see employees but not vendors (ViewVendors).
    let warehouse = app.login("warehouse").await;
    let employee = first_id(&app, "client_acme", "employee", "employee_id", "ACME-NORTH").await;
    assert_eq!(app.get(&format!("/api/V1/Employee/{employee}"), &warehouse).await.status, StatusCode::OK);
    let vendor: i64 = sqlx::query_scalar("select min(vend_id) from client_acme.vendor").fetch_one(&app.pool).await.unwrap();
    assert_eq!(app.get(&format!("/api/V1/Vendor/Common/{vendor}"), &supplier).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("/api/V1/Vendor/Common/{vendor}"), &warehouse).await.status, StatusCode::FORBIDDEN);
}
