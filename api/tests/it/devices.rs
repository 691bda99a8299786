//! Crib devices (docs/cip.md): station types, stations and bins kept by a crib device administrator, CIPs assigned to
//! bins (dispensing), kits with their children, kanban bins and their cards; another site's device is never reached.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::json;

use crate::cips::{at, cip_no};
use crate::common::{Answer, TestApp};

fn fields(a: &Answer) -> Vec<String> {
    a.body["errors"].as_array().map(|e| e.iter().map(|x| x["field"].as_str().unwrap_or_default().to_owned()).collect()).unwrap_or_default()
}

async fn station_id(app: &TestApp, site: &str, code: &str) -> i64 {
    let schema = if site.starts_with("GEA") { "client_gea" } else { "client_acme" };
    sqlx::query_scalar(&format!("select t.station_id from {schema}.station t join asp.site s using (site_id) where s.site_code = $1 and t.station_code = $2"))
        .bind(site)
        .bind(code)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn station_types_run_from_vertex_coil_to_kanban_and_the_demo_sites_have_stations() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let a = app.get("/api/V1/Crib/Station/Types", &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let types = a.body.as_array().unwrap();
    assert_eq!((types[0]["station_type"].as_i64(), types[0]["name"].as_str(), types[0]["kind"].as_str()), (Some(1), Some("VertexCoil"), Some("dispenser")));
    let last = types.last().unwrap();
    assert_eq!((last["station_type"].as_i64(), last["name"].as_str(), last["kind"].as_str()), (Some(100), Some("Kanban"), Some("kanban")));

    let a = app.post("/api/V1/Crib/Station/Search", &buyer, json!({"pageSize": 10})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let codes: Vec<&str> = a.body["resultList"].as_array().unwrap().iter().map(|s| s["station_code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["KB-RACK1", "LK-01", "SHELF-01", "VM-01"]);
    let a = app.post("/api/V1/Crib/Station/Search", &buyer, json!({"station_type": 1})).await;
    let vm = &a.body["resultList"][0];
    assert_eq!((vm["station_type_name"].as_str(), vm["bin_count"].as_i64(), vm["used_bin_count"].as_i64()), (Some("VertexCoil"), Some(8), Some(6)), "{vm:?}");
    let id = vm["station_id"].as_i64().unwrap();
    let a = app.get(&format!("/api/V1/Crib/Station/{id}"), &buyer).await;
    assert_eq!(a.body["bins"].as_array().unwrap().len(), 8);
    let a = app.post("/api/V1/Item/CIP/SiteIDandStationID", &buyer, json!({"site_id": vm["site_id"], "station_id": id})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body.as_array().unwrap().len(), 6);
    assert!(a.body.as_array().unwrap().iter().all(|c| c["dispensing"] == true), "{:?}", a.body);
    let kits = app.post("/api/V1/Crib/Kit/Search", &buyer, json!({"text": "kit"})).await;
    assert_eq!((kits.body["resultList"][0]["cip_code"].as_str(), kits.body["resultList"][0]["child_count"].as_i64()), (Some("KIT-PM-100"), Some(3)), "{:?}", kits.body);
}

#[tokio::test]
async fn a_crib_device_admin_keeps_stations_and_bins_and_a_buyer_may_only_look() {
    let app = TestApp::spawn().await;
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let new = json!({"station_code": "vm-02", "description": "Second coil machine", "station_type": 1, "location": "a-02"});
    assert_eq!(app.post("/api/V1/Crib/Station", &buyer, new.clone()).await.status, StatusCode::FORBIDDEN);
    let a = app.post("/api/V1/Crib/Station", &warehouse, json!({"station_code": "VM-01", "station_type": 7, "location": "A-1234"})).await;
    assert_eq!(fields(&a), ["station_type", "location", "station_code"]);
    let a = app.post("/api/V1/Crib/Station", &warehouse, new).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["station"]["station_code"].as_str(), a.body["station"]["location"].as_str()), (Some("VM-02"), Some("A-02")));
    let id = a.body["station"]["station_id"].as_i64().unwrap();

    let a = app.post("/api/V1/Crib/StationBin", &warehouse, json!({"station_id": id, "bin_code": "a1", "capacity": 10})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let bin = a.body["station_bin_id"].as_i64().unwrap();
    let a = app.post("/api/V1/Crib/StationBin", &warehouse, json!({"station_id": id, "bin_code": "A1", "capacity": 0})).await;
    assert_eq!(fields(&a), ["capacity", "bin_code"]);
    let rack = station_id(&app, "ACME-NORTH", "KB-RACK1").await;
    let a = app.post("/api/V1/Crib/StationBin", &warehouse, json!({"station_id": rack, "bin_code": "X1"})).await;
    assert_eq!(fields(&a), ["station_id"], "a kanban rack has kanban bins");
    let a = app.put("/api/V1/Crib/StationBin", &warehouse, json!({"station_bin_id": bin, "station_id": id, "bin_code": "A2", "capacity": 14})).await;
    assert_eq!((a.status, a.body["bin_code"].as_str(), a.body["capacity"].as_f64()), (StatusCode::OK, Some("A2"), Some(14.0)), "{:?}", a.body);

    let a = app.put("/api/V1/Crib/Station", &warehouse, json!({"station_id": id, "station_code": "VM-02", "station_type": 2, "description": "Now a locker", "is_active": false})).await;
    assert_eq!((a.status, a.body["station"]["station_type_name"].as_str(), a.body["station"]["is_active"].as_bool()), (StatusCode::OK, Some("VertexLocker"), Some(false)), "{:?}", a.body);
    // A station whose bins hold CIPs keeps its type and cannot be removed.
    let vm = station_id(&app, "ACME-NORTH", "VM-01").await;
    let a = app.put("/api/V1/Crib/Station", &warehouse, json!({"station_id": vm, "station_code": "VM-01", "station_type": 50})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    assert_eq!(app.delete(&format!("/api/V1/Crib/Station/{vm}"), &warehouse).await.status, StatusCode::CONFLICT);
    let held: i64 = sqlx::query_scalar("select station_bin_id from client_acme.station_bin where station_id = $1 and cip_no is not null limit 1").bind(vm).fetch_one(&app.pool).await.unwrap();
    assert_eq!(app.delete(&format!("/api/V1/Crib/StationBin/{held}"), &warehouse).await.status, StatusCode::CONFLICT);
    // An empty station goes, with its bins.
    assert_eq!(app.delete(&format!("/api/V1/Crib/Station/{id}"), &warehouse).await.status, StatusCode::OK);
    assert_eq!(app.get(&format!("/api/V1/Crib/Station/{id}"), &warehouse).await.status, StatusCode::NOT_FOUND);
    let actions: Vec<String> = sqlx::query_scalar("select action from asp.audit_event where entity = 'station' and entity_id = $1 order by audit_event_id")
        .bind(id.to_string())
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(actions, ["station.create", "station.bin.create", "station.bin.update", "station.update", "station.delete"]);

    // Another client's station (a number ACME does not use) is not found; the buyer's own other site is found.
    sqlx::query(
        "insert into client_gea.station (station_id, site_id, station_code, station_type) overriding system value
         select 7000, site_id, 'GEA-SECRET', 1 from asp.site where site_code = 'GEA-MAIN'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    for (method, path) in [("get", "/api/V1/Crib/Station/7000"), ("delete", "/api/V1/Crib/Station/7000")] {
        let a = if method == "get" { app.get(path, &warehouse).await } else { app.delete(path, &warehouse).await };
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{method} {path}: {:?}", a.body);
    }
    let a = app.post("/api/V1/Crib/StationBin", &warehouse, json!({"station_id": 7000, "bin_code": "X"})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    let south = station_id(&app, "ACME-SOUTH", "VM-01").await;
    assert_eq!(app.get(&format!("/api/V1/Crib/Station/{south}"), &buyer).await.status, StatusCode::OK);
    let north_site: i64 = sqlx::query_scalar("select site_id from asp.site where site_code = 'ACME-NORTH'").fetch_one(&app.pool).await.unwrap();
    let a = app.post("/api/V1/Item/CIP/SiteIDandStationID", &buyer, json!({"site_id": north_site, "station_id": south})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "the station is not at that site");
}

#[tokio::test]
async fn dispensing_puts_a_cip_into_free_bins_and_a_vending_cip_stays_dispensing() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let drill = cip_no(&app, "ACME-NORTH", "DRL-HSS-025").await;
    let vm = station_id(&app, "ACME-NORTH", "VM-01").await;
    let shelf = station_id(&app, "ACME-NORTH", "SHELF-01").await;
    let bin = |station: i64, code: &'static str| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>("select station_bin_id from client_acme.station_bin where station_id = $1 and bin_code = $2").bind(station).bind(code).fetch_one(&pool).await.unwrap()
        }
    };
    let (a1, b4, c1) = (bin(vm, "A1").await, bin(vm, "B4").await, bin(shelf, "C1").await);
    let south_bin: i64 = sqlx::query_scalar(
        "select b.station_bin_id from client_acme.station_bin b join client_acme.station s using (station_id) join asp.site t on t.site_id = s.site_id
         where t.site_code = 'ACME-SOUTH' and b.cip_no is null limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let url = "/api/V1/Item/CIP/Dispensing/Update";
    let a = app.post(url, &warehouse, json!({"cip_no": drill, "dispensing": true, "station_bin_ids": [a1, south_bin, c1]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(fields(&a), ["station_bin_ids[0]", "station_bin_ids[1]"], "A1 holds a vending CIP, the South bin is another site's");
    let a = app.post(url, &warehouse, json!({"cip_no": drill, "dispensing": true, "station_bin_ids": [c1]})).await;
    assert_eq!(fields(&a), ["dispensing"], "shelving does not dispense");
    let a = app.post(url, &warehouse, json!({"cip_no": drill, "dispensing": true, "station_bin_ids": [b4, c1]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["bins"].as_array().unwrap().iter().map(|b| b["bin_code"].as_str().unwrap()).collect::<Vec<_>>(), ["C1", "B4"]);
    let m = app.get(&format!("/api/V1/Item/CIP/CribMaster/{drill}"), &warehouse).await;
    assert_eq!((m.body["dispensing"].as_bool(), m.body["bins"].as_array().unwrap().len()), (Some(true), 2), "{:?}", m.body);
    // Now it may become a Vending CIP, and then stays dispensing.
    let a = app.post("/api/V1/Item/CIP/Replenishment/Update", &warehouse, json!({"cip_no": drill, "repl_type": 3, "min_qty": 2, "max_qty": 10, "keep_full": false})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = app.post(url, &warehouse, json!({"cip_no": drill, "dispensing": false, "station_bin_ids": [c1]})).await;
    assert_eq!(fields(&a), ["dispensing"]);
    let src = app.get(&format!("/api/V1/Item/CIP/ReplenishmentSource/{drill}"), &warehouse).await;
    assert_eq!((src.body["source"].as_str(), src.body["dispenser_bin_count"].as_i64()), (Some("Vending"), Some(1)));
    // Fewer bins: the others are freed. The buyer (no CribDeviceAdmin) may not assign.
    let a = app.post(url, &warehouse, json!({"cip_no": drill, "dispensing": true, "station_bin_ids": [b4]})).await;
    assert_eq!(a.body["bins"].as_array().unwrap().len(), 1, "{:?}", a.body);
    let freed: Option<i64> = sqlx::query_scalar("select cip_no from client_acme.station_bin where station_bin_id = $1").bind(c1).fetch_one(&app.pool).await.unwrap();
    assert_eq!(freed, None);
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    assert_eq!(app.post(url, &buyer, json!({"cip_no": drill, "dispensing": true, "station_bin_ids": [b4]})).await.status, StatusCode::FORBIDDEN);
    let h = app.get(&format!("/api/V1/Item/CIP/Audit/Detail/{drill}"), &warehouse).await;
    assert_eq!(h.body[0]["action"], "cip.dispensing.update");
    assert_eq!(h.body[0]["changes"]["station_bin_ids"]["to"], json!([b4]));
}

#[tokio::test]
async fn a_kit_holds_child_cips_of_its_site_without_nesting() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let kit = cip_no(&app, "ACME-NORTH", "KIT-PM-100").await;
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let gloves = cip_no(&app, "ACME-NORTH", "GLV-NTR-L").await;
    let drill = cip_no(&app, "ACME-NORTH", "DRL-HSS-025").await;
    let south = cip_no(&app, "ACME-SOUTH", "GLV-NTR-L").await;

    let a = app.get(&format!("/api/V1/Crib/Kit/{kit}"), &warehouse).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["is_kit"], true);
    assert_eq!(a.body["children"].as_array().unwrap().iter().map(|c| c["cip_code"].as_str().unwrap()).collect::<Vec<_>>(), ["BRG-6204-2RS", "GLV-NTR-L", "DRL-HSS-025"]);
    let c = app.get(&format!("/api/V1/Item/CIP/KitChild/{gloves}"), &warehouse).await;
    assert_eq!((c.body["is_kit_child"].as_bool(), c.body["is_kit"].as_bool(), c.body["kits"][0]["parent_cip_no"].as_i64()), (Some(true), Some(false), Some(kit)));
    let l = app.get(&format!("/api/V1/Item/CIP/Dispensing/KitLocation/{gloves}"), &warehouse).await;
    assert_eq!((l.body[0]["kit_cip_no"].as_i64(), l.body[0]["station_code"].as_str(), l.body[0]["bin_code"].as_str()), (Some(kit), Some("LK-01"), Some("D04")), "{:?}", l.body);
    assert_eq!(app.get(&format!("/api/V1/Item/CIP/Dispensing/KitLocation/{kit}"), &warehouse).await.body.as_array().unwrap().len(), 1);

    let url = "/api/V1/Crib/Kit";
    let a = app.put(url, &warehouse, json!({"cip_no": bearing, "children": [{"child_cip_no": gloves, "qty": 1}]})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "the bearing's CID is no kit: {:?}", a.body);
    let a = app.put(url, &warehouse, json!({"cip_no": kit, "children": [
        {"child_cip_no": kit, "qty": 1}, {"child_cip_no": gloves, "qty": 0}, {"child_cip_no": south, "qty": 1}, {"child_cip_no": drill, "qty": 2}, {"child_cip_no": drill, "qty": 3}]})).await;
    assert_eq!(fields(&a), ["children[0].child_cip_no", "children[1].qty", "children[2].child_cip_no", "children[4].child_cip_no"]);
    let a = app.put(url, &warehouse, json!({"cip_no": kit, "children": [{"child_cip_no": drill, "qty": 6}, {"child_cip_no": gloves, "qty": 2}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["children"].as_array().unwrap().iter().map(|c| (c["cip_code"].as_str().unwrap(), c["qty"].as_f64().unwrap())).collect::<Vec<_>>(), [("DRL-HSS-025", 6.0), ("GLV-NTR-L", 2.0)]);
    let c = app.get(&format!("/api/V1/Item/CIP/KitChild/{bearing}"), &warehouse).await;
    assert_eq!(c.body["is_kit_child"], false);

    // A second kit may not take the first as a child, nor become a child itself.
    sqlx::query("update client_acme.cid set kit = true where cid_no = (select cid_no from client_acme.cip where cip_no = $1)").bind(bearing).execute(&app.pool).await.unwrap();
    let a = app.put(url, &warehouse, json!({"cip_no": bearing, "children": [{"child_cip_no": kit, "qty": 1}]})).await;
    assert_eq!(fields(&a), ["children[0].child_cip_no"]);
    assert!(a.body["errors"][0]["error"].as_str().unwrap().contains("kits do not nest"));
    let a = app.put(url, &warehouse, json!({"cip_no": gloves, "children": [{"child_cip_no": bearing, "qty": 1}]})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "gloves' CID is no kit");
    let h = app.get(&format!("/api/V1/Item/CIP/Audit/Detail/{kit}"), &warehouse).await;
    assert_eq!(h.body[0]["action"], "cip.kit.save");
    // The buyer may look but not change.
    let buyer = at(&app, "buyer", "ACME-NORTH").await;
    assert_eq!(app.put(url, &buyer, json!({"cip_no": kit, "children": []})).await.status, StatusCode::FORBIDDEN);
    let a = app.put(url, &warehouse, json!({"cip_no": kit, "children": []})).await;
    assert_eq!((a.status, a.body["children"].as_array().unwrap().len()), (StatusCode::OK, 0));
}

#[tokio::test]
async fn kanban_bins_belong_to_kanban_cips_and_their_cards_are_unique_at_the_site() {
    let app = TestApp::spawn().await;
    let warehouse = at(&app, "warehouse", "ACME-NORTH").await;
    let rack = station_id(&app, "ACME-NORTH", "KB-RACK1").await;
    let vm = station_id(&app, "ACME-NORTH", "VM-01").await;
    let kanban: i64 = sqlx::query_scalar(
        "select c.cip_no from client_acme.cip c join asp.site s using (site_id) where s.site_code = 'ACME-NORTH' and c.repl_type = 1
           and exists (select 1 from client_acme.kanban_bin k where k.cip_no = c.cip_no) order by c.cip_no limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let bearing = cip_no(&app, "ACME-NORTH", "BRG-6204-2RS").await;
    let a = app.get(&format!("/api/V1/Item/CIP/Kanban/{kanban}"), &warehouse).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body.as_array().unwrap().len(), 2, "seeded");
    let existing = a.body[0]["tool_code"].as_str().unwrap().to_owned();

    let url = "/api/V1/Crib/KanbanBin";
    let a = app.post(url, &warehouse, json!({"cip_no": bearing, "tool_code": "KB-NEW-1", "bin_qty": 5})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "the bearing is a MinMax CIP: {:?}", a.body);
    let a = app.post(url, &warehouse, json!({"cip_no": kanban, "tool_code": existing.to_lowercase(), "bin_qty": 0, "station_id": vm})).await;
    assert_eq!(fields(&a), ["bin_qty", "station_id", "tool_code"]);
    let a = app.post(url, &warehouse, json!({"cip_no": kanban, "tool_code": "kb-new-1", "bin_qty": 5, "station_id": rack, "location": "k-01-09"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["tool_code"].as_str(), a.body["station_code"].as_str(), a.body["bin_status"].as_i64()), (Some("KB-NEW-1"), Some("KB-RACK1"), Some(1)));
    let id = a.body["kanban_bin_id"].as_i64().unwrap();
    let a = app.put(url, &warehouse, json!({"kanban_bin_id": id, "bin_qty": 8, "bin_status": 2, "station_id": rack})).await;
    assert_eq!((a.status, a.body["bin_status"].as_i64(), a.body["bin_qty"].as_f64()), (StatusCode::OK, Some(2), Some(8.0)), "{:?}", a.body);

    let card = "/api/V1/Item/CIP/KanbanNewToolID/Update";
    let a = app.post(card, &warehouse, json!({"kanban_bin_id": id, "new_tool_code": existing})).await;
    assert_eq!(fields(&a), ["new_tool_code"]);
    let a = app.post(card, &warehouse, json!({"kanban_bin_id": id, "new_tool_code": "kb-new-2"})).await;
    assert_eq!((a.status, a.body["tool_code"].as_str()), (StatusCode::OK, Some("KB-NEW-2")), "{:?}", a.body);
    let h = app.get(&format!("/api/V1/Item/CIP/Audit/Detail/{kanban}"), &warehouse).await;
    assert_eq!(h.body[0]["changes"]["tool_code"], json!({"from": "KB-NEW-1", "to": "KB-NEW-2"}));

    // The kanban CIP keeps its type while it has bins; the rack lists them and cannot be removed.
    let a = app.post("/api/V1/Item/CIP/Replenishment/Update", &warehouse, json!({"cip_no": kanban, "repl_type": 2, "min_qty": 1, "max_qty": 5, "keep_full": false})).await;
    assert_eq!(fields(&a), ["repl_type"]);
    let r = app.get(&format!("/api/V1/Crib/Station/{rack}"), &warehouse).await;
    assert!(r.body["kanban_bins"].as_array().unwrap().iter().any(|k| k["kanban_bin_id"] == id));
    assert_eq!(app.delete(&format!("/api/V1/Crib/Station/{rack}"), &warehouse).await.status, StatusCode::CONFLICT);
    assert_eq!(app.delete(&format!("{url}/{id}"), &warehouse).await.status, StatusCode::OK);
    assert_eq!(app.delete(&format!("{url}/{id}"), &warehouse).await.status, StatusCode::NOT_FOUND);

    // Another client's kanban bin (a number ACME does not use) is not found for a change.
    sqlx::query(
        "insert into client_gea.kanban_bin (kanban_bin_id, site_id, cip_no, tool_code, bin_qty)
         overriding system value select 7000, site_id, cip_no, 'GEA-SECRET', 1 from client_gea.kanban_bin limit 1",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let a = app.post(card, &warehouse, json!({"kanban_bin_id": 7000, "new_tool_code": "X-1"})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND, "{:?}", a.body);
    assert_eq!(app.delete(&format!("{url}/7000"), &warehouse).await.status, StatusCode::NOT_FOUND);
}
