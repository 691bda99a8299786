//! SQL of the ledger: the CIP's quantity columns read under a row lock and written back, and the ledger rows.

use chrono::{DateTime, Utc};
use kernel::num::{Decimal, Money, Quantity, UnitCost};
use tenancy::TenantTx;

/// A CIP as the posting function needs it, read `for update`.
#[derive(Debug, Clone)]
pub struct LockedCip {
    pub cip_no: i64,
    pub site_id: i64,
    pub cid_no: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub location: Option<String>,
    pub qty_on_hand: Quantity,
    /// numeric(18, 3): the CIP keeps its average cost at 3 decimals (the ledger row at 4).
    pub cust_avg_cost: Option<UnitCost>,
    /// usage1 .. usage13.
    pub usage: Vec<Quantity>,
    pub month_usage: Vec<Quantity>,
    pub trans_count_cy: i32,
    pub trans_count_py: i32,
    pub usage_period: Option<i32>,
    pub usage_month: Option<i32>,
    pub usage_year: Option<i32>,
}

pub async fn lock_cip(tx: &mut TenantTx, cip_no: i64) -> Result<Option<LockedCip>, sqlx::Error> {
    sqlx::query_as!(
        LockedCip,
        r#"select cip_no, site_id, cid_no, cip_code, cust_item_code, cust_desc1, location, qty_on_hand as "qty_on_hand: Quantity",
            cust_avg_cost as "cust_avg_cost: UnitCost",
            array[usage1, usage2, usage3, usage4, usage5, usage6, usage7, usage8, usage9, usage10, usage11, usage12, usage13] as "usage!: Vec<Quantity>",
            month_usage as "month_usage: Vec<Quantity>", trans_count_cy, trans_count_py, usage_period, usage_month, usage_year
        from cip where cip_no = $1 for update"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The new values of a CIP's columns after one posting.
pub struct CipUpdate<'a> {
    pub cip_no: i64,
    pub on_hand: Quantity,
    pub on_hold: Quantity,
    pub on_order: Quantity,
    pub backorder: Quantity,
    pub scrap: Quantity,
    pub work_order: Quantity,
    pub transfer: Quantity,
    pub excess: Quantity,
    pub cust_avg_cost: Option<UnitCost>,
    pub usage: &'a [Quantity; 13],
    pub month_usage: &'a [Quantity; 12],
    pub trans_count_cy: i32,
    pub trans_count_py: i32,
    pub usage_period: Option<i32>,
    pub usage_month: Option<i32>,
    pub usage_year: Option<i32>,
    pub last_issue: Option<DateTime<Utc>>,
    pub last_receipt: Option<DateTime<Utc>>,
}

/// Writes the CIP's quantities: on hand is set (computed under the lock); the other columns move by their change.
pub async fn update_cip(tx: &mut TenantTx, u: &CipUpdate<'_>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update cip set qty_on_hand = $2, qty_avail = qty_avail + ($2 - qty_on_hand),
            qty_on_hold = qty_on_hold + $3, qty_on_order = qty_on_order + $4, qty_backorder = qty_backorder + $5,
            qty_scrap = qty_scrap + $6, qty_work_order = qty_work_order + $7, qty_transfer = qty_transfer + $8,
            qty_excess = qty_excess + $9, cust_avg_cost = $10,
            usage1 = ($11::numeric[])[1], usage2 = ($11::numeric[])[2], usage3 = ($11::numeric[])[3], usage4 = ($11::numeric[])[4],
            usage5 = ($11::numeric[])[5], usage6 = ($11::numeric[])[6], usage7 = ($11::numeric[])[7], usage8 = ($11::numeric[])[8],
            usage9 = ($11::numeric[])[9], usage10 = ($11::numeric[])[10], usage11 = ($11::numeric[])[11], usage12 = ($11::numeric[])[12],
            usage13 = ($11::numeric[])[13],
            month_usage = $12::numeric[], trans_count_cy = $13, trans_count_py = $14,
            usage_period = $15, usage_month = $16, usage_year = $17,
            last_issue_date = greatest(last_issue_date, $18), last_receipt_date = greatest(last_receipt_date, $19),
            updated_at = now()
        where cip_no = $1",
        u.cip_no,
        u.on_hand.0,
        u.on_hold.0,
        u.on_order.0,
        u.backorder.0,
        u.scrap.0,
        u.work_order.0,
        u.transfer.0,
        u.excess.0,
        u.cust_avg_cost.map(|c| c.0),
        &u.usage.map(|q| q.0)[..],
        &u.month_usage.map(|q| q.0)[..],
        u.trans_count_cy,
        u.trans_count_py,
        u.usage_period,
        u.usage_month,
        u.usage_year,
        u.last_issue,
        u.last_receipt
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One ledger row to insert.
pub struct NewRow<'a> {
    pub site_id: i64,
    pub trans_code: i32,
    pub trans_date: Option<DateTime<Utc>>,
    pub cip: &'a LockedCip,
    pub trans_qty: Quantity,
    pub changes: [Quantity; 7],
    pub usage_qty: Quantity,
    pub before: Quantity,
    pub after: Quantity,
    pub unit_cost: Option<UnitCost>,
    pub cust_avg_cost: Option<UnitCost>,
    pub extended_cost: Option<Money>,
    pub selling_price: Option<UnitCost>,
    pub employee_id: Option<i64>,
    pub employee_number: Option<&'a str>,
    pub employee_name: Option<&'a str>,
    pub supervisor_id: Option<i64>,
    pub track_ids: [Option<i64>; 4],
    pub tracks: [Option<&'a str>; 4],
    pub req_no: Option<&'a str>,
    pub po_no: Option<&'a str>,
    pub serial_lot: Option<&'a str>,
    pub notes: Option<&'a str>,
    pub external_ref: Option<&'a str>,
    pub user_id: Option<i64>,
    pub user_login: Option<&'a str>,
    pub reverses: Option<i64>,
    pub pair_tran_id: Option<i64>,
}

/// Inserts the row; answers its id and date (`None` when `external_ref` was posted before at the site).
pub async fn insert_row(tx: &mut TenantTx, r: &NewRow<'_>) -> Result<Option<(i64, DateTime<Utc>)>, sqlx::Error> {
    let row = sqlx::query!(
        "insert into stock_transaction (site_id, trans_code, trans_date, cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location,
            trans_qty, on_hold_change, on_order_change, backorder_change, scrap_change, work_order_change, transfer_change, excess_change,
            usage_qty, qty_on_hand_before, qty_on_hand_after, unit_cost, cust_avg_cost, extended_cost, selling_price,
            employee_id, employee_number, employee_name, supervisor_id, track1_id, track2_id, track3_id, track4_id,
            track1, track2, track3, track4, req_no, po_no, serial_lot, notes, external_ref, user_id, user_login,
            reverses_tran_id, pair_tran_id, status)
        values ($1, $2, coalesce($3, now()), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
            $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39, $40, $41, $42, $43, $44, $45,
            case when $44::bigint is null then 1 else 2 end)
        on conflict (site_id, external_ref) where external_ref is not null do nothing
        returning tran_id, trans_date",
        r.site_id,
        r.trans_code,
        r.trans_date,
        r.cip.cip_no,
        r.cip.cid_no,
        &r.cip.cip_code,
        r.cip.cust_item_code.as_deref(),
        r.cip.cust_desc1.as_deref(),
        r.cip.location.as_deref(),
        r.trans_qty.0,
        r.changes[0].0,
        r.changes[1].0,
        r.changes[2].0,
        r.changes[3].0,
        r.changes[4].0,
        r.changes[5].0,
        r.changes[6].0,
        r.usage_qty.0,
        r.before.0,
        r.after.0,
        r.unit_cost.map(|c| c.0),
        r.cust_avg_cost.map(|c| c.0),
        r.extended_cost.map(|c| c.0),
        r.selling_price.map(|c| c.0),
        r.employee_id,
        r.employee_number,
        r.employee_name,
        r.supervisor_id,
        r.track_ids[0],
        r.track_ids[1],
        r.track_ids[2],
        r.track_ids[3],
        r.tracks[0],
        r.tracks[1],
        r.tracks[2],
        r.tracks[3],
        r.req_no,
        r.po_no,
        r.serial_lot,
        r.notes,
        r.external_ref,
        r.user_id,
        r.user_login,
        r.reverses,
        r.pair_tran_id
    )
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map(|r| (r.tran_id, r.trans_date)))
}

/// The row posted earlier with `external_ref` at the site.
pub async fn by_external_ref(tx: &mut TenantTx, site_id: i64, external_ref: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select tran_id from stock_transaction where site_id = $1 and external_ref = $2", site_id, external_ref)
        .fetch_optional(&mut **tx)
        .await
}

/// What a reversal needs of the original row, read `for update` so two reversals of one row serialise.
#[derive(Debug, Clone)]
pub struct Original {
    pub tran_id: i64,
    pub site_id: i64,
    pub trans_code: i32,
    pub cip_no: i64,
    pub trans_qty: Quantity,
    pub on_hold_change: Quantity,
    pub unit_cost: Option<UnitCost>,
    pub reversed: bool,
    pub reverses_tran_id: Option<i64>,
    pub pair_tran_id: Option<i64>,
    pub trans_date: DateTime<Utc>,
    pub employee_id: Option<i64>,
    pub employee_number: Option<String>,
    pub employee_name: Option<String>,
    pub track1_id: Option<i64>,
    pub track2_id: Option<i64>,
    pub track3_id: Option<i64>,
    pub track4_id: Option<i64>,
    pub track1: Option<String>,
    pub track2: Option<String>,
    pub track3: Option<String>,
    pub track4: Option<String>,
    pub req_no: Option<String>,
    pub po_no: Option<String>,
    pub serial_lot: Option<String>,
}

pub async fn lock_row(tx: &mut TenantTx, tran_id: i64) -> Result<Option<Original>, sqlx::Error> {
    sqlx::query_as!(
        Original,
        r#"select tran_id, site_id, trans_code, cip_no, trans_qty as "trans_qty: Quantity", on_hold_change as "on_hold_change: Quantity",
            unit_cost as "unit_cost: UnitCost", reversed, reverses_tran_id, pair_tran_id, trans_date, employee_id, employee_number, employee_name,
            track1_id, track2_id, track3_id, track4_id, track1, track2, track3, track4, req_no, po_no, serial_lot
        from stock_transaction where tran_id = $1 for update"#,
        tran_id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn mark_reversed(tx: &mut TenantTx, tran_id: i64, by: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update stock_transaction set reversed = true, reversed_by_tran_id = $2 where tran_id = $1", tran_id, by).execute(&mut **tx).await?;
    Ok(())
}

pub async fn set_pair(tx: &mut TenantTx, tran_id: i64, pair: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update stock_transaction set pair_tran_id = $2 where tran_id = $1", tran_id, pair).execute(&mut **tx).await?;
    Ok(())
}

/// What a limit counts in [from, to): extended cost (or, for an item limit, quantity) of issues minus returns.
#[derive(Debug, Clone, Copy)]
pub enum UsedBy {
    Employee(i64),
    EmployeeItemGroup(i64, i64),
    Tracking(u8, i64),
    EmployeeCid(i64, i64),
}

impl UsedBy {
    /// The key of its running totals in `draw_total` (tenant 0017): kind, key1, key2.
    fn key(&self) -> (i16, i64, i64) {
        match *self {
            UsedBy::Employee(e) => (1, e, 0),
            UsedBy::EmployeeItemGroup(e, g) => (2, e, g),
            UsedBy::Tracking(level, id) => (3, id, i64::from(level)),
            UsedBy::EmployeeCid(e, c) => (4, e, c),
        }
    }
}

/// What each of `asks` (what, from, to) has used: the days of [from, to) (UTC midnights, as `limits::period_of`
/// makes them) summed from the running totals the ledger's trigger keeps (tenant 0017), so the cost does not grow
/// with the ledger; every limit of a draw in one statement. Answers in the order asked, exact: money (the unrounded
/// sum of usage quantity x unit cost) or, for an item limit, quantity.
pub async fn used_between(tx: &mut TenantTx, asks: &[(UsedBy, DateTime<Utc>, DateTime<Utc>)]) -> Result<Vec<Decimal>, sqlx::Error> {
    if asks.is_empty() {
        return Ok(Vec::new());
    }
    let mut kinds = Vec::with_capacity(asks.len());
    let mut key1s = Vec::with_capacity(asks.len());
    let mut key2s = Vec::with_capacity(asks.len());
    let mut froms = Vec::with_capacity(asks.len());
    let mut tos = Vec::with_capacity(asks.len());
    let mut quantities = Vec::with_capacity(asks.len());
    for (by, from, to) in asks {
        let (kind, key1, key2) = by.key();
        kinds.push(kind);
        key1s.push(key1);
        key2s.push(key2);
        froms.push(from.date_naive());
        tos.push(to.date_naive());
        quantities.push(matches!(by, UsedBy::EmployeeCid(..)));
    }
    sqlx::query_scalar!(
        r#"select coalesce((select case when q.quantity then sum(d.qty) else sum(d.amount) end from draw_total d
                            where d.site_id = $7 and d.kind = q.kind and d.key1 = q.key1 and d.key2 = q.key2 and d.day >= q.from_day and d.day < q.to_day), 0) as "used!"
           from unnest($1::int2[], $2::int8[], $3::int8[], $4::date[], $5::date[], $6::bool[]) with ordinality as q (kind, key1, key2, from_day, to_day, quantity, i)
           order by q.i"#,
        &kinds,
        &key1s,
        &key2s,
        &froms,
        &tos,
        &quantities,
        tx.site_id()
    )
    .fetch_all(&mut **tx)
    .await
}

/// The numbers of tracking codes, by id (what a ledger row records beside each id).
pub async fn tracking_numbers(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query!("select tracking_code_id, tracking_number from tracking_code where tracking_code_id = any($1)", ids).fetch_all(&mut **tx).await?;
    Ok(rows.into_iter().map(|r| (r.tracking_code_id, r.tracking_number)).collect())
}

/// What a draw's limits depend on, each with its own transaction-scoped advisory lock (`ledger::limits::lock_draw`).
/// The classes are fixed numbers; the employee's is the one the draws used before tracking codes were locked too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LockKey {
    Employee(i64),
    TrackingCode(i64),
}

impl LockKey {
    /// (class, object) of `pg_advisory_xact_lock(int, int)`. Ids beyond 2^31 fold onto smaller ones: two draws then
    /// share a lock they did not need, which costs waiting, never a missed one.
    fn pair(self) -> (i32, i64) {
        match self {
            LockKey::Employee(id) => (916001, id),
            LockKey::TrackingCode(id) => (916002, id),
        }
    }
}

/// Waits for and takes the advisory lock of `key` until the transaction ends.
pub async fn lock_key(tx: &mut TenantTx, key: LockKey) -> Result<(), sqlx::Error> {
    let (class, id) = key.pair();
    sqlx::query!("select pg_advisory_xact_lock($1, ($2::bigint % 2147483647)::int)", class, id).execute(&mut **tx).await?;
    Ok(())
}

/// The item's issues minus returns by the employee in [from, to): the running totals of the employee and CID (a
/// CIP without a CID: that CIP's ledger rows of the employee).
pub async fn issued_to_employee(tx: &mut TenantTx, employee_id: i64, cip_no: i64, cid_no: Option<i64>, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Quantity, sqlx::Error> {
    match cid_no {
        Some(cid) => Ok(Quantity::new(used_between(tx, &[(UsedBy::EmployeeCid(employee_id, cid), from, to)]).await?.first().copied().unwrap_or_default())),
        None => {
            sqlx::query_scalar!(
                r#"select coalesce(sum(usage_qty), 0) as "issued!: Quantity" from stock_transaction
                 where employee_id = $1 and cip_no = $2 and trans_date >= $3 and trans_date < $4"#,
                employee_id,
                cip_no,
                from,
                to
            )
            .fetch_one(&mut **tx)
            .await
        }
    }
}

/// The item's issues minus returns (by anyone) charged to the tracking code at `level` in [from, to), from the ledger
/// rows through the level's (track, date) index; the item is the CID, or the CIP when it has none.
#[allow(clippy::too_many_arguments)]
pub async fn issued_to_tracking_code(
    tx: &mut TenantTx,
    level: u8,
    tracking_code_id: i64,
    cip_no: i64,
    cid_no: Option<i64>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Quantity, sqlx::Error> {
    // One statement per level, so each is planned on its own index (postings run generic plans).
    match level {
        1 => {
            sqlx::query_scalar!(
                r#"select coalesce(sum(usage_qty), 0) as "issued!: Quantity" from stock_transaction
                 where track1_id = $1 and trans_date >= $2 and trans_date < $3 and (cid_no = $4 or ($4 is null and cip_no = $5))"#,
                tracking_code_id,
                from,
                to,
                cid_no,
                cip_no
            )
            .fetch_one(&mut **tx)
            .await
        }
        2 => {
            sqlx::query_scalar!(
                r#"select coalesce(sum(usage_qty), 0) as "issued!: Quantity" from stock_transaction
                 where track2_id = $1 and trans_date >= $2 and trans_date < $3 and (cid_no = $4 or ($4 is null and cip_no = $5))"#,
                tracking_code_id,
                from,
                to,
                cid_no,
                cip_no
            )
            .fetch_one(&mut **tx)
            .await
        }
        3 => {
            sqlx::query_scalar!(
                r#"select coalesce(sum(usage_qty), 0) as "issued!: Quantity" from stock_transaction
                 where track3_id = $1 and trans_date >= $2 and trans_date < $3 and (cid_no = $4 or ($4 is null and cip_no = $5))"#,
                tracking_code_id,
                from,
                to,
                cid_no,
                cip_no
            )
            .fetch_one(&mut **tx)
            .await
        }
        _ => {
            sqlx::query_scalar!(
                r#"select coalesce(sum(usage_qty), 0) as "issued!: Quantity" from stock_transaction
                 where track4_id = $1 and trans_date >= $2 and trans_date < $3 and (cid_no = $4 or ($4 is null and cip_no = $5))"#,
                tracking_code_id,
                from,
                to,
                cid_no,
                cip_no
            )
            .fetch_one(&mut **tx)
            .await
        }
    }
}

/// The site's settings of the draw rules (global 0040).
#[derive(Debug, Clone)]
pub struct DrawSettings {
    /// 'refuse' or 'supervisor'.
    pub return_beyond_issued: String,
    pub device_report_max_days_back: i32,
    pub device_report_max_minutes_ahead: i32,
}

pub async fn draw_settings(tx: &mut TenantTx) -> Result<DrawSettings, sqlx::Error> {
    let site = tx.site_id();
    let found = sqlx::query_as!(
        DrawSettings,
        "select return_beyond_issued, device_report_max_days_back, device_report_max_minutes_ahead from asp.site where site_id = $1",
        site
    )
    .fetch_optional(&mut **tx)
    .await?;
    Ok(found.unwrap_or(DrawSettings { return_beyond_issued: "refuse".to_owned(), device_report_max_days_back: 3, device_report_max_minutes_ahead: 5 }))
}

/// The CIP's customer item code, else its CIP code.
pub async fn item_name(tx: &mut TenantTx, cip_no: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(r#"select coalesce(cust_item_code, cip_code) as "name!" from cip where cip_no = $1"#, cip_no).fetch_optional(&mut **tx).await
}
