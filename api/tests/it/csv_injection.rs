//! What the product writes cannot run as a formula in a spreadsheet (docs/security.md "CSV downloads"): a cell of
//! a CSV download that starts with `=`, `+`, `-`, `@`, a tab or a carriage return comes back neutralised (a single
//! quote in front, quoted) unless it is a plain number, the import reads such a cell back as it was, and workbooks
//! store text as text, never as a formula.
#![allow(clippy::unwrap_used)]

use std::io::Read;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{assert_documented, TestApp};

const FORMULA: &str = r#"=HYPERLINK("http://evil.example","x")"#;

async fn fetch(app: &TestApp, path: &str, token: &str) -> (StatusCode, Vec<u8>) {
    let resp = app.client.get(format!("{}{path}", app.base)).bearer_auth(token).send().await.unwrap();
    let status = resp.status();
    assert_documented(path, status, resp.headers());
    (status, resp.bytes().await.unwrap().to_vec())
}

/// The cells of one CSV line (RFC 4180 quoting).
fn cells(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                out.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(String::new()),
            _ => out.last_mut().unwrap().push(c),
        }
    }
    out
}

#[tokio::test]
async fn a_custom_field_label_that_is_a_formula_is_neutralised_in_the_csv_template_and_text_in_the_workbook() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "ACME-NORTH").await.status, StatusCode::OK);
    for label in [FORMULA, "-5", "@Buyer"] {
        let a = app.put("/api/V1/Item/CID/Custom/New", &admin, json!({"entity_type": "CID", "label": label, "field_type": "text"})).await;
        assert_eq!(a.status, StatusCode::OK, "{label}: {:?}", a.body);
    }
    let buyer = app.login("buyer").await;

    let (status, body) = fetch(&app, "/api/V1/File/Template/CustomFieldCID?format=csv", &buyer).await;
    assert_eq!(status, StatusCode::OK);
    let text = String::from_utf8(body).unwrap();
    assert!(text.contains(r#","'=HYPERLINK(""http://evil.example"",""x"")""#), "{text}");
    let header = cells(text.trim_end_matches("\r\n"));
    for cell in &header {
        assert!(!cell.starts_with(['=', '+', '@', '\t', '\r']), "a cell a spreadsheet would run: {cell:?} in {text}");
        assert!(!cell.starts_with('-') || cell.parse::<f64>().is_ok(), "{cell:?}");
    }
    assert!(header.contains(&"-5".to_owned()), "a number stays a number: {header:?}");
    assert!(header.contains(&"'@Buyer".to_owned()), "{header:?}");

    // The template filled in imports: the neutralised header names the field it came from.
    let at = header.iter().position(|c| c.starts_with("'=HYPERLINK")).unwrap();
    let mut row = vec![String::new(); header.len()];
    row[0] = "CP-10021".into();
    row[at] = "imported".into();
    let file = format!("{text}{}\r\n", row.join(","));
    let path = "/api/V1/Item/CID/Custom/Update/Import";
    let resp = app.client.post(format!("{}{path}", app.base)).bearer_auth(&buyer).header("content-type", "text/csv").body(file).send().await.unwrap();
    let status = resp.status();
    assert_documented(path, status, resp.headers());
    let result: Value = resp.json().await.unwrap();
    assert_eq!((status, result["applied_rows"].as_i64()), (StatusCode::OK, Some(1)), "{result}");
    let slot: i32 = sqlx::query_scalar("select field_no from client_acme.custom_field_definition where label = $1").bind(FORMULA).fetch_one(&app.pool).await.unwrap();
    let stored: Option<String> = sqlx::query_scalar(&format!(
        "select custom{slot} from client_acme.cid where cust_item_code = 'CP-10021' and site_id = (select site_id from asp.site where site_code = 'ACME-NORTH')"
    ))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(stored.as_deref(), Some("imported"));

    // The workbook template holds the label as a string cell: no formula anywhere in its sheet.
    let (status, body) = fetch(&app, "/api/V1/File/Template/CustomFieldCID?format=xlsx", &buyer).await;
    assert_eq!(status, StatusCode::OK);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(body.clone())).unwrap();
    let mut sheet = String::new();
    zip.by_name("xl/worksheets/sheet1.xml").unwrap().read_to_string(&mut sheet).unwrap();
    assert!(!sheet.contains("<f>") && !sheet.contains("<f "), "{sheet}");
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(body)).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    let labels: Vec<calamine::Data> = range.rows().next().unwrap().to_vec();
    assert!(labels.contains(&calamine::Data::String(FORMULA.to_owned())), "{labels:?}");
}
