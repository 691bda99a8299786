//! How fast is an authenticated, tenant-scoped request, compared with the database alone?
//!
//! Runs both sides in one go against a running `asp serve` (bench/request-bench.sh starts one on fresh demo data):
//! `pgbench -S -M prepared` (primary-key selects, the database's own ceiling on this machine) and, over HTTP/1.1
//! keep-alive connections, `GET /api/V1/Item/CIP/{id}` as a buyer (token check, Redis session, permission at the
//! current site, a scoped transaction, one row). Prints the ratio, the GET's p50/p99 at peak (closed loop) and at half
//! the peak rate (open loop, latency measured from each request's scheduled time, so a stall is not hidden), and the
//! figures for a spec-shaped search answering 50 rows.
//!
//! Environment: ASP_BENCH_BASE (http://127.0.0.1:18480), ASP_BENCH_PGBENCH_DB (postgres://localhost/asp_pgbench,
//! initialised with `pgbench -i`), ASP_BENCH_CIP (the CIP id to read), ASP_BENCH_CONNECTIONS (16),
//! ASP_BENCH_SECONDS (10).

use anyhow::bail;
use bench::{closed_loop, login, open_loop, send, Call};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    use bench::env;
    let base = env("ASP_BENCH_BASE", "http://127.0.0.1:18480");
    let pg_db = env("ASP_BENCH_PGBENCH_DB", "postgres://localhost/asp_pgbench");
    let cip = env("ASP_BENCH_CIP", "1");
    let connections: usize = env("ASP_BENCH_CONNECTIONS", "16").parse()?;
    let seconds: u64 = env("ASP_BENCH_SECONDS", "10").parse()?;

    let client = bench::client(connections);

    let buyer = login(&client, &base, "buyer").await?;
    let admin = login(&client, &base, "admin").await?;
    let get = Call { method: hyper::Method::GET, uri: format!("{base}/api/V1/Item/CIP/{cip}"), token: buyer, body: None };
    let (status, body) = send(&client, &get).await?;
    if status != 200 {
        bail!("GET CIP {cip}: {status} {}", String::from_utf8_lossy(&body));
    }
    let search = Call {
        method: hyper::Method::POST,
        uri: format!("{base}/api/V1/AlertAuditing/Search"),
        token: admin,
        body: Some(r#"{"pageNumber":0,"pageSize":50}"#.to_owned()),
    };
    let (status, body) = send(&client, &search).await?;
    let rows = String::from_utf8_lossy(&body).matches("\"notification_id\"").count();
    if status != 200 || rows != 50 {
        bail!("the search must answer 50 rows: {status}, {rows} rows");
    }

    // Diagnostic: `ASP_BENCH_PROBE=/api/health,/api/V1/...` measures just those GETs (as the buyer) and stops.
    if let Ok(probe) = std::env::var("ASP_BENCH_PROBE") {
        for path in probe.split(',').filter(|p| !p.is_empty()) {
            let call = Call { uri: format!("{base}{path}"), ..get.clone() };
            closed_loop(&client, &call, connections, 1).await;
            closed_loop(&client, &call, connections, seconds).await.print(&format!("GET {path}"));
        }
        return Ok(());
    }
    println!("connections {connections}, {seconds} s per run");
    let tps = bench::pgbench_select(&pg_db, connections, seconds)?;
    println!("pgbench -S -M prepared: {tps:.0} tps");
    closed_loop(&client, &get, connections, 2).await; // warm-up
    let peak = closed_loop(&client, &get, connections, seconds).await;
    peak.print("GET /api/V1/Item/CIP/{id} at peak");
    let half = open_loop(&client, &get, connections, peak.rate() / 2.0, seconds).await;
    half.print(&format!("GET /api/V1/Item/CIP/{{id}} at half the peak rate ({:.0}/s)", peak.rate() / 2.0));
    let searched = closed_loop(&client, &search, connections, seconds).await;
    searched.print("POST /api/V1/AlertAuditing/Search, 50 rows, at peak");
    let mut s = searched.latencies.clone();
    s.sort_unstable();
    let search_half = open_loop(&client, &search, connections, searched.rate() / 2.0, seconds).await;
    search_half.print(&format!("POST /api/V1/AlertAuditing/Search, 50 rows, at half the peak rate ({:.0}/s)", searched.rate() / 2.0));
    println!("ratio: authenticated tenant-scoped GET / pgbench -S = {:.1}%", 100.0 * peak.rate() / tps);
    Ok(())
}
