//! Shared vendor cost catalogues (docs/costs.md): costs with their breaks, the duplicate rule in the service and in
//! the database, expire and extend, the vendor's catalogue cost for a quantity at a site, the import (all or
//! nothing, every refusal with its row, column and reason) and the export it reads back, the cost review with its
//! sub-filters and the home tile that counts it, and who may do what.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use chrono::{Days, NaiveDate, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{assert_documented, TestApp};

const BASE: &str = "/api/V1/SharedVendor";
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

fn day(offset: i64) -> String {
    let t = today();
    let d = if offset >= 0 { t.checked_add_days(Days::new(offset as u64)) } else { t.checked_sub_days(Days::new((-offset) as u64)) };
    d.unwrap().to_string()
}

async fn admin_at_north(app: &TestApp) -> String {
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "ACME-NORTH").await.status, StatusCode::OK);
    admin
}

/// A shared vendor of its own, so the demo catalogue does not collide with what a test adds.
async fn shared_vendor(app: &TestApp, name: &str) -> i64 {
    sqlx::query_scalar("insert into asp.shared_vendor (shared_vendor_name) values ($1) returning shared_vendor_id")
        .bind(name)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

fn cost(sv: i64, part: &str, start: &str, end: &str, breaks: Value) -> Value {
    json!({"shared_vendor_id": sv, "mfg_code": "skf", "mfg_part_no": part, "vendor_part_no": format!("V-{part}"),
           "start_date": start, "end_date": end, "type_pack_id": 2, "breaks": breaks})
}

async fn insert(app: &TestApp, token: &str, body: Value) -> Value {
    let a = app.post(&format!("{BASE}/Cost/Insert"), token, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body
}

fn fields(body: &Value) -> Vec<String> {
    body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap().to_owned()).collect()
}

async fn upload(app: &TestApp, token: &str, sv: i64, content_type: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let path = format!("{BASE}/Cost/Import?shared_vendor_id={sv}&file_name=test.xlsx");
    let resp = app.client.post(format!("{}{path}", app.base)).bearer_auth(token).header("content-type", content_type).body(body).send().await.unwrap();
    let status = resp.status();
    assert_documented(&path, status, resp.headers());
    (status, resp.json().await.unwrap_or(Value::Null))
}

/// Polls the import until it is no longer running.
async fn finished(app: &TestApp, token: &str, id: i64) -> Value {
    for _ in 0..200 {
        let a = app.get(&format!("{BASE}/Cost/Import/{id}"), token).await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        if a.body["status"] != "running" {
            return a.body;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("import {id} still running");
}

async fn download(app: &TestApp, token: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Vec<u8> {
    let mut req = app.client.request(method, format!("{}{path}", app.base)).bearer_auth(token);
    if let Some(b) = body {
        req = req.json(&b);
    }
    let resp = req.send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK, "{path}");
    assert_documented(path, resp.status(), resp.headers());
    assert!(resp.headers()["content-type"].to_str().unwrap().starts_with(XLSX));
    resp.bytes().await.unwrap().to_vec()
}

fn sheet_rows(bytes: Vec<u8>) -> Vec<Vec<String>> {
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    range.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect()
}

#[tokio::test]
async fn costs_are_added_read_searched_and_changed_with_their_breaks_checked() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app, "Bearing House").await;

    let breaks = json!([{"qty": 1, "cost": 10.5}, {"qty": 10, "cost": 9.75}, {"qty": 100, "cost": 8.0}]);
    let c = insert(&app, &admin, cost(sv, "6205-2RS", &day(-10), &day(100), breaks)).await;
    let id = c["shared_vendor_cost_id"].as_i64().unwrap();
    assert_eq!(c["mfg_code"], "SKF");
    assert_eq!(c["status"], "active");
    assert_eq!(c["min_order_qty"], 1.0);
    assert_eq!(c["type_pack"], "Box");
    assert_eq!(c["breaks"].as_array().unwrap().len(), 3);
    assert_eq!(c["special_pricing_agreement_id"], Value::Null);

    let a = app.get(&format!("{BASE}/Cost/HeaderID/{id}"), &admin).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["breaks"][1], json!({"qty": 10.0, "cost": 9.75}));
    assert_eq!(app.get(&format!("{BASE}/Cost/HeaderID/999999999"), &admin).await.status, StatusCode::NOT_FOUND);

    // A second part in an agreement's catalogue, and an expired one.
    let spa = insert(&app, &admin, json!({"shared_vendor_id": sv, "special_pricing_agreement_id": "SPA-7", "mfg_code": "SKF", "mfg_part_no": "6306",
        "start_date": day(-5), "end_date": day(50), "breaks": [{"qty": 5, "cost": 3}]})).await;
    assert_eq!(spa["special_pricing_agreement_id"], "SPA-7");
    assert_eq!(spa["min_order_qty"], 5.0);
    assert_ne!(spa["cost_header_id"], c["cost_header_id"]);
    insert(&app, &admin, cost(sv, "6306", &day(-400), &day(-6), json!([{"qty": 1, "cost": 2.5}]))).await;

    let search = |filter: Value| {
        let mut body = json!({"shared_vendor_id": sv, "pageSize": 50});
        body.as_object_mut().unwrap().extend(filter.as_object().unwrap().clone());
        body
    };
    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, search(json!({}))).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["totalCount"], 3);
    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, search(json!({"part": "2rs"}))).await;
    assert_eq!(a.body["totalCount"], 1);
    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, search(json!({"expired": true}))).await;
    assert_eq!(a.body["totalCount"], 1);
    assert_eq!(a.body["itemList"][0]["status"], "expired");
    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, search(json!({"active_on": day(-200)}))).await;
    assert_eq!(a.body["totalCount"], 1);
    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, search(json!({"sortField": "cost_1", "sortDirection": "desc"}))).await;
    assert_eq!(a.body["itemList"][0]["shared_vendor_cost_id"], id);
    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, search(json!({"sortField": "password"}))).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    // Breaks: increasing, costs not negative, the first is the minimum order; nothing is saved when refused.
    let bad = cost(sv, "6207", &day(0), &day(10), json!([{"qty": 5, "cost": -1}, {"qty": 5, "cost": 2}]));
    let a = app.post(&format!("{BASE}/Cost/Insert"), &admin, bad).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&a.body), ["cost_1", "qty_break_2"]);
    let mut bad = cost(sv, "6207", &day(10), &day(0), json!([]));
    bad["min_order_qty"] = json!(3);
    bad["type_pack_id"] = json!(999);
    bad["shared_vendor_id"] = json!(999999);
    let a = app.post(&format!("{BASE}/Cost/Insert"), &admin, bad).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let f = fields(&a.body);
    for expected in ["end_date", "breaks", "shared_vendor_id", "type_pack_id"] {
        assert!(f.contains(&expected.to_owned()), "{expected} not in {f:?}");
    }
    let a = app.post(&format!("{BASE}/Cost/Insert"), &admin, cost(sv, "6207", &day(0), &day(10), json!([{"qty": 1, "cost": 1}, {"qty": 2, "cost": 1}, {"qty": 3, "cost": 1}, {"qty": 4, "cost": 1}, {"qty": 5, "cost": 1}, {"qty": 6, "cost": 1}, {"qty": 7, "cost": 1}, {"qty": 8, "cost": 1}, {"qty": 9, "cost": 1}]))).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.post(&format!("{BASE}/Cost/Search"), &admin, search(json!({"part": "6207"}))).await.body["totalCount"], 0);

    // Update replaces the editable fields and is audited with what changed.
    let mut up = cost(sv, "6205-2RS", &day(-10), &day(200), json!([{"qty": 2, "cost": 10}, {"qty": 20, "cost": 9}]));
    up["shared_vendor_cost_id"] = json!(id);
    let a = app.put(&format!("{BASE}/Cost/Update"), &admin, up.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["min_order_qty"], 2.0);
    assert_eq!(a.body["end_date"], day(200));
    up["shared_vendor_cost_id"] = json!(999999999);
    assert_eq!(app.put(&format!("{BASE}/Cost/Update"), &admin, up).await.status, StatusCode::NOT_FOUND);
    let actions: Vec<String> = sqlx::query_scalar("select action from asp.audit_event where entity = 'shared_vendor_cost' and entity_id = $1 order by audit_event_id")
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(actions, ["create", "update"]);
}

#[tokio::test]
async fn one_active_cost_per_shared_vendor_part_and_overlapping_dates() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app, "Overlap Supply").await;
    let first = insert(&app, &admin, cost(sv, "AB-1", &day(0), &day(30), json!([{"qty": 1, "cost": 4}]))).await;

    // The check before saving names what would collide, case-insensitively; the cost being edited is not a collision.
    let check = json!({"shared_vendor_id": sv, "mfg_code": "SKF", "mfg_part_no": "ab-1", "start_date": day(30), "end_date": day(60)});
    let a = app.post(&format!("{BASE}/Cost/DuplicateCheck"), &admin, check.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["duplicate"], true);
    assert_eq!(a.body["collisions"][0]["shared_vendor_cost_id"], first["shared_vendor_cost_id"]);
    let mut own = check.clone();
    own["shared_vendor_cost_id"] = first["shared_vendor_cost_id"].clone();
    assert_eq!(app.post(&format!("{BASE}/Cost/DuplicateCheck"), &admin, own).await.body["duplicate"], false);

    let a = app.post(&format!("{BASE}/Cost/Insert"), &admin, cost(sv, "ab-1", &day(30), &day(60), json!([{"qty": 1, "cost": 5}]))).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    // The day after is free; another shared vendor's same part too.
    insert(&app, &admin, cost(sv, "AB-1", &day(31), &day(60), json!([{"qty": 1, "cost": 5}]))).await;
    let other = shared_vendor(&app, "Other Supply").await;
    insert(&app, &admin, cost(other, "AB-1", &day(0), &day(30), json!([{"qty": 1, "cost": 5}]))).await;

    // The database refuses what a racing writer would slip past the check.
    let raced = sqlx::query(
        "insert into asp.shared_vendor_cost (cost_header_id, shared_vendor_id, mfg_code, mfg_part_no, start_date, end_date, min_order_qty, qty_break_1, cost_1)
         select cost_header_id, shared_vendor_id, 'skf', 'Ab-1', current_date + 5, current_date + 6, 1, 1, 1 from asp.shared_vendor_cost where shared_vendor_cost_id = $1",
    )
    .bind(first["shared_vendor_cost_id"].as_i64().unwrap())
    .execute(&app.pool)
    .await
    .unwrap_err();
    assert_eq!(raced.as_database_error().unwrap().code().as_deref(), Some("23P01"));
}

#[tokio::test]
async fn costs_expire_singly_or_in_bulk_and_extend_to_a_new_end_date() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app, "Expiry Supply").await;
    let running = insert(&app, &admin, cost(sv, "E-1", &day(-30), &day(30), json!([{"qty": 1, "cost": 4}]))).await;
    let future = insert(&app, &admin, cost(sv, "E-2", &day(5), &day(30), json!([{"qty": 1, "cost": 4}]))).await;
    let third = insert(&app, &admin, cost(sv, "E-3", &day(-30), &day(30), json!([{"qty": 1, "cost": 4}]))).await;
    let id = |c: &Value| c["shared_vendor_cost_id"].as_i64().unwrap();

    // A running cost ends yesterday; a cost that never applied is withdrawn with its dates kept.
    let a = app.put(&format!("{BASE}/Cost/Expire/{}", id(&running)), &admin, json!({})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["end_date"], day(-1));
    assert_eq!(a.body["status"], "expired");
    assert_eq!(app.put(&format!("{BASE}/Cost/Expire/999999999"), &admin, json!({})).await.status, StatusCode::NOT_FOUND);

    // Bulk: an unknown id refuses the whole request, nothing changes.
    let a = app.put(&format!("{BASE}/Cost/Expire/Multiple"), &admin, json!({"ids": [id(&future), id(&third), 999999999]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(fields(&a.body), ["ids"]);
    assert_eq!(app.get(&format!("{BASE}/Cost/HeaderID/{}", id(&third)), &admin).await.body["status"], "active");
    let a = app.put(&format!("{BASE}/Cost/Expire/Multiple"), &admin, json!({"ids": [id(&future), id(&third), id(&running)]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["changed"], 2, "the already expired one is left alone");
    let f = app.get(&format!("{BASE}/Cost/HeaderID/{}", id(&future)), &admin).await.body;
    assert_eq!((f["status"].as_str(), f["is_active"].as_bool(), f["end_date"].as_str()), (Some("withdrawn"), Some(false), Some(day(30).as_str())));
    let audits: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity = 'shared_vendor_cost' and action = 'expire'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audits, 3);

    // Extend: an expired cost comes back into force until the new end date; withdrawn costs stay withdrawn.
    let a = app.put(&format!("{BASE}/Cost/Extend?end_date={}", day(90)), &admin, json!({"ids": [id(&running), id(&future)]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["changed"], 1);
    assert_eq!(a.body["costs"][0]["end_date"], day(90));
    assert_eq!(a.body["costs"][0]["status"], "active");
    let a = app.put(&format!("{BASE}/Cost/Extend?end_date={}", day(-3)), &admin, json!({"ids": [id(&running)]})).await;
    assert_eq!((a.status, fields(&a.body)), (StatusCode::BAD_REQUEST, vec!["end_date".to_owned()]));
    let a = app.put(&format!("{BASE}/Cost/Extend"), &admin, json!({"ids": [id(&running)]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = app.put(&format!("{BASE}/Cost/Extend?end_date=someday"), &admin, json!({"ids": [id(&running)]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    // Extending into a later cost of the same part is refused whole.
    let later = insert(&app, &admin, cost(sv, "E-1", &day(100), &day(200), json!([{"qty": 1, "cost": 4}]))).await;
    let a = app.put(&format!("{BASE}/Cost/Extend?end_date={}", day(150)), &admin, json!({"ids": [id(&running), id(&third)]})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    assert_eq!(app.get(&format!("{BASE}/Cost/HeaderID/{}", id(&running)), &admin).await.body["end_date"], day(90));
    assert_eq!(app.get(&format!("{BASE}/Cost/HeaderID/{}", id(&later)), &admin).await.body["status"], "future");
}

#[tokio::test]
async fn the_vendor_catalogue_prices_a_quantity_between_two_breaks_at_the_current_site() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    // A demo item ACME-NORTH buys from Grainger (10452), whose shared vendor has a catalogue cost for it.
    let (item_id, sv): (i64, i64) = sqlx::query_as(
        "select p.item_id, c.shared_vendor_id from client_acme.cip p join asp.site s using (site_id)
         join client_acme.vendor v on v.vend_code = p.vend_code
         join asp.shared_vendor_cost c on c.item_id = p.item_id and c.shared_vendor_id = v.shared_vendor_id and c.is_active
              and current_date between c.start_date and c.end_date
         where s.site_code = 'ACME-NORTH' and p.vend_code = '10452' order by p.item_id limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let path = |q: &str| format!("/api/V1/Vendor/Catalog/Header/{item_id}/10452{q}");
    let a = app.get(&path(""), &admin).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["shared_vendor_id"], sv);
    assert_eq!(a.body["qty_break"], Value::Null);
    let breaks = a.body["cost"]["breaks"].as_array().unwrap().clone();
    assert_eq!(breaks.len(), 3);
    let a = app.get(&path("?qty=12"), &admin).await;
    assert_eq!(a.body["qty_break"], 2, "12 is between the breaks at 10 and 50");
    assert_eq!(a.body["unit_cost"], breaks[1]["cost"]);
    let a = app.get(&path("?qty=50"), &admin).await;
    assert_eq!(a.body["qty_break"], 3);
    assert_eq!(app.get(&path("?qty=0"), &admin).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.get(&path("?qty=lots"), &admin).await.status, StatusCode::BAD_REQUEST);
    // Unknown vendor, an item without a cost, and a VMI vendor the site's rule does not show: 404.
    assert_eq!(app.get(&format!("/api/V1/Vendor/Catalog/Header/{item_id}/NOPE"), &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/V1/Vendor/Catalog/Header/999999999/10452", &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("/api/V1/Vendor/Catalog/Header/{item_id}/20114"), &admin).await.status, StatusCode::NOT_FOUND);
}

fn catalogue_xlsx(rows: &[Vec<&str>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            match cell.parse::<f64>() {
                Ok(n) if r > 0 && !cell.contains('-') => sheet.write_number(r as u32, c as u16, n).unwrap(),
                _ => sheet.write_string(r as u32, c as u16, *cell).unwrap(),
            };
        }
    }
    book.save_to_buffer().unwrap()
}

#[tokio::test]
async fn a_good_catalogue_file_is_imported_whole_searched_and_exported_to_import_again() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app, "Import Supply").await;
    let (start, end) = (day(-1), day(365));
    let mut rows = vec![vec!["mfg_code", "mfg_part_no", "special_pricing_agreement_id", "start_date", "end_date", "type_pack_id", "qty_break_1", "cost_1", "qty_break_2", "cost_2"]];
    let parts: Vec<String> = (0..300).map(|n| format!("IMP-{n:04}")).collect();
    for (n, p) in parts.iter().enumerate() {
        rows.push(vec!["SKF", p, if n % 2 == 0 { "SPA-IMPORT" } else { "" }, &start, &end, "BX", "1", "7.5", "10", "6.25"]);
    }
    let (status, body) = upload(&app, &admin, sv, XLSX, catalogue_xlsx(&rows)).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    assert_eq!(body["total_rows"], 300);
    let done = finished(&app, &admin, body["cost_import_id"].as_i64().unwrap()).await;
    assert_eq!(done["status"], "done", "{done:?}");
    assert_eq!(done["applied_rows"], 300);

    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, json!({"shared_vendor_id": sv, "part": "IMP-0007"})).await;
    assert_eq!(a.body["totalCount"], 1);
    let c = &a.body["itemList"][0];
    assert_eq!((c["type_pack_id"].as_i64(), c["breaks"][1]["cost"].as_f64()), (Some(2), Some(6.25)));
    let audit: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity = 'shared_vendor_cost_import' and action = 'import'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audit, 1);

    // The export writes the template's columns: the file imports again into another shared vendor.
    let bytes = download(&app, &admin, reqwest::Method::POST, &format!("{BASE}/Cost/Export"), Some(json!({"shared_vendor_id": sv, "pageSize": 500}))).await;
    let sheet = sheet_rows(bytes.clone());
    assert_eq!(sheet.len(), 301);
    assert_eq!(sheet[0][0..2], ["mfg_code".to_owned(), "mfg_part_no".to_owned()]);
    let copy = shared_vendor(&app, "Import Supply Copy").await;
    let (status, body) = upload(&app, &admin, copy, XLSX, bytes).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    let done = finished(&app, &admin, body["cost_import_id"].as_i64().unwrap()).await;
    assert_eq!((done["status"].as_str(), done["applied_rows"].as_i64()), (Some("done"), Some(300)), "{done:?}");

    let template = sheet_rows(download(&app, &admin, reqwest::Method::GET, &format!("{BASE}/Cost/Template"), None).await);
    assert_eq!(template[0].len(), 32);
    assert_eq!(template.len(), 2, "the header and one example row");
}

#[tokio::test]
async fn a_file_with_bad_rows_is_refused_whole_with_every_reason() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app, "Refusal Supply").await;
    insert(&app, &admin, cost(sv, "OLD-1", &day(0), &day(30), json!([{"qty": 1, "cost": 4}]))).await;
    let csv = format!(
        "mfg_code,mfg_part_no,start_date,end_date,qty_break_1,cost_1,qty_break_2,cost_2,type_pack_id\n\
         SKF,GOOD-1,{s},{e},1,2.5,,,\n\
         SKF,,{s},{e},1,2.5,,,\n\
         SKF,BAD-2,{s},{e},1,two,,,\n\
         SKF,BAD-3,{s},{e},5,2,5,1,\n\
         SKF,BAD-4,{s},{e},1,2,,,XX\n\
         SKF,GOOD-1,{s},{e},1,2,,,\n\
         SKF,OLD-1,{s},{e},1,2,,,\n\
         SKF,BAD-8,someday,{e},1,2,,,\n",
        s = day(0),
        e = day(30)
    );
    let (status, body) = upload(&app, &admin, sv, "text/csv", csv.into_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    let id = body["cost_import_id"].as_i64().unwrap();
    let done = finished(&app, &admin, id).await;
    assert_eq!(done["status"], "refused");
    assert_eq!(done["applied_rows"], 0);
    let problems: Vec<(i64, String)> = done["problems"].as_array().unwrap().iter().map(|p| (p["row"].as_i64().unwrap(), p["column"].as_str().unwrap().to_owned())).collect();
    assert_eq!(
        problems,
        [(3, "mfg_part_no".into()), (4, "cost_1".into()), (5, "qty_break_2".into()), (6, "type_pack_id".into()), (7, "start_date".into()), (8, "start_date".into()), (9, "start_date".into())],
        "{done:?}"
    );
    assert!(done["problems"][6]["reason"].as_str().unwrap().contains("not a date"));
    assert!(done["problems"][5]["reason"].as_str().unwrap().contains("already has an active cost"));
    // Nothing was applied, not even the good row.
    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, json!({"shared_vendor_id": sv})).await;
    assert_eq!(a.body["totalCount"], 1);
    let report = sheet_rows(download(&app, &admin, reqwest::Method::GET, &format!("{BASE}/Cost/Import/{id}/Report"), None).await);
    assert_eq!(report[0], ["Row", "Column", "Reason"]);
    assert_eq!(report.len(), 8);

    // A file whose columns are wrong is refused before anything starts.
    let (status, body) = upload(&app, &admin, sv, "text/csv", b"mfg_code,part,start_date\nSKF,1,2026-01-01\n".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0]["field"], "file");
    let (status, _) = upload(&app, &admin, sv, XLSX, b"not a workbook".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = upload(&app, &admin, 999999999, "text/csv", b"mfg_code\n".to_vec()).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("shared_vendor_id")));
    assert_eq!(app.get(&format!("{BASE}/Cost/Import/999999999"), &admin).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_cost_review_lists_what_differs_with_sub_filters_and_the_home_tile_counts_it() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    assert_eq!(app.switch(&buyer, "ACME-NORTH").await.status, StatusCode::OK);
    let a = app.post(&format!("{BASE}/ReviewCost"), &buyer, json!({"pageSize": 100})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let total = a.body["totalCount"].as_i64().unwrap();
    assert!(total > 0, "the demo catalogue differs from some of what ACME-NORTH pays");
    for r in a.body["itemList"].as_array().unwrap() {
        let (cat, site, diff) = (r["catalog_cost"].as_f64().unwrap(), r["site_cost"].as_f64().unwrap(), r["difference"].as_f64().unwrap());
        assert!(diff != 0.0 && (cat - site - diff).abs() < 1e-6, "{r:?}");
    }
    let first = a.body["itemList"][0]["difference_percent"].as_f64().unwrap();
    let last = a.body["itemList"].as_array().unwrap().last().unwrap()["difference_percent"].as_f64().unwrap();
    assert!(first >= last, "largest differences first");

    let a = app.post(&format!("{BASE}/CostReviewRecords/FieldDistinctValues"), &buyer, json!({"field": "vend_code"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let codes: Vec<String> = a.body["values"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect();
    assert!(codes.contains(&"10452".to_owned()), "{codes:?}");
    let a = app.post(&format!("{BASE}/ReviewCost"), &buyer, json!({"filterList": [{"field": "vend_code", "values": ["10452"]}]})).await;
    let grainger = a.body["totalCount"].as_i64().unwrap();
    assert!(grainger > 0 && grainger <= total);
    let a = app.post(&format!("{BASE}/ReviewCost"), &buyer, json!({"direction": "lower", "pageSize": 100})).await;
    let lower = a.body["itemList"].as_array().unwrap();
    assert!(!lower.is_empty() && lower.iter().all(|r| r["difference"].as_f64().unwrap() < 0.0), "{:?}", a.body);
    let a = app.post(&format!("{BASE}/ReviewCost"), &buyer, json!({"filterList": [{"field": "site_id; drop table", "values": ["1"]}]})).await;
    assert_eq!((a.status, fields(&a.body)), (StatusCode::BAD_REQUEST, vec!["filterList".to_owned()]));
    let a = app.post(&format!("{BASE}/CostReviewRecords/FieldDistinctValues"), &buyer, json!({"field": "cip_no"})).await;
    assert_eq!((a.status, fields(&a.body)), (StatusCode::BAD_REQUEST, vec!["field".to_owned()]));

    // The home tile counts the same records.
    let a = app.get("/api/V1/Presentation/HomepageTiles", &buyer).await;
    assert_eq!(a.status, StatusCode::OK);
    let tiles = a.body.as_array().cloned().unwrap_or_else(|| a.body["tiles"].as_array().cloned().unwrap_or_default());
    let tile = tiles.iter().find(|t| t["aspName"] == "CDSVCR").unwrap_or_else(|| panic!("no CDSVCR tile in {:?}", a.body));
    assert_eq!(tile["count"], total);

    // Another client's site sees its own records only.
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "GEA-MAIN").await.status, StatusCode::OK);
    let a = app.post(&format!("{BASE}/ReviewCost"), &admin, json!({"pageSize": 500})).await;
    let cips: Vec<i64> = a.body["itemList"].as_array().unwrap().iter().map(|r| r["cip_no"].as_i64().unwrap()).collect();
    let own: i64 = sqlx::query_scalar("select count(*) from client_gea.cip p join asp.site s using (site_id) where s.site_code = 'GEA-MAIN' and cip_no = any($1)").bind(&cips).fetch_one(&app.pool).await.unwrap();
    assert_eq!(own, cips.len() as i64);
}

#[tokio::test]
async fn viewers_read_costs_editors_change_them_and_others_see_nothing() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let warehouse = app.login("warehouse").await;
    let sv = shared_vendor(&app, "Permission Supply").await;

    assert_eq!(app.post(&format!("{BASE}/Cost/Search"), &buyer, json!({})).await.status, StatusCode::OK);
    let a = app.post(&format!("{BASE}/Cost/Insert"), &buyer, cost(sv, "P-1", &day(0), &day(1), json!([{"qty": 1, "cost": 1}]))).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let (status, _) = upload(&app, &buyer, sv, "text/csv", b"mfg_code\n".to_vec()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(app.put(&format!("{BASE}/Cost/Expire/Multiple"), &buyer, json!({"ids": [1]})).await.status, StatusCode::FORBIDDEN);
    for path in ["/Cost/Search", "/ReviewCost", "/CostReviewRecords/FieldDistinctValues", "/Cost/Export"] {
        assert_eq!(app.post(&format!("{BASE}{path}"), &warehouse, json!({"field": "vend_code"})).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    let none: i64 = sqlx::query_scalar("select count(*) from asp.shared_vendor_cost where shared_vendor_id = $1").bind(sv).fetch_one(&app.pool).await.unwrap();
    assert_eq!(none, 0);
}

#[tokio::test]
async fn a_catalogue_file_larger_than_an_ordinary_body_is_imported_up_to_the_import_limit() {
    let app = TestApp::spawn_with(|s| {
        s.max_body_bytes = 64 * 1024;
        s.max_import_bytes = 512 * 1024;
    })
    .await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app, "Large File Supply").await;
    let mut csv = String::from("mfg_code,mfg_part_no,start_date,end_date,qty_break_1,cost_1,qty_break_2,cost_2,type_pack_id\n");
    let mut n = 0;
    while csv.len() < 200 * 1024 {
        n += 1;
        csv.push_str(&format!("SKF,LARGE-{n:06},{},{},1,{}.25,10,{}.10,\n", day(0), day(60), n % 90 + 1, n % 90 + 1));
    }
    let (status, body) = upload(&app, &admin, sv, "text/csv", csv.clone().into_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    let done = finished(&app, &admin, body["cost_import_id"].as_i64().unwrap()).await;
    assert_eq!((done["status"].as_str(), done["applied_rows"].as_i64()), (Some("done"), Some(n)), "{done:?}");
    // The same size is refused elsewhere, and an import past its own limit is refused before anything starts.
    let a = app.post("/api/V1/Log/ApplicationError", &admin, json!({"message": csv})).await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, body) = upload(&app, &admin, sv, "text/csv", csv.repeat(3).into_bytes()).await;
    assert_eq!((status, body["errors"][0]["errorType"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("tooLarge")));
}

/// The vendor catalogue's answer for `qty` of the item from Grainger (10452) at the caller's site: the break that
/// prices it, and the unit and extended cost as the JSON text the answer carries.
async fn price(app: &TestApp, token: &str, item_id: i64, qty: String) -> (Option<i64>, String, String) {
    let a = app.get(&format!("/api/V1/Vendor/Catalog/Header/{item_id}/10452?qty={qty}"), token).await;
    assert_eq!(a.status, StatusCode::OK, "{qty}: {:?}", a.body);
    (a.body["qty_break"].as_i64(), a.body["unit_cost"].to_string(), a.body["extended_cost"].to_string())
}

#[tokio::test]
async fn the_8_break_cost_lookup_at_the_boundaries_through_the_vendor_catalogue() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    // The demo cost ACME-NORTH's Grainger (10452) prices an item with, given 8 breaks.
    let (item_id, cost_id): (i64, i64) = sqlx::query_as(
        "select p.item_id, c.shared_vendor_cost_id from client_acme.cip p join asp.site s using (site_id)
         join client_acme.vendor v on v.vend_code = p.vend_code
         join asp.shared_vendor_cost c on c.item_id = p.item_id and c.shared_vendor_id = v.shared_vendor_id and c.is_active
              and current_date between c.start_date and c.end_date
         where s.site_code = 'ACME-NORTH' and p.vend_code = '10452' order by p.item_id limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let stored = app.get(&format!("{BASE}/Cost/HeaderID/{cost_id}"), &admin).await.body;
    let table = [("0.3", "12.5"), ("1", "9.99"), ("5", "9.75"), ("10", "9.1"), ("25", "8.4"), ("100", "7.0125"), ("250.5", "6.5"), ("1000", "5.9999")];
    let number = |text: &str| serde_json::from_str::<Value>(text).unwrap();
    let breaks: Vec<Value> = table.iter().map(|(q, c)| json!({"qty": number(q), "cost": number(c)})).collect();
    let update = json!({"shared_vendor_cost_id": cost_id, "mfg_code": stored["mfg_code"], "mfg_part_no": stored["mfg_part_no"],
        "start_date": stored["start_date"], "end_date": stored["end_date"], "breaks": breaks});
    let a = app.put(&format!("{BASE}/Cost/Update"), &admin, update).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["breaks"].as_array().unwrap().len(), 8);

    let lookup = |qty: &str| price(&app, &admin, item_id, qty.to_owned());
    assert_eq!(lookup("0.299").await, (None, "null".to_owned(), "null".to_owned()), "below the first break");
    let mut cases: Vec<(String, i64)> = Vec::new();
    for (i, (qty, _)) in table.iter().enumerate() {
        let slot = i as i64 + 1;
        let at: rust_decimal::Decimal = qty.parse().unwrap();
        let thousandth = rust_decimal::Decimal::new(1, 3);
        cases.push((at.to_string(), slot));
        cases.push(((at + thousandth).to_string(), slot));
        if slot > 1 {
            cases.push(((at - thousandth).to_string(), slot - 1));
        }
        if let Some((next, _)) = table.get(i + 1) {
            let next: rust_decimal::Decimal = next.parse().unwrap();
            cases.push((((at + next) / rust_decimal::Decimal::TWO).round_dp(3).to_string(), slot));
        }
    }
    cases.push(("999999".to_owned(), 8));
    for (qty, slot) in cases {
        let (got, cost, _) = lookup(&qty).await;
        assert_eq!(got, Some(slot), "qty {qty}");
        assert_eq!(cost, table[slot as usize - 1].1, "qty {qty}");
    }
    // Extended costs are the exact product rounded once to the cent: 3 x 9.99 is 29.97, 0.3 x 12.5 is 3.75.
    assert_eq!(lookup("3").await, (Some(2), "9.99".to_owned(), "29.97".to_owned()));
    assert_eq!(lookup("0.3").await, (Some(1), "12.5".to_owned(), "3.75".to_owned()));
    // Half a cent is rounded away from zero, as PostgreSQL rounds: 1.5 x 9.99 is 14.985, so 14.99.
    assert_eq!(lookup("1.5").await.2, "14.99");
}

#[tokio::test]
async fn a_csv_import_of_19_99_stores_19_99() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app, "Exact Supply").await;
    let csv = format!(
        "mfg_code,mfg_part_no,start_date,end_date,list_price,qty_break_1,cost_1,qty_break_2,cost_2\n\
         SKF,EXACT-1,{s},{e},\"$1,234.5678\",0.1,19.99,0.3,0.07\n",
        s = day(0),
        e = day(30)
    );
    let (status, body) = upload(&app, &admin, sv, "text/csv", csv.into_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    let done = finished(&app, &admin, body["cost_import_id"].as_i64().unwrap()).await;
    assert_eq!(done["status"], "done", "{done:?}");
    let stored: (String, String, String, String, bool) = sqlx::query_as(
        "select cost_1::text, cost_2::text, qty_break_2::text, list_price::text, cost_1 = 19.99 from asp.shared_vendor_cost where shared_vendor_id = $1",
    )
    .bind(sv)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(stored, ("19.9900".into(), "0.0700".into(), "0.300".into(), "1234.5678".into(), true));
    // The answer carries the same decimal text.
    let a = app.post(&format!("{BASE}/Cost/Search"), &admin, json!({"shared_vendor_id": sv})).await;
    let c = &a.body["itemList"][0];
    assert_eq!((c["breaks"][0]["cost"].to_string(), c["breaks"][1]["qty"].to_string(), c["list_price"].to_string()), ("19.99".into(), "0.3".into(), "1234.5678".into()));

    // A spreadsheet's number cell of 19.99 is the same 19.99.
    let sheet = shared_vendor(&app, "Exact Sheet Supply").await;
    let (start, end) = (day(0), day(30));
    let rows = vec![vec!["mfg_code", "mfg_part_no", "start_date", "end_date", "qty_break_1", "cost_1"], vec!["SKF", "EXACT-2", &start, &end, "1", "19.99"]];
    let (status, body) = upload(&app, &admin, sheet, XLSX, catalogue_xlsx(&rows)).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    assert_eq!(finished(&app, &admin, body["cost_import_id"].as_i64().unwrap()).await["status"], "done");
    let exact: bool = sqlx::query_scalar("select cost_1 = 19.99 from asp.shared_vendor_cost where shared_vendor_id = $1").bind(sheet).fetch_one(&app.pool).await.unwrap();
    assert!(exact);

    // A cost finer than the catalogue keeps (4 decimals) is refused with its row and column, not rounded.
    let csv = format!("mfg_code,mfg_part_no,start_date,end_date,qty_break_1,cost_1\nSKF,EXACT-3,{},{},1,19.99999\n", day(0), day(30));
    let (status, body) = upload(&app, &admin, sv, "text/csv", csv.into_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    let done = finished(&app, &admin, body["cost_import_id"].as_i64().unwrap()).await;
    assert_eq!((done["status"].as_str(), done["problems"][0]["column"].as_str()), (Some("refused"), Some("cost_1")), "{done:?}");
    assert_eq!(done["problems"][0]["reason"], "'19.99999' has more than 4 decimal places.");
}
