//! Authorization at provider scale: 1,000 clients (2,000 sites) and 10,000 users, measured on demand.
//!
//! `cargo run --release -p bench --bin authz-bench` (env ASP_BENCH_DATABASE_URL: an admin URL, default
//! postgres://localhost/postgres). It creates a scratch database, fills the shared schema, then prints: the cold
//! load of one site's enforcer, warm permission checks per second and their latency, and the time for a change
//! notice to reach a running authorizer.

use std::time::{Duration, Instant};

use anyhow::Context;
use rand::Rng;
use sqlx::{Connection, PgConnection};

const CLIENTS: i64 = 1_000;
const SITES_PER_CLIENT: i64 = 2;
const USERS: i64 = 10_000;
const CHECKS: usize = 200_000;

fn with_db(admin: &str, db: &str) -> anyhow::Result<String> {
    let (base, _) = admin.rsplit_once('/').context("database URL needs a path")?;
    Ok(format!("{base}/{db}"))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let admin_url = std::env::var("ASP_BENCH_DATABASE_URL").unwrap_or_else(|_| "postgres://localhost/postgres".to_owned());
    let name = format!("asp_bench_{}", uuid::Uuid::new_v4().simple());
    let mut admin = PgConnection::connect(&admin_url).await?;
    sqlx::query(&format!("create database {name}")).execute(&mut admin).await?;
    let url = with_db(&admin_url, &name)?;
    let result = run(&url).await;
    let pool_closed = sqlx::query(&format!("drop database {name} with (force)")).execute(&mut admin).await;
    if let Err(e) = pool_closed {
        eprintln!("could not drop {name}: {e}");
    }
    result
}

async fn run(url: &str) -> anyhow::Result<()> {
    tenancy::migrate_all(url, None).await?;
    let pool = tenancy::connect_pool(url, 4).await?;
    let t = Instant::now();
    sqlx::query(
        "insert into asp.client (client_code, client_name, schema_name)
         select 'C' || g, 'Client ' || g, 'client_c' || g from generate_series(1, $1) g",
    )
    .bind(CLIENTS)
    .execute(&pool)
    .await?;
    sqlx::query(
        "insert into asp.site (client_id, site_code, site_name)
         select c.client_id, 'S' || c.client_id || '-' || s, 'Site' from asp.client c, generate_series(1, $1) s",
    )
    .bind(SITES_PER_CLIENT)
    .execute(&pool)
    .await?;
    sqlx::query("insert into asp.asp_users (user_id) select 'user' || g from generate_series(1, $1) g").bind(USERS).execute(&pool).await?;
    // Each user works at the two sites of one client (10 users per client), with two roles there.
    sqlx::query(
        "insert into asp.user_site (asp_users_id, site_id)
         select u.asp_users_id, s.site_id from asp.asp_users u
         join asp.site s on s.client_id = (u.asp_users_id % $1) + 1",
    )
    .bind(CLIENTS)
    .execute(&pool)
    .await?;
    sqlx::query(
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
         select us.asp_users_id, us.site_id, r.security_role_id from asp.user_site us
         join asp.security_role r on r.role_name in ('Buyer', 'Warehouse')",
    )
    .execute(&pool)
    .await?;
    let rules: i64 = sqlx::query_scalar("select (select count(*) from asp.user_site_role) + (select count(*) from asp.security_role_permission)")
        .fetch_one(&pool)
        .await?;
    println!("data: {CLIENTS} clients, {} sites, {USERS} users, {rules} policy rows ({:.1} s to generate)", CLIENTS * SITES_PER_CLIENT, t.elapsed().as_secs_f64());

    let pairs: Vec<(i64, i64)> = sqlx::query_as("select asp_users_id, site_id from asp.user_site").fetch_all(&pool).await?;
    let authz = authz::Authorizer::new(pool.clone(), 4096).await?;
    authz.spawn_listener(pool.clone());

    // Cold: the first check at a site loads its enforcer.
    let mut cold = Vec::new();
    for (user, site) in pairs.iter().step_by(pairs.len() / 200) {
        let t = Instant::now();
        authz.has_any(*user, *site, &["BasicAccess"]).await?;
        cold.push(t.elapsed());
    }
    cold.sort();
    println!("cold site load + check: median {:?}, p99 {:?} ({} sites)", cold[cold.len() / 2], cold[cold.len() * 99 / 100], cold.len());

    // Warm every site, then measure checks over random (user, site) pairs, allowed and denied alike.
    for (user, site) in &pairs {
        authz.has_any(*user, *site, &["BasicAccess"]).await?;
    }
    let mut rng = rand::thread_rng();
    let mut latencies = Vec::with_capacity(CHECKS);
    let mut allowed = 0usize;
    let started = Instant::now();
    for i in 0..CHECKS {
        let (user, site) = pairs[rng.gen_range(0..pairs.len())];
        let perm = if i % 2 == 0 { "BasicAccess" } else { "FSSConnectAdmin" };
        let t = Instant::now();
        if authz.has_any(user, site, &[perm]).await? {
            allowed += 1;
        }
        latencies.push(t.elapsed());
    }
    let total = started.elapsed();
    latencies.sort();
    println!(
        "warm checks: {CHECKS} in {:.2} s = {:.0}/s on one task; median {:?}, p99 {:?}, max {:?}; {allowed} allowed",
        total.as_secs_f64(),
        CHECKS as f64 / total.as_secs_f64(),
        latencies[CHECKS / 2],
        latencies[CHECKS * 99 / 100],
        latencies[CHECKS - 1],
    );

    // A role change reaches the running authorizer through LISTEN/NOTIFY.
    let (user, site) = pairs[0];
    let t = Instant::now();
    sqlx::query("delete from asp.user_site_role where asp_users_id = $1 and site_id = $2").bind(user).bind(site).execute(&pool).await?;
    while authz.has_any(user, site, &["BasicAccess"]).await? {
        anyhow::ensure!(t.elapsed() < Duration::from_secs(10), "the change never arrived");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    println!("role change visible after {:?}", t.elapsed());
    Ok(())
}
