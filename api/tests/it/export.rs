//! Excel export of a search: a valid workbook, sheet Sheet1, the displayed columns, at most 5000 rows.
#![allow(clippy::unwrap_used)]


use std::io::Read;

use crate::common::TestApp;
use reqwest::StatusCode;
use serde_json::json;

fn entry(bytes: &[u8], name: &str) -> String {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("the export is a zip package");
    let mut text = String::new();
    archive.by_name(name).unwrap_or_else(|_| panic!("{name} in the workbook")).read_to_string(&mut text).unwrap();
    text
}

#[tokio::test]
async fn exporting_a_5000_row_search_gives_a_workbook_with_5000_data_rows() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    sqlx::query("insert into asp.error_log (application_name, message) select 'ASPv8', 'bulk ' || i from generate_series(1, 5200) i")
        .execute(&app.pool)
        .await
        .unwrap();
    let resp = app
        .client
        .post(format!("{}/api/V1/DevOps/ErrorLog/Search/Export", app.base))
        .bearer_auth(&admin)
        .json(&json!({"columns": [
            {"field": "asp_error_log_ID", "header": "Log Id", "kind": "number"},
            {"field": "event_time", "header": "Event Time", "kind": "datetime"},
            {"field": "asP_message", "header": "Message", "kind": "text"}
        ]}))
        .send()
        .await
        .unwrap();
    crate::common::assert_documented("/api/V1/DevOps/ErrorLog/Search/Export", resp.status(), resp.headers());
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert!(resp.headers()["content-disposition"].to_str().unwrap().contains("AspExport.xlsx"));
    let bytes = resp.bytes().await.unwrap();
    let workbook = entry(&bytes, "xl/workbook.xml");
    assert!(workbook.contains("name=\"Sheet1\""), "sheet name");
    let sheet = entry(&bytes, "xl/worksheets/sheet1.xml");
    assert_eq!(sheet.matches("<row ").count(), 5001, "a header row and 5000 data rows");
    let strings = entry(&bytes, "xl/sharedStrings.xml");
    for header in ["Log Id", "Event Time", "Message"] {
        assert!(strings.contains(header), "{header} header");
    }
}

#[tokio::test]
async fn an_export_without_columns_is_refused() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    let a = app.post("/api/V1/DevOps/Release/Search/Export", &admin, json!({"columns": []})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let buyer = app.login("buyer").await;
    let a = app.post("/api/V1/DevOps/Release/Search/Export", &buyer, json!({"columns": [{"field": "release_number", "header": "Release"}]})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
}
