//! Rules of the Transaction resource and of the movements: who may see which rows, the search, the few changes a
//! posted row allows, average-cost corrections, and the movements (issue, return, adjust, scrap, transfer,
//! receipt, kanban refill, reverse), each one database transaction around [`crate::ledger::service::post`].

use chrono::{NaiveDate, Utc};
use serde_json::json;
use tenancy::{SiteScope, TenantTx};

use kernel::access::Caller;
use kernel::audit::{self, AuditDetail, AuditEntry};
use kernel::draw::{DrawLimit, DrawerQuery, TrackingSelection};
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::listing::{self, Page};
use kernel::notify;
use kernel::num::{Quantity, UnitCost};
use kernel::perm::Perm;
use kernel::records;
use kernel::state::AppState;
use kernel::validate::trimmed_owned;

use super::model::*;
use super::repo::{self, Filter};
use crate::ledger::codes::{Reversal, TransCode, TABLE};
use crate::ledger::model::{EmployeeRef, LedgerError, Movement, Posted, UserRef};
use crate::ledger::service::{self as ledger, ReverseKind};

pub const READ: &[Perm] = &[Perm::TransactionView];
pub const NOT_FOUND: &str = "The transaction you are trying to find does not exist.";
pub const CIP_NOT_FOUND: &str = "The item you are trying to find does not exist.";
/// The search's default window when no dates are given.
pub const DEFAULT_DAYS: i64 = 30;

fn ledger_error(e: LedgerError) -> ApiError {
    match e {
        LedgerError::CipNotFound(_) => ApiError::not_found(CIP_NOT_FOUND),
        LedgerError::InvalidQuantity => ApiError::invalid("qty", "invalid", &e.to_string()),
        LedgerError::InvalidCost => ApiError::invalid("unit_cost", "invalid", &e.to_string()),
        LedgerError::FutureDate => ApiError::invalid("trans_date", "invalid", &e.to_string()),
        LedgerError::TransactionNotFound(_) => ApiError::not_found(NOT_FOUND),
        LedgerError::BelowZero { .. } | LedgerError::AlreadyReversed(_) | LedgerError::NotReversible { .. } | LedgerError::Duplicate(_) => {
            ApiError::conflict(&e.to_string())
        }
        LedgerError::Database(d) => d.into(),
    }
}

fn sees_cost(caller: &Caller) -> bool {
    caller.holds(Perm::InvFISPrice)
}

fn masked(caller: &Caller, mut t: Transaction) -> Transaction {
    if !sees_cost(caller) {
        t.mask_costs();
    }
    t
}

async fn audit_row(tx: &mut TenantTx, caller: &Caller, tran_id: i64, action: &str, changes: serde_json::Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity: "stock_transaction", entity_id: tran_id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes },
    )
    .await?;
    Ok(())
}

// ---- reads

/// The code table as the API answers it (TRN-002).
pub fn types() -> Vec<TransactionType> {
    TABLE
        .iter()
        .map(|c| TransactionType {
            trans_code: c.id,
            trans_type: c.name.to_owned(),
            description: c.description.to_owned(),
            on_hand: c.effect.on_hand.into(),
            on_hold: c.effect.on_hold.into(),
            on_order: c.effect.on_order.into(),
            backorder: c.effect.backorder.into(),
            scrap: c.effect.scrap.into(),
            work_order: c.effect.work_order.into(),
            transfer: c.effect.transfer.into(),
            excess: c.effect.excess.into(),
            usage: c.usage.into(),
            may_go_negative: c.may_go_negative,
            moves_avg_cost: c.moves_avg_cost,
            reversal: match c.reversal {
                Reversal::General => "general",
                Reversal::ReceiptOnly => "receipt",
                Reversal::WithPair => "pair",
                Reversal::Never => "never",
            }
            .to_owned(),
        })
        .collect()
}

/// The transaction `id` with the scope of its site (another client's, or a site the caller may not use: 404).
pub async fn visible(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<(SiteScope, Transaction)> {
    records::load_visible(state, caller, scope, perms, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await
}

pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Transaction> {
    let (_, t) = visible(state, caller, scope, id, READ).await?;
    Ok(masked(caller, t))
}

fn reverse_with(t: &Transaction) -> Option<&'static str> {
    if t.reversed || t.reverses_tran_id.is_some() {
        return None;
    }
    match TransCode::from_id(t.trans_code)?.info().reversal {
        Reversal::General | Reversal::WithPair => Some("general"),
        Reversal::ReceiptOnly => Some("receipt"),
        Reversal::Never => None,
    }
}

pub async fn get_v2(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<TransactionV2> {
    let (s, t) = visible(state, caller, scope, id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let related = repo::related(&mut tx, &t).await?;
    let mut cip = repo::cip_now(&mut tx, t.cip_no).await?.ok_or_else(|| ApiError::not_found(CIP_NOT_FOUND))?;
    drop(tx);
    if !sees_cost(caller) {
        cip.cust_avg_cost = None;
    }
    let with = reverse_with(&t);
    Ok(TransactionV2 {
        reversible: with.is_some(),
        reverse_with: with.map(str::to_owned),
        transaction: masked(caller, t),
        related: related.into_iter().map(|r| masked(caller, r)).collect(),
        cip,
    })
}

pub async fn get_min1(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<TransactionMin1> {
    let (s, _) = visible(state, caller, scope, id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    repo::find_min1(&mut tx, &[id]).await?.pop().ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// GetListTranID/{x}: `x` is a comma-separated list of tran ids (at most 200); answers those of the current site.
pub async fn by_ids(state: &AppState, scope: &SiteScope, x: &str) -> ApiResult<Vec<TransactionMin1>> {
    let mut ids = Vec::new();
    for part in x.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<i64>() {
            Ok(v) if v > 0 => ids.push(v),
            _ => return Err(ApiError::invalid("x", "invalid", "Give transaction ids separated by commas.")),
        }
    }
    if ids.is_empty() || ids.len() > 200 {
        return Err(ApiError::invalid("x", "invalid", "Give between 1 and 200 transaction ids separated by commas."));
    }
    let ids = listing::dedup_ids(&ids);
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::find_min1(&mut tx, &ids).await?)
}

fn resolve_filter(scope: &SiteScope, f: &TransactionFilter) -> ApiResult<Filter> {
    let explicit_range = f.start_date.is_some() || f.end_date.is_some();
    // A search for one row, CIP or employee reaches back over all time unless dates are given; the open search
    // shows the last 30 days.
    let narrow = f.tran_id.is_some() || f.cip_no.is_some() || f.req_no.is_some() || f.po_no.is_some() || f.serial_lot.is_some();
    let (from, to) = if explicit_range {
        let far = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap_or_default();
        let start = f.start_date.or(Some(far));
        let (s, e) = listing::date_window(start, f.end_date, DEFAULT_DAYS)?;
        (Some(s), Some(e))
    } else if narrow {
        (None, None)
    } else {
        let (s, e) = listing::date_window(None, None, DEFAULT_DAYS)?;
        (Some(s), Some(e))
    };
    if let Some(codes) = &f.trans_codes {
        if let Some(bad) = codes.iter().find(|c| TransCode::from_id(**c).is_none()) {
            return Err(ApiError::invalid("trans_codes", "invalid", &format!("{bad} is not a transaction code.")));
        }
    }
    Ok(Filter {
        site_id: scope.site_id(),
        from,
        to,
        tran_id: f.tran_id,
        codes: f.trans_codes.clone().filter(|c| !c.is_empty()),
        cip_no: f.cip_no,
        cid_no: f.cid_no,
        cust_item_code: trimmed_owned(&f.cust_item_code),
        employee_number: trimmed_owned(&f.employee_number),
        tracking: trimmed_owned(&f.tracking),
        tracks: [trimmed_owned(&f.track1), trimmed_owned(&f.track2), trimmed_owned(&f.track3), trimmed_owned(&f.track4)],
        req_no: trimmed_owned(&f.req_no),
        po_no: trimmed_owned(&f.po_no),
        serial_lot: trimmed_owned(&f.serial_lot),
        reversed: f.reversed,
    })
}

pub async fn search(state: &AppState, caller: &Caller, scope: &SiteScope, filter: &TransactionFilter, page: &Page) -> ApiResult<TransactionPage> {
    let f = resolve_filter(scope, filter)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, &f, page).await?;
    drop(tx);
    Ok(TransactionPage::new(rows.into_iter().map(|r| masked(caller, r)).collect(), total))
}

pub async fn search_min1(state: &AppState, scope: &SiteScope, filter: &TransactionFilter, page: &Page) -> ApiResult<TransactionMin1Page> {
    let f = resolve_filter(scope, filter)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search_min1(&mut tx, &f, page).await?;
    Ok(TransactionMin1Page::new(rows, total))
}

pub async fn export(state: &AppState, caller: &Caller, scope: &SiteScope, request: &TransactionSearchExport) -> ApiResult<XlsxFile> {
    let page = request.page.resolve(&SORT)?.export();
    let f = resolve_filter(scope, &request.filter)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, _) = repo::search(&mut tx, &f, &page).await?;
    drop(tx);
    let rows: Vec<Transaction> = rows.into_iter().map(|r| masked(caller, r)).collect();
    export::respond(&request.columns, &rows)
}

pub async fn distinct(state: &AppState, scope: &SiteScope, request: &DistinctRequest) -> ApiResult<DistinctValues> {
    let f = resolve_filter(scope, &request.filter)?;
    let text = trimmed_owned(&request.search_text);
    let mut tx = scope.begin(&state.pool).await?;
    let values = repo::distinct(&mut tx, &f, request.field, text.as_deref()).await?;
    Ok(DistinctValues { field: request.field, values })
}

pub async fn last_receipt_price(state: &AppState, caller: &Caller, scope: &SiteScope, cip_no: i64) -> ApiResult<LastReceiptPrice> {
    let mut tx = scope.begin(&state.pool).await?;
    if repo::cip_cid(&mut tx, cip_no).await?.is_none() {
        return Err(ApiError::not_found(CIP_NOT_FOUND));
    }
    let mut r = repo::last_receipt(&mut tx, cip_no).await?.unwrap_or(LastReceiptPrice { cip_no, ..Default::default() });
    if !sees_cost(caller) {
        r.unit_cost = None;
    }
    Ok(r)
}

pub async fn invoice(state: &AppState, caller: &Caller, scope: &SiteScope, tran_id: i64) -> ApiResult<TransactionInvoice> {
    let (_, t) = visible(state, caller, scope, tran_id, READ).await?;
    Ok(TransactionInvoice {
        tran_id,
        invoiced: false,
        invoice_no: None,
        selling_price: t.selling_price,
        extended_price: t.selling_price.map(|p| p.extend(t.trans_qty.abs())),
    })
}

pub async fn audit_detail(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Vec<AuditDetail>> {
    let (s, _) = visible(state, caller, scope, id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(audit::history(&mut tx, "stock_transaction", &id.to_string(), Some(s.client_id()), 200).await?)
}

// ---- changes a posted row allows

pub async fn packing_list(state: &AppState, caller: &Caller, scope: &SiteScope, body: &PackingListUpdate) -> ApiResult<TransactionSaved> {
    let pack_no = body.pack_no.trim();
    if pack_no.is_empty() {
        return Err(ApiError::invalid("pack_no", "required", "Packing list number is required."));
    }
    let (s, before) = visible(state, caller, scope, body.tran_id, &[Perm::TransactionPost]).await?;
    let mut tx = s.begin(&state.pool).await?;
    repo::set_pack_no(&mut tx, body.tran_id, pack_no).await?;
    audit_row(&mut tx, caller, body.tran_id, "packingList", json!({"pack_no": {"from": before.pack_no, "to": pack_no}})).await?;
    let after = repo::find(&mut tx, body.tran_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    tx.commit().await?;
    Ok(TransactionSaved { success: true, message: "Packing list saved.".into(), transaction: masked(caller, after) })
}

/// Reset/XPE/{x}: a transfer-out row's ERP export goes back to pending (it is exported again).
pub async fn reset_xpe(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<TransactionSaved> {
    let (s, before) = visible(state, caller, scope, id, &[Perm::TransactionPost]).await?;
    if before.trans_code != TransCode::Xpe.id() {
        return Err(ApiError::conflict(&format!("Transaction {id} is not an XPE transaction.")));
    }
    let mut tx = s.begin(&state.pool).await?;
    repo::reset_erp_status(&mut tx, id).await?;
    audit_row(&mut tx, caller, id, "resetXpe", json!({"erp_status": {"from": before.erp_status, "to": 0}})).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    tx.commit().await?;
    Ok(TransactionSaved { success: true, message: "The transaction will be exported again.".into(), transaction: masked(caller, after) })
}

pub async fn avg_cost_search(state: &AppState, caller: &Caller, scope: &SiteScope, request: &AvgCostSearchRequest) -> ApiResult<AvgCostPage> {
    let page = request.page.resolve(&AVG_COST_SORT)?;
    let text = trimmed_owned(&request.search_text);
    let mut tx = scope.begin(&state.pool).await?;
    let (mut rows, total) = repo::avg_cost_search(&mut tx, scope.site_id(), request.cip_no, request.cid_no, text.as_deref(), &page).await?;
    if !sees_cost(caller) {
        for r in &mut rows {
            r.cust_avg_cost = None;
            r.last_receipt_cost = None;
        }
    }
    Ok(AvgCostPage::new(rows, total))
}

/// Update/CustAvgCost: sets a CIP's average cost under its row lock; the correction is kept (the ledger's note)
/// and audited. Quantities do not change.
pub async fn update_avg_cost(state: &AppState, caller: &Caller, scope: &SiteScope, body: &AvgCostUpdate) -> ApiResult<AvgCostCorrection> {
    if body.cust_avg_cost.is_sign_negative() {
        return Err(ApiError::invalid("cust_avg_cost", "invalid", "The average cost must be zero or more."));
    }
    let notes = trimmed_owned(&body.notes);
    let mut tx = scope.begin(&state.pool).await?;
    let (site_id, old) = repo::lock_cip_cost(&mut tx, body.cip_no).await?.ok_or_else(|| ApiError::not_found(CIP_NOT_FOUND))?;
    // The correction records what the CIP keeps (its column has 3 decimals).
    let new = repo::set_avg_cost(&mut tx, body.cip_no, UnitCost::round(body.cust_avg_cost.0)).await?;
    let login = repo::user_login(&mut tx, caller.user_id).await?;
    let c = repo::insert_correction(&mut tx, site_id, body.cip_no, old, new, notes.as_deref(), caller.user_id, login.as_deref()).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "avgCostCorrection",
            entity: "cip",
            entity_id: body.cip_no.to_string(),
            client_id: Some(scope.client_id()),
            site_id: Some(site_id),
            changes: json!({"cust_avg_cost": {"from": old, "to": new}, "notes": notes}),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(c)
}

// ---- movements

async fn user_ref(tx: &mut TenantTx, caller: &Caller) -> ApiResult<UserRef> {
    let login = repo::user_login(tx, caller.user_id).await?.unwrap_or_default();
    Ok(UserRef { user_id: caller.user_id, login })
}

/// The posted rows as the API shows them, audited, committed.
async fn finish(tx: &mut TenantTx, caller: &Caller, posted: &[Posted], action: &str) -> ApiResult<Vec<Transaction>> {
    let ids: Vec<i64> = posted.iter().map(|p| p.tran_id).collect();
    let mut rows = repo::find_many(tx, &ids).await?;
    // In the order they were posted (a transfer: out, then in).
    rows.sort_by_key(|r| ids.iter().position(|i| *i == r.tran_id));
    for r in &rows {
        audit_row(
            tx,
            caller,
            r.tran_id,
            action,
            json!({"trans_type": r.trans_type, "cip_no": r.cip_no, "trans_qty": r.trans_qty, "qty_on_hand_before": r.qty_on_hand_before,
                   "qty_on_hand_after": r.qty_on_hand_after, "employeeNumber": r.employee_number, "reverses_tran_id": r.reverses_tran_id}),
        )
        .await?;
    }
    Ok(rows.into_iter().map(|r| masked(caller, r)).collect())
}

fn result(message: String, transactions: Vec<Transaction>) -> MovementResult {
    MovementResult { success: true, message, transactions }
}

/// The tracking codes a draw names, texts trimmed.
fn selection(t: &TrackingInput) -> TrackingSelection {
    let clean = |v: &Option<String>| trimmed_owned(v);
    TrackingSelection {
        ids: [t.track1_id, t.track2_id, t.track3_id, t.track4_id],
        free_form: [clean(&t.track1), clean(&t.track2), clean(&t.track3), clean(&t.track4)],
    }
}

/// Refuses (409, naming the limit) a draw that would pass one of its limits in the period around now.
pub async fn check_limits(tx: &mut TenantTx, limits: &[DrawLimit], employee_id: i64, cid_no: Option<i64>, qty: Quantity, unit_cost: UnitCost, supervisor: bool) -> ApiResult<()> {
    match crate::ledger::limits::first_breach(tx, limits, employee_id, cid_no, qty, unit_cost, supervisor, Utc::now()).await? {
        Some(breach) => Err(ApiError::conflict(&breach.message())),
        None => Ok(()),
    }
}

/// Raises "draw refused by a limit" (kernel::notify) at the site. A failure to raise is logged, never answered: the
/// caller is owed the refusal, not an error about the alert.
#[allow(clippy::too_many_arguments)]
async fn draw_refused_alert(
    state: &AppState,
    caller: &Caller,
    scope: &SiteScope,
    drawer: &kernel::draw::Drawer,
    body: &DrawRequest,
    cid_no: Option<i64>,
    sel: &TrackingSelection,
    message: &str,
) {
    let notice = notify::Notice {
        type_id: notify::types::DRAW_REFUSED,
        subject: format!("Draw refused: {} ({})", drawer.name, drawer.employee_number),
        text: format!("{} asked to draw {} of CIP {}: {message}", drawer.name, body.qty.0.normalize(), body.cip_no),
        link: Some(format!("/employees/{}/show", drawer.employee_id)),
        about: notify::About { cip_no: Some(body.cip_no), cid_no, employee_id: Some(drawer.employee_id), ..Default::default() },
        tracking_code_ids: Some(sel.ids.iter().flatten().copied().collect()),
        created_by: Some(caller.user_id),
        ..Default::default()
    };
    let raised = async {
        let mut tx = scope.begin(&state.pool).await?;
        notify::raise(&mut tx, &notice).await?;
        tx.commit().await?;
        Ok::<_, ApiError>(())
    };
    if let Err(e) = raised.await {
        tracing::warn!(error = ?e, "the draw-refused alert was not raised");
    }
}

/// POST Issue: an employee draws a CIP of the current site.
pub async fn issue(state: &AppState, caller: &Caller, scope: &SiteScope, body: &DrawRequest) -> ApiResult<MovementResult> {
    draw(state, caller, scope, body, TransCode::Iss).await
}

/// POST Return: an employee returns items to stock (RIS).
pub async fn return_to_stock(state: &AppState, caller: &Caller, scope: &SiteScope, body: &DrawRequest) -> ApiResult<MovementResult> {
    draw(state, caller, scope, body, TransCode::Ris).await
}

async fn draw(state: &AppState, caller: &Caller, scope: &SiteScope, body: &DrawRequest, code: TransCode) -> ApiResult<MovementResult> {
    // Before the limits are judged on it: a quantity the ledger cannot hold is bad input, not a limit question.
    if !crate::ledger::service::fits_scale(body.qty) {
        return Err(ledger_error(LedgerError::InvalidQuantity));
    }
    let mut tx = scope.begin_posting(&state.pool).await?;
    let (cid_no, status, avg_cost) = repo::cip_for_draw(&mut tx, body.cip_no).await?.ok_or_else(|| ApiError::not_found(CIP_NOT_FOUND))?;
    if status == 5 {
        return Err(ApiError::conflict("Can't issue a CIP until its Item Add Req is approved."));
    }
    let number = body.employee.trim();
    let drawer = state.draw.find_drawer(&mut tx, DrawerQuery { number_or_badge: number, pin: body.pin.as_deref() }).await?;
    if code == TransCode::Ris && !drawer.can_return {
        return Err(ApiError::conflict(&format!("Employee {} may not return items.", drawer.employee_number)));
    }
    let cids: Vec<i64> = cid_no.into_iter().collect();
    let sel = selection(&body.tracking);
    let rules = state.draw.rules(&mut tx, &drawer, &cids, &sel, body.supervisor_id).await?;
    // Draws sharing a limit (the employee's own, a tracking code's) are judged one at a time, so two concurrent draws
    // cannot both fit the same room.
    crate::ledger::limits::lock_draw(&mut tx, drawer.employee_id, &rules.tracking).await?;
    if code == TransCode::Iss {
        // The cost read before the CIP is locked: a receipt posting meanwhile moves the average by a little, and the
        // limit is judged at the cost of the moment the draw was asked for.
        let breach = crate::ledger::limits::first_breach(
            &mut tx,
            &rules.limits,
            drawer.employee_id,
            cid_no,
            body.qty,
            avg_cost.unwrap_or_default(),
            body.supervisor_id.is_some(),
            Utc::now(),
        )
        .await?;
        if let Some(breach) = breach {
            // Nothing of the draw is kept; the refusal itself is told to the people who look after limits, in a
            // transaction of its own (the draw's rolls back).
            let message = breach.message();
            drop(tx);
            draw_refused_alert(state, caller, scope, &drawer, body, cid_no, &sel, &message).await;
            return Err(ApiError::conflict(&message));
        }
    } else {
        check_return(&mut tx, &rules, body, cid_no).await?;
    }
    let tracking = crate::ledger::service::tracking_refs(&mut tx, &rules.tracking).await?;
    let user = user_ref(&mut tx, caller).await?;
    let m = Movement {
        employee: Some(EmployeeRef { employee_id: drawer.employee_id, employee_number: drawer.employee_number.clone(), name: drawer.name.clone() }),
        tracking,
        supervisor_id: body.supervisor_id,
        req_no: trimmed_owned(&body.req_no),
        serial_lot: trimmed_owned(&body.serial_lot),
        notes: trimmed_owned(&body.notes),
        user: Some(user),
        ..Movement::new(body.cip_no, code, body.qty)
    };
    let posted = ledger::post(&mut tx, &m).await.map_err(ledger_error)?;
    let rows = finish(&mut tx, caller, std::slice::from_ref(&posted), "post").await?;
    tx.commit().await?;
    let verb = if code == TransCode::Iss { "Issued" } else { "Returned" };
    // The quantity of the posted row, not of the request.
    Ok(result(format!("{verb} {} to {}.", posted.trans_qty.abs(), drawer.name), rows))
}

/// A return credits the limits by at most what was issued of the item (docs/stock-ledger.md "Returns"): beyond
/// that it is refused (409), or at a site that lets supervisors take such returns, posted when it names one (the
/// draw policy has checked they supervise the employee).
async fn check_return(tx: &mut TenantTx, rules: &kernel::draw::DrawRules, body: &DrawRequest, cid_no: Option<i64>) -> ApiResult<()> {
    let limits = crate::ledger::limits::return_refusal(tx, &rules.limits, rules.drawer.employee_id, body.cip_no, cid_no, &rules.tracking, body.qty, Utc::now()).await?;
    let Some(beyond) = limits else { return Ok(()) };
    let settings = crate::ledger::limits::settings(tx).await?;
    let by_supervisor = settings.return_beyond_issued == "supervisor";
    if by_supervisor && body.supervisor_id.is_some() {
        return Ok(());
    }
    let item = crate::ledger::limits::item_name(tx, body.cip_no).await?;
    let mut message = beyond.message(&rules.drawer.employee_number, &item);
    if by_supervisor {
        message.push_str(" A supervisor of the employee may take it back (supervisor_id).");
    }
    Err(ApiError::conflict(&message))
}

/// POST Adjust (PAD/NAD) and Scrap (SCR).
pub async fn adjust(state: &AppState, caller: &Caller, scope: &SiteScope, body: &AdjustRequest, scrap: bool) -> ApiResult<MovementResult> {
    let notes = body.notes.trim();
    if notes.is_empty() {
        return Err(ApiError::invalid("notes", "required", "Give the reason."));
    }
    let code = if scrap {
        TransCode::Scr
    } else {
        match body.direction {
            Some(AdjustDirection::Pad) => TransCode::Pad,
            Some(AdjustDirection::Nad) => TransCode::Nad,
            None => return Err(ApiError::invalid("direction", "required", "Direction is required (PAD or NAD).")),
        }
    };
    let mut tx = scope.begin_posting(&state.pool).await?;
    let user = user_ref(&mut tx, caller).await?;
    let m = Movement { serial_lot: trimmed_owned(&body.serial_lot), notes: Some(notes.to_owned()), user: Some(user), ..Movement::new(body.cip_no, code, body.qty) };
    let posted = ledger::post(&mut tx, &m).await.map_err(ledger_error)?;
    let rows = finish(&mut tx, caller, &[posted], "post").await?;
    tx.commit().await?;
    Ok(result(format!("{} posted.", code.name()), rows))
}

/// POST Receipt (REC): a miscellaneous receipt; moves the average cost.
pub async fn receipt(state: &AppState, caller: &Caller, scope: &SiteScope, body: &ReceiptRequest) -> ApiResult<MovementResult> {
    let mut tx = scope.begin_posting(&state.pool).await?;
    let user = user_ref(&mut tx, caller).await?;
    let m = Movement {
        unit_cost: Some(body.unit_cost),
        po_no: trimmed_owned(&body.po_no),
        serial_lot: trimmed_owned(&body.serial_lot),
        notes: trimmed_owned(&body.notes),
        user: Some(user),
        ..Movement::new(body.cip_no, TransCode::Rec, body.qty)
    };
    let posted = ledger::post(&mut tx, &m).await.map_err(ledger_error)?;
    let rows = finish(&mut tx, caller, &[posted], "post").await?;
    tx.commit().await?;
    Ok(result("Receipt posted.".into(), rows))
}

/// POST Transfer: XPE out of one CIP, XER into another of the same site.
pub async fn transfer(state: &AppState, caller: &Caller, scope: &SiteScope, body: &TransferRequest) -> ApiResult<MovementResult> {
    if body.from_cip_no == body.to_cip_no {
        return Err(ApiError::invalid("to_cip_no", "invalid", "Transfer to a different CIP."));
    }
    let mut tx = scope.begin_posting(&state.pool).await?;
    let user = user_ref(&mut tx, caller).await?;
    let notes = trimmed_owned(&body.notes);
    let out = Movement { notes: notes.clone(), user: Some(user.clone()), ..Movement::new(body.from_cip_no, TransCode::Xpe, body.qty) };
    let into = Movement { notes, user: Some(user), ..Movement::new(body.to_cip_no, TransCode::Xer, body.qty) };
    let (a, b) = ledger::transfer(&mut tx, &out, &into).await.map_err(ledger_error)?;
    let rows = finish(&mut tx, caller, &[a, b], "post").await?;
    tx.commit().await?;
    Ok(result("Transfer posted.".into(), rows))
}

/// POST Reverse (general) and ReverseReceipt (TRN-018).
pub async fn reverse(state: &AppState, caller: &Caller, scope: &SiteScope, body: &ReverseRequest, kind: ReverseKind) -> ApiResult<MovementResult> {
    let (s, _) = visible(state, caller, scope, body.tran_id, &[Perm::TransactionPost]).await?;
    let mut tx = s.begin(&state.pool).await?;
    let user = user_ref(&mut tx, caller).await?;
    let notes = trimmed_owned(&body.notes);
    let posted = ledger::reverse(&mut tx, body.tran_id, kind, notes.as_deref(), Some(user)).await.map_err(ledger_error)?;
    let rows = finish(&mut tx, caller, &posted, "reverse").await?;
    audit_row(&mut tx, caller, body.tran_id, "reversed", json!({"reversed": {"from": false, "to": true}, "reversed_by_tran_id": rows.first().map(|r| r.tran_id)})).await?;
    tx.commit().await?;
    Ok(result(format!("Transaction {} reversed.", body.tran_id), rows))
}

/// POST Kanban (TRN-017): the card of a refilled kanban bin is scanned as the bin goes back on its rack: the
/// refill is received (REC of the bin quantity at the given or average cost) and the bin is Full again.
pub async fn kanban(state: &AppState, caller: &Caller, scope: &SiteScope, body: &KanbanScan) -> ApiResult<MovementResult> {
    let code = body.tool_code.trim();
    if code.is_empty() {
        return Err(ApiError::invalid("tool_code", "required", "Scan a kanban card."));
    }
    let mut tx = scope.begin_posting(&state.pool).await?;
    let (bin_id, cip_no, bin_qty, status) =
        repo::lock_kanban_bin(&mut tx, scope.site_id(), code).await?.ok_or_else(|| ApiError::not_found("The kanban card you scanned does not exist."))?;
    if status == 1 {
        return Err(ApiError::conflict(&format!("Kanban bin {code} is already full.")));
    }
    let cost = match body.unit_cost {
        Some(c) => Some(c),
        None => repo::cip_avg_cost(&mut tx, cip_no).await?,
    };
    let user = user_ref(&mut tx, caller).await?;
    let m = Movement { unit_cost: cost, notes: Some(format!("Kanban bin {code} refilled")), user: Some(user), ..Movement::new(cip_no, TransCode::Rec, bin_qty) };
    let posted = ledger::post(&mut tx, &m).await.map_err(ledger_error)?;
    repo::set_kanban_full(&mut tx, bin_id).await?;
    let rows = finish(&mut tx, caller, &[posted], "kanban").await?;
    tx.commit().await?;
    Ok(result(format!("Kanban bin {code} received."), rows))
}

/// Used by tests and the seed: on hand and the ledger sum of a CIP.
pub async fn ledger_sum(tx: &mut TenantTx, cip_no: i64) -> ApiResult<Option<(Quantity, Quantity)>> {
    Ok(repo::ledger_sum(tx, cip_no).await?)
}
