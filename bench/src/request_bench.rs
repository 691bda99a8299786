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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::Request;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

type HttpClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

#[derive(Clone)]
struct Call {
    method: hyper::Method,
    uri: String,
    token: String,
    body: Option<String>,
}

async fn send(client: &HttpClient, call: &Call) -> anyhow::Result<(u16, Bytes)> {
    let mut req = Request::builder().method(call.method.clone()).uri(&call.uri).header("authorization", format!("Bearer {}", call.token));
    if call.body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req.body(Full::new(Bytes::from(call.body.clone().unwrap_or_default())))?;
    let resp = client.request(req).await?;
    let status = resp.status().as_u16();
    let body = resp.into_body().collect().await?.to_bytes();
    Ok((status, body))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)]
}

struct Run {
    requests: usize,
    errors: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
}

impl Run {
    fn rate(&self) -> f64 {
        self.requests as f64 / self.elapsed.as_secs_f64()
    }
    fn print(&self, label: &str) {
        let mut l = self.latencies.clone();
        l.sort_unstable();
        println!(
            "{label}: {} requests in {:.1} s = {:.0}/s; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; errors {}",
            self.requests,
            self.elapsed.as_secs_f64(),
            self.rate(),
            percentile(&l, 0.50).as_secs_f64() * 1e3,
            percentile(&l, 0.99).as_secs_f64() * 1e3,
            l.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
            self.errors
        );
    }
}

/// `connections` loops, each sending the next request as soon as the previous answered.
async fn closed_loop(client: &HttpClient, call: &Call, connections: usize, seconds: u64) -> Run {
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..connections {
        let (client, call, stop) = (client.clone(), call.clone(), Arc::clone(&stop));
        tasks.push(tokio::spawn(async move {
            let (mut lat, mut errors) = (Vec::with_capacity(100_000), 0usize);
            while !stop.load(Ordering::Relaxed) {
                let t = Instant::now();
                match send(&client, &call).await {
                    Ok((200, _)) => lat.push(t.elapsed()),
                    _ => errors += 1,
                }
            }
            (lat, errors)
        }));
    }
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut run = Run { requests: 0, errors: 0, elapsed: Duration::ZERO, latencies: Vec::new() };
    for t in tasks {
        if let Ok((lat, errors)) = t.await {
            run.requests += lat.len();
            run.errors += errors;
            run.latencies.extend(lat);
        }
    }
    run.elapsed = started.elapsed();
    run
}

/// Requests at a fixed `rate` per second spread over `connections` loops; each latency counts from the request's
/// scheduled start (a late start is waiting time the user sees).
async fn open_loop(client: &HttpClient, call: &Call, connections: usize, rate: f64, seconds: u64) -> Run {
    let started = Instant::now();
    let per_task = Duration::from_secs_f64(connections as f64 / rate.max(1.0));
    let mut tasks = Vec::new();
    for i in 0..connections {
        let (client, call) = (client.clone(), call.clone());
        let offset = per_task.mul_f64(i as f64 / connections as f64);
        tasks.push(tokio::spawn(async move {
            let (mut lat, mut errors) = (Vec::new(), 0usize);
            let mut next = started + offset;
            let end = started + Duration::from_secs(seconds);
            while next < end {
                tokio::time::sleep_until(next.into()).await;
                match send(&client, &call).await {
                    Ok((200, _)) => lat.push(next.elapsed()),
                    _ => errors += 1,
                }
                next += per_task;
            }
            (lat, errors)
        }));
    }
    let mut run = Run { requests: 0, errors: 0, elapsed: Duration::ZERO, latencies: Vec::new() };
    for t in tasks {
        if let Ok((lat, errors)) = t.await {
            run.requests += lat.len();
            run.errors += errors;
            run.latencies.extend(lat);
        }
    }
    run.elapsed = started.elapsed();
    run
}

async fn login(client: &HttpClient, base: &str, user: &str) -> anyhow::Result<String> {
    let call = Call {
        method: hyper::Method::POST,
        uri: format!("{base}/api/auth/login"),
        token: String::new(),
        body: Some(format!(r#"{{"username":"{user}","password":"Demo@pass1"}}"#)),
    };
    let (status, body) = send(client, &call).await?;
    if status != 200 {
        bail!("login as {user}: {status} {}", String::from_utf8_lossy(&body));
    }
    let text = String::from_utf8_lossy(&body);
    let start = text.find("\"access_token\":\"").context("no access_token")? + "\"access_token\":\"".len();
    let end = start + text[start..].find('"').context("unterminated token")?;
    Ok(text[start..end].to_owned())
}

fn pgbench(db: &str, connections: usize, seconds: u64) -> anyhow::Result<f64> {
    let out = std::process::Command::new("pgbench")
        .args(["-S", "-M", "prepared", "-n", "-c", &connections.to_string(), "-j", "2", "-T", &seconds.to_string(), db])
        .output()
        .context("running pgbench")?;
    let text = String::from_utf8_lossy(&out.stdout);
    let tps = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("tps = ").and_then(|r| r.split_whitespace().next()).and_then(|v| v.parse::<f64>().ok()))
        .with_context(|| format!("no tps in pgbench output: {text} {}", String::from_utf8_lossy(&out.stderr)))?;
    Ok(tps)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let env = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_owned());
    let base = env("ASP_BENCH_BASE", "http://127.0.0.1:18480");
    let pg_db = env("ASP_BENCH_PGBENCH_DB", "postgres://localhost/asp_pgbench");
    let cip = env("ASP_BENCH_CIP", "1");
    let connections: usize = env("ASP_BENCH_CONNECTIONS", "16").parse()?;
    let seconds: u64 = env("ASP_BENCH_SECONDS", "10").parse()?;

    let mut connector = hyper_util::client::legacy::connect::HttpConnector::new();
    connector.set_nodelay(true);
    let client: HttpClient = Client::builder(TokioExecutor::new()).pool_max_idle_per_host(connections * 2).build(connector);

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
    let tps = pgbench(&pg_db, connections, seconds)?;
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
