//! Item look-ups at volume (issue 8): run against a running `asp serve` whose database holds the demo data plus a
//! million CIPs at one site (bench/items-bench.sh prepares it). Each measurement sends its requests one after the
//! other over one keep-alive connection, as one user typing or paging would, with inputs sampled from the database,
//! and prints p50/p95/p99. Targets: quick searches p95 ≤ 5 ms, free text p95 ≤ 15 ms for 3-12 typed characters,
//! a 50-row CIP search page with two filters and a sort p95 ≤ 50 ms, an export of 5,000 rows < 1 s.
//!
//! Environment: ASP_BENCH_BASE (http://127.0.0.1:18481), ASP_BENCH_DATABASE_URL (owner connection, to sample
//! inputs), ASP_BENCH_SITE (ACME-NORTH), ASP_BENCH_SAMPLES (300 per measurement).

use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use bench::{login, percentile, send, Call, HttpClient};
use rand::seq::SliceRandom;
use sqlx::Row;

struct Measured {
    label: String,
    latencies: Vec<Duration>,
    errors: usize,
    rows: usize,
}

impl Measured {
    fn print(&mut self) -> Duration {
        self.latencies.sort_unstable();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let p95 = percentile(&self.latencies, 0.95);
        println!(
            "{}: {} requests, p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {:.1} rows/answer; errors {}",
            self.label,
            self.latencies.len(),
            ms(percentile(&self.latencies, 0.50)),
            ms(p95),
            ms(percentile(&self.latencies, 0.99)),
            ms(self.latencies.last().copied().unwrap_or_default()),
            self.rows as f64 / self.latencies.len().max(1) as f64,
            self.errors
        );
        p95
    }
}

/// Sends `calls` one after the other; `rows` counts a marker in each answer.
async fn measure(client: &HttpClient, label: &str, calls: &[Call], marker: &str) -> Measured {
    // Warm-up: the first few requests pay for connection set-up and cold caches.
    for call in calls.iter().take(5) {
        let _ = send(client, call).await;
    }
    let mut m = Measured { label: label.to_owned(), latencies: Vec::with_capacity(calls.len()), errors: 0, rows: 0 };
    for call in calls {
        let t = Instant::now();
        match send(client, call).await {
            Ok((200, body)) => {
                m.latencies.push(t.elapsed());
                m.rows += String::from_utf8_lossy(&body).matches(marker).count();
            }
            Ok((status, body)) => {
                if m.errors < 3 {
                    eprintln!("{label}: {status} {} for {}", String::from_utf8_lossy(&body), call.uri);
                }
                m.errors += 1;
            }
            Err(e) => {
                eprintln!("{label}: {e}");
                m.errors += 1;
            }
        }
    }
    m
}

fn get(uri: String, token: &str) -> Call {
    Call { method: hyper::Method::GET, uri, token: token.to_owned(), body: None }
}

fn post(uri: String, token: &str, body: serde_json::Value) -> Call {
    Call { method: hyper::Method::POST, uri, token: token.to_owned(), body: Some(body.to_string()) }
}

fn enc(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    use bench::env;
    let base = env("ASP_BENCH_BASE", "http://127.0.0.1:18481");
    let db = env("ASP_BENCH_DATABASE_URL", "postgres://localhost/asp_items_bench");
    let site = env("ASP_BENCH_SITE", "ACME-NORTH");
    let samples: usize = env("ASP_BENCH_SAMPLES", "300").parse()?;
    let pool = sqlx::PgPool::connect(&db).await.context("connecting to sample inputs")?;
    sqlx::query("select set_config('asp.site_ids', (select coalesce(array_agg(site_id), '{}')::text from asp.site), false)")
        .execute(&pool)
        .await?;
    let (site_id, schema): (i64, String) =
        sqlx::query_as("select s.site_id, c.schema_name from asp.site s join asp.client c using (client_id) where s.site_code = $1")
            .bind(&site)
            .fetch_one(&pool)
            .await?;
    let cips: i64 = sqlx::query_scalar(&format!("select count(*) from {schema}.cip where site_id = $1")).bind(site_id).fetch_one(&pool).await?;
    println!("{site}: {cips} CIPs; {samples} requests per measurement, one at a time");

    let client = bench::client(2);
    let token = login(&client, &base, "admin").await?;
    let switch = Call {
        method: hyper::Method::PUT,
        uri: format!("{base}/api/V1/Site/CurrentSite"),
        token: token.clone(),
        body: Some(serde_json::json!({"site_code": site}).to_string()),
    };
    let (status, body) = send(&client, &switch).await?;
    if status != 200 {
        bail!("switching to {site}: {status} {}", String::from_utf8_lossy(&body));
    }

    // Sampled inputs: random CIPs of the site.
    let rows = sqlx::query(&format!(
        "select c.cip_no, c.cip_code, c.cust_item_code, m.erp_vmi_item_code, c.cust_desc1, c.cust_desc2
         from {schema}.cip c tablesample system (1) left join asp.item_master m on m.item_id = c.item_id
         where c.site_id = $1 limit $2"
    ))
    .bind(site_id)
    .bind(samples as i64)
    .fetch_all(&pool)
    .await?;
    if rows.is_empty() {
        bail!("no CIPs sampled at {site}");
    }
    let mut rng = rand::thread_rng();
    let pick = |n: usize| (0..samples).map(move |i| i % n);

    let mut results = Vec::new();
    let n = rows.len();
    let calls: Vec<Call> = pick(n).map(|i| get(format!("{base}/api/V1/Item/CIP/QuickSearch/CIPCode/{}/{site}", enc(rows[i].get("cip_code"))), &token)).collect();
    results.push(("quick search: CIP code", measure(&client, "quick search: CIP code", &calls, "\"cip_no\"").await, 5.0));
    let calls: Vec<Call> = pick(n).map(|i| get(format!("{base}/api/V1/Item/CIP/QuickSearch/CIPNo/{}/{site}", rows[i].get::<i64, _>("cip_no")), &token)).collect();
    results.push(("quick search: CIP number", measure(&client, "quick search: CIP number", &calls, "\"cip_no\"").await, 5.0));
    let calls: Vec<Call> = pick(n)
        .map(|i| {
            let code: Option<String> = rows[i].get("cust_item_code");
            post(format!("{base}/api/V1/Item/CIP/QuickSearch/CustItemCode"), &token, serde_json::json!({"code": code, "site_code": site}))
        })
        .collect();
    results.push(("quick search: customer part", measure(&client, "quick search: customer part", &calls, "\"cip_no\"").await, 5.0));
    let erp: Vec<String> = rows.iter().filter_map(|r| r.get::<Option<String>, _>("erp_vmi_item_code")).collect();
    if !erp.is_empty() {
        let calls: Vec<Call> = pick(erp.len()).map(|i| get(format!("{base}/api/V1/Item/CIP/QuickSearch/ERPItemCode/{}/{site}", enc(&erp[i])), &token)).collect();
        results.push(("quick search: ERP item code", measure(&client, "quick search: ERP item code", &calls, "\"cip_no\"").await, 5.0));
    }

    // Free text, typed: each sampled description is typed from 3 to 12 characters, one request per keystroke.
    let mut typed = Vec::new();
    for r in &rows {
        let text = format!("{} {}", r.get::<Option<String>, _>("cust_desc1").unwrap_or_default(), r.get::<Option<String>, _>("cust_desc2").unwrap_or_default());
        let chars: Vec<char> = text.chars().collect();
        for len in 3..=12.min(chars.len()) {
            typed.push(chars[..len].iter().collect::<String>());
        }
    }
    typed.shuffle(&mut rng);
    typed.truncate(samples * 3);
    let calls: Vec<Call> = typed.iter().map(|t| get(format!("{base}/api/V1/ItemSearch/FreeText?text={}", enc(t)), &token)).collect();
    results.push(("free text, 3-12 typed characters", measure(&client, "free text, 3-12 typed characters", &calls, "\"cip_no\"").await, 15.0));

    // The CIP search grid: a 50-row page, two filters and a sort, varied.
    let filters = [
        (serde_json::json!({"status_id": 1, "location": "B-"}), "cust_item_code"),
        (serde_json::json!({"description": "BEARING", "has_on_hand": true}), "qty_on_hand"),
        (serde_json::json!({"repl_type": 2, "below_min": true}), "cip_code"),
        (serde_json::json!({"vend_code": "10452", "consigned": false}), "last_issue_date"),
    ];
    let calls: Vec<Call> = (0..samples)
        .map(|i| {
            let (filter, sort) = &filters[i % filters.len()];
            let mut body = filter.clone();
            body["pageNumber"] = serde_json::json!(i % 5);
            body["pageSize"] = serde_json::json!(50);
            body["sortField"] = serde_json::json!(sort);
            body["sortDirection"] = serde_json::json!(if i % 2 == 0 { "asc" } else { "desc" });
            post(format!("{base}/api/V1/Item/CIP/Search"), &token, body)
        })
        .collect();
    results.push(("CIP search: 50 rows, two filters, a sort", measure(&client, "CIP search: 50 rows, two filters, a sort", &calls, "\"cip_no\"").await, 50.0));

    // The export: 5,000 rows of twelve columns.
    let columns: Vec<serde_json::Value> = ["cip_no", "cip_code", "cust_item_code", "cust_desc1", "cust_desc2", "location", "status_id", "qty_on_hand",
        "qty_on_order", "min_qty", "max_qty", "vend_code"]
        .iter()
        .map(|c| serde_json::json!({"field": c, "header": c}))
        .collect();
    let calls: Vec<Call> = (0..10)
        .map(|i| {
            post(
                format!("{base}/api/V1/Item/CIP/Search/Export"),
                &token,
                serde_json::json!({"pageNumber": 0, "pageSize": 50, "sortField": if i % 2 == 0 { "cip_code" } else { "cust_desc1" }, "sortDirection": "asc", "status_id": 1, "columns": columns}),
            )
        })
        .collect();
    results.push(("export: 5,000 rows", measure(&client, "export: 5,000 rows", &calls, "PK").await, 1000.0));

    let mut table = Vec::new();
    for (label, mut m, target) in results {
        let p95 = m.print().as_secs_f64() * 1e3;
        table.push(format!("| {label} | {p95:.2} ms | ≤ {target} ms | {} |", if p95 <= target && m.errors == 0 { "yes" } else { "no" }));
    }
    println!();
    println!("| measurement | p95 | target | met |");
    println!("|---|---|---|---|");
    for line in table {
        println!("{line}");
    }
    Ok(())
}
