//! SQL of the Transaction resource: reads and searches of the ledger (assembled from allow-listed parts), the few
//! columns a row may change after posting, average-cost corrections, and what the movements look up.

use chrono::{DateTime, Utc};
use tenancy::TenantTx;

use kernel::listing::{self, Page, Search};
use kernel::num::{Quantity, UnitCost};

use super::model::{AvgCostCorrection, AvgCostRow, CipNow, DistinctField, LastReceiptPrice, Transaction, TransactionMin1};
use crate::ledger::codes::TABLE;

fn trans_type_sql() -> String {
    let mut s = String::from("(case trans_code");
    for c in TABLE.iter() {
        s.push_str(&format!(" when {} then '{}'", c.id, c.name));
    }
    s.push_str(" else '' end)");
    s
}

fn columns() -> String {
    format!(
        "tran_id, site_id, trans_code, {} as trans_type, trans_date, posted_at, cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location,
        trans_qty, qty_on_hand_before, qty_on_hand_after, on_hold_change, on_order_change, backorder_change, scrap_change,
        work_order_change, transfer_change, excess_change, usage_qty, unit_cost, cust_avg_cost, extended_cost, selling_price,
        employee_id, employee_number, employee_name, supervisor_id, track1_id, track2_id, track3_id, track4_id, track1, track2, track3, track4,
        req_no, po_no, serial_lot, notes, pack_no, external_ref, user_login, reverses_tran_id, reversed_by_tran_id, pair_tran_id, reversed,
        status, erp_status",
        trans_type_sql()
    )
}

fn min1_columns() -> String {
    format!(
        "tran_id, trans_code, {} as trans_type, trans_date, cip_no, cip_code, cust_item_code, trans_qty, employee_number, reversed",
        trans_type_sql()
    )
}

pub async fn find(tx: &mut TenantTx, tran_id: i64) -> Result<Option<Transaction>, sqlx::Error> {
    sqlx::query_as::<_, Transaction>(&format!("select {} from stock_transaction where tran_id = $1", columns()))
        .bind(tran_id)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn find_many(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<Transaction>, sqlx::Error> {
    sqlx::query_as::<_, Transaction>(&format!("select {} from stock_transaction where tran_id = any($1) order by tran_id", columns()))
        .bind(ids)
        .fetch_all(&mut **tx)
        .await
}

pub async fn find_min1(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<TransactionMin1>, sqlx::Error> {
    sqlx::query_as::<_, TransactionMin1>(&format!("select {} from stock_transaction where tran_id = any($1) order by tran_id", min1_columns()))
        .bind(ids)
        .fetch_all(&mut **tx)
        .await
}

/// The rows linked to `t`: its reversal, what it reverses, its transfer pair (and the pair's reversal).
pub async fn related(tx: &mut TenantTx, t: &Transaction) -> Result<Vec<Transaction>, sqlx::Error> {
    let ids: Vec<i64> = [t.reverses_tran_id, t.reversed_by_tran_id, t.pair_tran_id].into_iter().flatten().collect();
    sqlx::query_as::<_, Transaction>(&format!(
        "select {} from stock_transaction where tran_id = any($1) or (reverses_tran_id = $2 and tran_id <> $2) order by tran_id",
        columns()
    ))
    .bind(&ids)
    .bind(t.tran_id)
    .fetch_all(&mut **tx)
    .await
}

pub async fn cip_now(tx: &mut TenantTx, cip_no: i64) -> Result<Option<CipNow>, sqlx::Error> {
    sqlx::query_as!(
        CipNow,
        r#"select cip_no, qty_on_hand as "qty_on_hand: Quantity", qty_on_hold as "qty_on_hold: Quantity", qty_on_order as "qty_on_order: Quantity",
            qty_backorder as "qty_backorder: Quantity", qty_scrap as "qty_scrap: Quantity", qty_work_order as "qty_work_order: Quantity",
            qty_transfer as "qty_transfer: Quantity", qty_excess as "qty_excess: Quantity", cust_avg_cost as "cust_avg_cost: UnitCost"
        from cip where cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// A search's filters, resolved (dates as instants, texts trimmed).
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub site_id: i64,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    pub tran_id: Option<i64>,
    pub codes: Option<Vec<i32>>,
    pub cip_no: Option<i64>,
    pub cid_no: Option<i64>,
    pub cust_item_code: Option<String>,
    pub employee_number: Option<String>,
    pub tracking: Option<String>,
    pub tracks: [Option<String>; 4],
    pub req_no: Option<String>,
    pub po_no: Option<String>,
    pub serial_lot: Option<String>,
    pub reversed: Option<bool>,
}

/// `<head> where <filter>`: `head` is the statement's text up to its `where` (`select ... from stock_transaction`);
/// each value is bound where its condition names it.
fn filtered(head: String, f: &Filter) -> Search<'static> {
    let mut q = Search::new(head);
    q.and_bind("site_id = ", f.site_id);
    if let Some(v) = f.from {
        q.and_bind("trans_date >= ", v);
    }
    if let Some(v) = f.to {
        q.and_bind("trans_date < ", v);
    }
    if let Some(v) = f.tran_id {
        q.and_bind("tran_id = ", v);
    }
    if let Some(v) = &f.codes {
        q.and_bind("trans_code = any(", v.clone()).push(")");
    }
    if let Some(v) = f.cip_no {
        q.and_bind("cip_no = ", v);
    }
    if let Some(v) = f.cid_no {
        q.and_bind("cid_no = ", v);
    }
    if let Some(v) = &f.cust_item_code {
        q.and_bind("upper(cust_item_code) = upper(", v.clone()).push(")");
    }
    if let Some(v) = &f.employee_number {
        // Through the employee's id: the ledger's (employee_id, trans_date) index then reads the newest rows of that
        // one employee in order, where a condition on the row's copied number would walk the whole site's ledger.
        // Employee numbers are unique per site (case-insensitively), so the sub-select finds at most one.
        q.and_bind("employee_id = (select e.employee_id from employee e where e.site_id = ", f.site_id)
            .push(" and e.employee_number_key = upper(")
            .push_bind(v.clone())
            .push(") limit 1)");
    }
    if let Some(v) = &f.tracking {
        q.and_bind("upper(", v.clone()).push(") in (upper(track1), upper(track2), upper(track3), upper(track4))");
    }
    for (i, t) in f.tracks.iter().enumerate() {
        if let Some(v) = t {
            q.and_bind(&format!("upper(track{}) = upper(", i + 1), v.clone()).push(")");
        }
    }
    for (column, value) in [("req_no", &f.req_no), ("po_no", &f.po_no), ("serial_lot", &f.serial_lot)] {
        if let Some(v) = value {
            q.and_bind(&format!("upper({column}) = upper("), v.clone()).push(")");
        }
    }
    if let Some(v) = f.reversed {
        q.and_bind("reversed = ", v);
    }
    q
}

/// One page of the search. The newest rows are found first (index on site, date), so the 5000-row cap keeps the
/// newest matches; the page is then sorted as asked.
pub async fn search(tx: &mut TenantTx, f: &Filter, page: &Page) -> Result<(Vec<Transaction>, i64), sqlx::Error> {
    let mut q = filtered(format!("select {} from stock_transaction", columns()), f);
    q.push(" order by trans_date desc, tran_id desc");
    listing::fetch_built_page(tx, q.into_builder(), page).await
}

pub async fn search_min1(tx: &mut TenantTx, f: &Filter, page: &Page) -> Result<(Vec<TransactionMin1>, i64), sqlx::Error> {
    let mut q = filtered(format!("select {} from stock_transaction", min1_columns()), f);
    q.push(" order by trans_date desc, tran_id desc");
    listing::fetch_built_page(tx, q.into_builder(), page).await
}

/// The distinct values of one allow-listed column among the rows the filter finds (newest 5000 rows), at most 100.
pub async fn distinct(tx: &mut TenantTx, f: &Filter, field: DistinctField, contains: Option<&str>) -> Result<Vec<String>, sqlx::Error> {
    // Codes are listed (and searched) by their names, as the grid shows them.
    let value = match field {
        DistinctField::TransCode => format!("nullif({}, '')", trans_type_sql()),
        other => other.column().to_owned(),
    };
    let mut q = filtered(format!("select distinct v from (select {value} as v from stock_transaction"), f);
    q.push(" order by trans_date desc, tran_id desc limit 5000) s where v is not null");
    if let Some(c) = contains {
        q.push(" and v ilike ").push_bind(listing::contains_pattern(c));
    }
    q.push(" order by v limit 100");
    // Unprepared, as the searches (kernel::listing::fetch_built_page): planned for the values at hand.
    let rows = q.into_builder().build().persistent(false).fetch_all(&mut **tx).await?;
    rows.iter().map(|r| sqlx::Row::try_get::<String, _>(r, 0)).collect()
}

pub async fn last_receipt(tx: &mut TenantTx, cip_no: i64) -> Result<Option<LastReceiptPrice>, sqlx::Error> {
    sqlx::query_as!(
        LastReceiptPrice,
        r#"select cip_no, tran_id as "tran_id?", trans_date as "trans_date?", unit_cost as "unit_cost: UnitCost", trans_qty as "trans_qty?: Quantity", po_no
        from stock_transaction where cip_no = $1 and trans_code = 2 and not reversed and reverses_tran_id is null
        order by trans_date desc, tran_id desc limit 1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn set_pack_no(tx: &mut TenantTx, tran_id: i64, pack_no: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("update stock_transaction set pack_no = $2 where tran_id = $1", tran_id, pack_no).execute(&mut **tx).await?;
    Ok(())
}

pub async fn reset_erp_status(tx: &mut TenantTx, tran_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update stock_transaction set erp_status = 0 where tran_id = $1", tran_id).execute(&mut **tx).await?;
    Ok(())
}

/// Locks the CIP and answers its site and average cost (None: not visible).
pub async fn lock_cip_cost(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(i64, Option<UnitCost>)>, sqlx::Error> {
    let row = sqlx::query!(r#"select site_id, cust_avg_cost as "cust_avg_cost: UnitCost" from cip where cip_no = $1 for update"#, cip_no)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map(|r| (r.site_id, r.cust_avg_cost)))
}

/// Sets the CIP's average cost; answers what the column keeps (numeric(18, 3): a fourth decimal is rounded off by
/// PostgreSQL, half away from zero).
pub async fn set_avg_cost(tx: &mut TenantTx, cip_no: i64, cost: UnitCost) -> Result<UnitCost, sqlx::Error> {
    sqlx::query_scalar!(
        r#"update cip set cust_avg_cost = $2, updated_at = now() where cip_no = $1 returning cust_avg_cost as "cust_avg_cost!: UnitCost""#,
        cip_no,
        cost.0
    )
    .fetch_one(&mut **tx)
    .await
}

#[allow(clippy::too_many_arguments)]
pub async fn insert_correction(
    tx: &mut TenantTx,
    site_id: i64,
    cip_no: i64,
    old: Option<UnitCost>,
    new: UnitCost,
    notes: Option<&str>,
    user_id: i64,
    login: Option<&str>,
) -> Result<AvgCostCorrection, sqlx::Error> {
    sqlx::query_as!(
        AvgCostCorrection,
        r#"insert into avg_cost_correction (site_id, cip_no, old_avg_cost, new_avg_cost, notes, user_id, user_login)
        values ($1, $2, $3, $4, $5, $6, $7)
        returning correction_id, cip_no, old_avg_cost as "old_avg_cost: UnitCost", new_avg_cost as "new_avg_cost: UnitCost", notes, user_login, corrected_at"#,
        site_id,
        cip_no,
        old.map(|c| c.0),
        new.0,
        notes,
        user_id,
        login
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn avg_cost_search(
    tx: &mut TenantTx,
    site_id: i64,
    cip_no: Option<i64>,
    cid_no: Option<i64>,
    text: Option<&str>,
    page: &Page,
) -> Result<(Vec<AvgCostRow>, i64), sqlx::Error> {
    let mut q = Search::new(
        "select c.cip_no, c.cid_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, c.qty_on_hand, c.cust_avg_cost,
            (select t.unit_cost from stock_transaction t where t.cip_no = c.cip_no and t.trans_code = 2 and t.reverses_tran_id is null and not t.reversed
             order by t.trans_date desc, t.tran_id desc limit 1) as last_receipt_cost,
            c.last_receipt_date,
            (select max(k.corrected_at) from avg_cost_correction k where k.cip_no = c.cip_no) as last_correction_at
        from cip c",
    );
    q.and_bind("c.site_id = ", site_id);
    if let Some(v) = cip_no {
        q.and_bind("c.cip_no = ", v);
    }
    if let Some(v) = cid_no {
        q.and_bind("c.cid_no = ", v);
    }
    if let Some(t) = text {
        q.and_contains(&["c.cip_code", "c.cust_item_code"], t);
    }
    listing::fetch_built_page(tx, q.into_builder(), page).await
}

/// The kanban bin with the card `tool_code` at the site, locked: (bin id, CIP, bin quantity, status).
pub async fn lock_kanban_bin(tx: &mut TenantTx, site_id: i64, tool_code: &str) -> Result<Option<(i64, i64, Quantity, i32)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select kanban_bin_id, cip_no, bin_qty as "bin_qty: Quantity", bin_status from kanban_bin where site_id = $1 and upper(tool_code) = upper($2) for update"#,
        site_id,
        tool_code.trim()
    )
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map(|r| (r.kanban_bin_id, r.cip_no, r.bin_qty, r.bin_status)))
}

pub async fn set_kanban_full(tx: &mut TenantTx, bin_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update kanban_bin set bin_status = 1, last_scan_at = now(), updated_at = now() where kanban_bin_id = $1", bin_id).execute(&mut **tx).await?;
    Ok(())
}

// ---- what the movements look up

/// (cid_no, status) of a CIP visible in the transaction.
pub async fn cip_cid(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(Option<i64>, i32)>, sqlx::Error> {
    Ok(cip_for_draw(tx, cip_no).await?.map(|(cid, status, _)| (cid, status)))
}

/// The CIP's CID, status and average cost (what a draw judges before posting), in one read.
pub async fn cip_for_draw(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(Option<i64>, i32, Option<UnitCost>)>, sqlx::Error> {
    let row = sqlx::query!(r#"select cid_no, status_id, cust_avg_cost as "cust_avg_cost: UnitCost" from cip where cip_no = $1"#, cip_no)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map(|r| (r.cid_no, r.status_id, r.cust_avg_cost)))
}

pub async fn cip_avg_cost(tx: &mut TenantTx, cip_no: i64) -> Result<Option<UnitCost>, sqlx::Error> {
    Ok(sqlx::query_scalar!(r#"select cust_avg_cost as "cust_avg_cost: UnitCost" from cip where cip_no = $1"#, cip_no).fetch_optional(&mut **tx).await?.flatten())
}

/// The login of an application user.
pub async fn user_login(tx: &mut TenantTx, user_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select user_id from asp.asp_users where asp_users_id = $1", user_id).fetch_optional(&mut **tx).await
}

/// For the invariant check and the CIP history: on hand and the sum of the CIP's ledger.
pub async fn ledger_sum(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(Quantity, Quantity)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select c.qty_on_hand as "on_hand: Quantity", coalesce((select sum(t.trans_qty) from stock_transaction t where t.cip_no = c.cip_no), 0) as "ledger!: Quantity"
        from cip c where c.cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map(|r| (r.on_hand, r.ledger)))
}
