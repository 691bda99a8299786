//! Shared vendors (docs/shared-vendors.md): the provider's record of a supplier, its detail blocks, site links and
//! child records, read with ViewVendors and changed only with SharedVendorEdit; the client vendors assigned to it,
//! found through the vendor rule at the current site and never another client's.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{Answer, TestApp};

const BASE: &str = "/api/V1/SharedVendor";

async fn at(app: &TestApp, login: &str, site: &str) -> String {
    let token = app.login(login).await;
    let a = app.switch(&token, site).await;
    assert_eq!(a.status, StatusCode::OK, "{login} to {site}: {:?}", a.body);
    token
}

async fn shared_vendor(app: &TestApp, name: &str) -> i64 {
    sqlx::query_scalar("select shared_vendor_id from asp.shared_vendor where shared_vendor_name = $1").bind(name).fetch_one(&app.pool).await.unwrap()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

async fn audits(app: &TestApp, entity: &str, id: i64) -> Vec<(String, Value)> {
    sqlx::query_as("select action, changes from asp.audit_event where entity = $1 and entity_id = $2 order by audit_event_id")
        .bind(entity)
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().map(|e| e.iter().map(|x| x["field"].as_str().unwrap_or_default().to_owned()).collect()).unwrap_or_default()
}

fn list(a: &Answer) -> Vec<Value> {
    a.body["itemList"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_shared_vendor_is_read_by_id_with_every_detail_block_and_an_unknown_one_answers_404() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let id = shared_vendor(&app, "Grainger").await;
    let a = app.get(&format!("{BASE}/{id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["shared_vendor_name"], "Grainger");
    assert_eq!(a.body["duns_number"], "006908044");
    assert_eq!(a.body["offers_punchout"], true);
    assert_eq!(a.body["market_type"], "MRO");
    assert_eq!(a.body["target_margin_pct"], 24.0);
    assert_eq!(a.body["is_vip"], true);
    assert_eq!(app.get(&format!("{BASE}/999999"), &buyer).await.status, StatusCode::NOT_FOUND);
    // The customer-portal user does not hold ViewVendors.
    let customer = app.login("customer").await;
    assert_eq!(app.get(&format!("{BASE}/{id}"), &customer).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_search_finds_shared_vendors_by_name_and_flags_and_the_summary_counts_what_the_current_client_has() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.post(&format!("{BASE}/Search"), &buyer, json!({"search_text": "grain"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 1);
    assert_eq!(list(&a)[0]["shared_vendor_name"], "Grainger");
    let a = app.post(&format!("{BASE}/Search"), &buyer, json!({"is_vip": true, "sortField": "shared_vendor_name", "sortDirection": "desc"})).await;
    let names: Vec<Value> = list(&a).iter().map(|r| r["shared_vendor_name"].clone()).collect();
    assert_eq!(names, [json!("SKF"), json!("Grainger")]);
    let a = app.post(&format!("{BASE}/Search"), &buyer, json!({"sortField": "password"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&a), ["sortField"]);

    let a = app.post(&format!("{BASE}/SummarySearch"), &buyer, json!({"pageSize": 50})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let grainger = list(&a).into_iter().find(|r| r["shared_vendor_name"] == "Grainger").unwrap();
    // One ACME vendor (10452) and the two ACME site links; the GEA-MAIN link is another client's.
    assert_eq!(grainger["vendor_count"], 1);
    assert_eq!(grainger["site_count"], 2);
    assert_eq!(grainger["contact_count"], 3);
    let motion = list(&a).into_iter().find(|r| r["shared_vendor_name"] == "Motion Industries").unwrap();
    assert_eq!((motion["vendor_count"].clone(), motion["site_count"].clone()), (json!(0), json!(0)));
}

#[tokio::test]
async fn the_summary_counts_each_shared_vendors_current_costs_the_running_and_the_future_ones_not_the_ended_or_withdrawn() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let day = |offset: i64| (chrono::Utc::now().date_naive() + chrono::Duration::days(offset)).to_string();
    let sv = sqlx::query_scalar::<_, i64>("insert into asp.shared_vendor (shared_vendor_name) values ('Countable Supply') returning shared_vendor_id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let mut ids = Vec::new();
    for (part, start, end) in [("C-RUNNING", -30, 30), ("C-FUTURE", 5, 60), ("C-ENDS-TODAY", -3, 0), ("C-ENDED", -30, 30), ("C-WITHDRAWN", 10, 40)] {
        let body = json!({"shared_vendor_id": sv, "mfg_code": "skf", "mfg_part_no": part, "start_date": day(start), "end_date": day(end),
                          "breaks": [{"qty": 1, "cost": 2.5}]});
        let a = app.post("/api/V1/SharedVendor/Cost/Insert", &admin, body).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        ids.push(a.body["shared_vendor_cost_id"].as_i64().unwrap());
    }
    // The running one ends yesterday, the future one is withdrawn (is_active false).
    let a = app.put("/api/V1/SharedVendor/Cost/Expire/Multiple", &admin, json!({"ids": [ids[3], ids[4]]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);

    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.post(&format!("{BASE}/SummarySearch"), &buyer, json!({"search_text": "countable"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 1);
    assert_eq!(list(&a)[0]["current_cost_count"], 3, "running, future and ending today: {:?}", a.body);

    // Every other shared vendor's count is its catalogue's, the same rule in SQL; sorting by it is allowed.
    let a = app.post(&format!("{BASE}/SummarySearch"), &buyer, json!({"pageSize": 50, "sortField": "current_cost_count", "sortDirection": "desc"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let counts: Vec<i64> = list(&a).iter().map(|r| r["current_cost_count"].as_i64().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    for row in list(&a) {
        let expected = count(
            &app,
            &format!(
                "select count(*) from asp.shared_vendor_cost where shared_vendor_id = {} and is_active and end_date >= (now() at time zone 'utc')::date",
                row["shared_vendor_id"]
            ),
        )
        .await;
        assert_eq!(row["current_cost_count"], expected, "{row:?}");
    }
    assert!(counts.iter().filter(|&&c| c > 0).count() >= 2, "the demo catalogues count too: {counts:?}");
}

#[tokio::test]
async fn provider_staff_create_and_rename_shared_vendors_and_duplicates_or_blank_names_change_nothing() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let a = app.post(&format!("{BASE}/Insert"), &admin, json!({"shared_vendor_name": "  Applied Industrial  ", "preferred_supplier": true})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["shared_vendor_id"].as_i64().unwrap();
    assert_eq!(a.body["shared_vendor_name"], "Applied Industrial");
    assert_eq!(a.body["is_active"], true);
    let before = count(&app, "select count(*) from asp.shared_vendor").await;
    let a = app.post(&format!("{BASE}/Insert"), &admin, json!({"shared_vendor_name": "GRAINGER"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    let a = app.post(&format!("{BASE}/Insert"), &admin, json!({"shared_vendor_name": " "})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&a), ["shared_vendor_name"]);
    assert_eq!(count(&app, "select count(*) from asp.shared_vendor").await, before);

    let a = app.post(&format!("{BASE}/Update"), &admin, json!({"shared_vendor_id": id, "shared_vendor_name": "Applied Industrial Technologies", "is_active": false})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["is_active"], false);
    let a = app.post(&format!("{BASE}/Update"), &admin, json!({"shared_vendor_id": id, "shared_vendor_name": "Fastenal"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    assert_eq!(app.post(&format!("{BASE}/Update"), &admin, json!({"shared_vendor_id": 999999, "is_active": true})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(fields(&app.post(&format!("{BASE}/Update"), &admin, json!({"is_active": true})).await), ["shared_vendor_id"]);

    let rows = audits(&app, "shared_vendor", id).await;
    assert_eq!(rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["shared_vendor.create", "shared_vendor.update"]);
    assert_eq!(rows[1].1["shared_vendor_name"], json!({"from": "Applied Industrial", "to": "Applied Industrial Technologies"}), "{}", rows[1].1);
    assert_eq!(rows[1].1["is_active"], json!({"from": true, "to": false}));
}

#[tokio::test]
async fn every_change_needs_shared_vendor_edit_and_a_buyer_without_it_changes_nothing() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let id = shared_vendor(&app, "Grainger").await;
    let before = count(&app, "select count(*) from asp.audit_event").await;
    for (method, path, body) in [
        ("post", "Insert", json!({"shared_vendor_name": "Buyer's Own"})),
        ("post", "Update", json!({"shared_vendor_id": id, "shared_vendor_name": "Renamed"})),
        ("post", "Update/Detail/VIPManagement", json!({"shared_vendor_id": id})),
        ("put", "Contact/Insert", json!({"shared_vendor_id": id, "contact_type_id": 1, "contact_name": "X"})),
        ("post", "InsertSharedVendorSite", json!({"shared_vendor_id": id, "site_id": app.site_id("ACME-NORTH").await})),
    ] {
        let a = if method == "post" { app.post(&format!("{BASE}/{path}"), &buyer, body).await } else { app.put(&format!("{BASE}/{path}"), &buyer, body).await };
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{path}: {:?}", a.body);
    }
    let a = app.get(&format!("{BASE}/Vendor/UpdateSharedVendorID?vend_code=20114&shared_vendor_id={id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let contact: i64 = count(&app, "select min(shared_vendor_contact_id) from asp.shared_vendor_contact").await;
    assert_eq!(app.delete(&format!("{BASE}/Contact/Delete/{contact}"), &buyer).await.status, StatusCode::FORBIDDEN);
    assert_eq!(count(&app, "select count(*) from asp.audit_event").await, before);
    assert_eq!(count(&app, "select count(*) from asp.shared_vendor where shared_vendor_name in ('Buyer''s Own', 'Renamed')").await, 0);
}

#[tokio::test]
async fn the_detail_blocks_are_validated_by_field_replaced_whole_and_audited_with_before_and_after() {
    let app = TestApp::spawn().await;
    let support = at(&app, "support", "GEA-MAIN").await;
    let id = shared_vendor(&app, "Fastenal").await;
    let path = |block: &str| format!("{BASE}/Update/Detail/{block}");

    let a = app.post(&path("Identification"), &support, json!({"shared_vendor_id": id, "duns_number": "12-34", "website": "fastenal dot com"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&a), ["duns_number", "website"]);
    let a = app.post(&path("Identification"), &support, json!({"shared_vendor_id": id, "preferred_supplier": true, "sourcing_manager": "Tom Becker",
        "duns_number": "05-534-2756", "website": "https://www.fastenal.com", "tax_id": "41-0948415"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["duns_number"], "055342756");
    assert_eq!(a.body["tax_id"], "41-0948415");

    let a = app.post(&path("WebOrderingInfo"), &support, json!({"shared_vendor_id": id, "offers_web_ordering": true, "web_ordering_url": "ftp://x"})).await;
    assert_eq!(fields(&a), ["web_ordering_url"]);
    let a = app.post(&path("WebOrderingInfo"), &support, json!({"shared_vendor_id": id, "offers_web_ordering": true, "web_ordering_url": "https://punchout.fastenal.com"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    // The block is replaced: flags left out are cleared.
    assert_eq!((a.body["offers_punchout"].clone(), a.body["offers_edi"].clone()), (json!(false), json!(false)));

    let a = app.post(&path("FergusonCostInfo"), &support, json!({"shared_vendor_id": id, "pay_terms_days": 400, "incentive_rebate_pct": 101})).await;
    assert_eq!(fields(&a), ["pay_terms_days", "incentive_rebate_pct"]);
    let a = app.post(&path("FergusonCostInfo"), &support, json!({"shared_vendor_id": id, "pay_terms_code": "NOSUCHTERMS"})).await;
    assert_eq!(fields(&a), ["pay_terms_code"]);
    let a = app.post(&path("FergusonCostInfo"), &support, json!({"shared_vendor_id": id, "pay_terms_days": 45, "incentive_program": true, "incentive_rebate_pct": 1.75, "cost_update_frequency": "Monthly"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["incentive_rebate_pct"], 1.75);

    let a = app.post(&path("VIPManagement"), &support, json!({"shared_vendor_id": id, "is_vip": true})).await;
    assert_eq!(fields(&a), ["vip_manager"]);
    let a = app.post(&path("VIPManagement"), &support, json!({"shared_vendor_id": id, "is_vip": true, "vip_manager": "Tom Becker", "strategy": "Grow vending"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);

    let a = app.post(&path("MarketMargin"), &support, json!({"shared_vendor_id": id, "target_margin_pct": 10, "min_margin_pct": 12})).await;
    assert_eq!(fields(&a), ["min_margin_pct"]);
    let a = app.post(&path("MarketMargin"), &support, json!({"shared_vendor_id": id, "market_type_id": 99})).await;
    assert_eq!(fields(&a), ["market_type_id"]);
    let a = app.post(&path("MarketMargin"), &support, json!({"shared_vendor_id": id, "market_type_id": 4, "target_margin_pct": 30, "min_margin_pct": 22.5})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["market_type"], "OEM");
    assert_eq!(app.post(&path("MarketMargin"), &support, json!({"shared_vendor_id": 999999})).await.status, StatusCode::NOT_FOUND);

    let rows = audits(&app, "shared_vendor", id).await;
    let actions: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(actions, ["shared_vendor.identification", "shared_vendor.web_ordering_info", "shared_vendor.cost_info", "shared_vendor.vip_management", "shared_vendor.market_margin"]);
    assert_eq!(rows[4].1["market_type_id"], json!({"from": 3, "to": 4}), "{}", rows[4].1);
    assert_eq!(rows[2].1["incentive_rebate_pct"], json!({"from": 1.5, "to": 1.75}), "{}", rows[2].1);
}

#[tokio::test]
async fn contacts_are_added_searched_changed_and_deleted_and_bad_ones_change_nothing() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let id = shared_vendor(&app, "SKF").await;
    let contacts = || count(&app, "select count(*) from asp.shared_vendor_contact");
    let before = contacts().await;
    let a = app.put(&format!("{BASE}/Contact/Insert"), &admin, json!({"shared_vendor_id": id, "contact_name": "", "email": "no-at-sign", "phone": "12"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&a), ["contact_type_id", "contact_name", "phone", "email"]);
    let a = app.put(&format!("{BASE}/Contact/Insert"), &admin, json!({"shared_vendor_id": id, "contact_type_id": 42, "contact_name": "Eva Lund"})).await;
    assert_eq!(fields(&a), ["contact_type_id"]);
    let a = app.put(&format!("{BASE}/Contact/Insert"), &admin, json!({"shared_vendor_id": 999999, "contact_type_id": 1, "contact_name": "Eva Lund"})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert_eq!(contacts().await, before);

    let a = app.put(&format!("{BASE}/Contact/Insert"), &admin, json!({"shared_vendor_id": id, "contact_type_id": 4, "contact_name": "Eva Lund",
        "phone": "+46 31 337 10 00", "phone_ext": "204", "email": "eva.lund@skf.example", "notes": "Swedish hours"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let contact = a.body["shared_vendor_contact_id"].as_i64().unwrap();
    assert_eq!(a.body["contact_type"], "Customer service");

    let a = app.post(&format!("{BASE}/Contact/Search"), &admin, json!({"shared_vendor_id": id, "search_text": "lund"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 1);
    assert_eq!(list(&a)[0]["email"], "eva.lund@skf.example");
    assert_eq!(app.post(&format!("{BASE}/Contact/Search"), &admin, json!({"shared_vendor_id": 999999})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(fields(&app.post(&format!("{BASE}/Contact/Search"), &admin, json!({})).await), ["shared_vendor_id"]);

    let a = app.post(&format!("{BASE}/Contact/Update"), &admin, json!({"shared_vendor_contact_id": contact, "contact_type_id": 1, "contact_name": "Eva Lund-Berg", "email": "eva@skf.example"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["phone"], Value::Null);
    let a = app.post(&format!("{BASE}/Contact/Update"), &admin, json!({"shared_vendor_contact_id": contact, "contact_type_id": 1, "contact_name": "Eva", "email": "bad"})).await;
    assert_eq!(fields(&a), ["email"]);
    assert_eq!(app.post(&format!("{BASE}/Contact/Update"), &admin, json!({"shared_vendor_contact_id": 999999, "contact_type_id": 1, "contact_name": "X"})).await.status, StatusCode::NOT_FOUND);

    let a = app.delete(&format!("{BASE}/Contact/Delete/{contact}"), &admin).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["contact_name"], "Eva Lund-Berg");
    assert_eq!(app.delete(&format!("{BASE}/Contact/Delete/{contact}"), &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(contacts().await, before);

    let rows = audits(&app, "shared_vendor_contact", contact).await;
    assert_eq!(rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["shared_vendor_contact.create", "shared_vendor_contact.update", "shared_vendor_contact.delete"]);
    assert_eq!(rows[1].1["contact_name"], json!({"from": "Eva Lund", "to": "Eva Lund-Berg"}));
    assert_eq!(rows[2].1["before"]["email"], "eva@skf.example");
}

#[tokio::test]
async fn brands_commodities_grades_and_competitor_brands_are_listed_once_per_shared_vendor() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let id = shared_vendor(&app, "Motion Industries").await;
    let loctite: i64 = count(&app, "select brand_id from asp.brand where brand_name = 'Loctite'").await;

    let a = app.put(&format!("{BASE}/Brand/Insert"), &admin, json!({"shared_vendor_id": id, "brand_id": loctite})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let brand = a.body["shared_vendor_brand_id"].as_i64().unwrap();
    assert_eq!(a.body["brand_name"], "Loctite");
    assert_eq!(app.put(&format!("{BASE}/Brand/Insert"), &admin, json!({"shared_vendor_id": id, "brand_id": loctite})).await.status, StatusCode::CONFLICT);
    assert_eq!(fields(&app.put(&format!("{BASE}/Brand/Insert"), &admin, json!({"shared_vendor_id": id, "brand_id": 999999})).await), ["brand_id"]);
    let a = app.post(&format!("{BASE}/Brand/Search"), &admin, json!({"shared_vendor_id": id, "search_text": "loct"})).await;
    assert_eq!(a.body["totalCount"], 1);

    let a = app.put(&format!("{BASE}/Commodity/Insert"), &admin, json!({"shared_vendor_id": id, "commodity_code": "39121601"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let commodity = a.body["shared_vendor_commodity_id"].as_i64().unwrap();
    assert_eq!(a.body["description"], "Fuses");
    assert_eq!(app.put(&format!("{BASE}/Commodity/Insert"), &admin, json!({"shared_vendor_id": id, "commodity_code": "39121601"})).await.status, StatusCode::CONFLICT);
    assert_eq!(fields(&app.put(&format!("{BASE}/Commodity/Insert"), &admin, json!({"shared_vendor_id": id, "commodity_code": "3912"})).await), ["commodity_code"]);
    assert_eq!(fields(&app.put(&format!("{BASE}/Commodity/Insert"), &admin, json!({"shared_vendor_id": id, "commodity_code": "99999999"})).await), ["commodity_code"]);
    let a = app.post(&format!("{BASE}/Commodity/Search"), &admin, json!({"shared_vendor_id": id, "sortField": "commodity_code"})).await;
    assert_eq!(a.body["totalCount"], 4);

    // Motion is graded on delivery (2) by the demo data.
    let a = app.put(&format!("{BASE}/Grade/Insert"), &admin, json!({"shared_vendor_id": id, "grade_category_id": 2, "grade_id": 1})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    assert_eq!(fields(&app.put(&format!("{BASE}/Grade/Insert"), &admin, json!({"shared_vendor_id": id, "grade_category_id": 1, "grade_id": 9})).await), ["grade_id"]);
    let a = app.put(&format!("{BASE}/Grade/Insert"), &admin, json!({"shared_vendor_id": id, "grade_category_id": 1, "grade_id": 2, "graded_on": "2026-10-01", "comments": "Good"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let grade = a.body["shared_vendor_grade_id"].as_i64().unwrap();
    assert_eq!((a.body["grade_category"].clone(), a.body["grade"].clone()), (json!("Quality"), json!("B: preferred")));
    let a = app.post(&format!("{BASE}/Grade/Update"), &admin, json!({"shared_vendor_grade_id": grade, "grade_category_id": 2, "grade_id": 1})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "moving onto a graded category: {:?}", a.body);
    let a = app.post(&format!("{BASE}/Grade/Update"), &admin, json!({"shared_vendor_grade_id": grade, "grade_category_id": 1, "grade_id": 1, "comments": "Better"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["grade"], "A: strategic");
    let a = app.post(&format!("{BASE}/Grade/Search"), &admin, json!({"shared_vendor_id": id})).await;
    assert_eq!(a.body["totalCount"], 2);

    let a = app.put(&format!("{BASE}/CompetitorBrand/Insert"), &admin, json!({"shared_vendor_id": id, "brand_name": "Kaman", "notes": "Regional"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let competitor = a.body["shared_vendor_competitor_brand_id"].as_i64().unwrap();
    assert_eq!(app.put(&format!("{BASE}/CompetitorBrand/Insert"), &admin, json!({"shared_vendor_id": id, "brand_name": "KAMAN"})).await.status, StatusCode::CONFLICT);
    assert_eq!(fields(&app.put(&format!("{BASE}/CompetitorBrand/Insert"), &admin, json!({"shared_vendor_id": id})).await), ["brand_name"]);
    let a = app.post(&format!("{BASE}/CompetitorBrand/Search"), &admin, json!({"shared_vendor_id": id})).await;
    assert_eq!(a.body["totalCount"], 2);

    for (kind, rid) in [("Brand", brand), ("Commodity", commodity), ("Grade", grade), ("CompetitorBrand", competitor)] {
        assert_eq!(app.delete(&format!("{BASE}/{kind}/Delete/{rid}"), &admin).await.status, StatusCode::OK, "{kind}");
        assert_eq!(app.delete(&format!("{BASE}/{kind}/Delete/{rid}"), &admin).await.status, StatusCode::NOT_FOUND, "{kind}");
    }
    assert_eq!(audits(&app, "shared_vendor_brand", brand).await.len(), 2);
    assert_eq!(audits(&app, "shared_vendor_commodity", commodity).await.len(), 2);
    assert_eq!(audits(&app, "shared_vendor_grade", grade).await.len(), 3);
    assert_eq!(audits(&app, "shared_vendor_competitor_brand", competitor).await.len(), 2);
}

#[tokio::test]
async fn the_providers_account_contacts_are_added_searched_changed_and_deleted() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "GEA-MAIN").await;
    let id = shared_vendor(&app, "Motion Industries").await;
    let path = |op: &str| format!("{BASE}/FergusonAccountContact/{op}");
    assert_eq!(fields(&app.put(&path("Insert"), &admin, json!({"shared_vendor_id": id, "contact_name": "Jo", "phone": "abc"})).await), ["phone"]);
    let a = app.put(&path("Insert"), &admin, json!({"shared_vendor_id": id, "contact_name": "Jo Park", "role_title": "Account manager", "email": "jo.park@provider.example"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let ac = a.body["shared_vendor_account_contact_id"].as_i64().unwrap();
    let a = app.post(&path("Search"), &admin, json!({"shared_vendor_id": id})).await;
    assert_eq!(a.body["totalCount"], 1);
    let a = app.post(&path("Update"), &admin, json!({"shared_vendor_account_contact_id": ac, "contact_name": "Jo Park", "role_title": "Strategic account manager", "phone": "(312) 555-0100"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["email"], Value::Null);
    assert_eq!(app.delete(&path(&format!("Delete/{ac}")), &admin).await.status, StatusCode::OK);
    let rows = audits(&app, "shared_vendor_account_contact", ac).await;
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[1].1["role_title"], json!({"from": "Account manager", "to": "Strategic account manager"}));
}

#[tokio::test]
async fn site_links_are_limited_to_the_sites_of_the_callers_client() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let grainger = shared_vendor(&app, "Grainger").await;
    let a = app.post(&format!("{BASE}/SearchSharedVendorSite"), &buyer, json!({"shared_vendor_id": grainger})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let sites: Vec<Value> = list(&a).iter().map(|r| r["site_code"].clone()).collect();
    assert_eq!(sites, [json!("ACME-NORTH"), json!("ACME-SOUTH")], "GEA-MAIN's link is another client's");

    let admin = at(&app, "admin", "ACME-NORTH").await;
    let skf = shared_vendor(&app, "SKF").await;
    let links = || count(&app, "select count(*) from asp.shared_vendor_site");
    let before = links().await;
    let gea_main = app.site_id("GEA-MAIN").await;
    let a = app.post(&format!("{BASE}/InsertSharedVendorSite"), &admin, json!({"shared_vendor_id": skf, "site_id": gea_main})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "another client's site: {:?}", a.body);
    let north = app.site_id("ACME-NORTH").await;
    let a = app.post(&format!("{BASE}/InsertSharedVendorSite"), &admin, json!({"shared_vendor_id": skf, "site_id": north, "spa_start_date": "2026-12-01", "spa_end_date": "2026-01-01"})).await;
    assert_eq!(fields(&a), ["spa_start_date"]);
    assert_eq!(app.post(&format!("{BASE}/InsertSharedVendorSite"), &admin, json!({"shared_vendor_id": 999999, "site_id": north})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(links().await, before);

    let a = app.post(&format!("{BASE}/InsertSharedVendorSite"), &admin, json!({"shared_vendor_id": skf, "site_id": north, "spa_number": "SPA-SKF-2027-0001", "spa_start_date": "2027-01-01", "spa_end_date": "2027-12-31"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let link = a.body["shared_vendor_site_id"].as_i64().unwrap();
    assert_eq!(a.body["site_code"], "ACME-NORTH");
    assert_eq!(app.post(&format!("{BASE}/InsertSharedVendorSite"), &admin, json!({"shared_vendor_id": skf, "site_id": north})).await.status, StatusCode::CONFLICT);

    let gea_link: i64 = sqlx::query_scalar("select shared_vendor_site_id from asp.shared_vendor_site where shared_vendor_id = $1 and site_id = $2")
        .bind(grainger)
        .bind(gea_main)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.post(&format!("{BASE}/DeleteSharedVendorSite?shared_vendor_site_id={gea_link}"), &admin, json!({})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    let a = app.post(&format!("{BASE}/DeleteSharedVendorSite?shared_vendor_site_id={link}"), &admin, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["spa_number"], "SPA-SKF-2027-0001");
    assert_eq!(links().await, before);
    let rows = audits(&app, "shared_vendor_site", link).await;
    assert_eq!(rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["shared_vendor_site.create", "shared_vendor_site.delete"]);
}

#[tokio::test]
async fn a_vendor_is_assigned_and_unassigned_at_the_current_site_and_another_clients_vendor_is_untouched() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let motion = shared_vendor(&app, "Motion Industries").await;
    let grainger = shared_vendor(&app, "Grainger").await;
    let a = app.get(&format!("{BASE}/Vendor/UpdateSharedVendorID?vend_code=10452&shared_vendor_id={motion}"), &admin).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body[0]["shared_vendor_name"], "Motion Industries");
    assert_eq!(a.body[0]["erp_company"], "ACME");
    let acme: i64 = count(&app, "select shared_vendor_id from client_acme.vendor where vend_code = '10452'").await;
    let gea: i64 = count(&app, "select shared_vendor_id from client_gea.vendor where vend_code = '10452'").await;
    assert_eq!((acme, gea), (motion, grainger));
    let vend_id: i64 = count(&app, "select vend_id from client_acme.vendor where vend_code = '10452'").await;
    let rows = audits(&app, "vendor", vend_id).await;
    assert_eq!(rows.last().unwrap().0, "vendor.assign_shared_vendor");
    assert_eq!(rows.last().unwrap().1["shared_vendor_id"], json!({"from": grainger, "to": motion}));

    let before = count(&app, "select count(*) from asp.audit_event").await;
    assert_eq!(app.get(&format!("{BASE}/Vendor/UpdateSharedVendorID?vend_code=NOPE&shared_vendor_id={motion}"), &admin).await.status, StatusCode::NOT_FOUND);
    let a = app.get(&format!("{BASE}/Vendor/UpdateSharedVendorID?vend_code=10452&shared_vendor_id=999999"), &admin).await;
    assert_eq!(fields(&a), ["shared_vendor_id"]);
    let a = app.get(&format!("{BASE}/Vendor/UpdateSharedVendorID?vend_code=10452&shared_vendor_id=abc"), &admin).await;
    assert_eq!(fields(&a), ["shared_vendor_id"]);
    assert_eq!(fields(&app.get(&format!("{BASE}/Vendor/UpdateSharedVendorID?shared_vendor_id={motion}"), &admin).await), ["vend_code"]);
    assert_eq!(count(&app, "select count(*) from asp.audit_event").await, before);

    for unassign in ["shared_vendor_id=0", "shared_vendor_id=", ""] {
        let a = app.get(&format!("{BASE}/Vendor/UpdateSharedVendorID?vend_code=10452&{unassign}"), &admin).await;
        assert_eq!(a.status, StatusCode::OK, "{unassign}: {:?}", a.body);
        assert_eq!(a.body[0]["shared_vendor_id"], Value::Null);
    }
    assert_eq!(count(&app, "select count(*) from client_acme.vendor where vend_code = '10452' and shared_vendor_id is null").await, 1);
    assert_eq!(audits(&app, "vendor", vend_id).await.last().unwrap().0, "vendor.unassign_shared_vendor");
}

#[tokio::test]
async fn a_client_user_sees_only_their_own_clients_vendors_in_the_assigned_lists_and_column_values() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.get(&format!("{BASE}/GetVendorsWithSharedVendorAssigned"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let rows = a.body.as_array().unwrap();
    // Fastenal's 20114 is a VMI vendor: the demo sites have no VMI ERP type, so the vendor rule hides it.
    assert_eq!(rows.iter().map(|r| r["vend_code"].as_str().unwrap()).collect::<Vec<_>>(), ["10452", "30871"]);
    assert!(rows.iter().all(|r| r["erp_company"] == "ACME"), "{rows:?}");

    let grainger = shared_vendor(&app, "Grainger").await;
    let a = app.put(&format!("{BASE}/Vendors/{grainger}"), &buyer, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 1);
    assert_eq!(list(&a)[0]["erp_company"], "ACME");
    let a = app.put(&format!("{BASE}/Vendors/{grainger}"), &buyer, json!({"search_text": "fasten"})).await;
    assert_eq!(a.body["totalCount"], 0);
    assert_eq!(app.put(&format!("{BASE}/Vendors/999999"), &buyer, json!({})).await.status, StatusCode::NOT_FOUND);

    let a = app.put(&format!("{BASE}/Vendors/{grainger}/FieldDistinctValues"), &buyer, json!({"field_name": "erp_company"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["values"], json!(["ACME"]));
    let a = app.put(&format!("{BASE}/Vendors/{grainger}/FieldDistinctValues"), &buyer, json!({"field_name": "vend_name"})).await;
    assert_eq!(a.body["values"], json!(["Grainger Industrial Supply"]));
    let a = app.put(&format!("{BASE}/Vendors/{grainger}/FieldDistinctValues"), &buyer, json!({"field_name": "password_hash"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&a), ["field_name"]);

    // The same call at a GEA site answers GEA's vendor only.
    let admin = at(&app, "admin", "GEA-MAIN").await;
    let a = app.put(&format!("{BASE}/Vendors/{grainger}/FieldDistinctValues"), &admin, json!({"field_name": "erp_company"})).await;
    assert_eq!(a.body["values"], json!(["GEA"]));
}
