//! The floor under issue 7's ratio: how fast can any HTTP service on this stack answer, on this machine, compared
//! with `pgbench -S` in the same run?
//!
//! `floor-bench` starts itself as a bare server (`floor-bench serve ADDR`: hyper's HTTP/1.1 loop and nothing else; no
//! router, no middleware, no token, no JSON), then measures, with the same load loops as `request-bench`, GETs that
//! each add one part of an authenticated tenant-scoped read:
//!
//! - `/nothing`: the HTTP exchange alone;
//! - `/redis`: one Redis command (the product's one Redis round trip per request, on a shared multiplexed
//!   connection as the product's);
//! - `/pg`: one primary-key select through an sqlx pool configured as the product's (no ping before acquire; sqlx
//!   still pings each connection when it goes back to the pool);
//! - `/pg-scoped`: the product's scoped read: BEGIN with the two transaction-local settings in one message, the
//!   select, the rollback carried by the release ping;
//! - `/redis-pg-scoped`: both, the least an authenticated tenant-scoped GET does today;
//! - `/pg-one-trip` and `/redis-pg-one-trip`: the select on a connection taken from a plain list (no release ping):
//!   one database round trip, what a scoped read could shrink to if its BEGIN, settings, select and end travelled
//!   together (a driver that pipelines; sqlx does not).
//!
//! Then the write side, against pgbench's single-row INSERT (the baseline of issue 9's ledger benchmark, 32 clients):
//!
//! - `/pg-insert`: one autocommit insert through the pool (the insert, the release ping);
//! - `/pg-insert-tx`: BEGIN, the insert, COMMIT through an sqlx transaction (four round trips with the ping), the
//!   least a posting does before any of its checks;
//! - `/pg-insert-one-trip`: the autocommit insert on a connection outside any pool;
//! - `/redis-pg-insert-scoped`: the product's posting shape with nothing in it: one Redis command, BEGIN with the
//!   posting's three transaction-local settings in one message, the insert, COMMIT. Every posting of the stock ledger
//!   (an issue, a receipt) does at least this before its first check;
//! - `/redis-pg-posting`: the least a posting writes, one statement each as the product's repository calls are: that
//!   shape, then the stock row locked and read (`select ... for update` of a pgbench account), the ledger row
//!   inserted, the stock row updated, an audit row inserted, COMMIT;
//! - `/redis-pg-posting-one-statement`: the same writes as one data-modifying statement (what a posting written as
//!   one database call, a stored procedure, could get down to), in the same transaction shape.
//!
//! Whatever the product adds (routing, the token, the permission set, the record's JSON, the audit and security
//! headers) comes on top of these figures, so a ratio the last line cannot reach, the product cannot reach either.
//!
//! Environment: ASP_BENCH_PGBENCH_DB (postgres://localhost/asp_pgbench, initialised with `pgbench -i -s 10`),
//! ASP_BENCH_REDIS (redis://127.0.0.1/), ASP_BENCH_FLOOR_ADDR (127.0.0.1:18490), ASP_BENCH_CONNECTIONS (16),
//! ASP_BENCH_SECONDS (10).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use bench::{closed_loop, send, Call, HttpClient};
use redis::aio::ConnectionManager;
use redis::AsyncCommands;
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper_util::rt::TokioIo;
use sqlx::postgres::PgPoolOptions;
use sqlx::{Connection, PgConnection, PgPool};
use tokio::sync::Semaphore;

const PATHS: [&str; 7] = ["/nothing", "/redis", "/pg", "/pg-scoped", "/redis-pg-scoped", "/pg-one-trip", "/redis-pg-one-trip"];
const WRITE_PATHS: [&str; 6] =
    ["/pg-insert", "/pg-insert-tx", "/pg-insert-one-trip", "/redis-pg-insert-scoped", "/redis-pg-posting", "/redis-pg-posting-one-statement"];
const INSERT: &str = "insert into floor_insert (cip_no, qty) values ($1, 1)";
const AUDIT: &str = "insert into floor_audit (entity_id, changes) values ($1, '{\"qty\": 1}')";
/// As the product's benchmarks run `asp serve` (ASP_DB_MAX_CONNECTIONS=20); with the pool's 20 and pgbench's 32
/// clients this stays under PostgreSQL's default 100 connections.
const PLAIN_CONNECTIONS: usize = 20;
/// pgbench's accounts at scale 10.
const ACCOUNTS: i32 = 1_000_000;

struct Backends {
    pg: PgPool,
    redis: ConnectionManager,
    /// Connections outside any pool: taken, used for one statement, put back; a connection whose statement failed
    /// is dropped.
    plain: std::sync::Mutex<Vec<PgConnection>>,
    plain_free: Semaphore,
}

async fn redis_get(b: &Backends) -> anyhow::Result<()> {
    let _: Option<String> = b.redis.clone().get("floor-bench:session").await?;
    Ok(())
}

async fn pg_select(b: &Backends) -> anyhow::Result<()> {
    let aid = rand::random::<i32>().rem_euclid(ACCOUNTS) + 1;
    let _: i32 = sqlx::query_scalar("select abalance from pgbench_accounts where aid = $1").bind(aid).fetch_one(&b.pg).await?;
    Ok(())
}

async fn pg_scoped(b: &Backends) -> anyhow::Result<()> {
    let aid = rand::random::<i32>().rem_euclid(ACCOUNTS) + 1;
    let mut tx = b.pg.begin_with("begin; select set_config('search_path', 'public', true), set_config('asp.site_ids', '{1}', true)").await?;
    let _: i32 = sqlx::query_scalar("select abalance from pgbench_accounts where aid = $1").bind(aid).fetch_one(&mut *tx).await?;
    // Dropped, not committed: sqlx queues the rollback and sends it with the release ping, as the product's reads do.
    Ok(())
}

/// A connection from the plain list. Its permit comes back only with the connection (`put_plain`): one that failed
/// or was abandoned mid-statement is gone with it.
async fn take_plain(b: &Backends) -> anyhow::Result<PgConnection> {
    b.plain_free.acquire().await?.forget();
    b.plain.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.pop().context("a free connection")
}

fn put_plain(b: &Backends, conn: PgConnection) -> anyhow::Result<()> {
    b.plain.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.push(conn);
    b.plain_free.add_permits(1);
    Ok(())
}

async fn pg_one_trip(b: &Backends) -> anyhow::Result<()> {
    let aid = rand::random::<i32>().rem_euclid(ACCOUNTS) + 1;
    let mut conn = take_plain(b).await?;
    let _: i32 = sqlx::query_scalar("select abalance from pgbench_accounts where aid = $1").bind(aid).fetch_one(&mut conn).await?;
    put_plain(b, conn)?;
    Ok(())
}

async fn pg_insert_tx(b: &Backends) -> anyhow::Result<()> {
    let mut tx = b.pg.begin().await?;
    sqlx::query(INSERT).bind(rand::random::<i32>()).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// As `TenantTx::begin_posting` opens a posting.
async fn begin_posting(b: &Backends) -> anyhow::Result<sqlx::Transaction<'static, sqlx::Postgres>> {
    Ok(b.pg
        .begin_with(
            "begin; select set_config('search_path', 'public', true), set_config('asp.site_ids', '{1}', true), \
             set_config('plan_cache_mode', 'force_generic_plan', true)",
        )
        .await?)
}

async fn pg_insert_scoped(b: &Backends) -> anyhow::Result<()> {
    let mut tx = begin_posting(b).await?;
    sqlx::query(INSERT).bind(rand::random::<i32>()).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

async fn pg_posting(b: &Backends) -> anyhow::Result<()> {
    let aid = rand::random::<i32>().rem_euclid(ACCOUNTS) + 1;
    let mut tx = begin_posting(b).await?;
    let balance: i32 = sqlx::query_scalar("select abalance from pgbench_accounts where aid = $1 for update").bind(aid).fetch_one(&mut *tx).await?;
    sqlx::query(INSERT).bind(aid).execute(&mut *tx).await?;
    sqlx::query("update pgbench_accounts set abalance = $2 where aid = $1").bind(aid).bind(balance.wrapping_sub(1)).execute(&mut *tx).await?;
    sqlx::query(AUDIT).bind(aid).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

async fn pg_posting_one_statement(b: &Backends) -> anyhow::Result<()> {
    let aid = rand::random::<i32>().rem_euclid(ACCOUNTS) + 1;
    let mut tx = begin_posting(b).await?;
    sqlx::query(
        "with stock as (update pgbench_accounts set abalance = abalance - 1 where aid = $1 returning aid),
              ledger as (insert into floor_insert (cip_no, qty) select aid, 1 from stock returning cip_no)
         insert into floor_audit (entity_id, changes) select cip_no, '{\"qty\": 1}' from ledger",
    )
    .bind(aid)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

async fn pg_insert_one_trip(b: &Backends) -> anyhow::Result<()> {
    let mut conn = take_plain(b).await?;
    sqlx::query(INSERT).bind(rand::random::<i32>()).execute(&mut conn).await?;
    put_plain(b, conn)?;
    Ok(())
}

async fn answer(b: &Backends, path: &str) -> anyhow::Result<()> {
    match path {
        "/nothing" => Ok(()),
        "/redis" => redis_get(b).await,
        "/pg" => pg_select(b).await,
        "/pg-scoped" => pg_scoped(b).await,
        "/redis-pg-scoped" => {
            redis_get(b).await?;
            pg_scoped(b).await
        }
        "/pg-one-trip" => pg_one_trip(b).await,
        "/redis-pg-one-trip" => {
            redis_get(b).await?;
            pg_one_trip(b).await
        }
        "/pg-insert" => {
            sqlx::query(INSERT).bind(rand::random::<i32>()).execute(&b.pg).await?;
            Ok(())
        }
        "/pg-insert-tx" => pg_insert_tx(b).await,
        "/pg-insert-one-trip" => pg_insert_one_trip(b).await,
        "/redis-pg-insert-scoped" => {
            redis_get(b).await?;
            pg_insert_scoped(b).await
        }
        "/redis-pg-posting" => {
            redis_get(b).await?;
            pg_posting(b).await
        }
        "/redis-pg-posting-one-statement" => {
            redis_get(b).await?;
            pg_posting_one_statement(b).await
        }
        _ => bail!("unknown path"),
    }
}

async fn serve(addr: &str, pg_url: &str, redis_url: &str) -> anyhow::Result<()> {
    let pg = PgPoolOptions::new().max_connections(20).test_before_acquire(false).connect(pg_url).await.context("connecting to PostgreSQL")?;
    let redis = ConnectionManager::new(redis::Client::open(redis_url)?).await.context("connecting to Redis")?;
    let mut plain = Vec::new();
    for _ in 0..PLAIN_CONNECTIONS {
        plain.push(PgConnection::connect(pg_url).await.context("connecting to PostgreSQL")?);
    }
    let backends = Arc::new(Backends { pg, redis, plain: std::sync::Mutex::new(plain), plain_free: Semaphore::new(PLAIN_CONNECTIONS) });
    let listener = tokio::net::TcpListener::bind(addr).await.context("binding")?;
    loop {
        let (stream, _) = listener.accept().await?;
        let _ = stream.set_nodelay(true);
        let backends = Arc::clone(&backends);
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
                let backends = Arc::clone(&backends);
                async move {
                    let status = match answer(&backends, req.uri().path()).await {
                        Ok(()) => 200,
                        Err(_) => 500,
                    };
                    let resp = hyper::Response::builder().status(status).body(Full::new(Bytes::from_static(b"ok"))).expect("a static response");
                    Ok::<_, Infallible>(resp)
                }
            });
            let _ = hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service).await;
        });
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    use bench::env;
    let pg_db = env("ASP_BENCH_PGBENCH_DB", "postgres://localhost/asp_pgbench");
    let redis_url = env("ASP_BENCH_REDIS", "redis://127.0.0.1/");
    let addr = env("ASP_BENCH_FLOOR_ADDR", "127.0.0.1:18490");
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("serve") {
        return serve(args.get(2).map_or(addr.as_str(), String::as_str), &pg_db, &redis_url).await;
    }
    let connections: usize = env("ASP_BENCH_CONNECTIONS", "16").parse()?;
    let seconds: u64 = env("ASP_BENCH_SECONDS", "10").parse()?;

    let mut conn = PgConnection::connect(&pg_db).await.context("connecting to the pgbench database")?;
    sqlx::raw_sql(
        "drop table if exists floor_insert; create table floor_insert (id bigint generated always as identity primary key, cip_no bigint, qty numeric(18,3), at timestamptz default now());
         drop table if exists floor_audit; create table floor_audit (id bigint generated always as identity primary key, entity_id bigint, changes jsonb, at timestamptz default now())",
    )
    .execute(&mut conn)
    .await?;
    conn.close().await?;
    let mut server = std::process::Command::new(std::env::current_exe()?).args(["serve", &addr]).spawn().context("starting the bare server")?;
    let result = measure(&addr, &pg_db, connections, seconds).await;
    let _ = server.kill();
    let _ = server.wait();
    result
}

async fn measure(addr: &str, pg_db: &str, connections: usize, seconds: u64) -> anyhow::Result<()> {
    let client = bench::client(connections);
    let mut ready = false;
    for _ in 0..100 {
        if matches!(send(&client, &call(addr, "/redis-pg-scoped")).await, Ok((200, _))) {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    if !ready {
        bail!("the bare server did not answer /redis-pg-scoped with 200 (is {pg_db} initialised with pgbench -i?)");
    }
    println!("connections {connections}, {seconds} s per run; bare hyper server, same load loops as request-bench");
    let tps = bench::pgbench_select(pg_db, connections, seconds)?;
    println!("pgbench -S -M prepared: {tps:.0} tps");
    run_paths(&client, addr, &PATHS, connections, seconds, tps, "pgbench -S").await;
    let writers = 32;
    let script = std::env::temp_dir().join("floor-bench-insert.sql");
    std::fs::write(&script, "insert into floor_insert (cip_no, qty) values (:client_id, 1);\n")?;
    let script = script.to_string_lossy().into_owned();
    let insert_tps = bench::pgbench_script(pg_db, &script, writers, seconds)?;
    println!("pgbench single-row INSERT: {insert_tps:.0} tps ({writers} clients)");
    run_paths(&bench::client(writers), addr, &WRITE_PATHS, writers, seconds, insert_tps, "pgbench single-row INSERT").await;
    Ok(())
}

fn call(addr: &str, path: &str) -> Call {
    Call { method: hyper::Method::GET, uri: format!("http://{addr}{path}"), token: "floor".to_owned(), body: None }
}

/// Each path at peak (after a second of warm-up), as a share of the baseline pgbench measured in the same run.
async fn run_paths(client: &HttpClient, addr: &str, paths: &[&str], connections: usize, seconds: u64, baseline: f64, baseline_name: &str) {
    for path in paths {
        let c = call(addr, path);
        closed_loop(client, &c, connections, 1).await;
        let run = closed_loop(client, &c, connections, seconds).await;
        run.print(&format!("floor GET {path}"));
        println!("  = {:.1}% of {baseline_name}", 100.0 * run.rate() / baseline);
    }
}
