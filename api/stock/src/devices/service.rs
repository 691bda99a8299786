//! Rules of device reports. Each line of a batch runs in its own tenant transaction of the token's site (under a
//! savepoint, so a refused line stores its refusal and nothing else): a line holds its employee's and tracking codes'
//! limit locks, its CIP and its running totals only until it commits, so lines of two batches can never wait on each
//! other in a cycle. A line is stored once per (device, device transaction id): a line posted before answers
//! `duplicate` and changes nothing; a line refused before is tried again (the limit may have been raised, the
//! employee added) and its one row updated. Lines post through the ledger's issue and return with the time they
//! happened, within the site's window (`asp.site.device_report_max_days_back` days late,
//! `device_report_max_minutes_ahead` minutes early); an issue must fit the limits of both its own period and now's.
use chrono::{DateTime, Utc};
use kernel::access::Device;
use kernel::draw::{DrawError, DrawLimit, DrawerQuery, TrackingSelection};
use kernel::error::{ApiError, ApiResult};
use kernel::num::{Quantity, UnitCost};
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::{SiteScope, TenantTx};

use super::model::{DeviceReport, DeviceReportResult, DeviceTransactionLine, DeviceTxnKind, LineOutcome, LineResult};
use super::repo::{self, NewLine};
use crate::ledger;
use crate::ledger::codes::TransCode;
use crate::ledger::model::{EmployeeRef, LedgerError, Movement};

/// Why a line was not posted: the message the device gets, verbatim.
struct Refused(String);

impl From<sqlx::Error> for Refused {
    fn from(e: sqlx::Error) -> Self {
        // Unexpected database trouble is not a refusal: logged, and the line says so without details.
        tracing::error!(error = %e, "device line failed");
        Refused("The transaction could not be posted; send it again later.".to_owned())
    }
}

/// A line's quantity stays below this (a trillion: what the quantity columns hold with room to spare).
const MAX_QUANTITY: i64 = 1_000_000_000_000;

/// Bad lines are refused before anything runs (400, nothing stored): the shape is the device maker's bug.
fn validate(report: &DeviceReport) -> ApiResult<()> {
    let mut problems = Problems::default();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in report.lines.iter().enumerate() {
        let at = |f: &str| format!("lines[{i}].{f}");
        let positive = line.quantity > Quantity::ZERO && line.quantity < Quantity::from(MAX_QUANTITY);
        if !positive {
            problems.add(&at("quantity"), "invalid", "The quantity must be greater than zero.");
        }
        if line.cip_no.is_none() && line.cust_item_code.as_deref().is_none_or(|c| c.trim().is_empty()) && line.bin_code.as_deref().is_none_or(|c| c.trim().is_empty()) {
            problems.add(&at("cip_no"), "required", "Name the item: cip_no, cust_item_code or bin_code.");
        }
        if positive && !crate::ledger::service::fits_scale(line.quantity) {
            problems.add(&at("quantity"), "invalid", "The quantity has at most 3 decimals.");
        }
        if !seen.insert(line.device_txn_id.as_str()) {
            problems.add(&at("device_txn_id"), "duplicate", "A device transaction id appears twice in the batch.");
        }
    }
    problems.check()
}

pub async fn report(state: &AppState, device: &Device, scope: &SiteScope, report: &DeviceReport) -> ApiResult<DeviceReportResult> {
    validate(report)?;
    let (token_station, settings) = {
        let mut tx = scope.begin(&state.pool).await?;
        let station = repo::station_of_token(&mut tx, device.device_token_id).await?;
        let settings = ledger::limits::settings(&mut tx).await?;
        tx.commit().await?;
        (station, settings)
    };
    let window = Window { days_back: settings.device_report_max_days_back, minutes_ahead: settings.device_report_max_minutes_ahead };
    let mut answer = DeviceReportResult { posted: 0, duplicates: 0, refused: 0, lines: Vec::with_capacity(report.lines.len()) };
    for line in &report.lines {
        let mut tx = scope.begin_posting(&state.pool).await?;
        // A line's commit does not wait for its WAL to reach disk: the barrier below waits once for all of them
        // before the answer is sent (a crash before it loses only lines the device was never told were posted).
        repo::commit_without_flush(&mut tx).await?;
        let result = one_line(state, &mut tx, device, token_station, window, line).await?;
        // Dropped uncommitted, a transaction rolls back.
        if result.is_some() {
            tx.commit().await?;
        }
        let result = result.unwrap_or_else(|| LineResult {
            device_txn_id: line.device_txn_id.clone(),
            outcome: LineOutcome::Refused,
            message: Some(CONCURRENT.to_owned()),
            transaction_id: None,
        });
        match result.outcome {
            LineOutcome::Posted => answer.posted += 1,
            LineOutcome::Duplicate => answer.duplicates += 1,
            LineOutcome::Refused => answer.refused += 1,
        }
        answer.lines.push(result);
    }
    let mut tx = scope.begin(&state.pool).await?;
    repo::flush_barrier(&mut tx).await?;
    tx.commit().await?;
    Ok(answer)
}

/// The refusal of a line another report of the same id stored meanwhile: its own transaction is rolled back, and
/// the resend answers what the other one did.
const CONCURRENT: &str = "The same device transaction is being reported concurrently; send it again.";

/// How far from now a line's time may be (the site's settings).
#[derive(Debug, Clone, Copy)]
struct Window {
    days_back: i32,
    minutes_ahead: i32,
}

impl Window {
    /// Why a line happening at `at` is outside the window, if it is.
    fn refusal(self, at: DateTime<Utc>, now: DateTime<Utc>) -> Option<Refused> {
        let days = self.days_back;
        if at < now - chrono::Duration::days(i64::from(days)) {
            return Some(Refused(format!(
                "The transaction happened at {}, more than {days} days ago: this site takes device reports up to {days} days late.",
                at.format("%Y-%m-%d %H:%M UTC")
            )));
        }
        if at > now + chrono::Duration::minutes(i64::from(self.minutes_ahead)) {
            return Some(Refused(format!(
                "The transaction time {} is in the future (more than {} minutes ahead of the server's clock).",
                at.format("%Y-%m-%d %H:%M UTC"),
                self.minutes_ahead
            )));
        }
        None
    }
}

/// One line in `tx`; `None` when another report of the same id stored it meanwhile (roll `tx` back).
async fn one_line(state: &AppState, tx: &mut TenantTx, device: &Device, token_station: Option<i64>, window: Window, line: &DeviceTransactionLine) -> ApiResult<Option<LineResult>> {
    let id = line.device_txn_id.clone();
    let stored = repo::find_locked(tx, device.device_token_id, &line.device_txn_id).await?;
    if let Some(s) = &stored {
        if s.outcome == "posted" {
            return Ok(Some(LineResult {
                device_txn_id: id,
                outcome: LineOutcome::Duplicate,
                message: Some("Posted before; stored once.".to_owned()),
                transaction_id: s.stock_transaction_id,
            }));
        }
    }
    repo::savepoint(tx).await?;
    let (cip_no, posted) = match resolve_cip(tx, token_station, line).await {
        Ok(cip_no) => match window.refusal(line.happened_at, Utc::now()) {
            Some(r) => (Some(cip_no), Err(r)),
            None => (Some(cip_no), post_draw(state, tx, device, cip_no, line).await),
        },
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
                // Another report of the same id committed between our look and our insert: it stands, this line
                // must not post anything.
                return Ok(None);
            }
        }
    }
    let outcome = if outcome == "posted" { LineOutcome::Posted } else { LineOutcome::Refused };
    Ok(Some(LineResult { device_txn_id: id, outcome, message, transaction_id: tran_id }))
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

/// A device has no supervisor at hand, so overridable limits hold as well. A late line is judged in its own period
/// (where its row counts) and in now's, so reporting late can never pass today's limit.
async fn check_limits(tx: &mut TenantTx, limits: &[DrawLimit], employee_id: i64, cid_no: Option<i64>, qty: Quantity, unit_cost: UnitCost, at: DateTime<Utc>) -> Result<(), Refused> {
    let now = Utc::now();
    let mut when = vec![at.min(now)];
    if at.date_naive() != now.date_naive() {
        when.push(now);
    }
    for at in when {
        if let Some(breach) = crate::ledger::limits::first_breach(tx, limits, employee_id, cid_no, qty, unit_cost, false, at).await? {
            return Err(Refused(breach.message()));
        }
    }
    Ok(())
}

/// A refused draw: the line says what the counter's 400 or 409 says (kernel::draw's one mapping), verbatim.
impl From<DrawError> for Refused {
    fn from(e: DrawError) -> Self {
        match e {
            DrawError::Database(d) => d.into(),
            refused => {
                let (ApiError::BadRequest(body)
                | ApiError::Unauthorized(body)
                | ApiError::Forbidden(body)
                | ApiError::NotFound(body)
                | ApiError::Conflict(body)
                | ApiError::TooLarge(body)
                | ApiError::TooManyRequests(body)
                | ApiError::Internal(body)
                | ApiError::Unavailable(body)) = ApiError::from(refused);
                Refused(body.0.message)
            }
        }
    }
}

impl From<LedgerError> for Refused {
    fn from(e: LedgerError) -> Self {
        match e {
            LedgerError::Database(d) => d.into(),
            other => Refused(other.to_string()),
        }
    }
}

/// Posts the line as the counter's Issue/Return would, with the device's facts: the employee by number or badge
/// (the device checked the person), tracking codes validated with the employee's and CIP's defaults, the limits of
/// the line's own period, the ledger row dated when it happened and keyed by the device's id.
async fn post_draw(state: &AppState, tx: &mut TenantTx, device: &Device, cip_no: i64, line: &DeviceTransactionLine) -> Result<i64, Refused> {
    let drawer = state.draw.find_drawer(tx, DrawerQuery { number_or_badge: line.employee.trim(), pin: None }).await?;
    let code = match line.kind {
        DeviceTxnKind::Issue => TransCode::Iss,
        DeviceTxnKind::Return => TransCode::Ris,
    };
    if code == TransCode::Ris && !drawer.can_return {
        return Err(Refused(format!("Employee {} may not return items.", drawer.employee_number)));
    }
    let (cost, cid_no) = repo::cip_cost_and_cid(tx, cip_no).await?.ok_or_else(|| Refused(format!("CIP {cip_no} not found.")))?;
    let selection = TrackingSelection {
        ids: [line.tracking_code_id_1, line.tracking_code_id_2, line.tracking_code_id_3, line.tracking_code_id_4],
        free_form: Default::default(),
    };
    let cids: Vec<i64> = cid_no.into_iter().collect();
    let rules = state.draw.rules(tx, &drawer, &cids, &selection, None).await?;
    // The same locks, in the same order, as the console's draws (ledger::limits::lock_draw).
    ledger::limits::lock_draw(tx, drawer.employee_id, &rules.tracking).await?;
    if code == TransCode::Iss {
        check_limits(tx, &rules.limits, drawer.employee_id, cid_no, line.quantity, cost, line.happened_at).await?;
    } else if let Some(beyond) =
        ledger::limits::return_refusal(tx, &rules.limits, drawer.employee_id, cip_no, cid_no, &rules.tracking, line.quantity, line.happened_at.min(Utc::now())).await?
    {
        // Judged in the periods its row credits (those of the time it happened). A device has no supervisor at hand:
        // such a return is taken at the counter.
        let item = ledger::limits::item_name(tx, cip_no).await?;
        return Err(Refused(beyond.message(&drawer.employee_number, &item)));
    }
    let tracking = ledger::service::tracking_refs(tx, &rules.tracking).await?;
    // A device's clock may run a little ahead of ours: never post in the future.
    let when = line.happened_at.min(Utc::now());
    let m = Movement {
        trans_date: Some(when),
        employee: Some(EmployeeRef { employee_id: drawer.employee_id, employee_number: drawer.employee_number.clone(), name: drawer.name.clone() }),
        tracking,
        external_ref: Some(format!("device:{}:{}", device.device_token_id, line.device_txn_id)),
        notes: Some(format!("Reported by device {}", device.device_name)),
        ..Movement::new(cip_no, code, line.quantity)
    };
    Ok(ledger::service::post(tx, &m).await?.tran_id)
}
