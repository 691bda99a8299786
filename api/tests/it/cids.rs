//! The CID resource (docs/cid.md): reads with object-level checks, quantities and usage over the CID's CIPs, the
//! existence and dependency checks, maintenance with its audit trail, creating a CID with its first CIP, duplicates
//! and merging.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::TestApp;

async fn cid_no(app: &TestApp, site: &str, code: &str) -> i64 {
    sqlx::query_scalar("select c.cid_no from client_acme.cid c join asp.site s using (site_id) where s.site_code = $1 and c.cust_item_code = $2")
        .bind(site)
        .bind(code)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn gea_cid(app: &TestApp, site: &str) -> i64 {
    sqlx::query_scalar("select min(c.cid_no) from client_gea.cid c join asp.site s using (site_id) where s.site_code = $1")
        .bind(site)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

/// An active item of the item master that no CID of ACME-NORTH uses yet.
async fn unused_item(app: &TestApp, offset: i64) -> i64 {
    sqlx::query_scalar(
        "select item_id from asp.item_master m where item_status = 1
           and not exists (select 1 from client_acme.cid c where c.item_id = m.item_id) order by item_id offset $1 limit 1",
    )
    .bind(offset)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

/// An item of the item master made Obsolete for the test.
async fn inactive_item(app: &TestApp) -> i64 {
    let item = unused_item(app, 5).await;
    sqlx::query("update asp.item_master set item_status = 2 where item_id = $1").bind(item).execute(&app.pool).await.unwrap();
    item
}

async fn audit_actions(app: &TestApp, entity: &str, id: i64) -> Vec<String> {
    sqlx::query_scalar("select action from asp.audit_event where entity = $1 and entity_id = $2 order by audit_event_id")
        .bind(entity)
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_cid_reads_with_its_item_quantities_and_usage_summed_over_its_cips() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let cid = cid_no(&app, "ACME-NORTH", "CP-10021").await;

    let a = app.get(&format!("/api/V1/Item/CID/Common/{cid}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cust_item_code"], "CP-10021");
    assert_eq!(a.body["cust_desc1"], "BEARING, BALL");
    assert_eq!(a.body["cip_count"], 1);
    assert_eq!(a.body["multiple"], false);
    assert_eq!(a.body["vend_name"], "Grainger Industrial Supply");
    assert!(a.body["mfg_part_no"].is_string());
    assert_eq!(a.body["uom_code"], "EA");
    // The buyer does not hold InvFISPrice.
    assert!(a.body["cust_avg_cost"].is_null());

    // A second Active CIP makes the CID "multiple"; sums cover both.
    let north = app.site_id("ACME-NORTH").await;
    sqlx::query(
        "insert into client_acme.cip (site_id, cid_no, item_id, cip_code, status_id, qty_on_hand, qty_on_hold, qty_on_order, consigned, usage1, usage13,
             month_usage, trans_count_cy)
         values ($1, $2, null, 'BRG-6204-2RS-B', 1, 6, 2, 5, true, 10, 3, array[1,1,1,1,1,1,1,1,1,1,1,1], 4)",
    )
    .bind(north)
    .bind(cid)
    .execute(&app.pool)
    .await
    .unwrap();
    let (on_hand, on_hold, u1, u13, month_total, annual): (f64, f64, f64, f64, f64, f64) = sqlx::query_as(
        "select sum(qty_on_hand)::float8, sum(qty_on_hold)::float8, sum(usage1)::float8, sum(usage13)::float8,
                sum((select sum(x) from unnest(month_usage) x))::float8,
                sum(usage1+usage2+usage3+usage4+usage5+usage6+usage7+usage8+usage9+usage10+usage11+usage12+usage13)::float8
         from client_acme.cip where cid_no = $1",
    )
    .bind(cid)
    .fetch_one(&app.pool)
    .await
    .unwrap();

    let a = app.get(&format!("/api/V1/Item/CID/SummaryQuantities/{cid}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cip_count"], 2);
    assert_eq!(a.body["qty_on_hand"], on_hand);
    assert_eq!(a.body["qty_on_hold"], on_hold);
    let a = app.get(&format!("/api/V1/Item/CID/NonConsignedSummaryQuantity/{cid}"), &buyer).await;
    assert_eq!(a.body["cip_count"], 1, "{:?}", a.body);
    assert_eq!(a.body["qty_on_hand"], 24.0);
    let a = app.get(&format!("/api/V1/Item/CID/POHLDCount/{cid}"), &buyer).await;
    assert_eq!(a.body["hold_count"], 1, "{:?}", a.body);
    assert_eq!(a.body["qty_on_hold"], on_hold);
    let a = app.get(&format!("/api/V1/Item/CID/CIDHeader/{cid}"), &buyer).await;
    assert_eq!(a.body["multiple"], true, "{:?}", a.body);
    assert_eq!(a.body["qty_on_hand"], on_hand);
    let a = app.get(&format!("/api/V1/Item/CID/Common/{cid}"), &buyer).await;
    assert_eq!(a.body["active_cip_count"], 2);

    let a = app.get(&format!("/api/V1/Item/CID/SummaryUsage/{cid}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["usage1"], u1);
    assert_eq!(a.body["usage13"], u13);
    assert_eq!(a.body["annual_usage"], annual);
    assert_eq!(a.body["month_usage"].as_array().unwrap().len(), 12);
    assert_eq!(a.body["month_usage_total"], month_total);
    let months: f64 = a.body["month_usage"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).sum();
    assert!((months - month_total).abs() < 1e-9);

    let a = app.get(&format!("/api/V1/Item/CID/ABC/{cid}"), &buyer).await;
    assert_eq!((a.body["curr_abc_class_type_id"].clone(), a.body["abc_class"].clone()), (json!(1), json!("A")));

    let cip: i64 = sqlx::query_scalar("select cip_no from client_acme.cip where cip_code = 'BRG-6204-2RS' and site_id = $1").bind(north).fetch_one(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/Item/CID/Min1/CIP/{cip}"), &buyer).await;
    assert_eq!((a.body["cid_no"].clone(), a.body["cip_code"].clone()), (json!(cid), json!("BRG-6204-2RS")));

    let a = app.get(&format!("/api/V2/Item/CID/{cid}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cid_no"], cid);
    assert!(a.body.get("custom20").is_some());
    let item = a.body["item_id"].as_i64().unwrap();
    let a = app.get(&format!("/api/V2/Item/CID/ItemMaster/{item}"), &buyer).await;
    let listed: Vec<i64> = a.body.as_array().unwrap().iter().map(|c| c["cid_no"].as_i64().unwrap()).collect();
    let expected: Vec<i64> = sqlx::query_scalar("select cid_no from client_acme.cid where site_id = $1 and item_id = $2 order by cid_no")
        .bind(north)
        .bind(item)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert!(listed.contains(&cid));
    assert_eq!(listed, expected);

    let a = app.get("/api/V2/Item/CID/HoldType", &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(a.body.as_array().unwrap().len() >= 3);

    // The administrator holds InvFISPrice: the cost shows.
    let admin = app.login("admin").await;
    app.switch(&admin, "ACME-NORTH").await;
    let a = app.get(&format!("/api/V2/Item/CID/{cid}"), &admin).await;
    assert_eq!(a.body["cust_avg_cost"], 4.125);
}

#[tokio::test]
async fn a_cid_of_another_client_or_of_a_site_the_caller_may_not_use_answers_404() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let customer = app.login("customer").await;
    let acme = cid_no(&app, "ACME-NORTH", "CP-10021").await;
    let gea_por = gea_cid(&app, "GEA-POR").await;
    let south = cid_no(&app, "ACME-SOUTH", "CP-10021").await;

    for path in ["/api/V1/Item/CID/Common", "/api/V1/Item/CID/SummaryQuantities", "/api/V1/Item/CID/Audit/Detail", "/api/V2/Item/CID"] {
        let a = app.get(&format!("{path}/{gea_por}"), &buyer).await;
        // The buyer's client (ACME) may have a CID of that number; it must then be its own.
        if a.status == StatusCode::OK {
            assert_ne!(a.body["site_id"], app.site_id("GEA-POR").await);
        }
        let a = app.get(&format!("{path}/{acme}"), &customer).await;
        if a.status == StatusCode::OK {
            assert_eq!(a.body["site_id"], app.site_id("GEA-MAIN").await, "{path}: {:?}", a.body);
        }
    }
    // ACME-SOUTH is one of the buyer's sites: its CID is readable from ACME-NORTH.
    let a = app.get(&format!("/api/V1/Item/CID/Common/{south}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    // A number no CID has.
    let a = app.get("/api/V1/Item/CID/Common/987654321", &buyer).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert_eq!(a.body["message"], "The CID you are trying to find does not exist.");
    // The warehouse user has no access to GEA sites: its site_id answers 404 in the existence check.
    let gea_main = app.site_id("GEA-MAIN").await;
    let a = app.get(&format!("/api/V1/Item/CID/CheckCustNumberExists?site_id={gea_main}&cust_item_code=CP-10021"), &buyer).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
}

#[tokio::test]
async fn existence_checks_find_customer_parts_case_insensitively_and_by_unit_of_measure() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let cid = cid_no(&app, "ACME-NORTH", "CP-10021").await;
    let a = app.get("/api/V1/Item/CID/CheckCustNumberExists?cust_item_code=cp-10021", &buyer).await;
    assert_eq!((a.body["exists"].clone(), a.body["cid_no"].clone()), (json!(true), json!(cid)), "{:?}", a.body);
    let a = app.get(&format!("/api/V1/Item/CID/CheckCustNumberExists?cust_item_code=CP-10021&cid_no={cid}"), &buyer).await;
    assert_eq!(a.body["exists"], false);
    let a = app.get("/api/V1/Item/CID/CheckCustNumberExists", &buyer).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.body["errors"][0]["field"], "cust_item_code");
    let a = app.get("/api/V1/Item/CID/CheckCustNumberExists/SameUOM?cust_item_code=CP-10021&uom_typeid=1", &buyer).await;
    assert_eq!(a.body["exists"], true, "{:?}", a.body);
    let a = app.get("/api/V1/Item/CID/CheckCustNumberExists/DifferentUOM?cust_item_code=CP-10021&uom_typeid=1", &buyer).await;
    assert_eq!(a.body["exists"], false);
    let a = app.get("/api/V1/Item/CID/CheckCustNumberExists/DifferentUOM?cust_item_code=CP-10021&uom_typeid=2", &buyer).await;
    assert_eq!(a.body["exists"], true);

    let item: i64 = sqlx::query_scalar("select item_id from client_acme.cid where cid_no = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/Item/CID/CheckCIDExists?item_id={item}&cust_item_code=CP-10021"), &buyer).await;
    assert_eq!(a.body["cid_no"], cid, "{:?}", a.body);
    let a = app.get(&format!("/api/V1/Item/CID/CheckCIDExists?item_id={item}&cust_item_code=CP-99999"), &buyer).await;
    assert_eq!(a.body["exists"], false);
    // The other site of the buyer answers for itself.
    let south = app.site_id("ACME-SOUTH").await;
    let south_cid = cid_no(&app, "ACME-SOUTH", "CP-10021").await;
    let a = app.get(&format!("/api/V1/Item/CID/CheckCustNumberExists?site_id={south}&cust_item_code=CP-10021"), &buyer).await;
    assert_eq!(a.body["cid_no"], south_cid, "{:?}", a.body);
}

#[tokio::test]
async fn creating_a_cid_with_its_first_cip_checks_every_rule_and_audits_both() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let north = app.site_id("ACME-NORTH").await;
    sqlx::query("delete from asp.site_location_segment where site_id = $1").bind(north).execute(&app.pool).await.unwrap();
    sqlx::query("insert into asp.site_location_segment (site_id, seg_no, seg_name, seg_length) values ($1, 1, 'Aisle', 2), ($1, 2, 'Rack', 2), ($1, 3, 'Shelf', 3)")
        .bind(north)
        .execute(&app.pool)
        .await
        .unwrap();
    let item = unused_item(&app, 0).await;
    let body = |code: &str, cip: &str| {
        json!({"cust_item_code": code, "cust_desc1": "GASKET, SPIRAL WOUND", "cust_desc2": "4 IN 300#", "item_id": item, "vend_code": "10452",
               "cip_code": cip, "location": "D-07-012", "min_qty": 2, "max_qty": 10})
    };
    let a = app.post("/api/V1/Item/CID", &buyer, body("CP-77001", "GSK-4-300")).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let cid = a.body["cid"]["cid_no"].as_i64().unwrap();
    let cip = a.body["cip_no"].as_i64().unwrap();
    assert_eq!(a.body["cid"]["site_id"], north);
    assert_eq!(a.body["cid"]["item_id"], item);
    assert_eq!((a.body["loc_seg1"].clone(), a.body["loc_seg2"].clone(), a.body["loc_seg3"].clone()), (json!("D"), json!("07"), json!("012")));
    let (cip_cid, cip_desc, seg3, vend): (i64, String, String, String) =
        sqlx::query_as("select cid_no, cust_desc1, loc_seg3, vend_code from client_acme.cip where cip_no = $1").bind(cip).fetch_one(&app.pool).await.unwrap();
    assert_eq!((cip_cid, cip_desc.as_str(), seg3.as_str(), vend.as_str()), (cid, "GASKET, SPIRAL WOUND", "012", "10452"));
    assert_eq!(audit_actions(&app, "cid", cid).await, vec!["cid.create"]);
    assert_eq!(audit_actions(&app, "cip", cip).await, vec!["cip.create"]);
    let a = app.get(&format!("/api/V1/Item/CID/Audit/Detail/{cid}"), &buyer).await;
    assert_eq!(a.body[0]["action"], "cid.create", "{:?}", a.body);
    assert_eq!(a.body[0]["changed_by"], "buyer");

    // The customer part is unique at the site whatever its case; so is the CIP code.
    let a = app.post("/api/V1/Item/CID", &buyer, body("cp-77001", "GSK-OTHER")).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("CP-77001"));
    let a = app.post("/api/V1/Item/CID", &buyer, body("CP-77002", "gsk-4-300")).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    // The same customer part at the buyer's other site is another CID.
    app.switch(&buyer, "ACME-SOUTH").await;
    let a = app.post("/api/V1/Item/CID", &buyer, json!({"cust_item_code": "CP-77001", "cust_desc1": "GASKET", "item_id": item, "cip_code": "GSK-4-300"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    app.switch(&buyer, "ACME-NORTH").await;

    // Item master: must exist and be active.
    let mut b = body("CP-77003", "GSK-3");
    b["item_id"] = json!(987654321);
    let a = app.post("/api/V1/Item/CID", &buyer, b).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].clone()), (StatusCode::BAD_REQUEST, json!("item_id")), "{:?}", a.body);
    let inactive = inactive_item(&app).await;
    let mut b = body("CP-77003", "GSK-3");
    b["item_id"] = json!(inactive);
    let a = app.post("/api/V1/Item/CID", &buyer, b).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.body["message"].as_str().unwrap().contains("not active"), "{:?}", a.body);
    // Vendor: 20114 is a VMI vendor, and the site has no VMI ERP type.
    let mut b = body("CP-77003", "GSK-3");
    b["vend_code"] = json!("20114");
    let a = app.post("/api/V1/Item/CID", &buyer, b).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].clone()), (StatusCode::BAD_REQUEST, json!("vend_code")));
    // Location: at most the site's segments, each within its length.
    let mut b = body("CP-77003", "GSK-3");
    b["location"] = json!("D-07-012-X");
    let a = app.post("/api/V1/Item/CID", &buyer, b).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].clone()), (StatusCode::BAD_REQUEST, json!("location")));
    let mut b = body("CP-77003", "GSK-3");
    b["location"] = json!("DDD-07");
    let a = app.post("/api/V1/Item/CID", &buyer, b).await;
    assert!(a.body["message"].as_str().unwrap().contains("Aisle"), "{:?}", a.body);
    // Required texts and min above max, all at once.
    let a = app.post("/api/V1/Item/CID", &buyer, json!({"cust_item_code": " ", "cust_desc1": "", "item_id": item, "cip_code": "", "min_qty": 5, "max_qty": 1})).await;
    let mut fields: Vec<String> = a.body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap().to_owned()).collect();
    fields.sort();
    assert_eq!(fields, ["cip_code", "cust_desc1", "cust_item_code", "min_qty"]);
    // Nothing of the refused attempts was written.
    let n: i64 = sqlx::query_scalar("select count(*) from client_acme.cid where cust_item_code = 'CP-77003'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(n, 0);
    // Someone without ItemEdit.
    let support = app.login("support").await;
    app.switch(&support, "ACME-NORTH").await;
    let a = app.post("/api/V1/Item/CID", &support, body("CP-77004", "GSK-4")).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_new_cids_average_cost_and_its_cips_quantities_are_stored_as_sent_and_answered_exactly() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "ACME-NORTH").await.status, StatusCode::OK);
    let item = unused_item(&app, 0).await;
    let body = json!({"cust_item_code": "CP-1999", "cust_desc1": "GASKET", "item_id": item, "cip_code": "GSK-1999",
                      "cust_avg_cost": 19.99, "min_qty": 0.1, "max_qty": 0.3});
    let a = app.post("/api/V1/Item/CID", &admin, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cid"]["cust_avg_cost"].to_string(), "19.99");
    let cip = a.body["cip_no"].as_i64().unwrap();
    let stored: (String, String, String, String) = sqlx::query_as(
        "select d.cust_avg_cost::text, p.cust_avg_cost::text, p.min_qty::text, p.max_qty::text
         from client_acme.cip p join client_acme.cid d on d.cid_no = p.cid_no where p.cip_no = $1",
    )
    .bind(cip)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(stored, ("19.990".to_owned(), "19.990".to_owned(), "0.100".to_owned(), "0.300".to_owned()));
    let q = app.get(&format!("/api/V1/Item/CIP/Quantities/{cip}"), &admin).await;
    assert_eq!((q.body["min_qty"].to_string(), q.body["max_qty"].to_string()), ("0.1".to_owned(), "0.3".to_owned()), "{:?}", q.body);

    // The cost columns keep three decimals: a cost with five is rounded by the column once, half away from zero
    // (1.23449 to 1.234; rounded to a unit cost first it would have become 1.2345 and then 1.235).
    let item = unused_item(&app, 1).await;
    let a = app.post("/api/V1/Item/CID", &admin, json!({"cust_item_code": "CP-1235", "cust_desc1": "GASKET", "item_id": item, "cip_code": "GSK-1235", "cust_avg_cost": 1.23449})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cid"]["cust_avg_cost"].to_string(), "1.234");
}

#[tokio::test]
async fn the_item_master_changes_only_when_nothing_depends_on_it() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let cid = cid_no(&app, "ACME-NORTH", "CP-10021").await;
    let other = unused_item(&app, 0).await;

    let a = app.get(&format!("/api/V1/Item/CID/CheckOKToChangeItemMaster/{cid}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["ok"], false);
    assert_eq!(a.body["reasons"][0]["code"], "onHand");
    let a = app.put("/api/V1/Item/CID/ItemMaster", &buyer, json!({"cid_no": cid, "item_id": other})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("quantity on hand"));

    // A kit using the CID's CIP also blocks it.
    sqlx::query("update client_acme.cip set qty_on_hand = 0, qty_on_order = 0, qty_on_hold = 0, qty_backorder = 0 where cid_no = $1").bind(cid).execute(&app.pool).await.unwrap();
    let (site, cip): (i64, i64) = sqlx::query_as("select site_id, cip_no from client_acme.cip where cid_no = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    let parent: i64 = sqlx::query_scalar("select cip_no from client_acme.cip where site_id = $1 and cip_no <> $2 order by cip_no limit 1").bind(site).bind(cip).fetch_one(&app.pool).await.unwrap();
    sqlx::query("insert into client_acme.kit_child (site_id, parent_cip_no, child_cip_no, qty) values ($1, $2, $3, 2)").bind(site).bind(parent).bind(cip).execute(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/Item/CID/CheckOKToChangeItemMaster/{cid}"), &buyer).await;
    assert_eq!(a.body["reasons"].as_array().unwrap().iter().map(|r| r["code"].as_str().unwrap()).collect::<Vec<_>>(), ["kitChild"], "{:?}", a.body);
    let a = app.get(&format!("/api/V1/Item/CID/KitCheck/{cid}"), &buyer).await;
    assert_eq!((a.body["is_kit_child"].clone(), a.body["is_kit_parent"].clone()), (json!(true), json!(false)), "{:?}", a.body);
    assert_eq!(a.body["links"][0]["parent_cip_no"], parent);
    sqlx::query("delete from client_acme.kit_child where child_cip_no = $1").bind(cip).execute(&app.pool).await.unwrap();

    let a = app.get(&format!("/api/V1/Item/CID/CheckOKToChangeItemMaster/{cid}"), &buyer).await;
    assert_eq!((a.body["ok"].clone(), a.body["reasons"].clone()), (json!(true), json!([])));
    let inactive = inactive_item(&app).await;
    let a = app.put("/api/V1/Item/CID/ItemMaster", &buyer, json!({"cid_no": cid, "item_id": inactive})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = app.put("/api/V1/Item/CID/ItemMaster", &buyer, json!({"cid_no": cid, "item_id": other})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["item_id"], other);
    let cip_item: i64 = sqlx::query_scalar("select item_id from client_acme.cip where cip_no = $1").bind(cip).fetch_one(&app.pool).await.unwrap();
    assert_eq!(cip_item, other);
    let a = app.get(&format!("/api/V1/Item/CID/Audit/Detail/{cid}"), &buyer).await;
    assert_eq!(a.body[0]["action"], "cid.item_master");
    assert_eq!(a.body[0]["changes"]["item_id"]["to"], other);
}

#[tokio::test]
async fn kanban_check_reads_the_cids_kanban_cips_and_bins() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let cid = cid_no(&app, "ACME-NORTH", "CP-10388").await;
    let a = app.get(&format!("/api/V1/Item/CID/KanbanCheck/{cid}"), &buyer).await;
    assert_eq!(a.body["is_kanban"], false, "{:?}", a.body);
    let (site, cip): (i64, i64) = sqlx::query_as("select site_id, cip_no from client_acme.cip where cid_no = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    sqlx::query("update client_acme.cip set repl_type = 1 where cip_no = $1").bind(cip).execute(&app.pool).await.unwrap();
    sqlx::query("insert into client_acme.kanban_bin (site_id, cip_no, tool_code, bin_qty) values ($1, $2, 'KB-GLV-1', 100)").bind(site).bind(cip).execute(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/Item/CID/KanbanCheck/{cid}"), &buyer).await;
    assert_eq!((a.body["is_kanban"].clone(), a.body["kanban_cip_count"].clone()), (json!(true), json!(1)));
    assert_eq!(a.body["bins"][0]["tool_code"], "KB-GLV-1");
    let a = app.get(&format!("/api/V1/Item/CID/CheckOKToChangeItemMaster/{cid}"), &buyer).await;
    assert!(a.body["reasons"].as_array().unwrap().iter().any(|r| r["code"] == "kanban"), "{:?}", a.body);
}

#[tokio::test]
async fn maintenance_calls_change_the_cid_its_cips_follow_and_every_change_is_audited() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let cid = cid_no(&app, "ACME-NORTH", "CP-11002").await;

    let a = app.post("/api/V1/Item/CID/CustomerDescription/Update", &buyer, json!({"cid_no": cid, "cust_desc1": "DRILL BIT, COBALT", "cust_desc2": "1/4 IN"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let cip_desc: String = sqlx::query_scalar("select cust_desc1 from client_acme.cip where cid_no = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    assert_eq!(cip_desc, "DRILL BIT, COBALT");
    let a = app.post("/api/V1/Item/CID/CustomerDescription/Update", &buyer, json!({"cid_no": cid, "cust_desc1": "  "})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].clone()), (StatusCode::BAD_REQUEST, json!("cust_desc1")));

    let a = app.put("/api/V1/Item/CID/WarrantyTracking", &buyer, json!({"cid_no": cid, "warranty_manufacturer": "DeWalt", "warranty_start_type": 1, "warranty_length": 12})).await;
    assert_eq!((a.status, a.body["warranty_length"].clone()), (StatusCode::OK, json!(12)), "{:?}", a.body);
    let a = app.put("/api/V1/Item/CID/WarrantyTracking", &buyer, json!({"cid_no": cid, "warranty_manufacturer": "DeWalt"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = app.put("/api/V1/Item/CID/ABC", &buyer, json!({"cid_no": cid, "curr_abc_class_type_id": 2})).await;
    assert_eq!(a.body["curr_abc_class_type_id"], 2);
    let a = app.put("/api/V1/Item/CID/ABC", &buyer, json!({"cid_no": cid, "curr_abc_class_type_id": 7})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    // Vendor by CID: the CIPs that had the old default follow; a vendor of no visible kind is refused.
    let old: String = sqlx::query_scalar("select vend_code from client_acme.cid where cid_no = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    let new = if old == "30871" { "10452" } else { "30871" };
    let a = app.put(&format!("/api/V1/Item/CID/VendorCode/CID/{cid}?vend_code={new}"), &buyer, json!(null)).await;
    assert_eq!((a.status, a.body["vend_code"].clone()), (StatusCode::OK, json!(new)), "{:?}", a.body);
    let cip: (i64, String) = sqlx::query_as("select cip_no, vend_code from client_acme.cip where cid_no = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    assert_eq!(cip.1, new);
    let a = app.put(&format!("/api/V1/Item/CID/VendorCode/CID/{cid}?vend_code=NOPE"), &buyer, json!(null)).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].clone()), (StatusCode::BAD_REQUEST, json!("vend_code")));
    let a = app.put(&format!("/api/V1/Item/CID/VendorCode/CIP/{}?vend_code=10452", cip.0), &buyer, json!(null)).await;
    assert_eq!((a.status, a.body["vend_code"].clone()), (StatusCode::OK, json!("10452")), "{:?}", a.body);

    assert_eq!(audit_actions(&app, "cid", cid).await, vec!["cid.descriptions", "cid.warranty", "cid.abc", "cid.vendor"]);
    assert_eq!(audit_actions(&app, "cip", cip.0).await, vec!["cip.vendor", "cip.vendor"]);
    let a = app.get(&format!("/api/V1/Item/CID/Audit/Detail/{cid}"), &buyer).await;
    assert_eq!(a.body[3]["changes"]["cust_desc1"]["to"], "DRILL BIT, COBALT", "{:?}", a.body);
}

#[tokio::test]
async fn duplicates_are_found_and_merging_moves_cips_files_and_history_to_the_primary() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let admin = app.login("admin").await;
    app.switch(&admin, "ACME-NORTH").await;
    let north = app.site_id("ACME-NORTH").await;
    let primary = cid_no(&app, "ACME-NORTH", "CP-10021").await;
    let item: i64 = sqlx::query_scalar("select item_id from client_acme.cid where cid_no = $1").bind(primary).fetch_one(&app.pool).await.unwrap();

    // Two more CIDs of the same item: duplicates.
    let mut dups = Vec::new();
    for (code, cip) in [("CP-90001", "BRG-DUP-1"), ("CP-90002", "BRG-DUP-2")] {
        let a = app.post("/api/V1/Item/CID", &buyer, json!({"cust_item_code": code, "cust_desc1": "BEARING 6204", "item_id": item, "cip_code": cip})).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        dups.push(a.body["cid"]["cid_no"].as_i64().unwrap());
    }
    let a = app.post("/api/V1/Item/CID/Common/GetAllDuplicateCIDs", &buyer, json!({"pageSize": 50, "q": "CP-900"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let found: Vec<i64> = a.body["itemList"].as_array().unwrap().iter().map(|r| r["cid_no"].as_i64().unwrap()).collect();
    assert!(dups.iter().all(|d| found.contains(d)), "{found:?}");
    assert_eq!(a.body["itemList"][0]["duplicate_reason"], "item");
    let a = app.post("/api/V1/Item/CID/Common/GetAllDuplicateCIDs", &buyer, json!({"pageSize": 50, "sortField": "cip_count", "sortDirection": "desc"})).await;
    assert!(a.body["totalCount"].as_i64().unwrap() >= 3);
    assert!(a.body["itemList"].as_array().unwrap().iter().any(|r| r["cid_no"] == primary && r["group_size"].as_i64().unwrap() >= 3), "{:?}", a.body);

    // A file on the first duplicate with the name of one of the primary's.
    for (entity, version, default) in [(primary, 1, true), (dups[0], 1, true)] {
        sqlx::query(
            "insert into client_acme.file (site_id, entity_type, entity_id, file_name, version, file_guid, is_image, default_image, file_size, mime_type, storage_key)
             values ($1, 2, $2, 'photo.png', $3, gen_random_uuid()::text, true, $4, 10, 'image/png', gen_random_uuid()::text)",
        )
        .bind(north)
        .bind(entity)
        .bind(version)
        .bind(default)
        .execute(&app.pool)
        .await
        .unwrap();
    }

    // Only with ItemMerge.
    let a = app.post(&format!("/api/V1/Item/CIP/CID/Merge?primary_cid={primary}"), &buyer, json!({"cid_nos": dups})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    // Only CIDs of the primary's site.
    let south = cid_no(&app, "ACME-SOUTH", "CP-10388").await;
    let a = app.post(&format!("/api/V1/Item/CIP/CID/Merge?primary_cid={primary}"), &admin, json!({"cid_nos": [dups[0], south]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("same site"));
    let a = app.post(&format!("/api/V1/Item/CIP/CID/Merge?primary_cid={primary}"), &admin, json!({"cid_nos": [primary]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    let a = app.post(&format!("/api/V1/Item/CIP/CID/Merge?primary_cid={primary}"), &admin, json!({"cid_nos": dups})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["moved_cip_nos"].as_array().unwrap().len(), 2);
    assert_eq!(a.body["moved_file_count"], 1);
    let cips: i64 = sqlx::query_scalar("select count(*) from client_acme.cip where cid_no = $1").bind(primary).fetch_one(&app.pool).await.unwrap();
    assert_eq!(cips, 3);
    let moved_code: String = sqlx::query_scalar("select cust_item_code from client_acme.cip where cip_code = 'BRG-DUP-1'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(moved_code, "CP-10021");
    for d in &dups {
        let (status, into): (i32, Option<i64>) = sqlx::query_as("select cid_status, merged_into_cid_no from client_acme.cid where cid_no = $1").bind(d).fetch_one(&app.pool).await.unwrap();
        assert_eq!((status, into), (3, Some(primary)));
    }
    let files: Vec<(i32, bool)> = sqlx::query_as("select version, default_image from client_acme.file where entity_type = 2 and entity_id = $1 and file_name = 'photo.png' order by version")
        .bind(primary)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(files, vec![(1, true), (2, false)]);
    // The merged CIDs' history is part of the primary's.
    let a = app.get(&format!("/api/V1/Item/CID/Audit/Detail/{primary}"), &admin).await;
    let actions: Vec<&str> = a.body.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions.iter().filter(|a| **a == "cid.create").count(), 2, "{actions:?}");
    assert!(actions.contains(&"cid.merge") && actions.contains(&"cid.merged"));
    // A merged CID is not merged again nor changed; its customer part is free again.
    let a = app.post(&format!("/api/V1/Item/CIP/CID/Merge?primary_cid={primary}"), &admin, json!({"cid_nos": [dups[0]]})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    let a = app.put("/api/V1/Item/CID/ABC", &admin, json!({"cid_no": dups[0], "curr_abc_class_type_id": 2})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    let a = app.get("/api/V1/Item/CID/CheckCustNumberExists?cust_item_code=CP-90001", &buyer).await;
    assert_eq!(a.body["exists"], false);
}
