//! Demo ledger (docs/stock-ledger.md "Demo data"): every seeded CIP with stock gets an opening balance row (OHP 10,
//! "on hand posted"), and the first demo items of each site a year of believable movements: issues to the demo
//! employees charged to the demo cost centres, monthly receipts, a few returns, adjustments and a scrap. The
//! seeded on hand and average cost stay what the item seed says (receipts come in at the seeded average cost; the
//! opening balance is what the year's movements leave at today's on hand), and the usage columns are recomputed
//! from the rows, so the item screens, limits and min/max tuning read real numbers.
//!
//! Seeding is an operator's act, not a request: it writes the rows directly (the posting function needs a scope
//! only a request has), computing each row as the posting function would. Idempotent: only CIPs without ledger
//! rows are touched.

use chrono::{DateTime, Duration, Utc};
use kernel::num::{Decimal, Quantity, UnitCost};
use sqlx::{PgConnection, QueryBuilder};

use stock::ledger::codes::TransCode;
use stock::ledger::usage::{date_of, Usage};

use super::SeedDay;

/// Demo items per site that get a year of movements.
const DEMO_ITEMS_PER_SITE: i64 = 12;

#[derive(sqlx::FromRow)]
struct DemoCip {
    cip_no: i64,
    site_id: i64,
    cid_no: Option<i64>,
    cip_code: String,
    cust_item_code: Option<String>,
    cust_desc1: Option<String>,
    location: Option<String>,
    qty_on_hand: Quantity,
    cust_avg_cost: Option<UnitCost>,
}

struct Row {
    code: TransCode,
    date: DateTime<Utc>,
    qty: Quantity,
    employee: Option<usize>,
    track: Option<usize>,
    notes: Option<&'static str>,
    po_no: Option<String>,
}

/// A small deterministic generator, so every seed gives the same demo.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// `qty` times a code's effect on a column (-1, 0 or 1): exact, a quantity still.
fn times(qty: Quantity, effect: i8) -> Quantity {
    Quantity::round(qty.0 * Decimal::from(effect))
}

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    let schemas: Vec<String> = sqlx::query_scalar("select 'client_' || lower(client_code) from asp.client where client_code in ('ACME', 'GEA') order by client_code")
        .fetch_all(&mut *conn)
        .await?;
    let now = day.now();
    for schema in schemas {
        let demo: Vec<DemoCip> = sqlx::query_as(&format!(
            "select cip_no, site_id, cid_no, cip_code, cust_item_code, cust_desc1, location, qty_on_hand, cust_avg_cost
             from (select c.*, row_number() over (partition by c.site_id order by (c.cip_code like 'BRG-%' or c.cip_code like 'GLV-%') desc, c.cip_no) as n
                   from {schema}.cip c where c.status_id = 1 and c.qty_on_hand > 0) c
             where n <= $1 and not exists (select 1 from {schema}.stock_transaction t where t.cip_no = c.cip_no)
             order by cip_no"
        ))
        .bind(DEMO_ITEMS_PER_SITE)
        .fetch_all(&mut *conn)
        .await?;
        for cip in &demo {
            let employees: Vec<(i64, String, String)> = sqlx::query_as(&format!(
                "select employee_id, employee_number, last_name || ', ' || first_name from {schema}.employee
                 where site_id = $1 and is_active order by employee_number limit 2"
            ))
            .bind(cip.site_id)
            .fetch_all(&mut *conn)
            .await?;
            let tracks: Vec<(i64, String)> = sqlx::query_as(&format!(
                "select tracking_code_id, tracking_number from {schema}.tracking_code where site_id = $1 and tracking_level_id = 1 order by tracking_number limit 2"
            ))
            .bind(cip.site_id)
            .fetch_all(&mut *conn)
            .await?;
            year_of_movements(conn, &schema, cip, &employees, &tracks, now).await?;
        }
        // Every other CIP with stock: its opening balance.
        sqlx::query(&format!(
            "insert into {schema}.stock_transaction (site_id, trans_code, trans_date, cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location,
                 trans_qty, qty_on_hand_before, qty_on_hand_after, unit_cost, cust_avg_cost, extended_cost, notes, user_login)
             select site_id, case when qty_on_hand > 0 then 10 else 14 end, $1 - interval '365 days', cip_no, cid_no, cip_code, cust_item_code,
                 cust_desc1, location, qty_on_hand, 0, qty_on_hand, cust_avg_cost, cust_avg_cost, round(abs(qty_on_hand) * cust_avg_cost, 2),
                 'Opening balance', 'seed'
             from {schema}.cip c where qty_on_hand <> 0 and not exists (select 1 from {schema}.stock_transaction t where t.cip_no = c.cip_no)"
        ))
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn year_of_movements(
    conn: &mut PgConnection,
    schema: &str,
    cip: &DemoCip,
    employees: &[(i64, String, String)],
    tracks: &[(i64, String)],
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let mut rng = Lcg(cip.cip_no as u64 * 7919 + 17);
    let cost = cip.cust_avg_cost;
    let mut rows: Vec<Row> = Vec::new();
    let at = |days: i64, hour: i64| now - Duration::days(days) + Duration::hours(hour) - Duration::hours(12);
    let mut day = 360;
    let mut k = 0usize;
    while day > 1 {
        if !employees.is_empty() {
            rows.push(Row {
                code: TransCode::Iss,
                date: at(day, rng.next(8) as i64),
                qty: Quantity::from(1 + rng.next(3) as i64),
                employee: Some(k % employees.len()),
                track: (!tracks.is_empty()).then(|| k % tracks.len()),
                notes: None,
                po_no: None,
            });
            k += 1;
        }
        day -= 3 + rng.next(4) as i64;
    }
    for day in (30..=360).step_by(30) {
        rows.push(Row { code: TransCode::Rec, date: at(day, 1), qty: Quantity::from(9 + rng.next(6) as i64), employee: None, track: None, notes: Some("Monthly replenishment"), po_no: Some(format!("PO-{}", 45000 + day)) });
    }
    if !employees.is_empty() {
        for day in [277, 187, 97, 17] {
            rows.push(Row { code: TransCode::Ris, date: at(day, 6), qty: Quantity::from(1), employee: Some(0), track: (!tracks.is_empty()).then_some(0), notes: Some("Not needed"), po_no: None });
        }
    }
    rows.push(Row { code: TransCode::Pad, date: at(201, 3), qty: Quantity::from(2), employee: None, track: None, notes: Some("Found in the wrong bin"), po_no: None });
    rows.push(Row { code: TransCode::Nad, date: at(121, 3), qty: Quantity::from(1), employee: None, track: None, notes: Some("Damaged in storage"), po_no: None });
    rows.push(Row { code: TransCode::Scr, date: at(61, 3), qty: Quantity::from(1), employee: None, track: None, notes: Some("Broken on arrival"), po_no: None });
    rows.sort_by_key(|r| r.date);
    // The opening balance is what the movements leave at today's on hand, raised so on hand never goes below zero;
    // a closing count adjustment takes the raise back out.
    let mut running = Quantity::ZERO;
    let mut lowest = Quantity::ZERO;
    for r in &rows {
        running += times(r.qty, r.code.info().effect.on_hand);
        lowest = lowest.min(running);
    }
    let net = running;
    let mut opening = cip.qty_on_hand - net;
    // At least a few units on the shelf at every moment of the year.
    let shelf = Quantity::from(5);
    let mut closing_nad = Quantity::ZERO;
    if opening + lowest < shelf {
        closing_nad = shelf - (opening + lowest);
        opening += closing_nad;
    }
    let mut all = vec![Row { code: TransCode::Ohp, date: now - Duration::days(365), qty: opening, employee: None, track: None, notes: Some("Opening balance"), po_no: None }];
    all.extend(rows);
    if closing_nad > Quantity::ZERO {
        all.push(Row { code: TransCode::Nad, date: now - Duration::hours(2), qty: closing_nad, employee: None, track: None, notes: Some("Count adjustment"), po_no: None });
    }
    all.retain(|r| r.qty > Quantity::ZERO);

    let mut usage = Usage::empty();
    usage.roll_to(date_of(now));
    let mut on_hand = Quantity::ZERO;
    let mut last_issue = None;
    let mut last_receipt = None;
    let mut qb = QueryBuilder::new(format!(
        "insert into {schema}.stock_transaction (site_id, trans_code, trans_date, posted_at, cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location,
             trans_qty, scrap_change, usage_qty, qty_on_hand_before, qty_on_hand_after, unit_cost, cust_avg_cost, extended_cost,
             employee_id, employee_number, employee_name, track1_id, track1, po_no, notes, user_login) "
    ));
    qb.push_values(all.iter(), |mut b, r| {
        let info = r.code.info();
        let change = times(r.qty, info.effect.on_hand);
        let before = on_hand;
        on_hand += change;
        let usage_qty = times(r.qty, info.usage);
        usage.add(date_of(r.date), usage_qty);
        if info.usage > 0 {
            last_issue = Some(r.date);
        }
        if r.code == TransCode::Rec {
            last_receipt = Some(r.date);
        }
        let employee = r.employee.and_then(|i| employees.get(i));
        let track = r.track.and_then(|i| tracks.get(i));
        b.push_bind(cip.site_id)
            .push_bind(info.id)
            .push_bind(r.date)
            .push_bind(r.date)
            .push_bind(cip.cip_no)
            .push_bind(cip.cid_no)
            .push_bind(&cip.cip_code)
            .push_bind(&cip.cust_item_code)
            .push_bind(&cip.cust_desc1)
            .push_bind(&cip.location)
            .push_bind(change)
            .push_bind(times(r.qty, info.effect.scrap))
            .push_bind(usage_qty)
            .push_bind(before)
            .push_bind(on_hand)
            .push_bind(cost)
            .push_bind(cost)
            .push_bind(cost.map(|c| c.extend(r.qty)))
            .push_bind(employee.map(|e| e.0))
            .push_bind(employee.map(|e| e.1.clone()))
            .push_bind(employee.map(|e| e.2.clone()))
            .push_bind(track.map(|t| t.0))
            .push_bind(track.map(|t| t.1.clone()))
            .push_bind(r.po_no.clone())
            .push_bind(r.notes)
            .push_bind(if r.employee.is_some() { "warehouse" } else { "seed" });
    });
    qb.build().execute(&mut *conn).await?;
    sqlx::query(&format!(
        "update {schema}.cip set qty_scrap = qty_scrap + $2,
             usage1 = $3[1], usage2 = $3[2], usage3 = $3[3], usage4 = $3[4], usage5 = $3[5], usage6 = $3[6], usage7 = $3[7],
             usage8 = $3[8], usage9 = $3[9], usage10 = $3[10], usage11 = $3[11], usage12 = $3[12], usage13 = $3[13],
             month_usage = $4::numeric[], trans_count_cy = $5, trans_count_py = $6, usage_period = $7, usage_month = $8, usage_year = $9,
             last_issue_date = coalesce($10, last_issue_date), last_receipt_date = coalesce($11, last_receipt_date)
         where cip_no = $1"
    ))
    .bind(cip.cip_no)
    .bind(all.iter().filter(|r| r.code == TransCode::Scr).map(|r| r.qty).sum::<Quantity>())
    .bind(&usage.usage[..])
    .bind(&usage.month_usage[..])
    .bind(usage.trans_count_cy)
    .bind(usage.trans_count_py)
    .bind(usage.usage_period)
    .bind(usage.usage_month)
    .bind(usage.usage_year)
    .bind(last_issue)
    .bind(last_receipt)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
