//! `asp seed --transactions N [--client ACME --site ACME-NORTH]`: fills one site's stock ledger with N generated
//! transactions, for the ledger benchmark (bench/README.md "Stock ledger").
//!
//! First every CIP of the site without ledger rows gets its opening balance (OHP 10, as migration tenant 0013 did
//! for the CIPs that existed then; `--volume` CIPs are made without one). Then the rows come in pairs on one CIP:
//! an issue of 1 to one of the site's employees, charged to a level-1 tracking code, and the receipt of 1 that puts
//! it back a second later, so every CIP's on hand stays the sum of its ledger (the invariant) while the ledger has
//! the size and the mix of columns (codes, employees, tracking, dates over the last two years, denormalised CIP
//! fields) the search works on. Only CIPs with at least 1 on hand are used.
//!
//! Speed: set-based `insert ... select ... from generate_series` in batches of 100,000 rows on two connections,
//! every index and trigger in place; each batch commits on its own, so a run can be interrupted and resumed
//! (running again adds N more).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context};
use sqlx::{ConnectOptions, Connection, PgConnection};

use kernel::config::Settings;

use super::SeedDay;

const BATCH: i64 = 100_000;
const WORKERS: usize = 2;
/// The generated rows spread over this many days before the seed's day.
const SPAN_DAYS: i64 = 730;

#[derive(Debug, Clone)]
pub struct LedgerVolumeOptions {
    pub transactions: i64,
    pub client: String,
    pub site: String,
    pub progress: bool,
    /// The rows end at the start of this day.
    pub day: SeedDay,
}

async fn session(settings: &Settings, schema: &str, site_id: i64) -> anyhow::Result<PgConnection> {
    let connect = tenancy::connect_options(settings.owner_url())?.disable_statement_logging();
    let mut conn = PgConnection::connect_with(&connect).await.context("connecting to the database")?;
    let schema = tenancy::SchemaName::parse(schema).context("the client's schema name")?;
    for statement in [
        format!("select set_config('search_path', '{}', false)", schema.search_path()),
        format!("select set_config('asp.site_ids', '{{{site_id}}}', false)"),
        "set synchronous_commit = off".to_owned(),
        "set jit = off".to_owned(),
        "set work_mem = '256MB'".to_owned(),
    ] {
        sqlx::query(&statement).execute(&mut conn).await?;
    }
    // The site's CIPs with stock, its employees and level-1 tracking codes, numbered from 0 (per connection).
    for statement in [
        "create temporary table vol_cip as select (row_number() over (order by cip_no) - 1) as i, cip_no, cid_no, cip_code, cust_item_code,
             cust_desc1, location, qty_on_hand, cust_avg_cost from cip where site_id = $1 and qty_on_hand >= 1 and status_id = 1",
        "create temporary table vol_emp as select (row_number() over (order by employee_id) - 1) as i, employee_id, employee_number,
             last_name || ', ' || first_name as name from employee where site_id = $1",
        "create temporary table vol_track as select (row_number() over (order by tracking_code_id) - 1) as i, tracking_code_id, tracking_number
             from tracking_code where site_id = $1 and tracking_level_id = 1",
    ] {
        sqlx::query(statement).bind(site_id).execute(&mut conn).await?;
    }
    sqlx::query("create index on vol_cip (i)").execute(&mut conn).await?;
    sqlx::query("analyze vol_cip").execute(&mut conn).await?;
    Ok(conn)
}

const PAIRS_SQL: &str = "
insert into stock_transaction (site_id, trans_code, trans_date, posted_at, cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location,
    trans_qty, usage_qty, qty_on_hand_before, qty_on_hand_after, unit_cost, cust_avg_cost, extended_cost,
    employee_id, employee_number, employee_name, track1_id, track1, req_no, user_login)
select $1, case when g % 2 = 0 then 1 else 2 end, d.at, d.at, c.cip_no, c.cid_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location,
    case when g % 2 = 0 then -1 else 1 end, case when g % 2 = 0 then 1 else 0 end,
    case when g % 2 = 0 then c.qty_on_hand else c.qty_on_hand - 1 end, case when g % 2 = 0 then c.qty_on_hand - 1 else c.qty_on_hand end,
    c.cust_avg_cost, c.cust_avg_cost, c.cust_avg_cost,
    case when g % 2 = 0 then e.employee_id end, case when g % 2 = 0 then e.employee_number end, case when g % 2 = 0 then e.name end,
    case when g % 2 = 0 then t.tracking_code_id end, case when g % 2 = 0 then t.tracking_number end,
    case when g % 2 = 0 and g % 10 = 0 then 'R' || (g / 10) end, 'volume'
from generate_series($2::bigint, $3::bigint) g
cross join lateral (select $9 - ($4::bigint - g / 2) * $5::bigint * interval '1 millisecond' + (g % 2) * interval '1 second' as at) d
join vol_cip c on c.i = (hashint8(g / 2) & 2147483647) % $6
left join vol_emp e on e.i = (g / 2) % greatest($7, 1)
left join vol_track t on t.i = (g / 4) % greatest($8, 1)";

pub async fn run(settings: &Settings, options: &LedgerVolumeOptions) -> anyhow::Result<i64> {
    if !(1..=100_000_000).contains(&options.transactions) {
        bail!("--transactions takes a number from 1 to 100000000");
    }
    let started = Instant::now();
    tenancy::migrate_all(settings.owner_url(), settings.app_role().as_deref()).await.context("migrating before seeding")?;
    let connect = tenancy::connect_options(settings.owner_url())?.disable_statement_logging();
    let mut conn = PgConnection::connect_with(&connect).await?;
    let client = tenancy::ClientCode::parse(&options.client)?;
    let found: Option<(i64, String)> = sqlx::query_as(
        "select s.site_id, c.schema_name from asp.site s join asp.client c using (client_id) where c.client_code = $1 and s.site_code = $2",
    )
    .bind(client.as_str())
    .bind(&options.site)
    .fetch_optional(&mut conn)
    .await?;
    let Some((site_id, schema)) = found else {
        bail!("no site {} of client {} (run `asp seed --demo` first)", options.site, client.as_str());
    };
    drop(conn);
    let mut conn = session(settings, &schema, site_id).await?;
    // Opening balances first, so the invariant holds for every CIP of the site.
    let opened = sqlx::query(
        "insert into stock_transaction (site_id, trans_code, trans_date, cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location,
             trans_qty, qty_on_hand_before, qty_on_hand_after, unit_cost, cust_avg_cost, extended_cost, notes, user_login)
         select site_id, case when qty_on_hand > 0 then 10 else 14 end, $2 - interval '731 days', cip_no, cid_no, cip_code, cust_item_code,
             cust_desc1, location, qty_on_hand, 0, qty_on_hand, cust_avg_cost, cust_avg_cost, round(abs(qty_on_hand) * cust_avg_cost, 2),
             'Opening balance', 'volume'
         from cip c where site_id = $1 and qty_on_hand <> 0 and not exists (select 1 from stock_transaction t where t.cip_no = c.cip_no)",
    )
    .bind(site_id)
    .bind(options.day.now())
    .execute(&mut conn)
    .await?
    .rows_affected();
    let counts: (i64, i64, i64) =
        sqlx::query_as("select (select count(*) from vol_cip), (select count(*) from vol_emp), (select count(*) from vol_track)").fetch_one(&mut conn).await?;
    if counts.0 == 0 {
        bail!("{} has no active CIP with stock to post against (run `asp seed --volume N` first)", options.site);
    }
    if options.progress {
        println!("{}: {opened} opening balances; adding {} transactions over {} CIPs", options.site, options.transactions, counts.0);
    }
    // Pairs: make N even (one more row when odd would break a pair).
    let total = options.transactions + options.transactions % 2;
    // Milliseconds between pairs.
    let step = SPAN_DAYS * 86_400_000 / (total / 2).max(1);
    let now = options.day.now();
    let next = Arc::new(AtomicI64::new(0));
    let done = Arc::new(AtomicI64::new(0));
    let mut conns = vec![conn];
    for _ in 1..WORKERS {
        conns.push(session(settings, &schema, site_id).await?);
    }
    let mut tasks = Vec::new();
    for mut c in conns {
        let (next, done, progress) = (next.clone(), done.clone(), options.progress);
        tasks.push(tokio::spawn(async move {
            loop {
                let from = next.fetch_add(BATCH, Ordering::SeqCst);
                if from >= total {
                    break;
                }
                let to = (from + BATCH).min(total) - 1;
                sqlx::query(PAIRS_SQL)
                    .bind(site_id)
                    .bind(from)
                    .bind(to)
                    .bind(total / 2)
                    .bind(step)
                    .bind(counts.0)
                    .bind(counts.1)
                    .bind(counts.2)
                    .bind(now)
                    .execute(&mut c)
                    .await?;
                let n = done.fetch_add(to - from + 1, Ordering::SeqCst) + to - from + 1;
                if progress {
                    println!("  {n} of {total} transactions ({:.0} s)", started.elapsed().as_secs_f64());
                }
            }
            anyhow::Ok(())
        }));
    }
    for t in tasks {
        t.await??;
    }
    let mut conn = session(settings, &schema, site_id).await?;
    sqlx::query("analyze stock_transaction").execute(&mut conn).await?;
    if options.progress {
        println!("{} transactions in {:.0} s", total, started.elapsed().as_secs_f64());
    }
    Ok(total)
}
