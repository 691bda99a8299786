//! Files built to exhaust the server, sent to both imports (the cost catalogue and a buyer's custom-field values):
//! a zip bomb, one huge cell, XML entity expansion, millions of rows, rows past the limit, and ten bombs at once.
//! Each is refused (413 naming the limit, or 400 for what is refused outright) while the server's memory stays
//! bounded (docs/security.md "Imports").
//!
//! How memory is measured: the application under test runs inside the test's own process (`TestApp`), and nextest
//! (what CI and scripts/test.sh use) runs every test in a process of its own, so the process's peak resident size
//! (`VmHWM` in /proc/self/status) is the server's peak during that test. Each test resets the peak once the
//! application is up (`5` written to /proc/self/clear_refs), sends its bombs, and checks the peak against the
//! resident size at the reset. Under plain `cargo test` every test shares one process and runs at the same time
//! as others, whose memory would count: there the bound is not asserted (the answers still are).
#![allow(clippy::unwrap_used)]

use std::io::Write;

use reqwest::StatusCode;
use serde_json::Value;

use crate::common::{assert_documented, TestApp};

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// What one test's bombs may add to the server's peak memory; an ordinary catalogue of 20,000 rows is held to it too
/// (the last test; it takes about 19 MB). Measured with the streaming reader: 2 to 80 MB per bomb test. Before it, with the same files:
/// the zip bomb 1,388 MB, the 200 MB cell 416 MB, 3 million rows 675 MB, and ten bombs at once passed 4 GB.
const BOUND_MB: u64 = 200;

fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim_start_matches(':').trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn under_nextest() -> bool {
    std::env::var("NEXTEST_EXECUTION_MODE").is_ok_and(|m| m == "process-per-test") || std::env::var("NEXTEST").is_ok_and(|v| v == "1")
}

struct Memory {
    base_kb: u64,
}

impl Memory {
    /// Resets the process's peak to what it holds now.
    fn start() -> Self {
        let reset = std::fs::write("/proc/self/clear_refs", "5");
        assert!(reset.is_ok() || !under_nextest(), "the peak resident size can be reset (Linux 4.0 and later): {reset:?}");
        Self { base_kb: status_kb("VmRSS") }
    }

    fn assert_bounded(&self, what: &str) {
        let grown_mb = status_kb("VmHWM").saturating_sub(self.base_kb) / 1024;
        eprintln!("{what}: peak {grown_mb} MB above the start");
        if under_nextest() {
            assert!(grown_mb < BOUND_MB, "{what} took the server's memory up by {grown_mb} MB (at most {BOUND_MB} MB)");
        }
    }
}

async fn admin_at_north(app: &TestApp) -> String {
    let admin = app.login("admin").await;
    assert_eq!(app.switch(&admin, "ACME-NORTH").await.status, StatusCode::OK);
    admin
}

async fn shared_vendor(app: &TestApp) -> i64 {
    sqlx::query_scalar("insert into asp.shared_vendor (shared_vendor_name) values ('Bomb Supply') returning shared_vendor_id").fetch_one(&app.pool).await.unwrap()
}

async fn send(app: &TestApp, token: &str, path: &str, content_type: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let resp = app.client.post(format!("{}{path}", app.base)).bearer_auth(token).header("content-type", content_type).body(body).send().await.unwrap();
    let status = resp.status();
    assert_documented(path, status, resp.headers());
    (status, resp.json().await.unwrap_or(Value::Null))
}

fn cost_path(sv: i64) -> String {
    format!("/api/V1/SharedVendor/Cost/Import?shared_vendor_id={sv}&file_name=bomb.xlsx")
}

const CUSTOM_PATH: &str = "/api/V1/Item/CID/Custom/Update/Import";

fn error_type(body: &Value) -> &str {
    body["errors"][0]["errorType"].as_str().unwrap_or_default()
}

/// A workbook whose first sheet is `header`, then `chunk` written `times` times, then the end: large sheets are
/// made without holding them.
fn workbook(header: &str, chunk: &[u8], times: usize, shared_strings: Option<&str>) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated).compression_level(Some(6));
    // What Excel (and calamine, the reader before kernel::import) needs to open the file: the bombs must be readable
    // workbooks, or an old reader would refuse them without ever unpacking the sheet.
    let strings_rel = if shared_strings.is_some() {
        r#"<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>"#
    } else {
        ""
    };
    let parts = [
        (
            "[Content_Types].xml",
            r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"#.to_owned(),
        ),
        (
            "_rels/.rels",
            r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_owned(),
        ),
        (
            "xl/workbook.xml",
            r#"<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_owned(),
        ),
        (
            "xl/_rels/workbook.xml.rels",
            format!(
                r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>{strings_rel}</Relationships>"#
            ),
        ),
    ];
    for (name, body) in parts {
        zip.start_file(name, options).unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    if let Some(strings) = shared_strings {
        zip.start_file("xl/sharedStrings.xml", options).unwrap();
        zip.write_all(strings.as_bytes()).unwrap();
    }
    zip.start_file("xl/worksheets/sheet1.xml", options).unwrap();
    zip.write_all(br#"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#).unwrap();
    zip.write_all(header.as_bytes()).unwrap();
    for _ in 0..times {
        zip.write_all(chunk).unwrap();
    }
    zip.write_all(b"</sheetData></worksheet>").unwrap();
    zip.finish().unwrap().into_inner()
}

fn cell(text: &str) -> String {
    format!(r#"<c t="inlineStr"><is><t>{text}</t></is></c>"#)
}

const COST_HEADER: [&str; 6] = ["mfg_code", "mfg_part_no", "start_date", "end_date", "qty_break_1", "cost_1"];

fn cost_header_row() -> String {
    format!("<row>{}</row>", COST_HEADER.iter().map(|h| cell(h)).collect::<String>())
}

/// About 300 MB of sheet (rows of 16 number cells) in a file of a few hundred KB.
fn zip_bomb(header: &str) -> Vec<u8> {
    let row = format!("<row>{}</row>", "<c><v>1</v></c>".repeat(16));
    let chunk = row.repeat((1 << 20) / row.len());
    workbook(header, chunk.as_bytes(), 300, None)
}

/// Letters that compress like text (about 5 bits each), not like a run of one letter.
fn text_like(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b'a' + (x % 26) as u8
        })
        .collect()
}

#[tokio::test]
async fn a_zip_bomb_workbook_is_refused_unread_and_the_server_stays_small() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let buyer = app.login("buyer").await;
    let sv = shared_vendor(&app).await;
    let cost_bomb = zip_bomb(&cost_header_row());
    let custom_bomb = zip_bomb(&format!("<row>{}{}</row>", cell("cust_item_code"), cell("Storeroom Zone")));
    assert!(cost_bomb.len() < 2 << 20, "the bomb is small: {} bytes", cost_bomb.len());

    let memory = Memory::start();
    let (status, body) = send(&app, &admin, &cost_path(sv), XLSX, cost_bomb).await;
    // Memory first: what the old reader did to it is the failure this test is about.
    memory.assert_bounded("a zip bomb");
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "unpackedTooLarge"), "{body}");
    assert_eq!(body["errors"][0]["field"], "file");
    assert!(body["message"].as_str().unwrap().contains("256 MB"), "the message names the limit: {body}");
    let (status, body) = send(&app, &buyer, CUSTOM_PATH, XLSX, custom_bomb).await;
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "unpackedTooLarge"), "{body}");
    memory.assert_bounded("two zip bombs");
    let imports: i64 = sqlx::query_scalar("select count(*) from asp.shared_vendor_cost_import").fetch_one(&app.pool).await.unwrap();
    assert_eq!(imports, 0, "nothing was started");
}

#[tokio::test]
async fn one_huge_cell_is_refused_before_it_is_held() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let buyer = app.login("buyer").await;
    let sv = shared_vendor(&app).await;
    // The attack's file: one cell of 200 MB of one letter, a few hundred KB packed: a zip bomb by its ratio.
    let mut row = cost_header_row();
    row.push_str(r#"<row><c t="inlineStr"><is><t>"#);
    // (The sheet is left unclosed: it is refused long before its end would be read.)
    let bomb = workbook(&row, &[b'A'; 1 << 20], 200, None);
    let memory = Memory::start();
    let (status, body) = send(&app, &admin, &cost_path(sv), XLSX, bomb).await;
    // Memory first: what the old reader did to it is the failure this test is about.
    memory.assert_bounded("a 200 MB cell");
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "compressionRatio"), "{body}");

    // A cell of 6 MB of text-like letters packs only about 1.7 times: refused by the cell limit as it is read.
    let big = text_like(6 << 20);
    let sheet_row = format!("<row><c t=\"inlineStr\"><is><t>{}</t></is></c></row>", String::from_utf8(big.clone()).unwrap());
    let file = workbook(&format!("<row>{}{}</row>", cell("cust_item_code"), cell("Storeroom Zone")), sheet_row.as_bytes(), 1, None);
    let (status, body) = send(&app, &buyer, CUSTOM_PATH, XLSX, file).await;
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "cellTooLarge"), "{body}");
    assert!(body["message"].as_str().unwrap().contains("32768 bytes"), "{body}");
    // The same cell in a CSV.
    let csv = format!("cust_item_code,Storeroom Zone\nCP-10021,{}\n", String::from_utf8(big).unwrap());
    let (status, body) = send(&app, &buyer, CUSTOM_PATH, "text/csv", csv.into_bytes()).await;
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "rowTooLarge"), "{body}");
    memory.assert_bounded("one huge cell");
}

#[tokio::test]
async fn xml_entities_are_refused_and_never_expanded() {
    let app = TestApp::spawn().await;
    let buyer = app.login("buyer").await;
    let mut laughs = String::from(r#"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lollollollollollollollollollol">"#);
    for n in 1..=9 {
        let p = n - 1;
        laughs.push_str(&format!(r#"<!ENTITY lol{n} "{}">"#, format!("&lol{p};").repeat(10)));
    }
    laughs.push_str(r#"]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>&lol9;</t></si></sst>"#);
    let header = format!("<row>{}{}</row>", cell("cust_item_code"), cell("Storeroom Zone"));
    let memory = Memory::start();
    let file = workbook(&header, br#"<row><c t="inlineStr"><is><t>CP-10021</t></is></c><c t="s"><v>0</v></c></row>"#, 1, Some(&laughs));
    let (status, body) = send(&app, &buyer, CUSTOM_PATH, XLSX, file).await;
    assert_eq!((status, error_type(&body)), (StatusCode::BAD_REQUEST, "xmlDoctype"), "{body}");
    // An entity the sheet names without declaring it.
    let file = workbook(&header, br#"<row><c t="inlineStr"><is><t>CP-10021</t></is></c><c t="inlineStr"><is><t>&lol9;</t></is></c></row>"#, 1, None);
    let (status, body) = send(&app, &buyer, CUSTOM_PATH, XLSX, file).await;
    assert_eq!((status, error_type(&body)), (StatusCode::BAD_REQUEST, "xmlEntity"), "{body}");
    memory.assert_bounded("XML entities");
    let changed: i64 = sqlx::query_scalar("select count(*) from asp.audit_event where action = 'cid.custom_values_import'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(changed, 0);
}

#[tokio::test]
async fn a_file_with_more_rows_than_the_limit_is_refused_as_it_is_read() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let buyer = app.login("buyer").await;
    let sv = shared_vendor(&app).await;
    // 3 million numbered rows (about 130 MB of sheet, packed about 15 times): too many for the 200,000 a catalogue
    // may hold, and no zip bomb.
    let mut rows = String::new();
    for r in 2..3_000_002u64 {
        rows.push_str(&format!(r#"<row r="{r}"><c r="B{r}"><v>{r}</v></c></row>"#));
    }
    let file = workbook(&cost_header_row(), rows.as_bytes(), 1, None);
    drop(rows);
    assert!(file.len() < 32 << 20, "under the upload limit: {} bytes", file.len());
    let memory = Memory::start();
    let (status, body) = send(&app, &admin, &cost_path(sv), XLSX, file).await;
    // Memory first: what the old reader did to it is the failure this test is about.
    memory.assert_bounded("3 million rows");
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "tooManyRows"), "{body}");
    assert!(body["message"].as_str().unwrap().contains("200000"), "{body}");

    // The buyer's import allows 10,000.
    let mut csv = String::from("cust_item_code,Storeroom Zone\n");
    for n in 0..10_001 {
        csv.push_str(&format!("CP-{n},MAIN\n"));
    }
    let (status, body) = send(&app, &buyer, CUSTOM_PATH, "text/csv", csv.into_bytes()).await;
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "tooManyRows"), "{body}");
    memory.assert_bounded("rows past the limit");
}

#[tokio::test]
async fn a_csv_of_millions_of_rows_or_one_endless_row_is_refused_as_it_is_read() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app).await;
    let mut csv = COST_HEADER.join(",");
    csv.push('\n');
    csv.push_str(&"SKF,,,,,\n".repeat(3_000_000));
    let wide = format!("{}\n{}\n", COST_HEADER.join(","), ",".repeat(12 << 20));
    let memory = Memory::start();
    let (status, body) = send(&app, &admin, &cost_path(sv), "text/csv", csv.into_bytes()).await;
    // Memory first: what the old reader did to it is the failure this test is about.
    memory.assert_bounded("a CSV of 3 million rows");
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "tooManyRows"), "{body}");
    let (status, body) = send(&app, &admin, &cost_path(sv), "text/csv", wide.into_bytes()).await;
    assert_eq!((status, error_type(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "rowTooLarge"), "{body}");
    memory.assert_bounded("a CSV of millions of rows");
}

#[tokio::test]
async fn ten_bombs_at_once_are_all_refused_and_the_server_stays_small() {
    let app = TestApp::spawn().await;
    let admin = admin_at_north(&app).await;
    let buyer = app.login("buyer").await;
    let sv = shared_vendor(&app).await;
    let cost_bomb = zip_bomb(&cost_header_row());
    let custom_bomb = zip_bomb(&format!("<row>{}{}</row>", cell("cust_item_code"), cell("Storeroom Zone")));
    let memory = Memory::start();
    let path = cost_path(sv);
    let answers = futures::future::join_all((0..10).map(|n| {
        let (token, path, bomb) = if n % 2 == 0 { (&admin, path.as_str(), cost_bomb.clone()) } else { (&buyer, CUSTOM_PATH, custom_bomb.clone()) };
        send(&app, token, path, XLSX, bomb)
    }))
    .await;
    for (status, body) in &answers {
        assert!(
            *status == StatusCode::PAYLOAD_TOO_LARGE && error_type(body) == "unpackedTooLarge" || *status == StatusCode::TOO_MANY_REQUESTS,
            "{status} {body}"
        );
    }
    assert!(answers.iter().any(|(s, _)| *s == StatusCode::PAYLOAD_TOO_LARGE));
    memory.assert_bounded("ten bombs at once");
    // The server still answers, and a good file imports.
    let good = format!("{}\nSKF,AFTER-1,2026-01-01,2026-12-31,1,2.5\n", COST_HEADER.join(","));
    let (status, body) = send(&app, &admin, &cost_path(sv), "text/csv", good.into_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn imports_wait_their_turn_and_answer_429_when_the_queue_does_not_move() {
    let app = TestApp::spawn_with(|s| {
        s.import_max_concurrent = 1;
        s.import_wait_ms = 200;
    })
    .await;
    let admin = admin_at_north(&app).await;
    let sv = shared_vendor(&app).await;
    // A good catalogue keeps its turn while it is applied in the background.
    let mut csv = COST_HEADER.join(",");
    csv.push('\n');
    let today = chrono::Utc::now().date_naive();
    let (start, end) = (today, today + chrono::Duration::days(300));
    for n in 0..20_000 {
        csv.push_str(&format!("SKF,QUEUE-{n:06},{start},{end},1,{}.5\n", n % 90 + 1));
    }
    let memory = Memory::start();
    let (status, body) = send(&app, &admin, &cost_path(sv), "text/csv", csv.into_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["cost_import_id"].as_i64().unwrap();
    let (status, body) = send(&app, &admin, &cost_path(sv), "text/csv", format!("{}\n", COST_HEADER.join(",")).into_bytes()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["status"], 429);
    assert!(body["message"].as_str().unwrap().contains("try again"), "{body}");
    // What an ordinary import costs, for the bound the bombs are held to; once it is done, the next one is let in.
    let mut done = Value::Null;
    for _ in 0..240 {
        done = app.get(&format!("/api/V1/SharedVendor/Cost/Import/{id}"), &admin).await.body;
        if done["status"] != "running" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert_eq!((done["status"].as_str(), done["applied_rows"].as_i64()), (Some("done"), Some(20_000)), "{done}");
    memory.assert_bounded("a good catalogue of 20,000 rows");
    let (status, body) = send(&app, &admin, &cost_path(sv), "text/csv", format!("{}\nSKF,NEXT-1,2026-01-01,2026-12-31,1,2\n", COST_HEADER.join(",")).into_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
