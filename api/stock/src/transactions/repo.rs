//! SQL of the Transaction resource: reads and searches of the ledger (assembled from allow-listed parts), the few
//! columns a row may change after posting, average-cost corrections, and what the movements look up.

use chrono::{DateTime, Utc};
use sqlx::{Postgres, QueryBuilder};
use tenancy::TenantTx;

use kernel::listing::{self, Page};

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
        trans_qty::float8 as trans_qty, qty_on_hand_before::float8 as qty_on_hand_before, qty_on_hand_after::float8 as qty_on_hand_after,
        on_hold_change::float8 as on_hold_change, on_order_change::float8 as on_order_change, backorder_change::float8 as backorder_change,
        scrap_change::float8 as scrap_change, work_order_change::float8 as work_order_change, transfer_change::float8 as transfer_change,
        excess_change::float8 as excess_change, usage_qty::float8 as usage_qty, unit_cost::float8 as unit_cost,
        cust_avg_cost::float8 as cust_avg_cost, extended_cost::float8 as extended_cost, selling_price::float8 as selling_price,
        employee_id, employee_number, employee_name, supervisor_id, track1_id, track2_id, track3_id, track4_id, track1, track2, track3, track4,
        req_no, po_no, serial_lot, notes, pack_no, external_ref, user_login, reverses_tran_id, reversed_by_tran_id, pair_tran_id, reversed,
        status, erp_status",
        trans_type_sql()
    )
}

fn min1_columns() -> String {
    format!(
        "tran_id, trans_code, {} as trans_type, trans_date, cip_no, cip_code, cust_item_code, trans_qty::float8 as trans_qty, employee_number, reversed",
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
    sqlx::query_as::<_, CipNow>(
        "select cip_no, qty_on_hand::float8 as qty_on_hand, qty_on_hold::float8 as qty_on_hold, qty_on_order::float8 as qty_on_order,
            qty_backorder::float8 as qty_backorder, qty_scrap::float8 as qty_scrap, qty_work_order::float8 as qty_work_order,
            qty_transfer::float8 as qty_transfer, qty_excess::float8 as qty_excess, cust_avg_cost::float8 as cust_avg_cost
        from cip where cip_no = $1",
    )
    .bind(cip_no)
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

/// Appends the filter's `where` conditions to `q`, each value bound where its condition names it (`push_bind`
/// numbers the parameter as it binds it, so the text and the values cannot disagree, whichever filters are given).
fn push_where(q: &mut QueryBuilder<'static, Postgres>, f: &Filter) {
    q.push("site_id = ").push_bind(f.site_id);
    if let Some(v) = f.from {
        q.push(" and trans_date >= ").push_bind(v);
    }
    if let Some(v) = f.to {
        q.push(" and trans_date < ").push_bind(v);
    }
    if let Some(v) = f.tran_id {
        q.push(" and tran_id = ").push_bind(v);
    }
    if let Some(v) = &f.codes {
        q.push(" and trans_code = any(").push_bind(v.clone()).push(")");
    }
    if let Some(v) = f.cip_no {
        q.push(" and cip_no = ").push_bind(v);
    }
    if let Some(v) = f.cid_no {
        q.push(" and cid_no = ").push_bind(v);
    }
    if let Some(v) = &f.cust_item_code {
        q.push(" and upper(cust_item_code) = upper(").push_bind(v.clone()).push(")");
    }
    if let Some(v) = &f.employee_number {
        // Through the employee's id: the ledger's (employee_id, trans_date) index then reads the newest rows of that
        // one employee in order, where a condition on the row's copied number would walk the whole site's ledger.
        // Employee numbers are unique per site (case-insensitively), so the sub-select finds at most one.
        q.push(" and employee_id = (select e.employee_id from employee e where e.site_id = ")
            .push_bind(f.site_id)
            .push(" and e.employee_number_key = upper(")
            .push_bind(v.clone())
            .push(") limit 1)");
    }
    if let Some(v) = &f.tracking {
        q.push(" and upper(").push_bind(v.clone()).push(") in (upper(track1), upper(track2), upper(track3), upper(track4))");
    }
    for (i, t) in f.tracks.iter().enumerate() {
        if let Some(v) = t {
            q.push(format!(" and upper(track{}) = upper(", i + 1)).push_bind(v.clone()).push(")");
        }
    }
    for (column, value) in [("req_no", &f.req_no), ("po_no", &f.po_no), ("serial_lot", &f.serial_lot)] {
        if let Some(v) = value {
            q.push(format!(" and upper({column}) = upper(")).push_bind(v.clone()).push(")");
        }
    }
    if let Some(v) = f.reversed {
        q.push(" and reversed = ").push_bind(v);
    }
}

/// `<head> where <filter>`: `head` is the statement's text up to its `where` (`select ... from stock_transaction`).
fn filtered(head: String, f: &Filter) -> QueryBuilder<'static, Postgres> {
    let mut q = QueryBuilder::new(head);
    q.push(" where ");
    push_where(&mut q, f);
    q
}

/// One page of the search. The newest rows are found first (index on site, date), so the 5000-row cap keeps the
/// newest matches; the page is then sorted as asked.
pub async fn search(tx: &mut TenantTx, f: &Filter, page: &Page) -> Result<(Vec<Transaction>, i64), sqlx::Error> {
    let mut q = filtered(format!("select {} from stock_transaction", columns()), f);
    q.push(" order by trans_date desc, tran_id desc");
    listing::fetch_built_page(tx, q, page).await
}

pub async fn search_min1(tx: &mut TenantTx, f: &Filter, page: &Page) -> Result<(Vec<TransactionMin1>, i64), sqlx::Error> {
    let mut q = filtered(format!("select {} from stock_transaction", min1_columns()), f);
    q.push(" order by trans_date desc, tran_id desc");
    listing::fetch_built_page(tx, q, page).await
}

/// The distinct values of one allow-listed column among the rows the filter finds (newest 5000 rows), at most 100.
pub async fn distinct(tx: &mut TenantTx, f: &Filter, field: DistinctField, contains: Option<&str>) -> Result<Vec<String>, sqlx::Error> {
    let mut q = filtered(format!("select distinct v from (select {} as v from stock_transaction", field.column()), f);
    q.push(" order by trans_date desc, tran_id desc limit 5000) s where v is not null");
    if let Some(c) = contains {
        q.push(" and v ilike ").push_bind(listing::contains_pattern(c));
    }
    q.push(" order by v limit 100");
    // Unprepared, as the searches (kernel::listing::fetch_page): planned for the values at hand.
    let rows = q.build().persistent(false).fetch_all(&mut **tx).await?;
    rows.iter().map(|r| sqlx::Row::try_get::<String, _>(r, 0)).collect()
}

pub async fn last_receipt(tx: &mut TenantTx, cip_no: i64) -> Result<Option<LastReceiptPrice>, sqlx::Error> {
    sqlx::query_as::<_, LastReceiptPrice>(
        "select cip_no, tran_id, trans_date, unit_cost::float8 as unit_cost, trans_qty::float8 as trans_qty, po_no
        from stock_transaction where cip_no = $1 and trans_code = 2 and not reversed and reverses_tran_id is null
        order by trans_date desc, tran_id desc limit 1",
    )
    .bind(cip_no)
    .fetch_optional(&mut **tx)
    .await
}

pub async fn set_pack_no(tx: &mut TenantTx, tran_id: i64, pack_no: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update stock_transaction set pack_no = $2 where tran_id = $1").bind(tran_id).bind(pack_no).execute(&mut **tx).await?;
    Ok(())
}

pub async fn reset_erp_status(tx: &mut TenantTx, tran_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update stock_transaction set erp_status = 0 where tran_id = $1").bind(tran_id).execute(&mut **tx).await?;
    Ok(())
}

/// Locks the CIP and answers its site and average cost (None: not visible).
pub async fn lock_cip_cost(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(i64, Option<f64>)>, sqlx::Error> {
    sqlx::query_as::<_, (i64, Option<f64>)>("select site_id, cust_avg_cost::float8 from cip where cip_no = $1 for update")
        .bind(cip_no)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn set_avg_cost(tx: &mut TenantTx, cip_no: i64, cost: f64) -> Result<(), sqlx::Error> {
    sqlx::query("update cip set cust_avg_cost = $2, updated_at = now() where cip_no = $1").bind(cip_no).bind(cost).execute(&mut **tx).await?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub async fn insert_correction(
    tx: &mut TenantTx,
    site_id: i64,
    cip_no: i64,
    old: Option<f64>,
    new: f64,
    notes: Option<&str>,
    user_id: i64,
    login: Option<&str>,
) -> Result<AvgCostCorrection, sqlx::Error> {
    sqlx::query_as::<_, AvgCostCorrection>(
        "insert into avg_cost_correction (site_id, cip_no, old_avg_cost, new_avg_cost, notes, user_id, user_login)
        values ($1, $2, $3, $4, $5, $6, $7)
        returning correction_id, cip_no, old_avg_cost::float8 as old_avg_cost, new_avg_cost::float8 as new_avg_cost, notes, user_login, corrected_at",
    )
    .bind(site_id)
    .bind(cip_no)
    .bind(old)
    .bind(new)
    .bind(notes)
    .bind(user_id)
    .bind(login)
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
    let base = "select c.cip_no, c.cid_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, c.qty_on_hand::float8 as qty_on_hand,
            c.cust_avg_cost::float8 as cust_avg_cost,
            (select t.unit_cost::float8 from stock_transaction t where t.cip_no = c.cip_no and t.trans_code = 2 and t.reverses_tran_id is null and not t.reversed
             order by t.trans_date desc, t.tran_id desc limit 1) as last_receipt_cost,
            c.last_receipt_date,
            (select max(k.corrected_at) from avg_cost_correction k where k.cip_no = c.cip_no) as last_correction_at
        from cip c
        where c.site_id = $1 and ($2::bigint is null or c.cip_no = $2) and ($3::bigint is null or c.cid_no = $3)
            and ($4::text is null or c.cip_code ilike $4 or c.cust_item_code ilike $4)";
    let pattern = text.map(listing::contains_pattern);
    listing::fetch_page(tx, base, page, |q| q.bind(site_id).bind(cip_no).bind(cid_no).bind(pattern)).await
}

/// The kanban bin with the card `tool_code` at the site, locked: (bin id, CIP, bin quantity, status).
pub async fn lock_kanban_bin(tx: &mut TenantTx, site_id: i64, tool_code: &str) -> Result<Option<(i64, i64, f64, i32)>, sqlx::Error> {
    sqlx::query_as::<_, (i64, i64, f64, i32)>(
        "select kanban_bin_id, cip_no, bin_qty::float8, bin_status from kanban_bin where site_id = $1 and upper(tool_code) = upper($2) for update",
    )
    .bind(site_id)
    .bind(tool_code.trim())
    .fetch_optional(&mut **tx)
    .await
}

pub async fn set_kanban_full(tx: &mut TenantTx, bin_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update kanban_bin set bin_status = 1, last_scan_at = now(), updated_at = now() where kanban_bin_id = $1").bind(bin_id).execute(&mut **tx).await?;
    Ok(())
}

// ---- what the movements look up

/// (cid_no, item_group_id of the CID) of a CIP visible in the transaction.
pub async fn cip_cid(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(Option<i64>, i32)>, sqlx::Error> {
    Ok(cip_for_draw(tx, cip_no).await?.map(|(cid, status, _)| (cid, status)))
}

/// The CIP's CID, status and average cost (what a draw judges before posting), in one read.
pub async fn cip_for_draw(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(Option<i64>, i32, Option<f64>)>, sqlx::Error> {
    sqlx::query_as::<_, (Option<i64>, i32, Option<f64>)>("select cid_no, status_id, cust_avg_cost::float8 from cip where cip_no = $1")
        .bind(cip_no)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn cip_avg_cost(tx: &mut TenantTx, cip_no: i64) -> Result<Option<f64>, sqlx::Error> {
    Ok(sqlx::query_scalar::<_, Option<f64>>("select cust_avg_cost::float8 from cip where cip_no = $1").bind(cip_no).fetch_optional(&mut **tx).await?.flatten())
}

/// Serialises the draws of one employee (the limit sums and the posting in one transaction).
pub async fn lock_drawer(tx: &mut TenantTx, employee_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("select pg_advisory_xact_lock(916001, ($1::bigint % 2147483647)::int)").bind(employee_id).execute(&mut **tx).await?;
    Ok(())
}

/// The login of an application user.
pub async fn user_login(tx: &mut TenantTx, user_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar::<_, String>("select user_id from asp.asp_users where asp_users_id = $1").bind(user_id).fetch_optional(&mut **tx).await
}

/// For the invariant check and the CIP history: on hand and the sum of the CIP's ledger.
pub async fn ledger_sum(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(f64, f64)>, sqlx::Error> {
    sqlx::query_as::<_, (f64, f64)>(
        "select c.qty_on_hand::float8, coalesce((select sum(t.trans_qty) from stock_transaction t where t.cip_no = c.cip_no), 0)::float8 from cip c where c.cip_no = $1",
    )
    .bind(cip_no)
    .fetch_optional(&mut **tx)
    .await
}
