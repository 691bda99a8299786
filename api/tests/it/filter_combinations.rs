//! Every filter combination of every distinct-values call (FieldDistinctValues, SubFilterListByField) and of the
//! ledger's searches answers without a server error (issue 20, failure 8: `search_text` with `employeeNumber`
//! answered 500, "bind message supplies 9 parameters, but prepared statement requires 10": the distinct query
//! numbered its placeholders by hand and counted one too few). The operations and their filters are read from the
//! OpenAPI document, so a new filter, or a new distinct-values operation, is tried without anyone writing a case for
//! it: each filter alone, every pair, all of them, all but each one; and every column a distinct-values call lists,
//! alone and with every filter.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::{json, Map, Value};

use crate::common::TestApp;
use crate::openapi_walk::{encode, plain, Doc, Operation};

/// Paging and sorting: not filters (the paged searches' own tests cover them).
const PAGING: &[&str] = &["pageNumber", "pageIndex", "pageSize", "sortField", "sortDirection"];

/// Operations that list the distinct values of one column among the rows their filters keep.
fn lists_values(op: &Operation) -> bool {
    op.path.contains("FieldDistinctValues") || op.path.contains("SubFilterListByField")
}

/// The operations this test must try: every distinct-values call of the document (FieldDistinctValues and the CIP
/// grid's SubFilterListByField, the same kind), and every search of the ledger.
fn tried(op: &Operation) -> bool {
    lists_values(op) || (op.path.starts_with("/V1/Transaction/") && op.path.contains("Search"))
}

/// A value of a filter that the operation accepts (its schema says the type; a few names need a value of their
/// domain). Values name real demo records where it matters (an employee with ledger rows), so the SQL really runs.
fn value_of(doc: &Doc, name: &str, schema: &Value) -> Value {
    match name {
        "employeeNumber" => json!("E1001"),
        "search_text" | "q" | "text" | "criteria" => json!("I"),
        "trans_code" => json!("ISS,REC"),
        "trans_codes" => json!([1, 2]),
        "start_date" => json!("2020-01-01"),
        "end_date" => json!("2030-12-31"),
        "columns" => json!([{"field": "tran_id", "header": "Id"}]),
        "filterList" => json!([{"field": "vend_code", "values": ["V1"]}]),
        "vend_code" => json!("ACME1"),
        "site_code" => json!("ACME-NORTH"),
        _ => doc.sample(schema, 0),
    }
}

/// The values a "which column" property may take: its enum, or the list its description gives ("One of a, b.").
fn choices(schema: &Value) -> Vec<Value> {
    if let Some(e) = schema.get("enum").and_then(Value::as_array) {
        return e.clone();
    }
    let description = schema.get("description").and_then(Value::as_str).unwrap_or("");
    match description.strip_prefix("One of ") {
        Some(rest) => rest.split(['.', '\n']).next().unwrap_or("").split(", ").map(|s| json!(s.trim())).collect(),
        None => Vec::new(),
    }
}

/// How a request is built: fixed parts (path, required parameters), the filters that may be combined, and the
/// property naming the listed column (FieldDistinctValues).
struct Shape {
    path_values: BTreeMap<String, Value>,
    filters: Vec<(String, Value)>,
    fixed: Vec<(String, Value)>,
    column: Option<(String, Vec<Value>)>,
    in_query: bool,
}

fn shape(doc: &Doc, op: &Operation, path_value: &dyn Fn(&str) -> Option<Value>) -> Shape {
    let mut s = Shape { path_values: BTreeMap::new(), filters: Vec::new(), fixed: Vec::new(), column: None, in_query: op.body.is_none() };
    for p in &op.params {
        let name = p["name"].as_str().unwrap();
        let schema = doc.resolve(&p["schema"]);
        match p["in"].as_str() {
            Some("path") => {
                let v = path_value(name).unwrap_or_else(|| panic!("{} {}: no value for path parameter {name}; say which record it names in filter_combinations.rs", op.method, op.path));
                s.path_values.insert(name.to_owned(), v);
            }
            Some("query") if PAGING.contains(&name) => {}
            Some("query") if p["required"] == true => s.fixed.push((name.to_owned(), value_of(doc, name, &schema))),
            Some("query") => s.filters.push((name.to_owned(), value_of(doc, name, &schema))),
            _ => {}
        }
    }
    if let Some(body) = &op.body {
        for (name, schema, required) in doc.properties(body) {
            if PAGING.contains(&name.as_str()) {
                continue;
            }
            let is_column = lists_values(op) && matches!(name.as_str(), "field" | "field_name");
            if is_column {
                let all = choices(&schema);
                assert!(!all.is_empty(), "{}: the column property {name} lists no choices (enum, or 'One of ...' in its description)", op.id);
                s.column = Some((name.clone(), all));
            } else if required {
                s.fixed.push((name.clone(), value_of(doc, &name, &schema)));
            } else {
                s.filters.push((name.clone(), value_of(doc, &name, &schema)));
            }
        }
    }
    s
}

/// The filter subsets tried: none, each alone, every pair, all, all but each one.
fn subsets(n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    out.extend((0..n).map(|i| vec![i]));
    for i in 0..n {
        for j in i + 1..n {
            out.push(vec![i, j]);
        }
    }
    out.push((0..n).collect());
    out.extend((0..n).map(|skip| (0..n).filter(|i| *i != skip).collect()));
    out.sort();
    out.dedup();
    out
}

async fn call(app: &TestApp, token: &str, op: &Operation, s: &Shape, chosen: &[(String, Value)]) -> (String, Option<Value>, StatusCode, Value) {
    let mut path = op.path.clone();
    for (name, v) in &s.path_values {
        path = path.replace(&format!("{{{name}}}"), &encode(&plain(v)));
    }
    let parts = s.fixed.iter().chain(chosen.iter());
    let (url, body) = if s.in_query {
        let query: Vec<String> = parts.map(|(k, v)| format!("{k}={}", encode(&plain(v)))).collect();
        (if query.is_empty() { format!("/api{path}") } else { format!("/api{path}?{}", query.join("&")) }, None)
    } else {
        let mut obj = Map::new();
        for (k, v) in parts {
            obj.insert(k.clone(), v.clone());
        }
        (format!("/api{path}"), Some(Value::Object(obj)))
    };
    let a = app.request(op.method.clone(), &url, Some(token), body.clone()).await;
    (url, body, a.status, a.body)
}

#[tokio::test]
async fn every_filter_combination_of_the_distinct_value_and_ledger_searches_answers_without_a_server_error() {
    let app = TestApp::spawn().await;
    let token = app.login("admin").await;
    assert_eq!(app.switch(&token, "ACME-NORTH").await.status, StatusCode::OK);
    // The demo ledger has rows of E1001 whose codes contain "I" (ISS, RIS): the failing request of the report.
    let rows: i64 = sqlx::query_scalar("select count(*) from client_acme.stock_transaction where employee_number = 'E1001'").fetch_one(&app.pool).await.unwrap();
    assert!(rows > 0, "the demo ledger should hold rows of E1001");
    let shared_vendor: i64 = sqlx::query_scalar("select min(shared_vendor_id) from asp.shared_vendor").fetch_one(&app.pool).await.unwrap();
    let path_value = |name: &str| match name {
        "id" => Some(json!(shared_vendor)),
        _ => None,
    };

    let doc = Doc::load();
    let ops: Vec<Operation> = doc.operations().into_iter().filter(tried).collect();
    assert!(ops.iter().any(|o| o.id == "transactionPostFieldDistinctValues"), "the document lost Transaction/FieldDistinctValues");
    assert!(ops.iter().any(|o| o.path.contains("SubFilterListByField")), "the document lost the CIP grid's SubFilterListByField");
    assert!(ops.len() >= 7, "expected the ledger searches and the three FieldDistinctValues calls, found {:?}", ops.iter().map(|o| &o.id).collect::<Vec<_>>());

    let mut failures = Vec::new();
    let mut calls = 0;
    for op in &ops {
        let s = shape(&doc, op, &path_value);
        let columns: Vec<Option<(String, Value)>> = match &s.column {
            Some((name, all)) => all.iter().map(|v| Some((name.clone(), v.clone()))).collect(),
            None => vec![None],
        };
        let first_column = columns[0].clone();
        let mut tries: Vec<Vec<(String, Value)>> = Vec::new();
        for subset in subsets(s.filters.len()) {
            let mut chosen: Vec<(String, Value)> = first_column.iter().cloned().collect();
            chosen.extend(subset.iter().map(|i| s.filters[*i].clone()));
            tries.push(chosen);
        }
        // Every column with every filter (and with none).
        for column in columns.iter().skip(1).flatten() {
            tries.push(vec![column.clone()]);
            let mut all = vec![column.clone()];
            all.extend(s.filters.iter().cloned());
            tries.push(all);
        }
        for chosen in tries {
            calls += 1;
            let (url, body, status, answer) = call(&app, &token, op, &s, &chosen).await;
            if status.is_server_error() {
                failures.push(format!("{} {url} {}: {status} {answer}", op.method, body.map(|b| b.to_string()).unwrap_or_default()));
            } else if !status.is_success() {
                // A refusal means the generated value did not pass validation, so the query was never run.
                failures.push(format!(
                    "{} {url} {}: {status} {answer} (a generated filter value was refused: give a valid one in filter_combinations.rs::value_of)",
                    op.method,
                    body.map(|b| b.to_string()).unwrap_or_default()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {calls} calls failed:\n{}", failures.len(), failures.join("\n"));
    assert!(calls > 500, "only {calls} combinations were tried");
    // The reported request, by name: answers the codes of E1001's rows that contain I (since 2000: the demo's rows may
    // lie before the last 30 days an open search reads, the demo being seeded as of an earlier day).
    let a = app
        .post("/api/V1/Transaction/FieldDistinctValues", &token, json!({"field": "trans_code", "search_text": "I", "employeeNumber": "E1001", "start_date": "2000-01-01"}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let values = a.body["values"].as_array().unwrap();
    assert!(!values.is_empty() && values.iter().all(|v| v.as_str().unwrap().contains('I')), "{}", a.body);
}
