//! What the benchmark binaries share: an HTTP/1.1 keep-alive client, sign-in, closed and open load loops, and
//! latency percentiles.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::Request;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

pub type HttpClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

#[derive(Clone)]
pub struct Call {
    pub method: hyper::Method,
    pub uri: String,
    pub token: String,
    pub body: Option<String>,
}

pub async fn send(client: &HttpClient, call: &Call) -> anyhow::Result<(u16, Bytes)> {
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

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)]
}

pub struct Run {
    pub requests: usize,
    pub errors: usize,
    pub elapsed: Duration,
    pub latencies: Vec<Duration>,
}

impl Run {
    pub fn rate(&self) -> f64 {
        self.requests as f64 / self.elapsed.as_secs_f64()
    }
    pub fn print(&self, label: &str) {
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
pub async fn closed_loop(client: &HttpClient, call: &Call, connections: usize, seconds: u64) -> Run {
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
pub async fn open_loop(client: &HttpClient, call: &Call, connections: usize, rate: f64, seconds: u64) -> Run {
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

pub async fn login(client: &HttpClient, base: &str, user: &str) -> anyhow::Result<String> {
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


/// A client for `connections` keep-alive connections.
pub fn client(connections: usize) -> HttpClient {
    let mut connector = hyper_util::client::legacy::connect::HttpConnector::new();
    connector.set_nodelay(true);
    Client::builder(TokioExecutor::new()).pool_max_idle_per_host(connections * 2).build(connector)
}

/// Runs pgbench with `args` (the run's own options and the database) and answers its tps.
pub fn pgbench_tps<I, S>(args: I) -> anyhow::Result<f64>
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let out = std::process::Command::new("pgbench").args(args).output().context("running pgbench")?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.trim().strip_prefix("tps = ").and_then(|r| r.split_whitespace().next()).and_then(|v| v.parse::<f64>().ok()))
        .with_context(|| format!("no tps in pgbench output: {text} {}", String::from_utf8_lossy(&out.stderr)))
}

/// `pgbench -S -M prepared`: primary-key selects, the database's own ceiling for reads on this machine.
pub fn pgbench_select(db: &str, connections: usize, seconds: u64) -> anyhow::Result<f64> {
    pgbench_tps(["-S", "-M", "prepared", "-n", "-c", &connections.to_string(), "-j", "2", "-T", &seconds.to_string(), db])
}

/// pgbench running `script` (the single-row INSERT the write benchmarks compare with) on `clients` connections.
pub fn pgbench_script(db: &str, script: &str, clients: usize, seconds: u64) -> anyhow::Result<f64> {
    pgbench_tps(["-n", "-c", &clients.to_string(), "-j", "2", "-T", &seconds.to_string(), "-f", script, db])
}

/// A benchmark setting from the environment, or its default.
pub fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}
