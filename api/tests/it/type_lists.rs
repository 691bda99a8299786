//! Type lookups (docs/type-lists.md): every reference list answers its seeded values; the per-site, per-ERP-type and
//! per-ecs variants filter; administrators add, change and deactivate values (audited, bad input refused and nothing
//! changed, forbidden without TypeListAdmin); historic price methods per site.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::cips::at;
use crate::common::{Answer, TestApp};

fn codes(a: &Answer) -> Vec<String> {
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body.as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap_or_default().to_owned()).collect()
}

fn find<'a>(a: &'a Answer, code: &str) -> Option<&'a Value> {
    a.body.as_array().unwrap().iter().find(|v| v["code"] == code)
}

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().map(|e| e.iter().map(|x| x["field"].as_str().unwrap_or_default().to_owned()).collect()).unwrap_or_default()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn every_reference_list_answers_its_seeded_active_values_in_order() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;

    let countries = app.get("/api/V1/Type/Country", &buyer).await;
    assert!(codes(&countries).len() >= 240, "{}", codes(&countries).len());
    let us = find(&countries, "US").unwrap();
    assert_eq!((us["typeID"].as_str(), us["valueID"].as_i64(), us["description2"].as_str()), (Some("Country"), Some(840), Some("USA")));

    let currencies = app.get("/api/V1/Type/Currency", &buyer).await;
    assert_eq!(find(&currencies, "USD").unwrap()["valueID"], 840);
    assert_eq!(find(&currencies, "EUR").unwrap()["valueID"], 978);
    assert!(find(&currencies, "XTS").is_none(), "the testing code is not offered");
    let all = app.get("/api/V1/Type/AllCurrency", &buyer).await;
    assert_eq!(find(&all, "XTS").unwrap()["isActive"], false);
    assert_eq!(codes(&all).len(), codes(&currencies).len() + 12);

    let states = app.get("/api/V1/Type/States", &buyer).await;
    let tx = find(&states, "TX").unwrap();
    assert_eq!((tx["description"].as_str(), tx["description2"].as_str()), (Some("Texas"), Some("US")));
    assert_eq!(find(&states, "ON").unwrap()["description2"], "CA");
    assert!(codes(&app.get("/api/V1/Type/GetAllStates", &buyer).await).len() >= codes(&states).len());

    // Ordered by sort order, then description: the terms in the order the seed gave them.
    let terms = codes(&app.get("/api/V1/Type/Terms", &buyer).await);
    assert_eq!(&terms[..4], &["NET10", "NET15", "NET30", "NET45"]);

    let diversity = app.get("/api/V1/Type/VendorDiversity", &buyer).await;
    assert!(find(&diversity, "WBE").is_some() && find(&diversity, "DBE").is_none());
    assert_eq!(find(&app.get("/api/V1/Type/AllVendorDiversity", &buyer).await, "DBE").unwrap()["isActive"], false);
    let vendor_screen = app.get("/api/V1/Vendor/GetVendorDiversityTypes", &buyer).await;
    assert_eq!(vendor_screen.body, diversity.body, "VND-006 answers the same list");
    assert!(find(&app.get("/api/V1/Type/ASNAction", &buyer).await, "PRINT").is_none());
    assert!(find(&app.get("/api/V1/Type/AllASNAction", &buyer).await, "PRINT").is_some());

    let erp: Vec<i64> = app.get("/api/V1/Type/ERP", &buyer).await.body.as_array().unwrap().iter().map(|v| v["valueID"].as_i64().unwrap()).collect();
    assert_eq!(erp, (0..=7).collect::<Vec<_>>());

    for (path, expected) in [
        ("VendorHold", "CREDIT"), ("VendorHoldMethods", "BLOCKPO"), ("ERPCodesForAudit", "VEND"), ("ConsignedPaySchedule", "MONTHLY"),
        ("FreightTerms", "PPA"), ("PreRepairFormTemplates", "PRPUMP"), ("Replenishment", "MINMAX"), ("StationTypes", "CRIB"),
        ("OSD/Reason", "DAMAGED"), ("OSD/Status", "OPEN"), ("Workflow/Types", "NONSTOCK"), ("Workflow/Template/Member", "ROLE"),
        ("Workflow/ApprovalGroup", "FIN"), ("DeliveryLocation", "DOCK"), ("Requisition/Hold/Reason", "BUDGET"),
        ("Requisition/IC/Reason", "UOM"), ("Warehouse", "MAIN"), ("SPATypes", "PROJ"), ("ADNTypes", "EDI856"),
        ("RequestList", "NEWITEM"), ("MessageTypeList", "WARN"), ("PreferredSupplierList", "PREF"), ("SourceManagerList", "PVF"),
        ("RFQTriageStatus", "NOBID"), ("GetMarketTypes", "HEALTH"), ("GetCustomerCreditTypeList", "REBATE"), ("ShipMethods", "UPSG"),
    ] {
        let a = app.get(&format!("/api/V1/Type/{path}"), &buyer).await;
        assert!(codes(&a).contains(&expected.to_owned()), "{path}: {:?}", a.body);
    }

    let shared = app.get("/api/V1/Type/SharedVendor", &buyer).await;
    let lists: std::collections::BTreeSet<&str> = shared.body.as_array().unwrap().iter().map(|v| v["typeID"].as_str().unwrap()).collect();
    assert_eq!(lists.into_iter().collect::<Vec<_>>(), ["SharedVendorContactType", "SharedVendorGrade", "SharedVendorGradeCategory", "SharedVendorIncentiveType", "SharedVendorMarketType", "SharedVendorPayTerms"]);

    // Packs: Pack/{x} by code prefix, Pack/Description/{x} by text in the description.
    assert_eq!(codes(&app.get("/api/V1/Type/Pack/b", &buyer).await), ["BX", "BG"], "by sort order: box before bag");
    assert_eq!(codes(&app.get("/api/V1/Type/Pack/Description/ROL", &buyer).await), ["RL"]);
    assert!(codes(&app.get("/api/V1/Type/Pack/%25", &buyer).await).is_empty(), "a % is a character, not a wildcard");

    // Lists read from the product's own tables, limited to what the caller may see.
    assert_eq!(codes(&app.get("/api/V1/Type/GetAllClientIDs", &buyer).await), ["ACME"]);
    let admin = at(&app, "admin", "ACME-NORTH").await;
    assert_eq!(codes(&app.get("/api/V1/Type/GetAllClientIDs", &admin).await), ["ACME", "GEA"]);
    let company = app.get("/api/V1/Type/Company", &buyer).await;
    assert_eq!(company.body, json!([{"typeID": "Company", "valueID": 7, "code": "ACME", "description": "ACME", "description2": "NetSuite", "isActive": true}]));
}

#[tokio::test]
async fn the_site_erp_type_and_ecs_variants_answer_the_values_for_everyone_plus_their_own() {
    let app = TestApp::spawn().await;
    let north = app.site_id("ACME-NORTH").await;
    let gea = app.site_id("GEA-MAIN").await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;

    let plain = codes(&app.get("/api/V1/Type/ShipMethods", &buyer).await);
    assert!(!plain.contains(&"NSFDXI".to_owned()) && !plain.contains(&"ACMEN-SHUTTLE".to_owned()));
    let at_north = codes(&app.get(&format!("/api/V1/Type/ShipMethods/Site/{north}"), &buyer).await);
    assert!(at_north.contains(&"UPSG".to_owned()) && at_north.contains(&"ACMEN-SHUTTLE".to_owned()) && at_north.contains(&"NSFDXI".to_owned()), "{at_north:?}");
    assert!(!at_north.contains(&"ACMES-COURIER".to_owned()), "another site's own method");
    assert!(codes(&app.get("/api/V1/Type/ShipMethods/ERPType/7", &buyer).await).contains(&"NSUPSWW".to_owned()));
    let sxe = codes(&app.get("/api/V1/Type/ShipMethods/ERPType/2", &buyer).await);
    assert!(!sxe.contains(&"NSUPSWW".to_owned()) && sxe.contains(&"LTL".to_owned()));
    assert_eq!(app.get("/api/V1/Type/ShipMethods/ERPType/99", &buyer).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/V1/Type/ShipMethods/ERPType/abc", &buyer).await.status, StatusCode::BAD_REQUEST);

    // An ecs value, added by an administrator, shows only in its ecs's variant.
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let added = app.post("/api/V1/Type/Lists/ShipMethod/Values/Insert", &admin, json!({"code": "ECS42", "description": "Customer 42 milk run", "ecsId": 42})).await;
    assert_eq!(added.status, StatusCode::OK, "{:?}", added.body);
    assert!(codes(&app.get("/api/V1/Type/ShipMethods/Ecs/42", &buyer).await).contains(&"ECS42".to_owned()));
    assert!(!codes(&app.get("/api/V1/Type/ShipMethods/Ecs/43", &buyer).await).contains(&"ECS42".to_owned()));
    assert!(!codes(&app.get("/api/V1/Type/ShipMethods", &buyer).await).contains(&"ECS42".to_owned()));

    assert!(codes(&app.get(&format!("/api/V1/Type/Workflow/Default/{north}"), &buyer).await).contains(&"PLANTMGR".to_owned()));
    assert!(codes(&app.get("/api/V1/Type/PCList", &buyer).await).contains(&"N".to_owned()), "default: the current site");
    let south = app.site_id("ACME-SOUTH").await;
    let pc_south = codes(&app.get(&format!("/api/V1/Type/PCList?site_id={south}"), &buyer).await);
    assert!(pc_south.contains(&"A".to_owned()) && !pc_south.contains(&"N".to_owned()));
    assert_eq!(codes(&app.get(&format!("/api/V1/Type/TrilogieLogon/{north}"), &buyer).await).len(), 2);
    assert!(codes(&app.get("/api/V1/Type/GetDebitMemoReasonShortCodeList/7", &buyer).await).contains(&"PRC".to_owned()));
    assert_eq!(app.get("/api/V1/Type/GetDebitMemoReasonShortCodeList/42", &buyer).await.status, StatusCode::NOT_FOUND);

    // A site of another client, or one that does not exist, is not found, even for an administrator of both clients.
    for token in [&buyer, &admin] {
        for path in [
            format!("/api/V1/Type/ShipMethods/Site/{gea}"),
            format!("/api/V1/Type/Workflow/Default/{gea}"),
            format!("/api/V1/Type/TrilogieLogon/{gea}"),
            format!("/api/V1/Type/HistoricPriceMethodSite/{gea}"),
            format!("/api/V1/Type/PCList?site_id={gea}"),
            "/api/V1/Type/ShipMethods/Site/999999".to_owned(),
        ] {
            let a = app.get(&path, token).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}: {:?}", a.body);
        }
    }
}

#[tokio::test]
async fn an_administrator_adds_changes_and_deactivates_a_value_and_every_change_is_audited() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let lists = app.get("/api/V1/Type/Lists", &admin).await;
    assert_eq!(lists.status, StatusCode::OK);
    let list = |code: &str| lists.body.as_array().unwrap().iter().find(|l| l["typeCode"] == code).unwrap().clone();
    assert_eq!((list("Terms")["editable"].as_bool(), list("Terms")["activeCount"].as_i64()), (Some(true), Some(14)));
    assert_eq!(list("ERPType")["editable"], false);

    let added = app.post("/api/V1/Type/Lists/Terms/Values/Insert", &admin, json!({"code": "NET120", "description": " Net 120 days "})).await;
    assert_eq!(added.status, StatusCode::OK, "{:?}", added.body);
    assert_eq!((added.body["valueID"].as_i64(), added.body["description"].as_str(), added.body["updatedBy"].as_str()), (Some(15), Some("Net 120 days"), Some("Ada Admin")));
    let id = added.body["typeValueId"].as_i64().unwrap();
    let terms = app.get("/api/V1/Type/Terms", &admin).await;
    assert_eq!(codes(&terms).last().map(String::as_str), Some("NET120"), "placed after the list's last value");

    let changed = app.post("/api/V1/Type/Lists/Terms/Values/Update", &admin, json!({"typeValueId": id, "description": "Net 120 days (approved accounts)"})).await;
    assert_eq!((changed.status, changed.body["code"].as_str()), (StatusCode::OK, Some("NET120")), "{:?}", changed.body);
    let off = app.post("/api/V1/Type/Lists/Terms/Values/Update", &admin, json!({"typeValueId": id, "isActive": false})).await;
    assert_eq!((off.status, off.body["isActive"].as_bool()), (StatusCode::OK, Some(false)));
    assert!(!codes(&app.get("/api/V1/Type/Terms", &admin).await).contains(&"NET120".to_owned()));

    let inactive = app.post("/api/V1/Type/Lists/Terms/Values/Search", &admin, json!({"isActive": false, "pageSize": 10})).await;
    assert_eq!((inactive.status, inactive.body["totalCount"].as_i64()), (StatusCode::OK, Some(1)));
    assert_eq!(inactive.body["itemList"][0]["description"], "Net 120 days (approved accounts)");
    let found = app.post("/api/V1/Type/Lists/Country/Values/Search", &admin, json!({"q": "united", "pageSize": 20, "sortField": "description"})).await;
    assert!(found.body["totalCount"].as_i64().unwrap() >= 4, "{:?}", found.body);
    let names: Vec<&str> = found.body["itemList"].as_array().unwrap().iter().map(|v| v["description"].as_str().unwrap()).collect();
    assert!(names.contains(&"United States") && names.contains(&"United Kingdom"), "{names:?}");

    let audit: Vec<(String, Value)> = sqlx::query_as("select action, changes from asp.audit_event where entity = 'type_value' and entity_id = $1 order by audit_event_id")
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap();
    let actions: Vec<&str> = audit.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(actions, ["type_value.create", "type_value.update", "type_value.update"]);
    assert_eq!(audit[2].1, json!({"isActive": {"from": true, "to": false}}));

    // At the top of the int range there is no next value id or sort order: a clear 409, never an overflow.
    let top = app.post("/api/V1/Type/Lists/Warehouse/Values/Insert", &admin, json!({"description": "Overflow yard", "valueID": i32::MAX, "sortOrder": i32::MAX})).await;
    assert_eq!(top.status, StatusCode::OK, "{:?}", top.body);
    let next = app.post("/api/V1/Type/Lists/Warehouse/Values/Insert", &admin, json!({"description": "One more yard", "valueID": 7})).await;
    assert_eq!((next.status, next.body["sortOrder"].as_i64()), (StatusCode::OK, Some(i64::from(i32::MAX))), "{:?}", next.body);
    let none_left = app.post("/api/V1/Type/Lists/Warehouse/Values/Insert", &admin, json!({"description": "No id left"})).await;
    assert_eq!(none_left.status, StatusCode::CONFLICT, "{:?}", none_left.body);
}

#[tokio::test]
async fn bad_list_edits_are_refused_with_a_clear_answer_and_change_nothing() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let before = count(&app, "select count(*) from asp.type_value").await;
    let terms_value: i64 = count(&app, "select type_value_id from asp.type_value where type_code = 'Terms' and code = 'NET30'").await;
    let country_value: i64 = count(&app, "select type_value_id from asp.type_value where type_code = 'Country' and code = 'US'").await;

    let a = app.post("/api/V1/Type/Lists/Terms/Values/Insert", &admin, json!({"description": "  ", "valueID": -3, "code": "C".repeat(41)})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["valueID".to_owned(), "code".to_owned(), "description".to_owned()]));
    let a = app.post("/api/V1/Type/Lists/Terms/Values/Insert", &admin, json!({"description": "Twin of NET30", "valueID": 3})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    let a = app.post("/api/V1/Type/Lists/Terms/Values/Insert", &admin, json!({"description": "Unknown ERP", "erpTypeId": 99})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["erpTypeId".to_owned()]));
    let a = app.post("/api/V1/Type/Lists/ERPType/Values/Insert", &admin, json!({"description": "SAP S/4HANA"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    assert!(a.body["message"].as_str().unwrap().contains("cannot be edited"), "{:?}", a.body);
    let a = app.post("/api/V1/Type/Lists/NoSuchList/Values/Insert", &admin, json!({"description": "x"})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    let gea = app.site_id("GEA-MAIN").await;
    let a = app.post("/api/V1/Type/Lists/Terms/Values/Insert", &admin, json!({"description": "GEA only", "siteId": gea})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "a site of another client");
    let a = app.post("/api/V1/Type/Lists/Terms/Values/Insert", &admin, json!({"description": "Net 5", "valueID": "five"})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["Error".to_owned()]), "a value of the wrong JSON type is about the whole request");

    let a = app.post("/api/V1/Type/Lists/Terms/Values/Update", &admin, json!({"typeValueId": terms_value, "description": ""})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["description".to_owned()]));
    let a = app.post("/api/V1/Type/Lists/Terms/Values/Update", &admin, json!({"typeValueId": country_value, "isActive": false})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "a value of another list");
    let a = app.post("/api/V1/Type/Lists/Terms/Values/Search", &admin, json!({"pageSize": 7})).await;
    assert_eq!((a.status, fields(&a)), (StatusCode::BAD_REQUEST, vec!["pageSize".to_owned()]));

    assert_eq!(count(&app, "select count(*) from asp.type_value").await, before);
    assert_eq!(count(&app, "select count(*) from asp.type_value where type_code = 'Terms' and code = 'NET30' and description = 'Net 30 days' and is_active").await, 1);
    assert_eq!(count(&app, "select count(*) from asp.type_value where type_code = 'Country' and code = 'US' and is_active").await, 1);
    assert_eq!(count(&app, "select count(*) from asp.audit_event where entity in ('type_value', 'site') and action like 'type_value%'").await, 0);
}

#[tokio::test]
async fn editing_lists_and_site_methods_is_forbidden_without_type_list_admin() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let north = app.site_id("ACME-NORTH").await;
    let before = count(&app, "select count(*) from asp.type_value").await;
    for (path, body) in [
        ("/api/V1/Type/Lists/Terms/Values/Insert", json!({"description": "Net 7 days"})),
        ("/api/V1/Type/Lists/Terms/Values/Update", json!({"typeValueId": 1, "isActive": false})),
        ("/api/V1/Type/Lists/Terms/Values/Search", json!({})),
        ("/api/V1/Type/HistoricPriceMethod/Insert", json!({"description": "Median"})),
        ("/api/V1/Type/HistoricPriceMethodSite/Update", json!({"site_id": north, "remove": [1], "insert": []})),
    ] {
        assert_eq!(app.post(path, &buyer, body).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(app.get("/api/V1/Type/Lists", &buyer).await.status, StatusCode::FORBIDDEN);
    assert_eq!(count(&app, "select count(*) from asp.type_value").await, before);
    assert_eq!(count(&app, &format!("select count(*) from asp.type_historic_pricing_method_site where site_id = {north}")).await, 3);
}

#[tokio::test]
async fn historic_price_methods_of_a_site_are_searched_added_and_relinked_with_an_audit_record() {
    let app = TestApp::spawn().await;
    let north = app.site_id("ACME-NORTH").await;
    let gea = app.site_id("GEA-MAIN").await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let mut seeded = codes(&app.get(&format!("/api/V1/Type/HistoricPriceMethodSite/{north}"), &buyer).await);
    seeded.sort();
    assert_eq!(seeded, ["CONTRACT", "LAST", "LOW"]);
    let page = app.post("/api/V1/Type/HistoricPriceMethodSite/Search", &buyer, json!({"pageSize": 10, "sortField": "description"})).await;
    assert_eq!((page.status, page.body["totalCount"].as_i64()), (StatusCode::OK, Some(3)), "{:?}", page.body);
    assert_eq!(page.body["itemList"][0]["description"], "Contract price");
    assert_eq!(app.post("/api/V1/Type/HistoricPriceMethodSite/Search", &buyer, json!({"site_id": gea})).await.status, StatusCode::NOT_FOUND);

    let admin = at(&app, "admin", "ACME-NORTH").await;
    let method = app.post("/api/V1/Type/HistoricPriceMethod/Insert", &admin, json!({"code": "MEDIAN", "description": "Median price paid"})).await;
    assert_eq!((method.status, method.body["typeCode"].as_str()), (StatusCode::OK, Some("HistoricPriceMethod")), "{:?}", method.body);
    let median = method.body["valueID"].as_i64().unwrap();

    let bad = app.post("/api/V1/Type/HistoricPriceMethodSite/Update", &admin, json!({"site_id": north, "remove": [], "insert": [999]})).await;
    assert_eq!((bad.status, fields(&bad)), (StatusCode::BAD_REQUEST, vec!["insert".to_owned()]));
    let both = app.post("/api/V1/Type/HistoricPriceMethodSite/Update", &admin, json!({"site_id": north, "remove": [3], "insert": [3]})).await;
    assert_eq!(both.status, StatusCode::BAD_REQUEST);
    let other = app.post("/api/V1/Type/HistoricPriceMethodSite/Update", &admin, json!({"site_id": gea, "remove": [], "insert": [median]})).await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
    assert_eq!(count(&app, "select count(*) from asp.audit_event where action = 'historic_price_method_site.update'").await, 0);

    let done = app.post("/api/V1/Type/HistoricPriceMethodSite/Update", &admin, json!({"site_id": north, "remove": [3], "insert": [median]})).await;
    let mut now = codes(&done);
    now.sort();
    assert_eq!(now, ["CONTRACT", "LAST", "MEDIAN"]);
    let changes: Value = sqlx::query_scalar("select changes from asp.audit_event where action = 'historic_price_method_site.update' and entity_id = $1")
        .bind(north.to_string())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(changes, json!({"removed": [3], "inserted": [median]}));
}

/// A list administrator of one site (TypeListAdmin, no provider administration): `(token, north, south, gea)`.
async fn site_list_admin(app: &TestApp) -> (String, i64, i64, i64) {
    let admin = app.login("admin").await;
    let (north, south, gea) = (app.site_id("ACME-NORTH").await, app.site_id("ACME-SOUTH").await, app.site_id("GEA-MAIN").await);
    let permission_ids: Vec<i64> = sqlx::query_scalar("select security_permission_id from asp.security_permission where permission_name in ('BasicAccess', 'TypeListAdmin')")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    let role = app.post("/api/admin/roles", &admin, json!({"role_name": "Site list administrators", "permission_ids": permission_ids})).await;
    assert_eq!(role.status, StatusCode::OK, "{:?}", role.body);
    let user = app
        .post(
            "/api/admin/users",
            &admin,
            json!({"user_id": "north_lists", "fname": "Nora", "lname": "Lists", "password": crate::common::PASSWORD, "site_ids": [north],
                   "roles": [{"site_id": north, "security_role_id": role.body["id"]}]}),
        )
        .await;
    assert_eq!(user.status, StatusCode::OK, "{:?}", user.body);
    (at(app, "north_lists", "ACME-NORTH").await, north, south, gea)
}

async fn ship_method(app: &TestApp, code: &str) -> i64 {
    count(app, &format!("select type_value_id from asp.type_value where type_code = 'ShipMethod' and code = '{code}'")).await
}

#[tokio::test]
async fn a_list_administrator_of_one_site_changes_only_that_sites_values_and_sees_no_other_sites_or_clients() {
    let app = TestApp::spawn().await;
    let (lists, north, _south, gea) = site_list_admin(&app).await;
    let digest = "select md5(string_agg(t::text, '|' order by type_value_id)) from asp.type_value t";
    let before: String = sqlx::query_scalar(digest).fetch_one(&app.pool).await.unwrap();

    // Another site's and another client's values: not found, unchanged (the attack of issue 20).
    for code in ["ACMES-COURIER", "GEA-DOCK"] {
        let id = ship_method(&app, code).await;
        let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Update", &lists, json!({"typeValueId": id, "description": "Renamed", "isActive": false})).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{code}: {:?}", a.body);
    }
    // Values shared by every client (no site): only a provider administrator changes or adds them.
    let upsg = ship_method(&app, "UPSG").await;
    let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Update", &lists, json!({"typeValueId": upsg, "isActive": false})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{:?}", a.body);
    for body in [json!({"code": "EVERY", "description": "For every client"}), json!({"code": "SXE", "description": "For one ERP type", "erpTypeId": 2})] {
        let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Insert", &lists, body).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{:?}", a.body);
    }
    let a = app.post("/api/V1/Type/HistoricPriceMethod/Insert", &lists, json!({"code": "MEDIAN", "description": "Median price paid"})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{:?}", a.body);
    let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Insert", &lists, json!({"code": "GEAX", "description": "At GEA", "siteId": gea})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    let after: String = sqlx::query_scalar(digest).fetch_one(&app.pool).await.unwrap();
    assert_eq!(before, after, "nothing changed");

    // The search: the values for everyone and those of the caller's own site, not another site's or client's.
    let page = app.post("/api/V1/Type/Lists/ShipMethod/Values/Search", &lists, json!({"pageSize": 500})).await;
    assert_eq!(page.status, StatusCode::OK, "{:?}", page.body);
    let found: Vec<&str> = page.body["itemList"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap_or_default()).collect();
    assert!(found.contains(&"UPSG") && found.contains(&"ACMEN-SHUTTLE"), "{found:?}");
    assert!(!found.contains(&"ACMES-COURIER") && !found.contains(&"GEA-DOCK"), "{found:?}");
    assert_eq!(page.body["totalCount"].as_u64(), Some(found.len() as u64));
    let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Search", &lists, json!({"q": "courier", "pageSize": 10})).await;
    assert_eq!((a.status, a.body["totalCount"].as_i64()), (StatusCode::OK, Some(0)), "{:?}", a.body);

    // Its own site's values it changes and adds.
    let own = ship_method(&app, "ACMEN-SHUTTLE").await;
    let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Update", &lists, json!({"typeValueId": own, "description": "North shuttle (8 am)"})).await;
    assert_eq!((a.status, a.body["description"].as_str()), (StatusCode::OK, Some("North shuttle (8 am)")), "{:?}", a.body);
    let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Insert", &lists, json!({"code": "ACMEN-BIKE", "description": "North bike courier", "siteId": north})).await;
    assert_eq!((a.status, a.body["siteId"].as_i64()), (StatusCode::OK, Some(north)), "{:?}", a.body);
}

#[tokio::test]
async fn a_provider_administrator_changes_shared_values_and_the_values_of_the_current_clients_sites_only() {
    let app = TestApp::spawn().await;
    let admin = at(&app, "admin", "ACME-NORTH").await;
    let page = app.post("/api/V1/Type/Lists/ShipMethod/Values/Search", &admin, json!({"pageSize": 500})).await;
    let found: Vec<&str> = page.body["itemList"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap_or_default()).collect();
    assert!(found.contains(&"ACMEN-SHUTTLE") && found.contains(&"ACMES-COURIER") && !found.contains(&"GEA-DOCK"), "{found:?}");
    let south = ship_method(&app, "ACMES-COURIER").await;
    let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Update", &admin, json!({"typeValueId": south, "sortOrder": 5})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let gea = ship_method(&app, "GEA-DOCK").await;
    let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Update", &admin, json!({"typeValueId": gea, "sortOrder": 5})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "another client's value: switch to its site first");
    let at_gea = at(&app, "admin", "GEA-MAIN").await;
    let a = app.post("/api/V1/Type/Lists/ShipMethod/Values/Update", &at_gea, json!({"typeValueId": gea, "sortOrder": 5})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
}
