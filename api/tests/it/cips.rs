//! The CIP (docs/cip.md): the status rule and the "multiple" flag, costs only with InvFISPrice, the global search box's
//! quick searches, the search grid with its filters, sort, column filter and export, the item page's reads, the
//! checked and audited changes (replenishment, defaults, other, CID, related items, repaired parts), locations and
//! their segments, and that another site's or client's CIP is never reached.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{Answer, TestApp};

pub async fn cip_no(app: &TestApp, site: &str, code: &str) -> i64 {
    let schema = if site.starts_with("GEA") { "client_gea" } else { "client_acme" };
    sqlx::query_scalar(&format!("select c.cip_no from {schema}.cip c join asp.site s using (site_id) where s.site_code = $1 and c.cip_code = $2"))
        .bind(site)
        .bind(code)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

/// The login's token, working at `site`.
pub async fn at(app: &TestApp, login: &str, site: &str) -> String {
    let token = app.login(login).await;
    let a = app.switch(&token, site).await;
    assert_eq!(a.status, StatusCode::OK, "{login} to {site}: {:?}", a.body);
    token
}

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().map(|e| e.iter().map(|x| x["field"].as_str().unwrap_or_default().to_owned()).collect()).unwrap_or_default()
}

async fn sql(app: &TestApp, statement: &str) {
    sqlx::query(statement).execute(&app.pool).await.unwrap();
}

#[tokio::test]
async fn a_pending_cip_is_not_displayed_and_multiple_says_the_cid_has_several_active_cips() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let a = app.get(&format!("/api/V1/Item/CIP/{bearing}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["multiple"], false);
    assert_eq!(a.body["repl_type"], 2);

    // A second CIP of the same CID: pending first (does not count), then active (multiple).
    sql(
        &app,
        "insert into client_acme.cip (site_id, cid_no, item_id, cip_code, status_id, location)
         select site_id, cid_no, item_id, 'BRG-6204-2RS-B', 5, 'Z-09-09' from client_acme.cip where cip_code = 'BRG-6204-2RS'
           and site_id = (select site_id from asp.site where site_code = 'ACME-NORTH')",
    )
    .await;
    let second = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS-B").await;
    for path in [format!("/api/V1/Item/CIP/{second}"), format!("/api/V1/Item/CIP/Common/{second}")] {
        let a = app.get(&path, &buyer).await;
        assert_eq!(a.status, StatusCode::CONFLICT, "{path}: {:?}", a.body);
        assert_eq!(a.body["message"], "Can't display CIP until Item Add Req is approved.");
    }
    assert_eq!(app.get(&format!("/api/V1/Item/CIP/{bearing}"), &buyer).await.body["multiple"], false);
    // A pending CIP cannot be changed either.
    let a = app.post("/api/V1/Item/CIP/Other/Update", &buyer, json!({"cip_no": second, "consigned": true})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);

    sql(&app, &format!("update client_acme.cip set status_id = 1 where cip_no = {second}")).await;
    for id in [bearing, second] {
        let a = app.get(&format!("/api/V1/Item/CIP/{id}"), &buyer).await;
        assert_eq!(a.body["multiple"], true, "{id}: {:?}", a.body);
    }
    // The CID's CIPs, paged.
    let cid = app.get(&format!("/api/V1/Item/CIP/{bearing}"), &buyer).await.body["cid_no"].as_i64().unwrap();
    let a = app.get(&format!("/api/V1/Item/CIP/CID/{cid}?pageSize=10&sortField=cip_code"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 2);
    assert_eq!(a.body["resultList"][0]["cip_code"], "BRG-6204-2RS");
    let a = app.post("/api/V1/Item/CIP/CID/GetByCID/Search", &buyer, json!({"cid_no": cid, "pageSize": 10, "sortField": "cip_code", "sortDirection": "desc"})).await;
    assert_eq!(a.body["resultList"][0]["cip_code"], "BRG-6204-2RS-B", "{:?}", a.body);
}

#[tokio::test]
async fn the_item_page_reads_show_the_cid_the_item_quantities_usage_and_history() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let a = app.get(&format!("/api/V1/Item/CIP/Common/{bearing}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cip"]["cip_code"], "BRG-6204-2RS");
    assert_eq!(a.body["cid"]["cust_item_code"], "CP-10021");
    assert_eq!(a.body["item"]["desc1"], "BEARING, BALL");
    assert!(a.body["item"]["mfg_part_no"].as_str().is_some());
    assert_eq!(a.body["alternate_location_count"], 1, "seeded overflow location");
    assert_eq!(a.body["related_items"].as_array().unwrap().len(), 1, "seeded substitute");
    assert!(a.body["cip"]["cust_avg_cost"].is_null(), "the buyer has no InvFISPrice");

    let q = app.get(&format!("/api/V1/Item/CIP/Quantities/{bearing}"), &buyer).await;
    assert_eq!(q.status, StatusCode::OK, "{:?}", q.body);
    assert_eq!(q.body["qty_on_hand"], 24.0);
    let position = q.body["qty_on_hand"].as_f64().unwrap() + q.body["qty_on_order"].as_f64().unwrap() - q.body["qty_backorder"].as_f64().unwrap();
    assert_eq!(q.body["qty_position"].as_f64().unwrap(), position);

    let s = app.get(&format!("/api/V1/Item/CIP/Summary/{bearing}"), &buyer).await;
    assert_eq!(s.status, StatusCode::OK, "{:?}", s.body);
    let usage: Vec<f64> = s.body["usage"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(usage.len(), 13);
    assert_eq!(s.body["annual_usage"].as_f64().unwrap(), usage.iter().sum::<f64>());
    assert_eq!(s.body["month_usage"].as_array().unwrap().len(), 12);
    // The pop-up needs CIPSummaryView: the supplier at ACME-NORTH lacks it.
    let supplier = app.login("supplier").await;
    assert_eq!(app.get(&format!("/api/V1/Item/CIP/Summary/{bearing}"), &supplier).await.status, StatusCode::FORBIDDEN);

    let h = app.get(&format!("/api/V1/Item/CIP/HoldType/{bearing}"), &buyer).await;
    assert_eq!(h.status, StatusCode::OK, "{:?}", h.body);
    let r = app.get(&format!("/api/V1/Item/CIP/ReplenishmentSource/{bearing}"), &buyer).await;
    assert_eq!((r.body["source"].as_str(), r.body["vend_code"].as_str(), r.body["vend_name"].as_str()), (Some("Vendor"), Some("10452"), Some("Grainger Industrial Supply")));
    let k = app.get(&format!("/api/V1/Item/CIP/KeepFull/EditCheck/{bearing}"), &buyer).await;
    assert_eq!(k.body["editable"], true, "{:?}", k.body);
    let w = app.get(&format!("/api/V1/Item/CIP/WarehouseCost/{bearing}"), &buyer).await;
    assert_eq!((w.body["cost_visible"].as_bool(), w.body["warehouse_cost"].is_null()), (Some(false), true), "{:?}", w.body);
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let w = app.get(&format!("/api/V1/Item/CIP/WarehouseCost/{bearing}"), &warehouse).await;
    assert_eq!(w.body["cost_visible"], true);
    assert!(w.body["warehouse_cost"].as_f64().unwrap() > 0.0, "{:?}", w.body);
    assert_eq!(w.body["cust_avg_cost"], 4.125);

    // History: a change shows who made it.
    let a = app.post("/api/V1/Item/CIP/Other/Update", &buyer, json!({"cip_no": bearing, "consigned": true, "vend_code": "30871", "custom_1": "shelf life 5y"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let h = app.get(&format!("/api/V1/Item/CIP/Audit/Detail/{bearing}"), &buyer).await;
    assert_eq!(h.status, StatusCode::OK, "{:?}", h.body);
    let last = &h.body[0];
    assert_eq!(last["action"], "cip.other.update");
    assert_eq!(last["changed_by"], "buyer");
    assert_eq!(last["changes"]["vend_code"], json!({"from": "10452", "to": "30871"}));
    assert_eq!(last["changes"]["consigned"], json!({"from": false, "to": true}));
}

#[tokio::test]
async fn the_average_cost_shows_only_with_inv_fis_price_in_every_answer() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    for (token, sees) in [(&buyer, false), (&warehouse, true)] {
        let quick = app.get("/api/V1/Item/CIP/QuickSearch/CIPCode/BRG-6204-2RS/ACME-NORTH", token).await;
        let search = app.post("/api/V1/Item/CIP/Search", token, json!({"cip_code": "BRG-6204", "pageSize": 10})).await;
        let picker = app.post("/api/V1/Item/CIP/CIPSearch", token, json!({"cip_code": "BRG-6204", "pageSize": 10})).await;
        for (name, row) in [("quick", &quick.body[0]), ("search", &search.body["resultList"][0]), ("picker", &picker.body["resultList"][0])] {
            assert_eq!(row["cip_code"], "BRG-6204-2RS", "{name}: {row:?}");
            assert_eq!(!row["cust_avg_cost"].is_null(), sees, "{name}: {row:?}");
        }
    }
}

#[tokio::test]
async fn the_four_quick_searches_find_the_sites_cips_and_refuse_a_site_the_caller_may_not_use() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let south_bearing = cip_no(&app, "ACME-SOUTH", "BRG-6204-2RS").await;

    let a = app.get("/api/V1/Item/CIP/QuickSearch/CIPCode/brg-6204-2rs/ACME-NORTH", &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body.as_array().unwrap().len(), 1);
    assert_eq!(a.body[0]["cip_no"], bearing);
    // Another site of the buyer answers that site's CIP.
    let a = app.get("/api/V1/Item/CIP/QuickSearch/CIPCode/BRG-6204-2RS/acme-south", &buyer).await;
    assert_eq!(a.body[0]["cip_no"], south_bearing, "{:?}", a.body);

    let a = app.get(&format!("/api/V1/Item/CIP/QuickSearch/CIPNo/{bearing}/ACME-NORTH"), &buyer).await;
    assert_eq!(a.body[0]["cip_code"], "BRG-6204-2RS", "{:?}", a.body);
    let a = app.get(&format!("/api/V1/Item/CIP/QuickSearch/CIPNo/{bearing}/ACME-SOUTH"), &buyer).await;
    assert_eq!(a.body, json!([]), "the number is of the other site");
    let a = app.get("/api/V1/Item/CIP/QuickSearch/CIPNo/12ab/ACME-NORTH", &buyer).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.body["message"], "CIP Id must be a number.");

    let a = app.post("/api/V1/Item/CIP/QuickSearch/CustItemCode", &buyer, json!({"code": "cp-10021", "site_code": "ACME-NORTH"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body[0]["cip_no"], bearing);
    assert_eq!(a.body[0]["cust_item_code"], "CP-10021");
    // A partial customer part offers the site's parts that start with it (issue 22: only the exact code was found).
    let a = app.post("/api/V1/Item/CIP/QuickSearch/CustItemCode", &buyer, json!({"code": "cp-1002", "site_code": "ACME-NORTH"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let partial = a.body.as_array().unwrap();
    assert!(partial.iter().any(|r| r["cip_no"] == bearing), "{:?}", a.body);
    assert!(partial.iter().all(|r| r["cust_item_code"].as_str().is_some_and(|c| c.starts_with("CP-1002")) && r["site_id"] == a.body[0]["site_id"]), "{:?}", a.body);

    let erp: String = sqlx::query_scalar(
        "select i.erp_vmi_item_code from asp.item_master i join client_acme.cip c on c.item_id = i.item_id where c.cip_no = $1",
    )
    .bind(bearing)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = app.get(&format!("/api/V1/Item/CIP/QuickSearch/ERPItemCode/{}/ACME-NORTH", erp.to_lowercase()), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(a.body.as_array().unwrap().iter().any(|r| r["cip_no"] == bearing), "{:?}", a.body);

    // Nothing found is an empty list ('Item not found.' in the box).
    let a = app.get("/api/V1/Item/CIP/QuickSearch/CIPCode/NO-SUCH-CODE/ACME-NORTH", &buyer).await;
    assert_eq!((a.status, a.body.clone()), (StatusCode::OK, json!([])));
    // Another client's site, a site the buyer may not use, or no such site: 404.
    for site in ["GEA-MAIN", "NOPE"] {
        let a = app.get(&format!("/api/V1/Item/CIP/QuickSearch/CIPCode/BRG-6204-2RS/{site}"), &buyer).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{site}: {:?}", a.body);
        let a = app.post("/api/V1/Item/CIP/QuickSearch/CustItemCode", &buyer, json!({"code": "CP-10021", "site_code": site})).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{site}: {:?}", a.body);
    }
}

#[tokio::test]
async fn the_cip_search_filters_sorts_pages_lists_column_values_and_exports() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.post("/api/V1/Item/CIP/Search", &buyer, json!({"pageSize": 50})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let all = a.body["totalCount"].as_i64().unwrap();
    assert!(all > 200, "{all}");
    assert_eq!(a.body["resultList"].as_array().unwrap().len(), 50);
    let north: i64 = sqlx::query_scalar("select site_id from asp.site where site_code = 'ACME-NORTH'").fetch_one(&app.pool).await.unwrap();
    assert!(a.body["resultList"].as_array().unwrap().iter().all(|r| r["site_id"] == north));

    // Two filters and a sort.
    let a = app.post("/api/V1/Item/CIP/Search", &buyer, json!({"location": "a-0", "status_id": 1, "sortField": "qty_on_hand", "sortDirection": "desc", "pageSize": 20})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let rows = a.body["resultList"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r["location"].as_str().unwrap().starts_with("A-0") && r["status_id"] == 1));
    let qty: Vec<f64> = rows.iter().map(|r| r["qty_on_hand"].as_f64().unwrap()).collect();
    assert!(qty.windows(2).all(|w| w[0] >= w[1]), "{qty:?}");
    let expected: i64 = sqlx::query_scalar("select count(*) from client_acme.cip where site_id = $1 and status_id = 1 and upper(location) like 'A-0%'")
        .bind(north)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(a.body["totalCount"], expected);

    // Description contains, below min, has on hand, replenishment type, vendor.
    let a = app.post("/api/V1/Item/CIP/Search", &buyer, json!({"description": "bearing", "pageSize": 100})).await;
    let rows = a.body["resultList"].as_array().unwrap();
    assert!(!rows.is_empty() && rows.iter().all(|r| r["cust_desc1"].as_str().unwrap().contains("BEARING")), "{:?}", a.body);
    let a = app.post("/api/V1/Item/CIP/Search", &buyer, json!({"below_min": true, "has_on_hand": true, "repl_type": 2, "vend_code": "10452", "pageSize": 100})).await;
    for r in a.body["resultList"].as_array().unwrap() {
        assert!(r["qty_on_hand"].as_f64().unwrap() < r["min_qty"].as_f64().unwrap() && r["qty_on_hand"].as_f64().unwrap() > 0.0, "{r:?}");
        assert_eq!((r["repl_type"].as_i64(), r["vend_code"].as_str()), (Some(2), Some("10452")));
    }

    // The sort and the page are checked; caller text never becomes SQL.
    let a = app.post("/api/V1/Item/CIP/Search", &buyer, json!({"sortField": "cip_code; drop table cip", "pageSize": 15, "status_id": 42})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let f = fields(&a);
    assert!(f.contains(&"sortField".to_owned()) && f.contains(&"pageSize".to_owned()), "{f:?}");
    let a = app.post("/api/V1/Item/CIP/Search", &buyer, json!({"status_id": 42})).await;
    assert_eq!(fields(&a), ["status_id"]);
    let a = app.post("/api/V1/Item/CIP/Search", &buyer, json!({"text": "%_%", "pageSize": 10})).await;
    assert_eq!((a.status, a.body["totalCount"].as_i64()), (StatusCode::OK, Some(0)), "wildcards are literal");

    // Min1 and the picker take the same filters.
    let a = app.post("/api/V1/Item/CIP/Min1/Search", &buyer, json!({"cip_code": "GLV", "pageSize": 10})).await;
    assert_eq!(a.body["resultList"][0], json!({"cip_no": cip_no(&app, "ACME-NORTH", "GLV-NTR-L").await, "cip_code": "GLV-NTR-L", "cust_item_code": "CP-10388", "cust_desc1": "GLOVE, NITRILE", "location": "B-02-03", "status_id": 1}));

    // Column filter values.
    let a = app.post("/api/V1/Item/CIP/Search/SubFilterListByField", &buyer, json!({"field": "repl_type"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let total: i64 = a.body["values"].as_array().unwrap().iter().map(|v| v["count"].as_i64().unwrap()).sum();
    assert_eq!(total, all);
    let values: Vec<&str> = a.body["values"].as_array().unwrap().iter().map(|v| v["value"].as_str().unwrap()).collect();
    assert_eq!(values, ["1", "2", "3"]);
    let a = app.post("/api/V1/Item/CIP/Search/SubFilterListByField", &buyer, json!({"field": "loc_seg1", "starts_with": "b", "status_id": 1})).await;
    assert_eq!(a.body["values"].as_array().unwrap().iter().map(|v| v["value"].as_str().unwrap()).collect::<Vec<_>>(), ["B"]);
    let a = app.post("/api/V1/Item/CIP/Search/SubFilterListByField", &buyer, json!({"field": "cust_avg_cost"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "not a listed column: {:?}", a.body);

    // Export: a workbook of the requested columns.
    let resp = app
        .client
        .post(format!("{}/api/V1/Item/CIP/Search/Export", app.base))
        .bearer_auth(&buyer)
        .json(&json!({"status_id": 1, "sortField": "cip_code", "columns": [{"field": "cip_code", "header": "CIP"}, {"field": "qty_on_hand", "header": "On hand", "kind": "number"}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(resp.headers()["content-disposition"].to_str().unwrap().contains("AspExport.xlsx"));
    assert_eq!(&resp.bytes().await.unwrap()[..2], b"PK");

    // Another site of the buyer by site_code; a site of another client is 404.
    let a = app.post("/api/V1/Item/CIP/Search", &buyer, json!({"site_code": "ACME-SOUTH", "cip_code": "BRG"})).await;
    assert_eq!(a.body["resultList"][0]["cip_no"], cip_no(&app, "ACME-SOUTH", "BRG-6204-2RS").await);
    assert_eq!(app.post("/api/V1/Item/CIP/Search", &buyer, json!({"site_code": "GEA-MAIN"})).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_text_filters_answer_exactly_what_contains_means_whether_the_word_index_narrows_or_not() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let north: i64 = sqlx::query_scalar("select site_id from asp.site where site_code = 'ACME-NORTH'").fetch_one(&app.pool).await.unwrap();
    // A new word inside another, at one CIP of each ACME site: the vocabulary learns it from the update.
    sql(&app, "update client_acme.cid set cust_desc2 = 'XQUIXOTICALLY SEALED' where cid_no in (select min(cid_no) from client_acme.cip group by site_id)").await;
    let expected = |column: &'static str, pattern: &'static str| {
        let pool = app.pool.clone();
        async move {
            let mut ids: Vec<i64> = sqlx::query_scalar(&format!(
                "select cip_no from client_acme.cip where site_id = $1 and {column} like $2 order by cip_no"
            ))
            .bind(north)
            .bind(pattern)
            .fetch_all(&pool)
            .await
            .unwrap();
            ids.sort_unstable();
            ids
        }
    };
    // The answer is the expected set: its total, and a page (at most 100) of it.
    let check = |body: serde_json::Value, want: Vec<i64>| {
        let app = &app;
        let buyer = buyer.clone();
        async move {
            let a = app.post("/api/V1/Item/CIP/Search", &buyer, body.clone()).await;
            assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
            let ids: Vec<i64> = a.body["resultList"].as_array().unwrap().iter().map(|r| r["cip_no"].as_i64().unwrap()).collect();
            assert_eq!(a.body["totalCount"].as_u64(), Some(want.len() as u64), "{body}");
            assert_eq!(ids.len(), want.len().min(100), "{body}");
            assert!(ids.iter().all(|id| want.contains(id)), "{body}: {ids:?} not all in {want:?}");
        }
    };
    let descriptions = "upper(coalesce(cust_desc1, '') || ' ' || coalesce(cust_desc2, ''))";
    // A whole word, a part of one, runs across punctuation, no run long enough to look up, a word of the new text.
    for (typed, pattern) in [
        ("bearing", "%BEARING%"),
        ("earin", "%EARIN%"),
        ("ring, b", "%RING, B%"),
        ("o-r", "%O-R%"),
        ("quixotic", "%QUIXOTIC%"),
        ("ally seal", "%ALLY SEAL%"),
    ] {
        check(json!({"description": typed, "pageSize": 100}), expected(descriptions, pattern).await).await;
    }
    assert!(!expected(descriptions, "%QUIXOTIC%").await.is_empty() && !expected(descriptions, "%BEARING%").await.is_empty());
    // The text filter also reads the codes; a run no word contains matches nothing.
    for (typed, pattern) in [("ntr-l", "%NTR-L%"), ("glv", "%GLV%"), ("quixotic sealed", "%QUIXOTIC SEALED%")] {
        check(json!({"text": typed, "pageSize": 100}), expected("search_text", pattern).await).await;
    }
    check(json!({"description": "zzqxw", "pageSize": 100}), vec![]).await;
    // Both filters and another condition together.
    let want: Vec<i64> = sqlx::query_scalar(&format!(
        "select cip_no from client_acme.cip where site_id = $1 and {descriptions} like '%BEARING%' and search_text like '%SEALED%' and qty_on_hand > 0 order by 1"
    ))
    .bind(north)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    check(json!({"description": "bearing", "text": "sealed", "has_on_hand": true, "pageSize": 100}), want).await;
}

#[tokio::test]
async fn replenishment_settings_are_checked_field_by_field_and_each_change_is_audited() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let url = "/api/V1/Item/CIP/Replenishment/Update";
    let a = app.post(url, &buyer, json!({"cip_no": bearing, "repl_type": 2, "min_qty": 30, "max_qty": 20, "lot_qty": 0, "keep_full": false})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(fields(&a), ["lot_qty", "max_qty"]);
    assert_eq!(a.body["errors"][1]["error"], "Max must be greater than or equal to Min.");
    let a = app.post(url, &buyer, json!({"cip_no": bearing, "repl_type": 1, "min_qty": 2, "max_qty": 20, "keep_full": true})).await;
    assert_eq!(fields(&a), ["keep_full"]);
    let a = app.post(url, &buyer, json!({"cip_no": bearing, "repl_type": 3, "min_qty": 2, "max_qty": 20, "keep_full": false})).await;
    assert_eq!(fields(&a), ["repl_type"], "{:?}", a.body);
    let a = app.post(url, &buyer, json!({"cip_no": bearing, "repl_type": 2, "min_qty": 1e13, "max_qty": 2e13, "keep_full": false})).await;
    assert_eq!(fields(&a), ["min_qty", "max_qty"]);
    assert_eq!(a.body["errors"][0]["error"], "Min must be a number up to 999,999,999,999.");
    // Beyond what an exact quantity carries (15 significant digits, below 10^15) the body itself is refused.
    let a = app.post(url, &buyer, json!({"cip_no": bearing, "repl_type": 2, "min_qty": 1e300, "max_qty": 1e301, "keep_full": false})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let unchanged: f64 = sqlx::query_scalar("select max_qty::float8 from client_acme.cip where cip_no = $1").bind(bearing).fetch_one(&app.pool).await.unwrap();

    let a = app.post(url, &buyer, json!({"cip_no": bearing, "repl_type": 2, "min_qty": 5, "max_qty": 40, "lot_qty": 10, "reorder_qty": 10, "num_lots": 2, "keep_full": true})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["success"].as_bool(), a.body["cip"]["max_qty"].as_f64(), a.body["cip"]["keep_full"].as_bool()), (Some(true), Some(40.0), Some(true)));
    let h = app.get(&format!("/api/V1/Item/CIP/Audit/Detail/{bearing}"), &buyer).await;
    assert_eq!(h.body[0]["action"], "cip.replenishment.update");
    assert_eq!(h.body[0]["changes"]["max_qty"], json!({"from": unchanged, "to": 40.0}));
    assert!(h.body[0]["changes"].get("updated_at").is_none());

    // Keep full is no longer editable once the CIP is not MinMax with a max.
    sql(&app, &format!("update client_acme.cip set max_qty = null, keep_full = false where cip_no = {bearing}")).await;
    let k = app.get(&format!("/api/V1/Item/CIP/KeepFull/EditCheck/{bearing}"), &buyer).await;
    assert_eq!((k.body["editable"].as_bool(), k.body["message"].as_str()), (Some(false), Some("Set a Max first: Keep Full orders back to Max.")));

    // Without ItemEdit (the support role) the change is refused before anything is read.
    let support = at(&app, "support", "ACME-NORTH").await;
    assert_eq!(app.post(url, &support, json!({"cip_no": bearing, "repl_type": 2, "keep_full": false})).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn defaults_buddy_and_related_items_take_only_records_of_the_cips_site() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let gloves = cip_no(&app, "ACME-NORTH", "GLV-NTR-L").await;
    let south_gloves = cip_no(&app, "ACME-SOUTH", "GLV-NTR-L").await;
    let id = |table: &'static str, col: &'static str, key: &'static str, value: &'static str, site: &'static str| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(&format!("select t.{col} from client_acme.{table} t join asp.site s using (site_id) where t.{key} = $1 and s.site_code = $2"))
                .bind(value)
                .bind(site)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let maria = id("employee", "employee_id", "employee_number", "E1001", "ACME-NORTH").await;
    let grace = id("employee", "employee_id", "employee_number", "E1003", "ACME-NORTH").await;
    let south_maria = id("employee", "employee_id", "employee_number", "E1001", "ACME-SOUTH").await;
    let cc = id("tracking_code", "tracking_code_id", "tracking_number", "CC-4100", "ACME-NORTH").await;
    let wo = id("tracking_code", "tracking_code_id", "tracking_number", "WO-7781", "ACME-NORTH").await;

    let url = "/api/V1/Item/CIP/Defaults/Update";
    let a = app.post(url, &buyer, json!({"cip_no": gloves, "default_employee_id": south_maria, "default_track1": wo, "default_track2": cc})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(fields(&a), ["default_employee_id", "default_track1", "default_track2"]);
    let a = app.post(url, &buyer, json!({"cip_no": gloves, "default_employee_id": grace})).await;
    assert_eq!(a.body["errors"][0]["error"], format!("Employee {grace} is not active."));
    let a = app.post(url, &buyer, json!({"cip_no": gloves, "default_employee_id": maria, "default_track1": cc, "default_track2": wo})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["cip"]["default_employee_id"].as_i64(), a.body["cip"]["default_track2"].as_i64()), (Some(maria), Some(wo)));
    // The CIPs defaulting to a tracking code.
    let a = app.get(&format!("/api/V1/Item/CIP/TrackingCode/{wo}"), &buyer).await;
    assert_eq!(a.body.as_array().unwrap().iter().map(|r| r["cip_no"].as_i64().unwrap()).collect::<Vec<_>>(), [gloves]);
    let a = app.get(&format!("/api/V1/Item/CIP/TrackingCode/{cc}"), &buyer).await;
    assert_eq!(a.body.as_array().unwrap().len(), 2, "the seeded bearing and the gloves: {:?}", a.body);

    let other = "/api/V1/Item/CIP/Other/Update";
    for (buddy, field_error) in [(bearing, "The buddy CIP must be of the same CID or the same manufacturer part."), (gloves, "A CIP cannot be its own buddy."), (south_gloves, "does not exist at this site.")] {
        let a = app.post(other, &buyer, json!({"cip_no": gloves, "consigned": false, "buddy_cip_no": buddy})).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
        assert!(a.body["errors"][0]["error"].as_str().unwrap().contains(field_error), "{:?}", a.body);
    }
    let a = app.post(other, &buyer, json!({"cip_no": gloves, "consigned": false, "vend_code": "99999"})).await;
    assert_eq!(fields(&a), ["vend_code"]);
    // A second CIP of the gloves' CID is a valid buddy.
    sql(
        &app,
        "insert into client_acme.cip (site_id, cid_no, item_id, cip_code, location) select site_id, cid_no, item_id, 'GLV-NTR-L-2', 'Z-05-01'
         from client_acme.cip where cip_code = 'GLV-NTR-L' and site_id = (select site_id from asp.site where site_code = 'ACME-NORTH')",
    )
    .await;
    let second = cip_no(&app, "ACME-NORTH", "GLV-NTR-L-2").await;
    let a = app.post(other, &buyer, json!({"cip_no": gloves, "consigned": true, "buddy_cip_no": second})).await;
    assert_eq!((a.status, a.body["cip"]["buddy_cip_no"].as_i64()), (StatusCode::OK, Some(second)), "{:?}", a.body);

    let related = "/api/V1/Item/CIP/RelatedItems";
    let a = app.post(related, &buyer, json!({"cip_no": gloves, "related_items": [{"related_cip_no": bearing, "relation": 2}, {"related_cip_no": bearing}, {"related_cip_no": south_gloves}, {"related_cip_no": gloves, "relation": 9}]})).await;
    assert_eq!(fields(&a), ["related_items[1].related_cip_no", "related_items[2].related_cip_no", "related_items[3].relation", "related_items[3].related_cip_no"]);
    let a = app.post(related, &buyer, json!({"cip_no": gloves, "related_items": [{"related_cip_no": bearing, "relation": 2}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let c = app.get(&format!("/api/V1/Item/CIP/Common/{gloves}"), &buyer).await;
    assert_eq!(c.body["related_items"][0]["related_cip_no"], bearing);
    assert_eq!(c.body["related_items"][0]["relation"], 2);
    assert_eq!(c.body["buddy"]["cip_code"], "GLV-NTR-L-2");
}

#[tokio::test]
async fn another_sites_or_clients_cip_is_not_found_for_every_read_and_change() {
    let app = TestApp::spawn().await;
    let customer = app.login("customer").await; // GEA-MAIN only
    sql(
        &app,
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id) select u.asp_users_id, s.site_id, r.security_role_id
         from asp.asp_users u, asp.site s, asp.security_role r where u.user_id = 'customer' and s.site_code = 'GEA-MAIN' and r.role_name = 'Warehouse'",
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let acme = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let por = cip_no(&app, "GEA-POR", "BRG-6204-2RS").await;
    let own = cip_no(&app, "GEA-MAIN", "BRG-6204-2RS").await;
    assert_eq!(app.get(&format!("/api/V1/Item/CIP/{own}"), &customer).await.status, StatusCode::OK);
    let before: i64 = sqlx::query_scalar("select count(*) from asp.audit_event").fetch_one(&app.pool).await.unwrap();
    // ACME's cip numbers may exist in GEA's schema too: the GEA-POR CIP is the one that must stay hidden.
    for id in [por, 99_999_999] {
        for path in [
            "", "Common/", "Quantities/", "Summary/", "Audit/Detail/", "LikeUPC/", "LikeUPC/OnHand/", "WarehouseCost/", "KeepFull/EditCheck/",
            "ReplenishmentSource/", "HoldType/", "Repair/", "AlternateLocation/", "VirtualLocation/", "KitChild/", "Kanban/", "CribMaster/",
            "Dispensing/KitLocation/",
        ] {
            let a = app.get(&format!("/api/V1/Item/CIP/{path}{id}"), &customer).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}{id}: {:?}", a.body);
        }
        for (path, body) in [
            ("Replenishment/Update", json!({"cip_no": id, "repl_type": 2, "min_qty": 1, "max_qty": 2, "keep_full": false})),
            ("Defaults/Update", json!({"cip_no": id})),
            ("Other/Update", json!({"cip_no": id, "consigned": true})),
            ("CID/Update", json!({"cip_no": id, "cid_no": 1})),
            ("RelatedItems", json!({"cip_no": id, "related_items": []})),
            ("Repair/Update", json!({"cip_no": id})),
            ("CreateRepairedCIP", json!({"cip_no": id})),
            ("MLQ", json!({"cip_no": id})),
            ("AlternateLocation/Insert", json!({"cip_no": id, "location": "Z-01-01"})),
            ("VirtualLocation/Save", json!({"cip_no": id, "virtual_locations": []})),
            ("Dispensing/Update", json!({"cip_no": id, "dispensing": false, "station_bin_ids": []})),
        ] {
            let a = app.post(&format!("/api/V1/Item/CIP/{path}"), &customer, body).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{path} {id}: {:?}", a.body);
        }
    }
    let a = app.get(&format!("/api/V1/Item/CIP/LocationCheck?location=A-01-01&cip_no={por}"), &customer).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    // The crib devices of GEA-POR, for a crib device administrator of GEA-MAIN.
    let one = |q: &'static str| {
        let pool = app.pool.clone();
        async move { sqlx::query_scalar::<_, i64>(q).fetch_one(&pool).await.unwrap() }
    };
    let por_site = one("select site_id from asp.site where site_code = 'GEA-POR'").await;
    let station = one("select station_id from client_gea.station where station_code = 'VM-01' and site_id = (select site_id from asp.site where site_code = 'GEA-POR')").await;
    let bin = one("select station_bin_id from client_gea.station_bin where station_id = (select station_id from client_gea.station where station_code = 'SHELF-01' and site_id = (select site_id from asp.site where site_code = 'GEA-POR')) limit 1").await;
    let kanban = one("select kanban_bin_id from client_gea.kanban_bin where site_id = (select site_id from asp.site where site_code = 'GEA-POR') limit 1").await;
    let kit = cip_no(&app, "GEA-POR", "KIT-PM-100").await;
    for path in [format!("/api/V1/Crib/Station/{station}"), format!("/api/V1/Crib/Kit/{kit}"), format!("/api/V1/Item/Location/Segments/{por_site}")] {
        assert_eq!(app.get(&path, &customer).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    for path in [format!("/api/V1/Crib/Station/{station}"), format!("/api/V1/Crib/StationBin/{bin}"), format!("/api/V1/Crib/KanbanBin/{kanban}")] {
        assert_eq!(app.delete(&path, &customer).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    for (path, body) in [
        ("Crib/Station", json!({"station_id": station, "station_code": "X", "station_type": 1})),
        ("Crib/StationBin", json!({"station_bin_id": bin, "station_id": station, "bin_code": "X"})),
        ("Crib/KanbanBin", json!({"kanban_bin_id": kanban, "bin_qty": 1, "bin_status": 1})),
        ("Crib/Kit", json!({"cip_no": kit, "children": []})),
        ("Item/Location/Segments", json!({"site_id": por_site, "segments": []})),
    ] {
        let a = app.put(&format!("/api/V1/{path}"), &customer, body).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "PUT {path}: {:?}", a.body);
    }
    for (path, body) in [
        ("Crib/StationBin", json!({"station_id": station, "bin_code": "X"})),
        ("Crib/KanbanBin", json!({"cip_no": por, "tool_code": "X", "bin_qty": 1})),
        ("Item/CIP/KanbanNewToolID/Update", json!({"kanban_bin_id": kanban, "new_tool_code": "X"})),
        ("Item/CIP/SiteIDandStationID", json!({"site_id": por_site, "station_id": station})),
    ] {
        let a = app.post(&format!("/api/V1/{path}"), &customer, body).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "POST {path}: {:?}", a.body);
    }
    let after: i64 = sqlx::query_scalar("select count(*) from asp.audit_event").fetch_one(&app.pool).await.unwrap();
    assert_eq!(before, after, "nothing was changed");
    // An ACME CIP number answers GEA's own CIP of that number or 404, never ACME's.
    let a = app.get(&format!("/api/V1/Item/CIP/{acme}"), &customer).await;
    assert!(!a.body.to_string().contains("ACME"), "{:?}", a.body);
    // The CIPs of a site the caller may not use.
    let por_site: i64 = sqlx::query_scalar("select site_id from asp.site where site_code = 'GEA-POR'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(app.get(&format!("/api/V1/Item/CIP/Site/{por_site}"), &customer).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn alternate_locations_fit_the_sites_segments_and_stay_free() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let north: i64 = sqlx::query_scalar("select site_id from asp.site where site_code = 'ACME-NORTH'").fetch_one(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/Item/Location/Segments/{north}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["defined"], true);
    assert_eq!(a.body["segments"].as_array().unwrap().iter().map(|s| s["seg_name"].as_str().unwrap()).collect::<Vec<_>>(), ["Aisle", "Rack", "Bin"]);

    let gloves = cip_no(&app, "ACME-NORTH", "GLV-NTR-L").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let list = app.get(&format!("/api/V1/Item/CIP/AlternateLocation/{gloves}"), &buyer).await;
    assert_eq!(list.body[0]["location"], "Z-02-01", "seeded: {:?}", list.body);

    let insert = "/api/V1/Item/CIP/AlternateLocation/Insert";
    for (location, message) in [
        ("Z-1234-01", "Rack can be at most 3 characters."),
        ("Z-01-01-9", "A location at this site has at most 3 segments (Aisle-Rack-Bin)."),
        ("B-02-03", "B-02-03 is the CIP's own location."),
        ("z-02-01", "Z-02-01 is already an alternate location of this CIP."),
        ("A-01-01", "Location A-01-01 is used by CIP"),
        ("Z-01-01", "Location Z-01-01 is used by CIP"),
    ] {
        let a = app.post(insert, &buyer, json!({"cip_no": gloves, "location": location})).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{location}: {:?}", a.body);
        assert_eq!(fields(&a), ["location"]);
        assert!(a.body["errors"][0]["error"].as_str().unwrap().starts_with(message), "{location}: {:?}", a.body);
    }
    let check = app.get("/api/V1/Item/CIP/LocationCheck?location=z-01-01", &buyer).await;
    assert_eq!((check.body["valid"].as_bool(), check.body["free"].as_bool()), (Some(true), Some(false)), "{:?}", check.body);
    assert_eq!(check.body["used_by"][0]["cip_no"], bearing);
    let check = app.get(&format!("/api/V1/Item/CIP/LocationCheck?location=Z-01-01&cip_no={bearing}"), &buyer).await;
    assert_eq!(check.body["free"], true, "its own use does not count");
    let check = app.get("/api/V1/Item/CIP/LocationCheck?location=Y-7-7", &buyer).await;
    assert_eq!((check.body["valid"].as_bool(), check.body["free"].as_bool()), (Some(true), Some(true)));
    assert_eq!(check.body["segments"][1], json!({"seg_no": 2, "seg_name": "Rack", "value": "7"}));

    let a = app.post(insert, &buyer, json!({"cip_no": gloves, "location": " y-07-07 ", "notes": "pallet"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["location"].as_str(), a.body["loc_seg2"].as_str()), (Some("Y-07-07"), Some("07")));
    let id = a.body["alternate_location_id"].as_i64().unwrap();
    let a = app.put("/api/V1/Item/CIP/AlternateLocation/Update", &buyer, json!({"alternate_location_id": id, "location": "Y-07-08"})).await;
    assert_eq!((a.status, a.body["location"].as_str()), (StatusCode::OK, Some("Y-07-08")), "{:?}", a.body);
    let a = app.delete(&format!("/api/V1/Item/CIP/AlternateLocation/{id}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(app.delete(&format!("/api/V1/Item/CIP/AlternateLocation/{id}"), &buyer).await.status, StatusCode::NOT_FOUND);
    let h = app.get(&format!("/api/V1/Item/CIP/Audit/Detail/{gloves}"), &buyer).await;
    let actions: Vec<&str> = h.body.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["cip.alternate_location.delete", "cip.alternate_location.update", "cip.alternate_location.insert"]);

    // Virtual locations: validate says what save refuses.
    let body = json!({"cip_no": gloves, "virtual_locations": [{"location": "truck-07", "description": "Service truck 7"}, {"location": "TRUCK-07"}, {"location": "B-02-03"}, {"location": "TOO-LONG-AISLE-1"}]});
    let v = app.post("/api/V1/Item/CIP/VirtualLocation/Validate", &buyer, body.clone()).await;
    assert_eq!(v.status, StatusCode::OK, "{:?}", v.body);
    assert_eq!(v.body["valid"], false);
    let vf: Vec<&str> = v.body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(vf, ["virtual_locations[1].location", "virtual_locations[2].location", "virtual_locations[3].location"]);
    let s = app.post("/api/V1/Item/CIP/VirtualLocation/Save", &buyer, body).await;
    assert_eq!((s.status, fields(&s).len()), (StatusCode::BAD_REQUEST, 3));
    let s = app.post("/api/V1/Item/CIP/VirtualLocation/Save", &buyer, json!({"cip_no": gloves, "virtual_locations": [{"location": "truck-07"}, {"location": "LINE2-CAB"}]})).await;
    assert_eq!(s.status, StatusCode::OK, "{:?}", s.body);
    assert_eq!(s.body.as_array().unwrap().iter().map(|v| v["location"].as_str().unwrap()).collect::<Vec<_>>(), ["LINE2-CAB", "TRUCK-07"]);
}

#[tokio::test]
async fn location_segments_are_named_by_a_crib_device_admin_and_apply_to_new_locations() {
    let app = TestApp::spawn().await;
    let north: i64 = sqlx::query_scalar("select site_id from asp.site where site_code = 'ACME-NORTH'").fetch_one(&app.pool).await.unwrap();
    let gea: i64 = sqlx::query_scalar("select site_id from asp.site where site_code = 'GEA-MAIN'").fetch_one(&app.pool).await.unwrap();
    let body = json!({"site_id": north, "segments": [{"seg_name": "Zone", "seg_length": 1}, {"seg_name": "Shelf", "seg_length": 2}]});
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    assert_eq!(app.put("/api/V1/Item/Location/Segments", &buyer, body.clone()).await.status, StatusCode::FORBIDDEN);
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let a = app.put("/api/V1/Item/Location/Segments", &warehouse, json!({"site_id": north, "segments": [{"seg_name": "A-B", "seg_length": 0}, {"seg_name": "x", "seg_length": 2}, {"seg_name": "X", "seg_length": 2}]})).await;
    assert_eq!(fields(&a), ["segments[0].seg_name", "segments[0].seg_length", "segments[2].seg_name"]);
    // Another client's site is not found.
    assert_eq!(app.put("/api/V1/Item/Location/Segments", &warehouse, json!({"site_id": gea, "segments": []})).await.status, StatusCode::NOT_FOUND);
    let a = app.put("/api/V1/Item/Location/Segments", &warehouse, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["segments"][1], json!({"seg_no": 2, "seg_name": "Shelf", "seg_length": 2}));
    let check = app.get("/api/V1/Item/CIP/LocationCheck?location=Q-123", &buyer).await;
    assert_eq!((check.body["valid"].as_bool(), check.body["message"].as_str()), (Some(false), Some("Shelf can be at most 2 characters.")));
    // Back to the default: five segments of up to 20 characters.
    let a = app.put("/api/V1/Item/Location/Segments", &warehouse, json!({"site_id": north, "segments": []})).await;
    assert_eq!((a.body["defined"].as_bool(), a.body["segments"].as_array().unwrap().len()), (Some(false), 5));
    let audited: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity = 'site_location_segment' and entity_id = $1").bind(north.to_string()).fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 2);
}

#[tokio::test]
async fn replenish_cips_lists_minmax_cips_at_or_below_min_with_the_order_to_place() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    sql(&app, &format!("update client_acme.cip set repl_type = 2, status_id = 1, qty_on_hand = 3, qty_on_order = 2, qty_backorder = 1, min_qty = 5, max_qty = 20, lot_qty = 6, keep_full = false where cip_no = {bearing}")).await;
    let a = app.get("/api/V1/Item/CIP/ReplenishCIPs?pageSize=500", &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let rows = a.body["resultList"].as_array().unwrap();
    let row = rows.iter().find(|r| r["cip_no"] == bearing).expect("the bearing is due");
    assert_eq!(row["qty_position"], 4.0);
    assert_eq!(row["suggested_qty"], 18.0, "20 - 4 = 16, rounded up to lots of 6");
    for r in rows {
        assert!(r["qty_position"].as_f64().unwrap() <= r["min_qty"].as_f64().unwrap(), "{r:?}");
    }
    let expected: i64 = sqlx::query_scalar(
        "select count(*) from client_acme.cip where site_id = (select site_id from asp.site where site_code = 'ACME-NORTH')
           and repl_type = 2 and status_id = 1 and min_qty is not null and qty_on_hand + qty_on_order - qty_backorder <= min_qty",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(a.body["totalCount"], expected);
    sql(&app, &format!("update client_acme.cip set keep_full = true where cip_no = {bearing}")).await;
    let a = app.get("/api/V1/Item/CIP/ReplenishCIPs?pageSize=500", &buyer).await;
    let row = a.body["resultList"].as_array().unwrap().iter().find(|r| r["cip_no"] == bearing).cloned().unwrap();
    assert_eq!(row["suggested_qty"], 16.0, "keep full orders back to max exactly");
}

#[tokio::test]
async fn quantities_in_tenths_are_stored_and_answered_exactly_and_the_order_to_place_adds_up_in_decimals() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    sql(&app, &format!("update client_acme.cip set repl_type = 2, status_id = 1, keep_full = false where cip_no = {bearing}")).await;
    let url = "/api/V1/Item/CIP/Replenishment/Update";
    // A fourth decimal is rounded half away from zero, once, as the numeric(18, 3) column rounds it.
    let a = app.post(url, &buyer, json!({"cip_no": bearing, "repl_type": 2, "min_qty": 0.3, "max_qty": 0.6, "lot_qty": 0.1, "reorder_qty": 1.0005, "keep_full": false})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let cip = &a.body["cip"];
    let text = |v: &serde_json::Value| v.to_string();
    assert_eq!((text(&cip["min_qty"]), text(&cip["max_qty"]), text(&cip["lot_qty"]), text(&cip["reorder_qty"])), ("0.3".into(), "0.6".into(), "0.1".into(), "1.001".into()));
    let stored: (String, String) =
        sqlx::query_as("select max_qty::text, reorder_qty::text from client_acme.cip where cip_no = $1").bind(bearing).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, ("0.600".to_owned(), "1.001".to_owned()));

    // Position 0.1 + 0.2 = 0.3, at min: up to max 0.6 in lots of 0.1 is three lots, exactly 0.3 (in binary floating
    // point 0.6 - 0.30000000000000004 in lots of 0.1 came to 0.30000000000000004).
    sql(&app, &format!("update client_acme.cip set qty_on_hand = 0.1, qty_on_order = 0.2, qty_backorder = 0 where cip_no = {bearing}")).await;
    let a = app.get("/api/V1/Item/CIP/ReplenishCIPs?pageSize=500", &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let row = a.body["resultList"].as_array().unwrap().iter().find(|r| r["cip_no"] == bearing).cloned().expect("the bearing is due");
    assert_eq!((text(&row["qty_position"]), text(&row["suggested_qty"])), ("0.3".into(), "0.3".into()), "{row:?}");
    let q = app.get(&format!("/api/V1/Item/CIP/Quantities/{bearing}"), &buyer).await;
    assert_eq!((text(&q.body["qty_on_hand"]), text(&q.body["qty_position"])), ("0.1".into(), "0.3".into()), "{:?}", q.body);
    // Whole quantities keep the form they always had on the wire.
    sql(&app, &format!("update client_acme.cip set qty_on_hand = 5 where cip_no = {bearing}")).await;
    let q = app.get(&format!("/api/V1/Item/CIP/Quantities/{bearing}"), &buyer).await;
    assert_eq!(text(&q.body["qty_on_hand"]), "5.0");
}

#[tokio::test]
async fn a_cip_moves_to_another_cid_only_without_stock_and_mlq_counts_what_is_still_owed() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let drill = cip_no(&app, "ACME-NORTH", "DRL-HSS-025").await; // nothing on hand
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let cid_of = |cip: i64| {
        let pool = app.pool.clone();
        async move { sqlx::query_scalar::<_, i64>("select cid_no from client_acme.cip where cip_no = $1").bind(cip).fetch_one(&pool).await.unwrap() }
    };
    let bearing_cid = cid_of(bearing).await;
    let south_cid = cid_of(cip_no(&app, "ACME-SOUTH", "BRG-6204-2RS").await).await;
    let a = app.post("/api/V1/Item/CIP/CID/Update", &buyer, json!({"cip_no": bearing, "cid_no": cid_of(drill).await})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "the bearing holds stock: {:?}", a.body);
    let a = app.post("/api/V1/Item/CIP/CID/Update", &buyer, json!({"cip_no": drill, "cid_no": south_cid})).await;
    assert_eq!(fields(&a), ["cid_no"], "another site's CID");
    sql(&app, &format!("update client_acme.cip set qty_on_order = 0, qty_on_hold = 0, qty_backorder = 0, status_id = 1 where cip_no = {drill}")).await;
    let a = app.post("/api/V1/Item/CIP/CID/Update", &buyer, json!({"cip_no": drill, "cid_no": bearing_cid})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["cip"]["cust_item_code"].as_str(), a.body["cip"]["multiple"].as_bool()), (Some("CP-10021"), Some(true)));

    // MLQ over the CID's active CIPs: max (else min) - on hand - on order, at zero or more.
    sql(&app, &format!("update client_acme.cip set max_qty = 50, min_qty = 10, qty_on_hand = 24, qty_on_order = 6, status_id = 1 where cip_no = {bearing}")).await;
    sql(&app, &format!("update client_acme.cip set max_qty = null, min_qty = 7, qty_on_hand = 1, qty_on_order = 0, status_id = 1 where cip_no = {drill}")).await;
    let a = app.post("/api/V1/Item/CIP/MLQ", &buyer, json!({"cip_no": bearing})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cid_net_mlq"], 26.0, "(50 - 24 - 6) + (7 - 1)");
    // Over the item: the same two, and any other active CIP of the site stocking the bearing's part.
    let others: f64 = sqlx::query_scalar(
        "select coalesce(sum(greatest(coalesce(max_qty, min_qty, 0) - qty_on_hand - qty_on_order, 0)), 0)::float8 from client_acme.cip o
         where o.site_id = (select site_id from client_acme.cip where cip_no = $1) and o.status_id = 1
           and o.item_id = (select item_id from client_acme.cip where cip_no = $1) and o.cid_no <> $2",
    )
    .bind(bearing)
    .bind(bearing_cid)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(a.body["warehouse_net_mlq"].as_f64().unwrap(), 26.0 + others);
}

#[tokio::test]
async fn a_repairable_cip_gets_its_repaired_part_cip_once() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let url = "/api/V1/Item/CIP/CreateRepairedCIP";
    sql(&app, &format!("update client_acme.cid set repairable = false where cid_no = (select cid_no from client_acme.cip where cip_no = {bearing})")).await;
    let a = app.post(url, &buyer, json!({"cip_no": bearing})).await;
    assert_eq!((a.status, a.body["message"].as_str()), (StatusCode::CONFLICT, Some("The CIP's CID is not repairable.")));
    sql(&app, &format!("update client_acme.cid set repairable = true where cid_no = (select cid_no from client_acme.cip where cip_no = {bearing})")).await;
    let a = app.post(url, &buyer, json!({"cip_no": bearing, "cip_code": "GLV-NTR-L", "location": "Z-1234"})).await;
    assert_eq!(fields(&a), ["cip_code", "location"]);
    let a = app.post(url, &buyer, json!({"cip_no": bearing, "location": "Z-08-01"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["cip"]["cip_code"].as_str(), a.body["cip"]["cust_item_code"].as_str(), a.body["cip"]["location"].as_str()), (Some("BRG-6204-2RS-R"), Some("CP-10021-R"), Some("Z-08-01")));
    let repaired = a.body["cip"]["cip_no"].as_i64().unwrap();
    let r = app.get(&format!("/api/V1/Item/CIP/Repair/{bearing}"), &buyer).await;
    assert_eq!((r.body["repairable"].as_bool(), r.body["repair_cip"]["cip_no"].as_i64()), (Some(true), Some(repaired)));
    let r = app.get(&format!("/api/V1/Item/CIP/Repair/{repaired}"), &buyer).await;
    assert_eq!((r.body["repaired_part"].as_bool(), r.body["repaired_for"][0]["cip_no"].as_i64()), (Some(true), Some(bearing)));
    let a = app.post(url, &buyer, json!({"cip_no": bearing})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    // Unlink and link again through Repair/Update; a CIP that is no repaired part cannot be linked.
    let u = "/api/V1/Item/CIP/Repair/Update";
    assert_eq!(app.post(u, &buyer, json!({"cip_no": bearing, "repair_cip_no": null})).await.status, StatusCode::OK);
    let a = app.post(u, &buyer, json!({"cip_no": bearing, "repair_cip_no": cip_no(&app, "ACME-NORTH", "GLV-NTR-L").await})).await;
    assert_eq!(fields(&a), ["repair_cip_no"]);
    let a = app.post(u, &buyer, json!({"cip_no": bearing, "repair_cip_no": repaired})).await;
    assert_eq!((a.status, a.body["cip"]["repair_cip_no"].as_i64()), (StatusCode::OK, Some(repaired)));
}

#[tokio::test]
async fn like_upc_finds_the_sites_cips_of_items_with_the_same_upc_and_active_serves_the_pickers() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let a = app.get(&format!("/api/V1/Item/CIP/LikeUPC/{bearing}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(a.body.as_array().unwrap().iter().all(|r| r["cip_no"] != bearing), "never the CIP itself");
    let before = a.body.as_array().unwrap().len();
    let on_hand = app.get(&format!("/api/V1/Item/CIP/LikeUPC/OnHand/{bearing}"), &buyer).await;
    let (count_before, qty_before) = (on_hand.body["cip_count"].as_i64().unwrap(), on_hand.body["qty_on_hand"].as_f64().unwrap());
    assert!(count_before > i64::try_from(before).unwrap() && qty_before >= 24.0, "itself included: {:?}", on_hand.body);
    // A second manufacturer part with the bearing's UPC, stocked at the site.
    sql(
        &app,
        "insert into asp.item_master (desc1, mfg_code, mfg_part_no, asp_upc)
         select 'BEARING, BALL TWIN', 'TIMKEN', 'TWIN-6204', i.asp_upc from asp.item_master i join client_acme.cip c on c.item_id = i.item_id
         where c.cip_code = 'BRG-6204-2RS' and c.site_id = (select site_id from asp.site where site_code = 'ACME-NORTH')",
    )
    .await;
    sql(
        &app,
        "insert into client_acme.cip (site_id, item_id, cip_code, location, qty_on_hand)
         select s.site_id, i.item_id, 'BRG-TWIN', 'Z-03-03', 7 from asp.site s, asp.item_master i where s.site_code = 'ACME-NORTH' and i.mfg_part_no = 'TWIN-6204'",
    )
    .await;
    let a = app.get(&format!("/api/V1/Item/CIP/LikeUPC/{bearing}"), &buyer).await;
    assert_eq!(a.body.as_array().unwrap().len(), before + 1);
    assert!(a.body.as_array().unwrap().iter().any(|r| r["cip_code"] == "BRG-TWIN"), "{:?}", a.body);
    let a = app.get(&format!("/api/V1/Item/CIP/LikeUPC/OnHand/{bearing}"), &buyer).await;
    assert_eq!((a.body["cip_count"].as_i64(), a.body["qty_on_hand"].as_f64()), (Some(count_before + 1), Some(qty_before + 7.0)), "{:?}", a.body);

    let a = app.get("/api/V1/Item/CIP/Active?code=brg", &buyer).await;
    let codes: Vec<&str> = a.body.as_array().unwrap().iter().map(|r| r["cip_code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["BRG-6204-2RS", "BRG-TWIN"]);
    let a = app.get("/api/V1/Item/CIP/Active?code=cp-1002", &buyer).await;
    assert_eq!(a.body[0]["cip_code"], "BRG-6204-2RS", "customer part prefix: {:?}", a.body);
    assert_eq!(app.get("/api/V1/Item/CIP/Active", &buyer).await.status, StatusCode::BAD_REQUEST);
    let a = app.get("/api/V1/Item/CIP/CustItemCode/cp-10021", &buyer).await;
    assert_eq!(a.body[0]["cip_no"], bearing);
    let item: i64 = sqlx::query_scalar("select item_id from client_acme.cip where cip_no = $1").bind(bearing).fetch_one(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/Item/CIP/Item/{item}?pageSize=100"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert!(a.body["resultList"].as_array().unwrap().iter().any(|r| r["cip_no"] == bearing));
    assert!(a.body["resultList"].as_array().unwrap().iter().all(|r| r["site_id"] == a.body["resultList"][0]["site_id"]));
    let north: i64 = sqlx::query_scalar("select site_id from asp.site where site_code = 'ACME-NORTH'").fetch_one(&app.pool).await.unwrap();
    let a = app.get(&format!("/api/V1/Item/CIP/Site/{north}?pageSize=20&sortField=cip_no&sortDirection=desc"), &buyer).await;
    assert_eq!(a.body["resultList"].as_array().unwrap().len(), 20);
    assert_eq!(a.body["resultList"][0]["cip_code"], "BRG-TWIN");
}
