//! Custom fields (docs/cid.md): definitions per record kind and site in 20 slots, possible values of list fields
//! with their visibility, values of CIDs and CIPs checked against their definition, and the bulk import of values
//! from CSV or .xlsx files.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{assert_documented, TestApp};

async fn cid_no(app: &TestApp, site: &str, code: &str) -> i64 {
    sqlx::query_scalar("select c.cid_no from client_acme.cid c join asp.site s using (site_id) where s.site_code = $1 and c.cust_item_code = $2")
        .bind(site)
        .bind(code)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn admin_at_north(app: &TestApp) -> String {
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "ACME-NORTH").await.status, StatusCode::OK);
    admin
}

/// Defines a CID field at the admin's current site; answers its definition id.
async fn define(app: &TestApp, admin: &str, body: Value) -> i64 {
    let a = app.put("/api/V1/Item/CID/Custom/New", admin, body).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body["custom_field_definition_id"].as_i64().unwrap()
}

async fn add_value(app: &TestApp, admin: &str, def: i64, value: &str) -> i64 {
    let a = app.post("/api/V1/Item/CID/CustomPossibleValue", admin, json!({"custom_field_definition_id": def, "custom_field_value": value})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body["custom_field_value_possible_id"].as_i64().unwrap()
}

async fn import(app: &TestApp, token: &str, query: &str, content_type: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let path = format!("/api/V1/Item/CID/Custom/Update/Import{query}");
    let resp = app.client.post(format!("{}{path}", app.base)).bearer_auth(token).header("content-type", content_type).body(body).send().await.unwrap();
    let status = resp.status();
    assert_documented(&path, status, resp.headers());
    (status, resp.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn definitions_take_free_slots_with_unique_labels_and_only_administrators_make_them() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let buyer = app.login("buyer").await;

    // The demo defines CID slots 1-3 and CIP slots 1-2 at every site.
    let a = app.get("/api/V1/Item/CIP/Custom/Definitions?entity_type=CID", &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let slots: Vec<i64> = a.body["definitions"].as_array().unwrap().iter().map(|d| d["field_no"].as_i64().unwrap()).collect();
    assert_eq!(slots, [1, 2, 3]);
    let a = app.get("/api/V1/Item/CIP/Custom/Definitions", &buyer).await;
    assert_eq!(a.body["entity_type"], "CIP");
    assert_eq!(a.body["definitions"][0]["label"], "Count Frequency");

    let a = app.put("/api/V1/Item/CID/Custom/New", &buyer, json!({"entity_type": "CID", "label": "Colour", "field_type": "text"})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);

    let a = app.put("/api/V1/Item/CID/Custom/New", &admin, json!({"entity_type": "CID", "label": "Colour", "field_type": "text", "max_length": 20})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["field_no"], 4);
    let a = app.put("/api/V1/Item/CID/Custom/New", &admin, json!({"entity_type": "CID", "label": "colour", "field_type": "text"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    let a = app.put("/api/V1/Item/CID/Custom/New", &admin, json!({"entity_type": "CID", "field_no": 2, "label": "Other", "field_type": "text"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    let a = app.put("/api/V1/Item/CID/Custom/New", &admin, json!({"entity_type": "CID", "field_no": 21, "label": "Other", "field_type": "text"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = app.put("/api/V1/Item/CID/Custom/New", &admin, json!({"entity_type": "CID", "label": " ", "field_type": "text"})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].clone()), (StatusCode::BAD_REQUEST, json!("label")));
    // The same label is free for CIPs and at the other site.
    let a = app.put("/api/V1/Item/CID/Custom/New", &admin, json!({"entity_type": "CIP", "label": "Colour", "field_type": "text"})).await;
    assert_eq!((a.status, a.body["field_no"].clone()), (StatusCode::OK, json!(3)));
    // Slots run out at 20.
    for n in 5..=20 {
        define(&app, &admin, json!({"entity_type": "CID", "label": format!("Field {n}"), "field_type": "text"})).await;
    }
    let a = app.put("/api/V1/Item/CID/Custom/New", &admin, json!({"entity_type": "CID", "label": "One too many", "field_type": "text"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    assert!(a.body["message"].as_str().unwrap().contains("All 20"));
    let n: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where entity = 'custom_field_definition' and action = 'custom_field_definition.create'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(n, 18);
}

#[tokio::test]
async fn values_are_checked_against_their_definition_and_stored_normalised() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let buyer = app.login("buyer").await;
    let cid = cid_no(&app, "ACME-NORTH", "CP-10021").await;
    define(&app, &admin, json!({"entity_type": "CID", "field_no": 5, "label": "Pack Count", "field_type": "number", "is_required": true})).await;
    let grade = define(&app, &admin, json!({"entity_type": "CID", "field_no": 6, "label": "Grade", "field_type": "list"})).await;
    add_value(&app, &admin, grade, "Gold").await;
    let silver = add_value(&app, &admin, grade, "Silver").await;

    let a = app.put("/api/V1/Item/CID/CustomValues", &buyer, json!({"cid_no": cid, "values": [
        {"field_no": 2, "value": "31/12/2025"}, {"field_no": 5, "value": "a dozen"}, {"field_no": 6, "value": "Bronze"},
        {"field_no": 3, "value": "x".repeat(61)}, {"field_no": 9, "value": "x"}]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let fields: Vec<&str> = a.body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["custom2", "custom5", "custom6", "custom3", "custom9"]);
    let before: Option<String> = sqlx::query_scalar("select custom5 from client_acme.cid where cid_no = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    assert_eq!(before, None);

    let a = app.put("/api/V1/Item/CID/CustomValues", &buyer, json!({"cid_no": cid, "values": [
        {"field_no": 2, "value": "12/31/2025"}, {"field_no": 5, "value": " 12 "}, {"field_no": 6, "value": "gold"}, {"field_no": 1, "value": "cage"}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let stored: (Option<String>, Option<String>, Option<String>, Option<String>) =
        sqlx::query_as("select custom1, custom2, custom5, custom6 from client_acme.cid where cid_no = $1").bind(cid).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, (Some("CAGE".into()), Some("2025-12-31".into()), Some("12".into()), Some("Gold".into())));
    let by_no = |body: &Value, n: i64| body["fields"].as_array().unwrap().iter().find(|f| f["field_no"] == n).cloned().unwrap();
    assert_eq!(by_no(&a.body, 6)["value"], "Gold");

    // A required field cannot be cleared; a hidden list value is not chosen anew.
    let a = app.put("/api/V1/Item/CID/CustomValues", &buyer, json!({"cid_no": cid, "values": [{"field_no": 5, "value": ""}]})).await;
    assert_eq!((a.status, a.body["errors"][0]["field"].clone()), (StatusCode::BAD_REQUEST, json!("custom5")));
    let a = app.put("/api/V1/Item/CID/CustomValuePossible/Visibility?is_visible=false", &admin, json!({"custom_field_value_possible_ids": [silver]})).await;
    assert_eq!((a.status, a.body[0]["is_visible"].clone()), (StatusCode::OK, json!(false)), "{:?}", a.body);
    let a = app.put("/api/V1/Item/CID/CustomValues", &buyer, json!({"cid_no": cid, "values": [{"field_no": 6, "value": "Silver"}]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.body["message"].as_str().unwrap().contains("no longer offered"), "{:?}", a.body);

    let a = app.get(&format!("/api/V1/Item/CID/Custom/{cid}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(by_no(&a.body, 5)["label"], "Pack Count");
    assert_eq!(by_no(&a.body, 5)["is_required"], true);
    let history = app.get(&format!("/api/V1/Item/CID/Audit/Detail/{cid}"), &buyer).await;
    assert_eq!(history.body[0]["action"], "cid.custom_values", "{:?}", history.body);
    assert_eq!(history.body[0]["changes"]["custom6"]["to"], "Gold");

    // A CID of a site the caller may not use.
    let gea: i64 = sqlx::query_scalar("select max(cid_no) from client_gea.cid").fetch_one(&app.pool).await.unwrap();
    let a = app.put("/api/V1/Item/CID/CustomValues", &buyer, json!({"cid_no": gea + 100000, "values": []})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn possible_values_are_paged_hidden_and_renamed_into_the_records_that_hold_them() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let buyer = app.login("buyer").await;
    // The demo's "Storeroom Zone" (CID slot 1): MAIN, CAGE, YARD visible, OLD hidden.
    let def: i64 = sqlx::query_scalar(
        "select d.custom_field_definition_id from client_acme.custom_field_definition d join asp.site s using (site_id)
         where s.site_code = 'ACME-NORTH' and d.entity_type = 'CID' and d.field_no = 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = app.get(&format!("/api/V1/Item/CID/CustomValuePossible?custom_field_definition_id={def}&pageSize=10"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let values: Vec<&str> = a.body["itemList"].as_array().unwrap().iter().map(|v| v["custom_field_value"].as_str().unwrap()).collect();
    assert_eq!(values, ["CAGE", "MAIN", "YARD"]);
    let a = app.get(&format!("/api/V1/Item/CID/CustomValuePossible?custom_field_definition_id={def}&show_hidden=true&sortField=custom_field_value&sortDirection=desc"), &buyer).await;
    assert_eq!(a.body["totalCount"], 4);
    assert_eq!(a.body["itemList"][0]["custom_field_value"], "YARD");
    let a = app.get(&format!("/api/V1/Item/CID/CustomValuePossible?custom_field_definition_id={def}&pageSize=7"), &buyer).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    let a = app.post("/api/V1/Item/CID/CustomPossibleValue", &admin, json!({"custom_field_definition_id": def, "custom_field_value": "main"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    // Possible values belong to list fields only.
    let date_def: i64 = sqlx::query_scalar("select custom_field_definition_id from client_acme.custom_field_definition where site_id = (select site_id from asp.site where site_code = 'ACME-NORTH') and entity_type = 'CID' and field_no = 2")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.post("/api/V1/Item/CID/CustomPossibleValue", &admin, json!({"custom_field_definition_id": date_def, "custom_field_value": "x"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);

    // Renaming CAGE renames it in every CID of the site holding it, and only there.
    let holding: i64 = sqlx::query_scalar("select count(*) from client_acme.cid c join asp.site s using (site_id) where s.site_code = 'ACME-NORTH' and custom1 = 'CAGE'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(holding > 0);
    let south_before: i64 = sqlx::query_scalar("select count(*) from client_acme.cid c join asp.site s using (site_id) where s.site_code = 'ACME-SOUTH' and custom1 = 'CAGE'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let cage: i64 = sqlx::query_scalar("select custom_field_value_possible_id from client_acme.custom_field_value_possible where custom_field_definition_id = $1 and custom_field_value = 'CAGE'")
        .bind(def)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.put("/api/V1/Item/CID/CustomValuePossible", &admin, json!({"custom_field_value_possible_id": cage, "custom_field_value": "SECURE CAGE", "description": "Locked cage"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let renamed: i64 = sqlx::query_scalar("select count(*) from client_acme.cid c join asp.site s using (site_id) where s.site_code = 'ACME-NORTH' and custom1 = 'SECURE CAGE'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(renamed, holding);
    let south_after: i64 = sqlx::query_scalar("select count(*) from client_acme.cid c join asp.site s using (site_id) where s.site_code = 'ACME-SOUTH' and custom1 = 'CAGE'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(south_after, south_before);
    let changes: Value = sqlx::query_scalar("select changes from asp.audit_event where entity = 'custom_field_value_possible' and entity_id = $1")
        .bind(cage.to_string())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(changes["records_renamed"], holding);

    // Several at once: all or nothing.
    let yard: i64 = sqlx::query_scalar("select custom_field_value_possible_id from client_acme.custom_field_value_possible where custom_field_definition_id = $1 and custom_field_value = 'YARD'")
        .bind(def)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.put("/api/V1/Item/CID/CustomValuePossible/Update", &admin, json!({"values": [
        {"custom_field_value_possible_id": yard, "custom_field_value": "OUTSIDE YARD"},
        {"custom_field_value_possible_id": cage, "custom_field_value": "main"}]})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    let still: String = sqlx::query_scalar("select custom_field_value from client_acme.custom_field_value_possible where custom_field_value_possible_id = $1").bind(yard).fetch_one(&app.pool).await.unwrap();
    assert_eq!(still, "YARD");
    let a = app.put("/api/V1/Item/CID/CustomValuePossible/Update", &admin, json!({"values": [{"custom_field_value_possible_id": yard, "custom_field_value": "OUTSIDE YARD", "is_visible": false}]})).await;
    assert_eq!((a.status, a.body[0]["is_visible"].clone()), (StatusCode::OK, json!(false)), "{:?}", a.body);
    // Values of another site are not changed from here.
    let south_value: i64 = sqlx::query_scalar(
        "select p.custom_field_value_possible_id from client_acme.custom_field_value_possible p join asp.site s using (site_id) where s.site_code = 'ACME-SOUTH' limit 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = app.put("/api/V1/Item/CID/CustomValuePossible/Visibility?is_visible=false", &admin, json!({"custom_field_value_possible_ids": [yard, south_value]})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_type_change_is_refused_while_stored_values_do_not_fit_it() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    // The demo's "Buyer Note" (CID slot 3) holds free text.
    let note: i64 = sqlx::query_scalar("select custom_field_definition_id from client_acme.custom_field_definition where site_id = (select site_id from asp.site where site_code = 'ACME-NORTH') and entity_type = 'CID' and field_no = 3")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let a = app.put("/api/V1/Item/CID/Custom/Update", &admin, json!({"custom_field_definition_id": note, "label": "Buyer Note", "field_type": "number"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    let a = app.put("/api/V1/Item/CID/Custom/Update", &admin, json!({"custom_field_definition_id": note, "label": "Buyer Note", "field_type": "text", "max_length": 5})).await;
    assert_eq!(a.status, StatusCode::CONFLICT, "{:?}", a.body);
    let a = app.put("/api/V1/Item/CID/Custom/Update", &admin, json!({"custom_field_definition_id": note, "label": "Purchasing Note", "field_type": "text", "max_length": 100, "is_visible": false})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!((a.body["label"].clone(), a.body["is_visible"].clone()), (json!("Purchasing Note"), json!(false)));
    let a = app.put("/api/V1/Item/CID/Custom/Update", &admin, json!({"custom_field_definition_id": note, "label": "storeroom zone", "field_type": "text"})).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    let a = app.put("/api/V1/Item/CID/Custom/Update", &admin, json!({"custom_field_definition_id": 987654321, "label": "x", "field_type": "text"})).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn cip_values_follow_the_cip_definitions() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let cip: i64 = sqlx::query_scalar("select cip_no from client_acme.cip c join asp.site s using (site_id) where s.site_code = 'ACME-NORTH' and cip_code = 'GLV-NTR-L'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    sqlx::query("update client_acme.cip set custom1 = null where cip_no = $1").bind(cip).execute(&app.pool).await.unwrap();
    let a = app.put("/api/V1/Item/CIP/Custom", &buyer, json!({"cip_no": cip, "values": [{"field_no": 1, "value": "monthly"}, {"field_no": 2, "value": "48"}]})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = app.get(&format!("/api/V1/Item/CIP/Custom/Values/{cip}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["fields"][0]["value"], "MONTHLY");
    assert_eq!(a.body["fields"][1]["value"], "48");
    // Slot 3 is defined for CIDs, not for CIPs.
    let a = app.put("/api/V1/Item/CIP/Custom", &buyer, json!({"cip_no": cip, "values": [{"field_no": 3, "value": "x"}, {"field_no": 2, "value": "many"}]})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.body["errors"].as_array().unwrap().len(), 2);
    let changes: Value = sqlx::query_scalar("select changes from asp.audit_event where entity = 'cip' and entity_id = $1 and action = 'cip.custom_values'")
        .bind(cip.to_string())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(changes["custom1"]["to"], "MONTHLY");
}

#[tokio::test]
async fn an_import_applies_the_valid_rows_and_reports_every_refused_one() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let a = cid_no(&app, "ACME-NORTH", "CP-10021").await;
    let b = cid_no(&app, "ACME-NORTH", "CP-10388").await;
    let before_b: Option<String> = sqlx::query_scalar("select custom1 from client_acme.cid where cid_no = $1").bind(b).fetch_one(&app.pool).await.unwrap();
    let csv = "cust_item_code,Storeroom Zone,custom2,Buyer Note\n\
               cp-10021,yard,2025-02-03,Check seals\n\
               CP-10388,NOWHERE,not a date,\n\
               CP-00000,MAIN,,\n\
               CP-10021,MAIN,,\n\
               CP-11002,,,\"Note, with comma\"\n";
    let (status, body) = import(&app, &buyer, "", "text/csv", csv.as_bytes().to_vec()).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    assert_eq!((body["total_rows"].clone(), body["applied_rows"].clone(), body["refused_rows"].clone()), (json!(5), json!(2), json!(3)), "{body:?}");
    let refusals: Vec<(i64, String)> = body["refusals"].as_array().unwrap().iter().map(|r| (r["row"].as_i64().unwrap(), r["field"].as_str().unwrap().to_owned())).collect();
    assert_eq!(refusals, vec![(3, "custom1".into()), (3, "custom2".into()), (4, "cust_item_code".into()), (5, "cust_item_code".into())]);
    let row_a: (Option<String>, Option<String>, Option<String>) = sqlx::query_as("select custom1, custom2, custom3 from client_acme.cid where cid_no = $1").bind(a).fetch_one(&app.pool).await.unwrap();
    assert_eq!(row_a, (Some("YARD".into()), Some("2025-02-03".into()), Some("Check seals".into())));
    // The refused row changed nothing, not even its valid cells.
    let after_b: Option<String> = sqlx::query_scalar("select custom1 from client_acme.cid where cid_no = $1").bind(b).fetch_one(&app.pool).await.unwrap();
    assert_eq!(after_b, before_b);
    let note: Option<String> = sqlx::query_scalar("select custom3 from client_acme.cid where cust_item_code = 'CP-11002' and site_id = (select site_id from asp.site where site_code = 'ACME-NORTH')")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(note.as_deref(), Some("Note, with comma"));
    let imported: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where action = 'cid.custom_values_import'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(imported, 2);

    // The same as a workbook, for CIPs by number.
    let cip: i64 = sqlx::query_scalar("select cip_no from client_acme.cip where cid_no = $1").bind(a).fetch_one(&app.pool).await.unwrap();
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write(0, 0, "cip_no").unwrap();
    sheet.write(0, 1, "Shelf Capacity").unwrap();
    sheet.write(0, 2, "Count Frequency").unwrap();
    sheet.write(1, 0, cip as f64).unwrap();
    sheet.write(1, 1, 36).unwrap();
    sheet.write(1, 2, "Weekly").unwrap();
    sheet.write(2, 0, 987654321.0).unwrap();
    sheet.write(2, 1, 1).unwrap();
    let bytes = book.save_to_buffer().unwrap();
    let (status, body) = import(&app, &buyer, "?entity_type=CIP", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", bytes).await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    assert_eq!((body["applied_rows"].clone(), body["refused_rows"].clone()), (json!(1), json!(1)), "{body:?}");
    let stored: (Option<String>, Option<String>) = sqlx::query_as("select custom1, custom2 from client_acme.cip where cip_no = $1").bind(cip).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, (Some("WEEKLY".into()), Some("36".into())));

    // Files that cannot be imported at all.
    let (status, body) = import(&app, &buyer, "", "text/csv", b"cust_item_code,Colour\nCP-10021,red\n".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].as_str().unwrap().contains("Colour"), "{body:?}");
    let (status, _) = import(&app, &buyer, "", "text/csv", b"part,Storeroom Zone\n".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = import(&app, &buyer, "", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", b"not a workbook".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = import(&app, &buyer, "", "text/csv", Vec::new()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_custom_field_administrator_of_one_site_reaches_no_definition_or_value_of_another() {
    let app = TestApp::spawn().await;
    // The buyer becomes an administrator at ACME-NORTH only (CustomFieldAdmin there, not at ACME-SOUTH).
    sqlx::query(
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
         select u.asp_users_id, s.site_id, r.security_role_id from asp.asp_users u, asp.site s, asp.security_role r
         where u.user_id = 'buyer' and s.site_code = 'ACME-NORTH' and r.role_name = 'Administrator'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let buyer = app.login("buyer").await;
    let south_def: i64 = sqlx::query_scalar(
        "select d.custom_field_definition_id from client_acme.custom_field_definition d join asp.site s using (site_id)
         where s.site_code = 'ACME-SOUTH' and d.entity_type = 'CID' and d.field_no = 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let south_value: i64 = sqlx::query_scalar("select min(custom_field_value_possible_id) from client_acme.custom_field_value_possible where custom_field_definition_id = $1")
        .bind(south_def)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    // A definition id of the other client: the buyer's client schema has its own rows of every number, so an id
    // above them all names only GEA's records (planted like the cross-tenant probes do).
    let digest = || async {
        sqlx::query_scalar::<_, String>(
            "select md5(coalesce(string_agg(d::text, ',' order by d.custom_field_definition_id), '') ||
                        (select coalesce(string_agg(p::text, ',' order by p.custom_field_value_possible_id), '') from client_acme.custom_field_value_possible p))
             from client_acme.custom_field_definition d",
        )
        .fetch_one(&app.pool)
        .await
        .unwrap()
    };
    let before = digest().await;

    // Own site: allowed.
    let north_def: i64 = sqlx::query_scalar(
        "select d.custom_field_definition_id from client_acme.custom_field_definition d join asp.site s using (site_id)
         where s.site_code = 'ACME-NORTH' and d.entity_type = 'CID' and d.field_no = 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let a = app.get(&format!("/api/V1/Item/CID/CustomValuePossible?custom_field_definition_id={north_def}"), &buyer).await;
    assert_eq!(a.status, StatusCode::OK);

    for (method, path, body) in [
        ("PUT", "/api/V1/Item/CID/Custom/Update", json!({"custom_field_definition_id": south_def, "label": "Taken Over", "field_type": "text"})),
        ("POST", "/api/V1/Item/CID/CustomPossibleValue", json!({"custom_field_definition_id": south_def, "custom_field_value": "NEW"})),
        ("PUT", "/api/V1/Item/CID/CustomValuePossible", json!({"custom_field_value_possible_id": south_value, "custom_field_value": "X"})),
        ("PUT", "/api/V1/Item/CID/CustomValuePossible/Update", json!({"values": [{"custom_field_value_possible_id": south_value, "custom_field_value": "X"}]})),
        ("PUT", "/api/V1/Item/CID/CustomValuePossible/Visibility?is_visible=false", json!({"custom_field_value_possible_ids": [south_value]})),
        ("PUT", "/api/V1/Item/CID/Custom/Update", json!({"custom_field_definition_id": 987654321, "label": "Nowhere", "field_type": "text"})),
    ] {
        let a = app.request(method.parse().unwrap(), path, Some(&buyer), Some(body)).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{method} {path}: {:?}", a.body);
    }
    assert_eq!(digest().await, before);
}
