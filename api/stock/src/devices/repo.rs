//! SQL of device reports: the idempotency record `device_transaction`, the item a line names, and the savepoint
//! each line posts under (one refused line does not undo the batch).

use kernel::num::{Quantity, UnitCost};
use tenancy::TenantTx;

/// What a device transaction id already stands for.
pub struct Stored {
    pub device_transaction_id: i64,
    pub outcome: String,
    pub message: Option<String>,
    pub stock_transaction_id: Option<i64>,
}

/// The stored line of this device and id, locked, so two reports of the same id settle one after the other.
pub async fn find_locked(tx: &mut TenantTx, device_token_id: i64, device_txn_id: &str) -> Result<Option<Stored>, sqlx::Error> {
    sqlx::query_as!(
        Stored,
        "select device_transaction_id, outcome, message, stock_transaction_id from device_transaction
         where device_token_id = $1 and device_txn_id = $2 for update",
        device_token_id,
        device_txn_id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub struct NewLine<'a> {
    pub device_token_id: i64,
    pub device_txn_id: &'a str,
    pub happened_at: chrono::DateTime<chrono::Utc>,
    pub kind: &'a str,
    pub cip_no: Option<i64>,
    pub employee: &'a str,
    pub quantity: Quantity,
    pub outcome: &'a str,
    pub message: Option<&'a str>,
    pub stock_transaction_id: Option<i64>,
    pub line: serde_json::Value,
}

/// Stores a line once: `None` when the device's id is already stored (a concurrent report got there first).
pub async fn insert(tx: &mut TenantTx, l: &NewLine<'_>) -> Result<Option<i64>, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_scalar!(
        "insert into device_transaction (site_id, device_token_id, device_txn_id, happened_at, kind, cip_no, employee, quantity, outcome,
             message, stock_transaction_id, line)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (device_token_id, device_txn_id) do nothing
         returning device_transaction_id",
        site_id,
        l.device_token_id,
        l.device_txn_id,
        l.happened_at,
        l.kind,
        l.cip_no,
        l.employee,
        l.quantity.0,
        l.outcome,
        l.message,
        l.stock_transaction_id,
        l.line
    )
    .fetch_optional(&mut **tx)
    .await
}

/// A refused line sent again and now posted (or refused again, with the new reason).
pub async fn settle_again(tx: &mut TenantTx, id: i64, outcome: &str, message: Option<&str>, stock_transaction_id: Option<i64>, cip_no: Option<i64>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update device_transaction set outcome = $2, message = $3, stock_transaction_id = $4, cip_no = coalesce($5, cip_no), received_at = now()
         where device_transaction_id = $1",
        id,
        outcome,
        message,
        stock_transaction_id,
        cip_no
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The CIP a line names: by number, by CIP code or customer item code, or by a bin of a station (of the site).
pub async fn cip_by_no(tx: &mut TenantTx, cip_no: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select cip_no from cip where cip_no = $1", cip_no).fetch_optional(&mut **tx).await
}

pub async fn cip_by_code(tx: &mut TenantTx, code: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select cip_no from cip where upper(cip_code) = upper($1) or upper(cust_item_code) = upper($1)
         order by (upper(cip_code) = upper($1)) desc, cip_no limit 1",
        code
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn cip_by_bin(tx: &mut TenantTx, station_id: i64, bin_code: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select b.cip_no as "cip_no!" from station_bin b where b.station_id = $1 and upper(b.bin_code) = upper($2) and b.cip_no is not null"#,
        station_id,
        bin_code
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The station a device token names.
pub async fn station_of_token(tx: &mut TenantTx, device_token_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select station_id from asp.device_token where device_token_id = $1", device_token_id)
        .fetch_one(&mut **tx)
        .await
}

/// The transaction's commit returns before its WAL is flushed (`synchronous_commit` off for it only).
pub async fn commit_without_flush(tx: &mut TenantTx) -> Result<(), sqlx::Error> {
    sqlx::query("select set_config('synchronous_commit', 'off', true)").execute(&mut **tx).await?;
    Ok(())
}

/// Makes the transaction write a commit record (it takes a transaction id), so its ordinary, synchronous commit
/// returns only when the WAL up to it, and so every earlier commit of this server, is on disk.
pub async fn flush_barrier(tx: &mut TenantTx) -> Result<(), sqlx::Error> {
    sqlx::query("select pg_current_xact_id()").execute(&mut **tx).await?;
    Ok(())
}

pub async fn savepoint(tx: &mut TenantTx) -> Result<(), sqlx::Error> {
    sqlx::query("savepoint device_line").execute(&mut **tx).await?;
    Ok(())
}

pub async fn rollback_to_savepoint(tx: &mut TenantTx) -> Result<(), sqlx::Error> {
    sqlx::query("rollback to savepoint device_line").execute(&mut **tx).await?;
    Ok(())
}

pub async fn release_savepoint(tx: &mut TenantTx) -> Result<(), sqlx::Error> {
    sqlx::query("release savepoint device_line").execute(&mut **tx).await?;
    Ok(())
}

pub async fn cip_cost_and_cid(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(UnitCost, Option<i64>)>, sqlx::Error> {
    let row = sqlx::query!(r#"select coalesce(cust_avg_cost, 0) as "cost!: UnitCost", cid_no from cip where cip_no = $1"#, cip_no).fetch_optional(&mut **tx).await?;
    Ok(row.map(|r| (r.cost, r.cid_no)))
}

