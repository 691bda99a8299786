//! The item master (docs/item-master.md): reads for anyone with BasicAccess, what a site has of an item, the
//! searches by type, and the changes only provider staff may make (a customer's administrator holds the permission
//! at its own sites but may not change the catalogue every client shares); plus the volume generator.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::TestApp;

const BASE: &str = "/api/V1/ItemMaster";

/// The item a demo CID of ACME-NORTH points at, and the CID.
async fn item_of(app: &TestApp, cust_item_code: &str) -> (i64, i64) {
    sqlx::query_as(
        "select c.item_id, c.cid_no from client_acme.cid c join asp.site s using (site_id)
         where s.site_code = 'ACME-NORTH' and c.cust_item_code = $1",
    )
    .bind(cust_item_code)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

async fn item_row(app: &TestApp, item_id: i64) -> Value {
    sqlx::query_scalar("select to_jsonb(i) from asp.item_master i where item_id = $1").bind(item_id).fetch_one(&app.pool).await.unwrap()
}

async fn audit_rows(app: &TestApp, item_id: i64, action: &str) -> Vec<(Option<i64>, Value)> {
    sqlx::query_as("select actor_user_id, changes from asp.audit_event where entity = 'item_master' and entity_id = $1 and action = $2 order by audit_event_id")
        .bind(item_id.to_string())
        .bind(action)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

fn error_fields(body: &Value) -> Vec<String> {
    body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap().to_owned()).collect()
}

/// A customer's own administrator: the Administrator role (which holds ItemMasterMaintenance) at ACME-NORTH, not
/// provider staff.
async fn customer_admin(app: &TestApp) -> String {
    let id: i64 = sqlx::query_scalar(
        "insert into asp.asp_users (user_id, fname, lname, email, fss_employee, first_time_user, password_hash, password_expiration_date)
         select 'acmeadmin', 'Carla', 'Acme-Admin', 'acmeadmin@demo.example', false, false, password_hash, password_expiration_date
         from asp.asp_users where user_id = 'buyer' returning asp_users_id",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    sqlx::query("insert into asp.user_site (asp_users_id, site_id) select $1, site_id from asp.site where site_code = 'ACME-NORTH'")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query(
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
         select $1, s.site_id, r.security_role_id from asp.site s, asp.security_role r where s.site_code = 'ACME-NORTH' and r.role_name = 'Administrator'",
    )
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();
    let token = app.login("acmeadmin").await;
    assert_eq!(app.switch(&token, "ACME-NORTH").await.status, StatusCode::OK);
    token
}

#[tokio::test]
async fn an_item_master_record_is_read_by_id_with_the_names_of_its_codes() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let (item_id, _) = item_of(&app, "CP-10021").await;
    let a = app.get(&format!("{BASE}/Common/{item_id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let row = item_row(&app, item_id).await;
    assert_eq!(a.body["item_id"], item_id);
    assert_eq!(a.body["desc1"], "BEARING, BALL");
    assert_eq!(a.body["mfg_code"], row["mfg_code"]);
    assert_eq!(a.body["mfg_part_no"], row["mfg_part_no"]);
    assert_eq!(a.body["mfg_name"], "SKF USA Inc.");
    assert_eq!(a.body["commodity_code"], "31171504");
    assert_eq!(a.body["commodity_description"], "Ball bearings");
    assert_eq!(a.body["uom_code"], "EA");
    assert_eq!(a.body["item_status"], 1);
    assert!(a.body["brand_name"].is_string(), "{:?}", a.body);

    let missing = app.get(&format!("{BASE}/Common/987654321"), &buyer).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.body["message"], "The item master record you are trying to find does not exist.");
}

#[tokio::test]
async fn an_item_shows_the_cids_of_a_site_the_caller_may_use_and_another_clients_site_answers_404() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let (item_id, cid_no) = item_of(&app, "CP-10021").await;
    let north = app.site_id("ACME-NORTH").await;
    let a = app.get(&format!("{BASE}/Common/{item_id}/{north}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["item_id"], item_id);
    assert_eq!(a.body["site_id"], north);
    assert_eq!(a.body["has_cid"], true);
    let cids = a.body["cids"].as_array().unwrap();
    let cid = cids.iter().find(|c| c["cid_no"] == cid_no).expect("the site's CID for the item");
    assert_eq!(cid["cust_item_code"], "CP-10021");
    assert_eq!(cid["cip_count"], 1);

    // An item the site does not stock.
    let unstocked: i64 = sqlx::query_scalar(
        "select i.item_id from asp.item_master i where not exists (select 1 from client_acme.cid c where c.item_id = i.item_id and c.site_id = $1)
         order by i.item_id limit 1",
    )
    .bind(north)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = app.get(&format!("{BASE}/Common/{unstocked}/{north}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["has_cid"], false);
    assert_eq!(a.body["cids"], json!([]));

    // The buyer's other site is fine; another client's site, or a site that does not exist, is not.
    let south = app.site_id("ACME-SOUTH").await;
    assert_eq!(app.get(&format!("{BASE}/Common/{item_id}/{south}"), &buyer).await.status, StatusCode::OK);
    for site in [app.site_id("GEA-MAIN").await, 999_999] {
        let a = app.get(&format!("{BASE}/Common/{item_id}/{site}"), &buyer).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "site {site}: {:?}", a.body);
        assert!(a.body.get("cids").is_none());
    }
}

#[tokio::test]
async fn the_item_master_of_a_cid_is_answered_only_for_a_cid_the_caller_may_see() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let (item_id, cid_no) = item_of(&app, "CP-10388").await;
    let a = app.get(&format!("{BASE}/CID/{cid_no}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["item_id"], item_id);
    assert_eq!(a.body["cid_no"], cid_no);
    assert_eq!(a.body["cust_item_code"], "CP-10388");
    assert_eq!(a.body["desc1"], "GLOVE, NITRILE");

    // GEA's CIDs are another client's: not found, whichever number they have.
    let gea_cid: i64 = sqlx::query_scalar("select max(cid_no) + 1000 from client_acme.cid").fetch_one(&app.pool).await.unwrap();
    sqlx::query(
        "insert into client_gea.cid (cid_no, site_id, item_id, cust_item_code) overriding system value
         select $1, site_id, $2, 'GEA-ONLY' from asp.site where site_code = 'GEA-MAIN'",
    )
    .bind(gea_cid)
    .bind(item_id)
    .execute(&app.pool)
    .await
    .unwrap();
    let a = app.get(&format!("{BASE}/CID/{gea_cid}"), &buyer).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert_eq!(a.body["message"], "The CID you are trying to find does not exist.");

    // A CID without an item-master record, or pointing at one that is not there (no foreign key across schemas).
    for item in [None, Some(987_654_321_i64)] {
        sqlx::query("update client_acme.cid set item_id = $2 where cid_no = $1").bind(cid_no).bind(item).execute(&app.pool).await.unwrap();
        let a = app.get(&format!("{BASE}/CID/{cid_no}"), &buyer).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{item:?}");
        assert_eq!(a.body["message"], "This CID is not linked to an item master record.");
    }
}

#[tokio::test]
async fn commodity_codes_are_listed_by_unspsc_segment_and_family() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    for family in ["17", "3117"] {
        let a = app.get(&format!("{BASE}/CommodityCodes/31/{family}"), &buyer).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        let codes: Vec<&str> = a.body.as_array().unwrap().iter().map(|c| c["commodity_code"].as_str().unwrap()).collect();
        assert!(codes.contains(&"31171504") && codes.contains(&"31171505"), "{codes:?}");
        assert!(codes.iter().all(|c| c.starts_with("3117")), "{codes:?}");
        assert_eq!(a.body[0]["segment"], "31");
        assert_eq!(a.body[0]["family"], "3117");
        assert_eq!(a.body[0]["class_code"], "311715");
    }
    assert_eq!(app.get(&format!("{BASE}/CommodityCodes/31/99"), &buyer).await.body, json!([]));
    let a = app.get(&format!("{BASE}/CommodityCodes/31/4618"), &buyer).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["b"]);
    let a = app.get(&format!("{BASE}/CommodityCodes/x/17"), &buyer).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["a"]);
}

#[tokio::test]
async fn a_brand_is_read_by_id_with_its_manufacturer_and_how_many_parts_carry_it() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let (brand_id, parts): (i64, i64) = sqlx::query_as(
        "select b.brand_id, (select count(*) from asp.item_master i where i.brand_id = b.brand_id) from asp.brand b where b.brand_name = 'SKF Explorer'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(parts > 0);
    let a = app.get(&format!("{BASE}/Brand/{brand_id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["brand_name"], "SKF Explorer");
    assert_eq!(a.body["mfg_code"], "SKF");
    assert_eq!(a.body["mfg_name"], "SKF USA Inc.");
    assert_eq!(a.body["is_active"], true);
    assert_eq!(a.body["item_count"], parts);
    let a = app.get(&format!("{BASE}/Brand/987654"), &buyer).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert_eq!(a.body["message"], "The brand you are trying to find does not exist.");
}

#[tokio::test]
async fn brands_are_found_by_name_or_manufacturer_for_pickers_active_ones_only_the_first_25_by_name() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let names = |a: &crate::common::Answer| a.body.as_array().unwrap().iter().map(|b| b["brand_name"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    let skf: Vec<String> = sqlx::query_scalar("select brand_name from asp.brand where mfg_code = 'SKF' and is_active order by lower(brand_name)")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert!(skf.len() > 1);

    let a = app.get(&format!("{BASE}/Brands?q=xPLOR"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(names(&a).contains(&"SKF Explorer".to_owned()), "{:?}", a.body);
    assert_eq!(a.body[0]["mfg_name"], "SKF USA Inc.");
    // By the manufacturer's name, and limited to one manufacturer (its code in any case).
    assert_eq!(names(&app.get(&format!("{BASE}/Brands?q=usa%20inc&mfg_code=skf"), &buyer).await), skf);
    assert_eq!(names(&app.get(&format!("{BASE}/Brands?mfg_code=SKF"), &buyer).await), skf);
    // `%` and `_` are plain characters.
    assert_eq!(names(&app.get(&format!("{BASE}/Brands?q=%25"), &buyer).await), Vec::<String>::new());

    // A deactivated brand is not offered.
    sqlx::query("update asp.brand set is_active = false where brand_name = 'SKF Explorer'").execute(&app.pool).await.unwrap();
    assert!(!names(&app.get(&format!("{BASE}/Brands?q=explorer"), &buyer).await).contains(&"SKF Explorer".to_owned()));

    // A page for a picker: the first 25 by name.
    sqlx::query("insert into asp.brand (brand_name) select 'Zebrand ' || lpad(g::text, 2, '0') from generate_series(1, 30) g").execute(&app.pool).await.unwrap();
    let a = app.get(&format!("{BASE}/Brands?q=zebrand"), &buyer).await;
    let expected: Vec<String> = (1..=25).map(|n| format!("Zebrand {n:02}")).collect();
    assert_eq!(names(&a), expected);

    let a = app.get(&format!("{BASE}/Brands?q={}", "x".repeat(101)), &buyer).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["q"]);
    assert_eq!(app.get(&format!("{BASE}/Brands"), "not-a-token").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_item_master_is_searched_by_part_number_description_upc_erp_code_or_all() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    // A known part, given a UPC and ERP code of its own for the test.
    let (item_id, _) = item_of(&app, "CP-10021").await;
    sqlx::query("update asp.item_master set mfg_part_no = '6204-2RS/C3X', asp_upc = '036000291452', erp_vmi_item_code = 'ERPTEST-77', desc2 = 'SEALED DEEP GROOVE' where item_id = $1")
        .bind(item_id)
        .execute(&app.pool)
        .await
        .unwrap();
    let ids = |body: &Value| -> Vec<i64> { body["itemList"].as_array().unwrap().iter().map(|r| r["item_id"].as_i64().unwrap()).collect() };
    let search = |kind: &'static str, body: Value| {
        let app = &app;
        let buyer = buyer.clone();
        async move {
            let a = app.post(&format!("{BASE}/Search/{kind}"), &buyer, body).await;
            assert_eq!(a.status, StatusCode::OK, "{kind}: {:?}", a.body);
            a.body
        }
    };

    // Part numbers without their punctuation, any case; a prefix.
    let body = search("mfgPart", json!({"search_text": "62042rsc3", "pageSize": 50})).await;
    assert_eq!(ids(&body), [item_id]);
    assert_eq!(body["totalCount"], 1);
    assert_eq!(body["itemList"][0]["mfg_part_no"], "6204-2RS/C3X");
    assert_eq!(body["itemList"][0]["mfg_name"], "SKF USA Inc.");
    // Every word of a description, in any order.
    let body = search("description", json!({"search_text": "groove ball SEALED", "pageSize": 50})).await;
    assert_eq!(ids(&body), [item_id]);
    let body = search("description", json!({"search_text": "GLOVE NITRILE", "pageSize": 500})).await;
    let total = body["totalCount"].as_i64().unwrap();
    let expected: i64 = sqlx::query_scalar("select count(*) from asp.item_master where desc1 || ' ' || coalesce(desc2, '') ilike '%glove%' and desc1 || ' ' || coalesce(desc2, '') ilike '%nitrile%'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(total > 1 && total == expected, "{total} vs {expected}");
    // UPCs exactly, leading zeros optional.
    assert_eq!(ids(&search("upc", json!({"search_text": "36000291452"})).await), [item_id]);
    assert_eq!(ids(&search("upc", json!({"search_text": "0036000291452"})).await), [item_id]);
    assert!(ids(&search("upc", json!({"search_text": "36000291453"})).await).is_empty());
    // ERP codes as a prefix; `_` is a character, not a wildcard.
    assert_eq!(ids(&search("erpCode", json!({"search_text": "erptest-7"})).await), [item_id]);
    assert!(ids(&search("erpCode", json!({"search_text": "ERPTEST_77"})).await).is_empty());
    // All: any of them; the filters narrow it.
    assert_eq!(ids(&search("all", json!({"search_text": "036000291452"})).await), [item_id]);
    assert_eq!(ids(&search("all", json!({"search_text": "ERPTEST"})).await), [item_id]);
    let body = search("all", json!({"mfg_code": "skf", "commodity_code": "3117", "item_status": 1, "pageSize": 500, "sortField": "mfg_part_no", "sortDirection": "desc"})).await;
    let rows = body["itemList"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r["mfg_code"] == "SKF" && r["commodity_code"].as_str().unwrap().starts_with("3117") && r["item_status"] == 1));
    let parts: Vec<&str> = rows.iter().map(|r| r["mfg_part_no"].as_str().unwrap()).collect();
    let mut sorted = parts.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(parts, sorted);
    let everything = search("all", json!({})).await;
    let count: i64 = sqlx::query_scalar("select count(*) from asp.item_master").fetch_one(&app.pool).await.unwrap();
    assert_eq!(everything["totalCount"], count.min(5000));

    // Refusals: 400 naming the field.
    for (kind, body, field) in [
        ("description", json!({}), "search_text"),
        ("upc", json!({"search_text": "12A"}), "search_text"),
        ("mfgPart", json!({"search_text": "--"}), "search_text"),
        ("all", json!({"sortField": "password_hash"}), "sortField"),
        ("all", json!({"commodity_code": "311"}), "commodity_code"),
    ] {
        let a = app.post(&format!("{BASE}/Search/{kind}"), &buyer, body).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{kind}");
        assert_eq!(error_fields(&a.body), [field], "{kind}: {:?}", a.body);
    }
    assert_eq!(app.post(&format!("{BASE}/Search/partNumber"), &buyer, json!({})).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn an_item_master_search_exports_to_excel() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let a = app
        .post(
            &format!("{BASE}/Search/description/Export"),
            &buyer,
            json!({"search_text": "bearing", "columns": [{"field": "mfg_part_no", "header": "Mfg Part"}, {"field": "desc1", "header": "Description"}]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.headers["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
}

#[tokio::test]
async fn provider_staff_maintain_an_item_and_the_change_is_audited() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let (item_id, _) = item_of(&app, "CP-11002").await;
    let brand: i64 = sqlx::query_scalar("select brand_id from asp.brand where brand_name = 'Proto'").fetch_one(&app.pool).await.unwrap();
    let a = app
        .put(
            &format!("{BASE}/Maintenance/Update"),
            &admin,
            json!({"item_id": item_id, "desc1": "  DRILL BIT, JOBBER  ", "desc2": null, "mfg_part_no": "DRL-HSS-1/4", "brand_id": brand,
                   "asp_upc": "036000291452", "shelf_life": 720, "repairable": true}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["desc1"], "DRILL BIT, JOBBER");
    assert_eq!(a.body["desc2"], Value::Null);
    assert_eq!(a.body["mfg_part_no"], "DRL-HSS-1/4");
    assert_eq!(a.body["brand_name"], "Proto");
    assert_eq!(a.body["repairable"], true);
    let row = item_row(&app, item_id).await;
    assert_eq!(row["desc1"], "DRILL BIT, JOBBER");
    assert_eq!(row["shelf_life"], 720);
    assert_eq!(row["asp_upc"], "036000291452");

    let audits = audit_rows(&app, item_id, "item_master.update").await;
    assert_eq!(audits.len(), 1);
    assert_eq!(audits[0].0, Some(app.user_id("admin").await));
    let changes = &audits[0].1;
    assert_eq!(changes["desc1"]["to"], "DRILL BIT, JOBBER");
    assert_eq!(changes["desc2"]["to"], Value::Null);
    assert!(changes["desc2"]["from"].is_string());
    assert!(changes.get("updated_at").is_none() && changes.get("kit").is_none(), "{changes}");

    // Saving the same values again changes nothing and writes no audit row.
    let again = app.put(&format!("{BASE}/Maintenance/Update"), &admin, json!({"item_id": item_id, "desc1": "DRILL BIT, JOBBER"})).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(audit_rows(&app, item_id, "item_master.update").await.len(), 1);

    // Deactivating is maintenance; making it active again is not.
    let a = app.put(&format!("{BASE}/Maintenance/Update"), &admin, json!({"item_id": item_id, "item_status": 3})).await;
    assert_eq!(a.body["item_status"], 3, "{:?}", a.body);
    let a = app.put(&format!("{BASE}/Maintenance/Update"), &admin, json!({"item_id": item_id, "item_status": 1})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["item_status"]);

    let missing = app.put(&format!("{BASE}/Maintenance/Update"), &admin, json!({"item_id": 987654321, "desc1": "X"})).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_manufacturer_part_another_item_has_is_a_409_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let (item_id, _) = item_of(&app, "CP-10021").await;
    let (other_id, other_mfg, other_part): (i64, String, String) =
        sqlx::query_as("select item_id, mfg_code, mfg_part_no from asp.item_master where item_id <> $1 order by item_id limit 1")
            .bind(item_id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let before = item_row(&app, item_id).await;
    // The same part in another case is the same part.
    let a = app
        .put(&format!("{BASE}/Maintenance/Update"), &admin, json!({"item_id": item_id, "mfg_code": other_mfg.to_lowercase(), "mfg_part_no": other_part.to_lowercase(), "desc1": "CHANGED"}))
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains(&format!("is already item {other_id}")), "{:?}", a.body);
    assert_eq!(item_row(&app, item_id).await, before);
    assert!(audit_rows(&app, item_id, "item_master.update").await.is_empty());
}

#[tokio::test]
async fn invalid_maintenance_is_a_400_naming_each_field_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let (item_id, _) = item_of(&app, "CP-10021").await;
    let before = item_row(&app, item_id).await;
    let a = app
        .put(
            &format!("{BASE}/Maintenance/Update"),
            &admin,
            json!({"item_id": item_id, "desc1": " ", "asp_upc": "036000291453", "commodity_code": "3117", "shelf_life": -5, "erp_type_id": 12}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["desc1", "shelf_life", "asp_upc", "commodity_code", "erp_type_id"]);
    // References that do not exist.
    let a = app
        .put(&format!("{BASE}/Maintenance/Update"), &admin, json!({"item_id": item_id, "mfg_code": "NOPE", "brand_id": 987654, "haz_code": "UN0000", "uom_typeid": 99}))
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["mfg_code", "brand_id", "haz_code", "uom_typeid"]);
    let a = app.put(&format!("{BASE}/Maintenance/Update"), &admin, json!({"desc1": "X"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["item_id"]);
    let a = app.put(&format!("{BASE}/Maintenance/Update"), &admin, json!({"item_id": item_id, "desc1": "x".repeat(201)})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["desc1"]);
    assert_eq!(item_row(&app, item_id).await, before);
}

#[tokio::test]
async fn a_customer_administrator_may_not_change_the_catalogue_every_client_shares() {
    let app = TestApp::spawn().await;
    let acme_admin = customer_admin(&app).await;
    let buyer = app.login("buyer").await;
    let (item_id, _) = item_of(&app, "CP-10021").await;
    sqlx::query("update asp.item_master set item_status = 3 where item_id = $1").bind(item_id).execute(&app.pool).await.unwrap();
    let before = item_row(&app, item_id).await;
    for (caller, who) in [(&acme_admin, "customer administrator"), (&buyer, "buyer")] {
        let answers = [
            app.put(&format!("{BASE}/Maintenance/Update"), caller, json!({"item_id": item_id, "desc1": "MINE NOW"})).await,
            app.put(&format!("{BASE}/Export/Update"), caller, json!({"item_id": item_id, "export_country_code": "US"})).await,
            app.put(&format!("{BASE}/ShipWeight/Update"), caller, json!({"item_id": item_id, "ship_weight": 2.5})).await,
            app.get(&format!("{BASE}/Reactivate/{item_id}"), caller).await,
        ];
        for a in answers {
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{who}: {:?}", a.body);
        }
    }
    let a = app.put(&format!("{BASE}/Maintenance/Update"), &acme_admin, json!({"item_id": item_id, "desc1": "MINE NOW"})).await;
    assert_eq!(a.body["message"], "Only provider staff may change the item master: it is shared by every client.");
    assert_eq!(item_row(&app, item_id).await, before);
    // Reading is everyone's.
    assert_eq!(app.get(&format!("{BASE}/Common/{item_id}"), &acme_admin).await.status, StatusCode::OK);
}

#[tokio::test]
async fn export_data_and_ship_weight_are_validated_and_saved() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let (item_id, _) = item_of(&app, "CP-10388").await;
    let a = app
        .put(
            &format!("{BASE}/Export/Update"),
            &admin,
            json!({"item_id": item_id, "export_classification": "5a992.c", "export_agency": "BIS", "export_list": "CCL", "export_country_code": "de"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["export_classification"], "5A992.c");
    assert_eq!(a.body["export_country_code"], "DE");
    assert_eq!(a.body["export_agency"], "BIS");
    assert_eq!(audit_rows(&app, item_id, "item_master.export_update").await.len(), 1);
    // Left out keeps, null clears.
    let a = app.put(&format!("{BASE}/Export/Update"), &admin, json!({"item_id": item_id, "export_list": null})).await;
    assert_eq!(a.body["export_list"], Value::Null);
    assert_eq!(a.body["export_agency"], "BIS");
    let a = app.put(&format!("{BASE}/Export/Update"), &admin, json!({"item_id": item_id, "export_classification": "5F99", "export_country_code": "D1"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(error_fields(&a.body), ["export_classification", "export_country_code"]);

    let a = app.put(&format!("{BASE}/ShipWeight/Update"), &admin, json!({"item_id": item_id, "ship_weight": 12.34567})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["ship_weight"], 12.346);
    let audits = audit_rows(&app, item_id, "item_master.ship_weight_update").await;
    assert_eq!(audits.len(), 1);
    assert_eq!(audits[0].1["ship_weight"]["to"], 12.346);
    for (body, field) in [
        (json!({"item_id": item_id, "ship_weight": -1}), "ship_weight"),
        (json!({"item_id": item_id, "ship_weight": 0}), "ship_weight"),
        (json!({"item_id": item_id, "ship_weight": 1e12}), "ship_weight"),
        (json!({"item_id": item_id}), "ship_weight"),
        (json!({"ship_weight": 1}), "item_id"),
    ] {
        let a = app.put(&format!("{BASE}/ShipWeight/Update"), &admin, body.clone()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(error_fields(&a.body), [field], "{body}");
    }
    assert_eq!(item_row(&app, item_id).await["ship_weight"], 12.346);
    let a = app.put(&format!("{BASE}/ShipWeight/Update"), &admin, json!({"item_id": item_id, "ship_weight": null})).await;
    assert_eq!(a.body["ship_weight"], Value::Null);
    assert_eq!(app.put(&format!("{BASE}/ShipWeight/Update"), &admin, json!({"item_id": 987654321, "ship_weight": 1})).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_inactive_item_is_reactivated_once_and_the_reactivation_is_audited() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let (item_id, _) = item_of(&app, "CP-10021").await;
    let active = app.get(&format!("{BASE}/Reactivate/{item_id}"), &admin).await;
    assert_eq!(active.status, StatusCode::CONFLICT);
    assert_eq!(active.body["message"], format!("Item {item_id} is already active."));

    for inactive in [2, 3] {
        sqlx::query("update asp.item_master set item_status = $2 where item_id = $1").bind(item_id).bind(inactive).execute(&app.pool).await.unwrap();
        let a = app.get(&format!("{BASE}/Reactivate/{item_id}"), &admin).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        assert_eq!(a.body["item_status"], 1);
        assert_eq!(item_row(&app, item_id).await["item_status"], 1);
    }
    let audits = audit_rows(&app, item_id, "item_master.reactivate").await;
    assert_eq!(audits.len(), 2);
    assert_eq!(audits[1].0, Some(app.user_id("admin").await));
    assert_eq!(audits[1].1, json!({"item_status": {"from": 3, "to": 1}}));
    assert_eq!(app.get(&format!("{BASE}/Reactivate/{item_id}"), &admin).await.status, StatusCode::CONFLICT);

    // A pending item (an item-add request in its workflow) is not reactivated here.
    sqlx::query("update asp.item_master set item_status = 5 where item_id = $1").bind(item_id).execute(&app.pool).await.unwrap();
    let a = app.get(&format!("{BASE}/Reactivate/{item_id}"), &admin).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    assert_eq!(item_row(&app, item_id).await["item_status"], 5);
    assert_eq!(app.get(&format!("{BASE}/Reactivate/987654321"), &admin).await.status, StatusCode::NOT_FOUND);
}

/// Is the last digit of `upc` its GTIN check digit?
fn check_digit_ok(upc: &str) -> bool {
    let d: Vec<u32> = upc.chars().map(|c| c.to_digit(10).unwrap()).collect();
    let (last, body) = d.split_last().unwrap();
    let sum: u32 = body.iter().rev().enumerate().map(|(i, x)| x * if i % 2 == 0 { 3 } else { 1 }).sum();
    *last == (10 - sum % 10) % 10
}

#[tokio::test]
async fn seed_volume_2000_makes_2000_cips_each_with_its_cid_and_a_second_run_only_tops_up() {
    use api::seed::volume::{run, VolumeOptions};
    let app = TestApp::spawn().await;
    let north = app.site_id("ACME-NORTH").await;
    let options = VolumeOptions { cips: 2000, client: "ACME".into(), site: "ACME-NORTH".into(), progress: false, day: crate::common::seed_day() };
    let report = run(&app.settings, &options).await.unwrap();
    assert_eq!((report.site_id, report.cips, report.cips_added), (north, 2000, 2000));
    assert_eq!(report.cids_added, 1900, "every 20th CIP is a CID's second location");
    assert_eq!(report.parts_added, 500);

    let (cips, codes, with_cid, cids, cust_codes, statuses, locations): (i64, i64, i64, i64, i64, i64, i64) = sqlx::query_as(
        "select count(*), count(distinct p.cip_code), count(c.cid_no), count(distinct p.cid_no), count(distinct lower(c.cust_item_code)),
                count(distinct p.status_id), count(distinct p.location)
         from client_acme.cip p left join client_acme.cid c on c.cid_no = p.cid_no and c.site_id = p.site_id
         where p.site_id = $1 and p.cip_code ~ '^V[0-9]{7}$'",
    )
    .bind(north)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((cips, codes, with_cid, cids, cust_codes), (2000, 2000, 2000, 1900, 1900));
    assert!(statuses >= 3 && locations > 500, "statuses {statuses}, locations {locations}");
    // The CIPs carry their CID's texts (the copy trigger ran) and point at real parts.
    let (orphans, descriptions): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where i.item_id is null or p.cust_desc1 is distinct from c.cust_desc1), count(distinct p.cust_desc2)
         from client_acme.cip p join client_acme.cid c on c.cid_no = p.cid_no left join asp.item_master i on i.item_id = p.item_id
         where p.site_id = $1 and p.cip_code ~ '^V[0-9]{7}$'",
    )
    .bind(north)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(orphans, 0);
    assert!(descriptions > 300, "{descriptions} distinct descriptions");
    let upcs: Vec<String> = sqlx::query_scalar("select asp_upc from asp.item_master where erp_vmi_item_code like 'ERP%' and asp_upc is not null")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert!(upcs.len() > 250 && upcs.iter().all(|u| check_digit_ok(u)), "{} UPCs", upcs.len());
    // The application finds them.
    let buyer = app.login("buyer").await;
    let a = app.post(&format!("{BASE}/Search/erpCode"), &buyer, json!({"search_text": "ERP000001"})).await;
    assert_eq!(a.body["totalCount"], 10, "{:?}", a.body);

    // Again: nothing to do; a larger N adds only the difference.
    assert_eq!(run(&app.settings, &options).await.unwrap().cips_added, 0);
    let more = run(&app.settings, &VolumeOptions { cips: 2100, ..options }).await.unwrap();
    assert_eq!((more.cips, more.cips_added), (2100, 100));
    let total: i64 = sqlx::query_scalar("select count(*) from client_acme.cip where site_id = $1 and cip_code ~ '^V[0-9]{7}$'")
        .bind(north)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(total, 2100);
}
