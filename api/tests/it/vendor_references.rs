//! A write that names another vendor stores only a vendor the writer reads at the site, by the same rule as the
//! reads (docs/vendors.md, "References to other vendors"; issue 20: `VendorMiscellaneous/Update` stored consigned and
//! non-consigned vendor codes that did not exist or were not visible at the site). Another ERP company's vendor, a
//! legacy one, another client's, one outside the caller's vendor restrictions, or none at all: 400 naming the
//! field, nothing changed.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{Answer, TestApp};

async fn at(app: &TestApp, login: &str, site: &str) -> String {
    let token = app.login(login).await;
    assert_eq!(app.switch(&token, site).await.status, StatusCode::OK);
    token
}

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().into_iter().flatten().map(|e| e["field"].as_str().unwrap_or_default().to_owned()).collect()
}

async fn references(app: &TestApp, code: &str) -> (Option<String>, Option<String>) {
    sqlx::query_as("select nonconsigned_vend_code, consigned_vend_code from client_acme.vendor where vend_code = $1 and erp_company is not distinct from (select erp_company from client_acme.vendor where vend_code = $1 order by vend_id limit 1) order by vend_id limit 1")
        .bind(code)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

fn misc(nonconsigned: &str, consigned: &str) -> Value {
    json!({"vend_code": "41080", "comments": "references", "nonconsigned_vend_code": nonconsigned, "consigned_vend_code": consigned})
}

#[tokio::test]
async fn the_miscellaneous_block_stores_only_vendors_the_site_reads_as_its_consigned_and_non_consigned_vendors() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    // Another ERP company's vendor of the same client, and another client's: neither is read at ACME-NORTH.
    sqlx::query("insert into client_acme.vendor (vend_code, vend_name, erp_type_id, erp_company) values ('88001', 'Only elsewhere', 7, 'ACME-EAST')").execute(&app.pool).await.unwrap();
    sqlx::query("insert into client_gea.vendor (vend_id, vend_code, vend_name, erp_type_id, erp_company) overriding system value values (900001, '41999', 'GEA only', 7, 'GEA')")
        .execute(&app.pool)
        .await
        .unwrap();
    let before = references(&app, "41080").await;
    for (nonconsigned, consigned) in [("NOPE-1", "41022"), ("41022", "88001"), ("70001", "41022"), ("41022", "41999"), ("88001", "41999")] {
        let a = app.post("/api/V1/Vendor/VendorMiscellaneous/Update", &admin, misc(nonconsigned, consigned)).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{nonconsigned}/{consigned}: {}", a.body);
        let mut expected = Vec::new();
        if nonconsigned != "41022" {
            expected.push("nonconsigned_vend_code".to_owned());
        }
        if consigned != "41022" {
            expected.push("consigned_vend_code".to_owned());
        }
        assert_eq!(fields(&a), expected, "{}", a.body);
        assert_eq!(references(&app, "41080").await, before, "nothing changed");
    }
    // Vendors the site reads are stored, as the vendor has its code.
    let a = app.post("/api/V1/Vendor/VendorMiscellaneous/Update", &admin, misc("41022", " 41007 ")).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(references(&app, "41080").await, (Some("41022".to_owned()), Some("41007".to_owned())));
    let a = app.get("/api/V1/Vendor/Miscellaneous/41080", &admin).await;
    assert_eq!((a.body["nonconsigned_vend_code"].clone(), a.body["consigned_vend_code"].clone()), (json!("41022"), json!("41007")));

    // A reference stored before the rule is left as it is when another field of the block changes.
    sqlx::query("update client_acme.vendor set consigned_vend_code = 'GONE-1' where vend_code = '41080'").execute(&app.pool).await.unwrap();
    let a = app.post("/api/V1/Vendor/VendorMiscellaneous/Update", &admin, misc("41022", "GONE-1")).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    // The header's remit-to vendor follows the same rule.
    let a = app.post("/api/V1/Vendor/VendorHeader/Update", &admin, json!({"vend_code": "41080", "vend_name": "Remit", "remit_to_vend_code": "70001"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["remit_to_vend_code".to_owned()]), "{}", a.body);
}

#[tokio::test]
async fn a_user_with_vendor_restrictions_cannot_name_a_vendor_outside_them() {
    let app = TestApp::spawn().await;
    // The Buyer role limited to its restrictions (before any sign-in, so no cached permission set predates it).
    sqlx::query(
        "insert into asp.security_role_permission (security_role_id, security_permission_id)
         select r.security_role_id, p.security_permission_id from asp.security_role r, asp.security_permission p
         where r.role_name = 'Buyer' and p.permission_name in ('LimitedVendorUser', 'UpdateVendor') on conflict do nothing",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let buyer_id = app.user_id("buyer").await;
    sqlx::query(
        "insert into asp.user_vendor_restriction (asp_users_id, client_id, vend_id)
         select $1, c.client_id, v.vend_id from asp.client c, client_acme.vendor v where c.client_code = 'ACME' and v.vend_code in ('41080', '41022')",
    )
    .bind(buyer_id)
    .execute(&app.pool)
    .await
    .unwrap();
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    assert_eq!(app.get("/api/V1/Vendor/Header/41007", &buyer).await.status, StatusCode::NOT_FOUND, "41007 is outside the buyer's restrictions");
    let before = references(&app, "41080").await;
    let a = app.post("/api/V1/Vendor/VendorMiscellaneous/Update", &buyer, misc("41022", "41007")).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["consigned_vend_code".to_owned()]), "{}", a.body);
    assert_eq!(references(&app, "41080").await, before);
    let a = app.post("/api/V1/Vendor/VendorMiscellaneous/Update", &buyer, misc("41022", "41022")).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
}
