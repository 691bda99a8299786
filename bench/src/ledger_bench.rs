//! The stock ledger at volume (issue 9): run against a running `asp serve` whose database holds the demo data, the
//! generated CIPs and ASP_BENCH_TRANSACTIONS ledger rows at one site (bench/ledger-bench.sh prepares it and runs
//! pgbench beside it).
//!
//! 1. Issues per second through the API: many concurrent clients posting `POST /api/V1/Transaction/Issue` (each one
//!    database transaction: employee, limits, CIP row lock, ledger row, CIP update, audit row), first all on ONE
//!    CIP (the worst case: every posting waits for the row lock), then spread over many CIPs. The ratio to the
//!    single-row INSERT tps pgbench measured in the same run (ASP_BENCH_INSERT_TPS) is printed; target >= 30%.
//!    Beside them, the ceiling: the rate of the product's cheapest authenticated request (a GET of one CIP) through
//!    the same server, as a share of the same pgbench figure; then that GET and pgbench's INSERT both at once, to
//!    show whether they share the machine (a request doing both kinds of work costs their sum).
//! 2. No lost update: after the runs, on hand of every CIP touched equals the sum of its ledger, and the number of
//!    new ledger rows equals the number of issues answered 200.
//! 3. The transaction search page: `POST /api/V1/Transaction/SearchV2` page of 50, newest first, one at a time, with
//!    sampled filters (none, a CIP, an employee, a code); p95 target <= 100 ms.
//!
//! Environment: ASP_BENCH_BASE, ASP_BENCH_DATABASE_URL (owner), ASP_BENCH_SITE (ACME-NORTH), ASP_BENCH_CLIENTS (32),
//! ASP_BENCH_SECONDS (15), ASP_BENCH_SAMPLES (300), ASP_BENCH_INSERT_TPS (from pgbench).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::bail;
use bench::{env, login, percentile, send, Call, HttpClient};

async fn issue_run(client: &HttpClient, base: &str, token: &str, cips: &[i64], employees: &[(String, i64)], clients: usize, seconds: u64) -> (usize, usize, Vec<Duration>, Duration) {
    let ok = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let end = started + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for i in 0..clients {
        let (client, ok, refused) = (client.clone(), ok.clone(), refused.clone());
        let cips = cips.to_vec();
        let employees = employees.to_vec();
        let (base, token) = (base.to_owned(), token.to_owned());
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::new();
            let mut n = i;
            while Instant::now() < end {
                let cip = cips[n % cips.len()];
                let (employee, cost_centre) = &employees[n % employees.len()];
                n += clients;
                let call = Call {
                    method: hyper::Method::POST,
                    uri: format!("{base}/api/V1/Transaction/Issue"),
                    token: token.clone(),
                    body: Some(serde_json::json!({"cip_no": cip, "qty": 1, "employee": employee, "track1_id": cost_centre}).to_string()),
                };
                let t = Instant::now();
                match send(&client, &call).await {
                    Ok((200, _)) => {
                        ok.fetch_add(1, Ordering::Relaxed);
                        lat.push(t.elapsed());
                    }
                    Ok((status, body)) => {
                        if refused.fetch_add(1, Ordering::Relaxed) < 3 {
                            eprintln!("issue: {status} {}", String::from_utf8_lossy(&body));
                        }
                    }
                    Err(e) => {
                        refused.fetch_add(1, Ordering::Relaxed);
                        eprintln!("issue: {e}");
                    }
                }
            }
            lat
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        if let Ok(l) = t.await {
            all.extend(l);
        }
    }
    all.sort_unstable();
    (ok.load(Ordering::Relaxed), refused.load(Ordering::Relaxed), all, started.elapsed())
}

/// Makes (or finds) the bench's employees, their Limit group and the level-1 cost centres they charge (BENCH-CC1 ..
/// BENCH-CC8, with daily and monthly limits); answers each employee's number with the cost centre it charges.
async fn bench_employees(pool: &sqlx::PgPool, schema: &str, site_id: i64, n: i64) -> anyhow::Result<Vec<(String, i64)>> {
    let mut tx = pool.begin().await?;
    sqlx::query(&format!(
        "insert into {schema}.employee (site_id, employee_number, last_name, first_name, badge_number)
         select $1, 'B' || lpad(g::text, 4, '0'), 'Bench', 'Drawer ' || g, 'BB-' || lpad(g::text, 4, '0') from generate_series(1, $2::int) g
         where not exists (select 1 from {schema}.employee e where e.site_id = $1 and e.employee_number = 'B' || lpad(g::text, 4, '0'))"
    ))
    .bind(site_id)
    .bind(n)
    .execute(&mut *tx)
    .await?;
    sqlx::query(&format!(
        "insert into {schema}.employee_group (site_id, description, group_type, limit_daily, limit_weekly, limit_monthly, limit_yearly, enforced_level)
         select $1, 'BENCH', 1, 1e9, 1e10, 1e11, 1e12, 2 where not exists (select 1 from {schema}.employee_group where site_id = $1 and description = 'BENCH')"
    ))
    .bind(site_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(&format!(
        "insert into {schema}.employee_group_member (site_id, employee_group_id, employee_id)
         select $1, g.employee_group_id, e.employee_id from {schema}.employee e join {schema}.employee_group g on g.site_id = e.site_id and g.description = 'BENCH'
         where e.site_id = $1 and e.employee_number like 'B____' on conflict do nothing"
    ))
    .bind(site_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(&format!(
        "insert into {schema}.tracking_code (site_id, tracking_level_id, tracking_number, description, limit_daily, limit_monthly)
         select $1, 1, 'BENCH-CC' || g, 'Bench cost centre ' || g, 1e9, 1e11 from generate_series(1, 8) g
         on conflict (site_id, tracking_level_id, tracking_number) do nothing"
    ))
    .bind(site_id)
    .execute(&mut *tx)
    .await?;
    let centres: Vec<i64> = sqlx::query_scalar(&format!("select tracking_code_id from {schema}.tracking_code where site_id = $1 and tracking_number like 'BENCH-CC%' order by 1"))
        .bind(site_id)
        .fetch_all(&mut *tx)
        .await?;
    let numbers: Vec<String> = sqlx::query_scalar(&format!("select employee_number from {schema}.employee where site_id = $1 and employee_number like 'B____' order by 1 limit $2"))
        .bind(site_id)
        .bind(n)
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;
    if numbers.is_empty() || centres.is_empty() {
        bail!("no bench employees or cost centres at site {site_id}");
    }
    Ok(numbers.into_iter().enumerate().map(|(i, e)| (e, centres[i % centres.len()])).collect())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let base = env("ASP_BENCH_BASE", "http://127.0.0.1:18491");
    let db = env("ASP_BENCH_DATABASE_URL", "postgres://localhost/asp_ledger_bench");
    let site = env("ASP_BENCH_SITE", "ACME-NORTH");
    let clients: usize = env("ASP_BENCH_CLIENTS", "32").parse()?;
    let seconds: u64 = env("ASP_BENCH_SECONDS", "15").parse()?;
    let samples: usize = env("ASP_BENCH_SAMPLES", "300").parse()?;
    let insert_tps: f64 = env("ASP_BENCH_INSERT_TPS", "0").parse()?;
    let pool = sqlx::postgres::PgPoolOptions::new().max_connections(2).connect(&db).await?;
    let (site_id, schema): (i64, String) =
        sqlx::query_as("select s.site_id, c.schema_name from asp.site s join asp.client c using (client_id) where s.site_code = $1").bind(&site).fetch_one(&pool).await?;
    let rows: i64 = sqlx::query_scalar(&format!("select count(*) from {schema}.stock_transaction where site_id = $1")).bind(site_id).fetch_one(&pool).await?;
    println!("{site}: {rows} ledger rows; {clients} concurrent clients for {seconds} s per issue run");

    let client = bench::client(clients + 2);
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

    // Stock to issue from: one hot CIP and 1,000 spread ones, topped up directly (an operator's act, before the runs).
    let spread: Vec<i64> = sqlx::query_scalar(&format!(
        "select cip_no from {schema}.cip where site_id = $1 and status_id = 1 order by cip_no limit 1000"
    ))
    .bind(site_id)
    .fetch_all(&pool)
    .await?;
    let hot = vec![spread[0]];
    let before: i64 = sqlx::query_scalar(&format!("select count(*) from {schema}.stock_transaction where site_id = $1")).bind(site_id).fetch_one(&pool).await?;
    for cip in &spread {
        let call = Call {
            method: hyper::Method::POST,
            uri: format!("{base}/api/V1/Transaction/Receipt"),
            token: token.clone(),
            body: Some(serde_json::json!({"cip_no": cip, "qty": if *cip == hot[0] { 1_000_000.0 } else { 20_000.0 }, "unit_cost": 1.5}).to_string()),
        };
        let (s, b) = send(&client, &call).await?;
        if s != 200 {
            bail!("stocking CIP {cip}: {s} {}", String::from_utf8_lossy(&b));
        }
    }

    // The people drawing: a crib serves many employees at once. BENCH_EMPLOYEES of them (B0001...) in a Limit group
    // whose daily, weekly, monthly and yearly limits are checked on every issue but set high enough that the runs
    // are not refused, so each issue takes the whole path: employee, group limits summed, lock, posting, audit.
    let employees = bench_employees(&pool, &schema, site_id, env("ASP_BENCH_EMPLOYEES", "256").parse()?).await?;

    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut posted = spread.len();
    for (label, cips) in [("one CIP", &hot), ("1000 CIPs", &spread)] {
        let (ok, refused, lat, elapsed) = issue_run(&client, &base, &token, cips, &employees, clients, seconds).await;
        posted += ok;
        let rate = ok as f64 / elapsed.as_secs_f64();
        let ratio = if insert_tps > 0.0 { format!("{:.1}% of pgbench single-row INSERT {:.0} tps", 100.0 * rate / insert_tps, insert_tps) } else { String::new() };
        println!(
            "issues, {label}: {ok} in {:.1} s = {rate:.0}/s ({ratio}); p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms; refused {refused}",
            elapsed.as_secs_f64(),
            ms(percentile(&lat, 0.50)),
            ms(percentile(&lat, 0.95)),
            ms(percentile(&lat, 0.99))
        );
    }

    // The ceiling beside the ratio: the lightest authenticated request these benchmarks measure, a GET of one CIP
    // (token, Redis session, permission, one scoped read, JSON), through the same server in the same run. A posting
    // does the same kinds of work and writes as well; the CIP's query and JSON are heavier than a posting needs, so
    // this is a corroboration of the floors (floor-bench), not a proof on its own.
    let get = Call { method: hyper::Method::GET, uri: format!("{base}/api/V1/Item/CIP/{}", spread[1]), token: token.clone(), body: None };
    bench::closed_loop(&client, &get, clients, 1).await;
    let run = bench::closed_loop(&client, &get, clients, seconds).await;
    if run.errors > 0 {
        bail!("GET CIP {}: {} errors", spread[1], run.errors);
    }
    run.print("ceiling: GET /api/V1/Item/CIP/{id}, the cheapest authenticated request");
    if insert_tps > 0.0 {
        let get_rate = run.rate();
        println!("  = {:.1}% of pgbench single-row INSERT {insert_tps:.0} tps", 100.0 * get_rate / insert_tps);
        // Do the two draw on the same two cores? Both at once, each with its own clients: if each gets the share of
        // its own peak that the other leaves (shares summing to about 1), a request doing a GET's work and an
        // insert's work costs the sum of the two, so no posting can pass 1 / (1/GET + 1/INSERT).
        let script = env("ASP_BENCH_INSERT_SCRIPT", "/tmp/ledger-bench-insert.sql");
        let db_url = db.clone();
        let inserts = tokio::task::spawn_blocking(move || bench::pgbench_script(&db_url, &script, clients, seconds));
        let both = bench::closed_loop(&client, &get, clients, seconds).await;
        let both_inserts = inserts.await??;
        let (g, i) = (both.rate() / get_rate, both_inserts / insert_tps);
        println!(
            "both at once: GET {:.0}/s ({:.0}% of its peak) and pgbench INSERT {both_inserts:.0} tps ({:.0}% of its peak): shares sum to {:.2}",
            both.rate(),
            100.0 * g,
            100.0 * i,
            g + i
        );
        let bound = 1.0 / (1.0 / get_rate + 1.0 / insert_tps);
        println!("  a request costing one GET plus one single-row INSERT: at most {bound:.0}/s = {:.1}% of pgbench single-row INSERT", 100.0 * bound / insert_tps);
    }

    // No lost update.
    let after: i64 = sqlx::query_scalar(&format!("select count(*) from {schema}.stock_transaction where site_id = $1")).bind(site_id).fetch_one(&pool).await?;
    let broken: i64 = sqlx::query_scalar(&format!(
        "select count(*) from {schema}.cip c where c.cip_no = any($1)
           and c.qty_on_hand <> (select coalesce(sum(t.trans_qty), 0) from {schema}.stock_transaction t where t.cip_no = c.cip_no)"
    ))
    .bind(&spread)
    .fetch_one(&pool)
    .await?;
    println!(
        "invariant: {} new ledger rows for {posted} postings answered 200; CIPs whose on hand is not their ledger sum: {broken}",
        after - before
    );
    if broken != 0 || after - before != posted as i64 {
        bail!("lost update");
    }

    // The search page: one request at a time, the four kinds of filter in turn; each kind's figures and all together.
    let searched = ["E1001", "E1002"];
    let kinds = ["no filter", "a CIP", "an employee since 2025-01-01", "receipts (code 2), pages 1-5"];
    let mut by_kind: Vec<Vec<Duration>> = vec![Vec::new(); kinds.len()];
    let mut lat = Vec::with_capacity(samples);
    for i in 0..samples + 5 {
        let body = match i % 4 {
            0 => serde_json::json!({"pageSize": 50}),
            1 => serde_json::json!({"pageSize": 50, "cip_no": spread[(i * 7919) % spread.len()]}),
            2 => serde_json::json!({"pageSize": 50, "employeeNumber": searched[i % 2], "start_date": "2025-01-01"}),
            _ => serde_json::json!({"pageSize": 50, "trans_codes": [2], "pageNumber": i % 5}),
        };
        let call = Call { method: hyper::Method::POST, uri: format!("{base}/api/V1/Transaction/SearchV2"), token: token.clone(), body: Some(body.to_string()) };
        let t = Instant::now();
        let (s, b) = send(&client, &call).await?;
        if s != 200 {
            bail!("search: {s} {}", String::from_utf8_lossy(&b));
        }
        if i >= 5 {
            lat.push(t.elapsed());
            by_kind[i % 4].push(t.elapsed());
        }
    }
    for (kind, l) in kinds.iter().zip(by_kind.iter_mut()) {
        l.sort_unstable();
        println!("search page of 50, {kind}: {} requests, p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms", l.len(), ms(percentile(l, 0.50)), ms(percentile(l, 0.95)), ms(l.last().copied().unwrap_or_default()));
    }
    lat.sort_unstable();
    println!(
        "search page of 50 (no filter / CIP / employee / code, newest first): {} requests, p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        lat.len(),
        ms(percentile(&lat, 0.50)),
        ms(percentile(&lat, 0.95)),
        ms(percentile(&lat, 0.99)),
        ms(lat.last().copied().unwrap_or_default())
    );
    Ok(())
}
