//! Rules of cycle counts (docs/cycle-counts.md): the plan, sheet generation, blind entry, the variance thresholds,
//! approval and posting to the ledger. Every change of a sheet holds the sheet's row lock, moves its status only
//! through [`SheetStatus::allows`], and is audited in its transaction.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::SortSpec;
use kernel::num::{Decimal, Money, Quantity};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::model::{
    CipCycleCount, CounterSaved, CounterSheet, CountInput, CountSettings, CountSettingsInput, DecisionInput, LineStatus, PlanCipPage,
    PlanSearchRequest, ReviewSheet, Sheet, SheetCreate, SheetPage, SheetSearchRequest, SheetStatus,
};
use super::repo::{self, LockedLine};
use crate::ledger::codes::TransCode;
use crate::ledger::model::{Movement, UserRef};
use crate::ledger::service as ledger;

pub const ENTER: &[Perm] = &[Perm::CycleCountEnter];
pub const APPROVE: &[Perm] = &[Perm::CycleCountApprove];
pub const NOT_FOUND: &str = "The count sheet you are trying to find does not exist.";
pub const CIP_NOT_FOUND: &str = "The item you are trying to find does not exist.";
/// The largest counted quantity (numeric(18, 3)).
const MAX_QTY: i64 = 999_999_999_999;

pub const PLAN_SORT: SortSpec = SortSpec {
    fields: &[
        ("cip_code", "cip_code"),
        ("location", "location"),
        ("abc_class", "abc_class"),
        ("last_count_date", "last_count_date"),
        ("next_due_date", "next_due_date"),
        ("cust_item_code", "cust_item_code"),
    ],
    default_field: "location",
    default_descending: false,
};

pub const SHEET_SORT: SortSpec = SortSpec {
    fields: &[("sheet_id", "sheet_id"), ("status", "status"), ("created_at", "created_at"), ("waiting_count", "waiting_count")],
    default_field: "sheet_id",
    default_descending: true,
};

fn location_bounds(p: &mut Problems, from: &Option<String>, to: &Option<String>) -> (Option<String>, Option<String>) {
    let from = trimmed(from).map(str::to_owned);
    let to = trimmed(to).map(str::to_owned);
    if let (Some(f), Some(t)) = (&from, &to) {
        if f > t && !f.starts_with(t.as_str()) {
            p.add("location_to", "rangeReversed", "The location range ends before it starts.");
        }
    }
    (from, to)
}

async fn audit_sheet(tx: &mut TenantTx, caller: &Caller, sheet_id: i64, action: &str, changes: serde_json::Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity: "count_sheet", entity_id: sheet_id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes },
    )
    .await?;
    Ok(())
}

/// Moves a sheet along the state machine, or answers 409 naming both states.
async fn move_to(tx: &mut TenantTx, sheet_id: i64, from: SheetStatus, to: SheetStatus, user_id: i64) -> ApiResult<SheetStatus> {
    if !from.allows(to) {
        return Err(ApiError::conflict(&format!("A sheet that is {} cannot become {}.", from.name(), to.name())));
    }
    if from != to {
        repo::set_status(tx, sheet_id, to.id(), user_id).await?;
    }
    Ok(to)
}

fn status_of(sheet: &Sheet) -> ApiResult<SheetStatus> {
    SheetStatus::from_id(sheet.status).ok_or_else(|| ApiError::internal(format!("sheet {} has unknown status {}", sheet.sheet_id, sheet.status)))
}

// ---- settings and plan

pub async fn settings(state: &AppState, scope: &SiteScope) -> ApiResult<CountSettings> {
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::settings(&mut tx, scope.site_id()).await?)
}

pub async fn save_settings(state: &AppState, caller: &Caller, scope: &SiteScope, input: &CountSettingsInput) -> ApiResult<CountSettings> {
    let mut tx = scope.begin(&state.pool).await?;
    let before = repo::settings(&mut tx, scope.site_id()).await?;
    repo::save_settings(&mut tx, scope.site_id(), input).await?;
    let after = repo::settings(&mut tx, scope.site_id()).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "update",
            entity: "stock_count_settings",
            entity_id: scope.site_id().to_string(),
            client_id: Some(scope.client_id()),
            site_id: Some(scope.site_id()),
            changes: audit::diff(&audit::snapshot(&before), &audit::snapshot(&after)),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn plan(state: &AppState, scope: &SiteScope, req: &PlanSearchRequest) -> ApiResult<PlanCipPage> {
    let page = req.page.resolve(&PLAN_SORT)?;
    let mut p = Problems::default();
    let (from, to) = location_bounds(&mut p, &req.location_from, &req.location_to);
    p.check()?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::plan_page(&mut tx, scope.site_id(), from.as_deref(), to.as_deref(), req.due_only.unwrap_or(true), &page).await?;
    Ok(PlanCipPage::new(rows, total))
}

/// A CIP's plan entry and count history (spec 3 ItemCIP "cycle count").
pub async fn of_cip(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64) -> ApiResult<CipCycleCount> {
    let mut tx = current.begin(&state.pool).await?;
    let site = repo::cip_site(&mut tx, cip_no).await?;
    drop(tx);
    let Some(site) = site else { return Err(ApiError::not_found(CIP_NOT_FOUND)) };
    let scope = records::record_scope(state, caller, current, site, &[Perm::BasicAccess], CIP_NOT_FOUND).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let plan = repo::plan_of_cip(&mut tx, scope.site_id(), cip_no).await?.ok_or_else(|| ApiError::not_found(CIP_NOT_FOUND))?;
    let history = repo::history(&mut tx, cip_no).await?;
    Ok(CipCycleCount {
        cip_no,
        abc_class: plan.abc_class,
        frequency_days: plan.frequency_days,
        last_count_date: plan.last_count_date,
        next_due_date: plan.next_due_date,
        due: plan.due,
        open_sheet_id: plan.open_sheet_id,
        history,
    })
}

// ---- sheets

/// Generates a sheet of the due CIPs (400 when none is due in the range).
pub async fn create(state: &AppState, caller: &Caller, scope: &SiteScope, input: &SheetCreate) -> ApiResult<CounterSheet> {
    let mut p = Problems::default();
    let (from, to) = location_bounds(&mut p, &input.location_from, &input.location_to);
    if input.max_lines.is_some_and(|n| n < 1) {
        p.add("max_lines", "outOfRange", "A sheet takes at least one line.");
    }
    p.check()?;
    let mut tx = scope.begin(&state.pool).await?;
    let settings = repo::settings(&mut tx, scope.site_id()).await?;
    let limit = input.max_lines.unwrap_or(settings.max_sheet_lines).min(settings.max_sheet_lines);
    let due = repo::due_for_sheet(&mut tx, scope.site_id(), from.as_deref(), to.as_deref(), i64::from(limit)).await?;
    if due.is_empty() {
        return Err(ApiError::invalid("location_from", "nothingDue", "No CIP is due for counting in this range (or every due CIP is on an open sheet)."));
    }
    let cips: Vec<i64> = due.iter().map(|c| c.cip_no).collect();
    let sheet_id = repo::insert_sheet(&mut tx, scope.site_id(), from.as_deref(), to.as_deref(), caller.user_id).await?;
    repo::insert_lines(&mut tx, sheet_id, scope.site_id(), &cips).await?;
    audit_sheet(&mut tx, caller, sheet_id, "create", json!({"location_from": from, "location_to": to, "cip_nos": cips})).await?;
    let sheet = repo::find(&mut tx, sheet_id).await?.ok_or_else(|| ApiError::internal("new sheet not found"))?;
    let lines = repo::counter_lines(&mut tx, sheet_id).await?;
    tx.commit().await?;
    Ok(CounterSheet { sheet, lines })
}

pub async fn search(state: &AppState, scope: &SiteScope, req: &SheetSearchRequest) -> ApiResult<SheetPage> {
    let page = req.page.resolve(&SHEET_SORT)?;
    if req.status.is_some_and(|s| SheetStatus::from_id(s).is_none()) {
        return Err(ApiError::invalid("status", "outOfRange", "Status must be 1 to 7."));
    }
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::page(&mut tx, scope.site_id(), req.status, req.waiting_only.unwrap_or(false), &page).await?;
    Ok(SheetPage::new(rows, total))
}

async fn visible(state: &AppState, caller: &Caller, scope: &SiteScope, sheet_id: i64, perms: &[Perm]) -> ApiResult<(SiteScope, Sheet)> {
    records::load_visible(state, caller, scope, perms, NOT_FOUND, |tx| Box::pin(repo::find(tx, sheet_id))).await
}

/// Opens a change of a sheet: its site's scope (the caller needs `perms` there), a transaction holding the sheet's
/// row lock, and the sheet under that lock.
async fn begin_change(state: &AppState, caller: &Caller, current: &SiteScope, sheet_id: i64, perms: &[Perm]) -> ApiResult<(TenantTx, Sheet)> {
    let (scope, _) = visible(state, caller, current, sheet_id, perms).await?;
    let mut tx = scope.begin(&state.pool).await?;
    if !repo::lock(&mut tx, sheet_id).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let sheet = repo::find(&mut tx, sheet_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    Ok((tx, sheet))
}

/// The counter's view: lines with what was counted, never what is expected.
pub async fn counter_view(state: &AppState, caller: &Caller, current: &SiteScope, sheet_id: i64) -> ApiResult<CounterSheet> {
    let (scope, sheet) = visible(state, caller, current, sheet_id, ENTER).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let lines = repo::counter_lines(&mut tx, sheet_id).await?;
    Ok(CounterSheet { sheet, lines })
}

/// Records counted quantities (blind): the answer carries the sheet's line counts only.
pub async fn count(state: &AppState, caller: &Caller, current: &SiteScope, sheet_id: i64, input: &CountInput) -> ApiResult<CounterSaved> {
    let (mut tx, sheet) = begin_change(state, caller, current, sheet_id, ENTER).await?;
    let lines = repo::line_states(&mut tx, sheet_id).await?;
    let mut p = Problems::default();
    for (i, c) in input.counts.iter().enumerate() {
        if !lines.iter().any(|(id, _)| *id == c.line_id) {
            p.add(&format!("counts[{i}].line_id"), "notFound", &format!("Line {} is not on sheet {sheet_id}.", c.line_id));
        }
        if c.counted_qty.is_sign_negative() || c.counted_qty > Quantity::from(MAX_QTY) {
            p.add(&format!("counts[{i}].counted_qty"), "outOfRange", "The counted quantity must be a number from 0 to 999,999,999,999.");
        }
    }
    p.check()?;
    let from = status_of(&sheet)?;
    if !from.is_open() {
        return Err(ApiError::conflict(&format!("A sheet that is {} cannot be counted.", from.name())));
    }
    for c in &input.counts {
        repo::record_count(&mut tx, c.line_id, Quantity::round(c.counted_qty.0), caller.user_id).await?;
    }
    move_to(&mut tx, sheet_id, from, SheetStatus::Counting, caller.user_id).await?;
    audit_sheet(&mut tx, caller, sheet_id, "count", json!({"lines": input.counts.iter().map(|c| c.line_id).collect::<Vec<_>>()})).await?;
    let sheet = repo::find(&mut tx, sheet_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    tx.commit().await?;
    let n = input.counts.len();
    Ok(CounterSaved { success: true, message: format!("{n} count(s) saved."), sheet })
}

/// Does a variance wait for approval? When it passes either threshold; a difference against an expected quantity
/// of 0 is an infinite percent. The percent is compared exactly, unrounded.
pub fn needs_approval(expected: Quantity, variance: Quantity, value: Money, s: &CountSettings) -> bool {
    if variance.is_zero() {
        return false;
    }
    if expected.is_zero() {
        return true;
    }
    let percent = variance.0.abs() * Decimal::ONE_HUNDRED / expected.0.abs();
    percent > s.variance_percent.0 || value > s.variance_value
}

/// What a counted difference is worth: |variance| at the unit cost (none: nothing), as money.
pub fn variance_value(variance: Quantity, unit_cost: Option<kernel::num::UnitCost>) -> Money {
    unit_cost.unwrap_or_default().extend(variance.abs())
}

/// Posts the difference between the counted quantity and on hand now (both under the CIP's row lock) as a PAD or
/// NAD row, and stamps the CIP's last count date. Answers the ledger row, if any.
async fn post_line(tx: &mut TenantTx, line: &LockedLine, sheet_id: i64, user: &UserRef) -> ApiResult<Option<i64>> {
    let delta = line.counted_qty - line.qty_on_hand;
    let trans_id = if !delta.is_zero() {
        let code = if delta > Quantity::ZERO { TransCode::Pad } else { TransCode::Nad };
        let mut m = Movement::new(line.cip_no, code, delta.abs());
        m.notes = Some(format!("Cycle count: sheet {sheet_id}, line {}", line.line_id));
        m.user = Some(user.clone());
        let posted = ledger::post(tx, &m).await.map_err(|e| ApiError::conflict(&e.to_string()))?;
        Some(posted.tran_id)
    } else {
        None
    };
    repo::mark_posted(tx, line.line_id, trans_id).await?;
    repo::touch_last_count(tx, line.cip_no).await?;
    Ok(trans_id)
}

async fn user_ref(tx: &mut TenantTx, caller: &Caller) -> ApiResult<UserRef> {
    let login = repo::login_of(tx, caller.real_user_id).await?.unwrap_or_default();
    Ok(UserRef { user_id: caller.real_user_id, login })
}

/// Submits a fully counted sheet: each line's expected quantity is on hand now; small variances are posted at once,
/// the others wait for approval. A sheet with nothing waiting is approved and posted in the same transaction.
pub async fn submit(state: &AppState, caller: &Caller, current: &SiteScope, sheet_id: i64) -> ApiResult<CounterSaved> {
    let (mut tx, sheet) = begin_change(state, caller, current, sheet_id, ENTER).await?;
    let from = status_of(&sheet)?;
    let pending = sheet.line_count - sheet.counted_count;
    if from.is_open() && pending > 0 {
        return Err(ApiError::invalid("counts", "uncounted", &format!("{pending} line(s) are not counted yet.")));
    }
    let mut status = move_to(&mut tx, sheet_id, from, SheetStatus::Submitted, caller.user_id).await?;
    let settings = repo::settings(&mut tx, sheet.site_id).await?;
    let user = user_ref(&mut tx, caller).await?;
    let mut waiting = 0;
    let mut posted = 0;
    for line in repo::lock_lines(&mut tx, sheet_id, &[LineStatus::Counted.id()]).await? {
        let variance = line.counted_qty - line.qty_on_hand;
        let value = variance_value(variance, line.unit_cost);
        let wait = needs_approval(line.qty_on_hand, variance, value, &settings);
        let line_status = if wait { LineStatus::Waiting } else { LineStatus::Counted };
        repo::settle_line(&mut tx, line.line_id, line_status.id(), line.qty_on_hand, variance, value, line.unit_cost).await?;
        if wait {
            waiting += 1;
        } else {
            post_line(&mut tx, &line, sheet_id, &user).await?;
            posted += 1;
        }
    }
    if waiting == 0 {
        status = move_to(&mut tx, sheet_id, status, SheetStatus::Approved, caller.user_id).await?;
        move_to(&mut tx, sheet_id, status, SheetStatus::Posted, caller.user_id).await?;
    }
    audit_sheet(&mut tx, caller, sheet_id, "submit", json!({"posted_lines": posted, "waiting_lines": waiting})).await?;
    if waiting > 0 {
        // In the submit's transaction: the approvers hear of it exactly when the sheet is kept.
        let notice = kernel::notify::Notice {
            type_id: kernel::notify::types::COUNT_VARIANCE_WAITING,
            subject: format!("Count sheet {sheet_id}: {waiting} variance(s) wait for approval"),
            text: format!("Count sheet {sheet_id} was submitted; {waiting} line(s) differ by more than the site's thresholds and wait for approval."),
            link: Some("/cycleCount/approval".to_owned()),
            about: kernel::notify::About { object_id: Some(sheet_id), ..Default::default() },
            created_by: Some(caller.user_id),
            ..Default::default()
        };
        kernel::notify::raise(&mut tx, &notice).await?;
    }
    let sheet = repo::find(&mut tx, sheet_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    tx.commit().await?;
    let message = if waiting == 0 { "Sheet submitted and posted.".to_owned() } else { "Sheet submitted: some lines wait for approval.".to_owned() };
    Ok(CounterSaved { success: true, message, sheet })
}

pub async fn cancel(state: &AppState, caller: &Caller, current: &SiteScope, sheet_id: i64) -> ApiResult<CounterSaved> {
    let (mut tx, sheet) = begin_change(state, caller, current, sheet_id, ENTER).await?;
    move_to(&mut tx, sheet_id, status_of(&sheet)?, SheetStatus::Cancelled, caller.user_id).await?;
    audit_sheet(&mut tx, caller, sheet_id, "cancel", json!({})).await?;
    let sheet = repo::find(&mut tx, sheet_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    tx.commit().await?;
    Ok(CounterSaved { success: true, message: "Sheet cancelled.".to_owned(), sheet })
}

/// The approver's view, with expected quantities and variances.
pub async fn review(state: &AppState, caller: &Caller, current: &SiteScope, sheet_id: i64) -> ApiResult<ReviewSheet> {
    let (scope, sheet) = visible(state, caller, current, sheet_id, APPROVE).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let lines = repo::review_lines(&mut tx, sheet_id).await?;
    Ok(ReviewSheet { sheet, lines })
}

/// Approves or rejects waiting lines. When none waits any more, the sheet becomes Approved (PartlyRejected when a
/// line was rejected) and the approved lines are posted: on hand becomes the counted quantity.
pub async fn decide(state: &AppState, caller: &Caller, current: &SiteScope, sheet_id: i64, input: &DecisionInput) -> ApiResult<ReviewSheet> {
    let (mut tx, sheet) = begin_change(state, caller, current, sheet_id, APPROVE).await?;
    // Lines of other sheets (or sites) first: they are not there, whatever the sheet's state.
    let lines = repo::line_states(&mut tx, sheet_id).await?;
    let mut p = Problems::default();
    for (i, d) in input.decisions.iter().enumerate() {
        if !lines.iter().any(|(id, _)| *id == d.line_id) {
            p.add(&format!("decisions[{i}].line_id"), "notFound", &format!("Line {} is not on sheet {sheet_id}.", d.line_id));
        }
    }
    p.check()?;
    let from = status_of(&sheet)?;
    if from != SheetStatus::Submitted {
        return Err(ApiError::conflict(&format!("A sheet that is {} has no variances to approve.", from.name())));
    }
    let mut p = Problems::default();
    for (i, d) in input.decisions.iter().enumerate() {
        if lines.iter().any(|(id, s)| *id == d.line_id && *s != LineStatus::Waiting.id()) {
            p.add(&format!("decisions[{i}].line_id"), "notWaiting", &format!("Line {} does not wait for approval.", d.line_id));
        }
    }
    p.check()?;
    for d in &input.decisions {
        let s = if d.approve { LineStatus::Approved } else { LineStatus::Rejected };
        repo::set_line_status(&mut tx, d.line_id, s.id()).await?;
    }
    let lines = repo::line_states(&mut tx, sheet_id).await?;
    let still_waiting = lines.iter().any(|(_, s)| *s == LineStatus::Waiting.id());
    let mut posted = 0;
    if !still_waiting {
        let rejected = lines.iter().any(|(_, s)| *s == LineStatus::Rejected.id());
        let to = if rejected { SheetStatus::PartlyRejected } else { SheetStatus::Approved };
        let status = move_to(&mut tx, sheet_id, from, to, caller.user_id).await?;
        let user = user_ref(&mut tx, caller).await?;
        for line in repo::lock_lines(&mut tx, sheet_id, &[LineStatus::Approved.id()]).await? {
            post_line(&mut tx, &line, sheet_id, &user).await?;
            posted += 1;
        }
        move_to(&mut tx, sheet_id, status, SheetStatus::Posted, caller.user_id).await?;
    }
    let decisions: Vec<_> = input.decisions.iter().map(|d| json!({"line_id": d.line_id, "approve": d.approve})).collect();
    audit_sheet(&mut tx, caller, sheet_id, "decide", json!({"decisions": decisions, "posted_lines": posted})).await?;
    let sheet = repo::find(&mut tx, sheet_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let lines = repo::review_lines(&mut tx, sheet_id).await?;
    tx.commit().await?;
    Ok(ReviewSheet { sheet, lines })
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use kernel::num::{Percent, UnitCost};

    use super::*;

    fn q(v: &str) -> Quantity {
        Quantity::from_str(v).expect("quantity")
    }

    fn m(v: &str) -> Money {
        Money::from_str(v).expect("money")
    }

    fn site() -> CountSettings {
        CountSettings {
            site_id: 1,
            days_class_a: 30,
            days_class_b: 90,
            days_class_c: 365,
            days_class_d: 365,
            variance_percent: Percent::from(5),
            variance_value: Money::from(100),
            max_sheet_lines: 100,
        }
    }

    #[test]
    fn a_variance_waits_when_it_passes_either_threshold() {
        let s = site();
        assert!(!needs_approval(q("100"), q("0"), m("0"), &s));
        assert!(!needs_approval(q("100"), q("-5"), m("50"), &s), "5% and 50 are at, not above, the thresholds");
        assert!(needs_approval(q("100"), q("-6"), m("12"), &s), "6% passes the percent");
        assert!(needs_approval(q("1000"), q("10"), m("150"), &s), "1% but worth 150 passes the value");
        assert!(needs_approval(q("0"), q("1"), m("0"), &s), "anything found where nothing was expected");
        // 0.001 past 5% of 0.3 (0.015): compared exactly, where a double's 0.016 / 0.3 * 100 is 5.333...
        assert!(!needs_approval(q("0.3"), q("0.015"), m("0"), &s));
        assert!(needs_approval(q("0.3"), q("0.016"), m("0"), &s));
    }

    #[test]
    fn a_variance_is_worth_its_quantity_at_the_unit_cost_rounded_once_as_money() {
        // 3 x 4.125 = 12.375 -> 12.38 (half away from zero); a shortage is worth the same.
        assert_eq!(variance_value(q("-3"), Some(UnitCost::from_str("4.125").expect("cost"))), m("12.38"));
        assert_eq!(variance_value(q("0.1"), Some(UnitCost::from_str("0.0049").expect("cost"))), m("0"));
        assert_eq!(variance_value(q("7"), None), m("0"));
    }
}
