//! Posting: the one way a CIP quantity changes. [`post`] runs in the caller's tenant transaction: it locks the
//! CIP (`select .. for update`), computes the row from the code table, writes the ledger row and the CIP's new
//! quantities, average cost and usage. The caller commits (or rolls back both). [`reverse`] posts the opposite row
//! of an earlier one and marks it reversed.

use chrono::Utc;
use kernel::num::{Decimal, Quantity, UnitCost};
use tenancy::TenantTx;

use super::codes::{Reversal, TransCode};
use super::model::{EmployeeRef, LedgerError, Movement, Posted, TrackingRef};
use super::repo::{self, CipUpdate, LockedCip, NewRow};
use super::usage::{self, Usage};

fn usage_of(c: &LockedCip) -> Usage {
    let mut u = Usage::empty();
    for (slot, v) in u.usage.iter_mut().zip(&c.usage) {
        *slot = *v;
    }
    for (slot, v) in u.month_usage.iter_mut().zip(&c.month_usage) {
        *slot = *v;
    }
    Usage { trans_count_cy: c.trans_count_cy, trans_count_py: c.trans_count_py, usage_period: c.usage_period, usage_month: c.usage_month, usage_year: c.usage_year, ..u }
}

/// Whether `qty` has at most the 3 decimals the ledger's quantity columns keep. A finer quantity is refused rather
/// than rounded, so what is posted is always what was asked for (0.0005 would otherwise post 0.001).
pub fn fits_scale(qty: Quantity) -> bool {
    Quantity::exact(qty.0).is_ok()
}

/// The moving weighted average cost after receiving `qty` at `cost` onto `held` units (on hand, none when negative)
/// costed at `old`: exact, rounded once as a unit cost.
pub fn average_after_receipt(held: Quantity, old: UnitCost, qty: Quantity, cost: UnitCost) -> UnitCost {
    UnitCost::round((held.0 * old.0 + qty.0 * cost.0) / (held.0 + qty.0))
}

/// The average cost after a receipt of `qty` at `cost` is taken back out of `held` units costed at `old`, leaving
/// `after` (> 0) units: never below zero.
pub fn average_after_reversal(held: Quantity, old: UnitCost, qty: Quantity, cost: UnitCost, after: Quantity) -> UnitCost {
    UnitCost::round(((held.0 * old.0 - qty.0 * cost.0) / after.0).max(Decimal::ZERO))
}

/// Posts one movement: one ledger row, the CIP's quantities updated under its row lock, in `tx`.
pub async fn post(tx: &mut TenantTx, m: &Movement) -> Result<Posted, LedgerError> {
    post_inner(tx, m, false).await
}

async fn post_inner(tx: &mut TenantTx, m: &Movement, reversing: bool) -> Result<Posted, LedgerError> {
    if m.qty <= Quantity::ZERO || !fits_scale(m.qty) {
        return Err(LedgerError::InvalidQuantity);
    }
    if m.unit_cost.is_some_and(|c| c.is_sign_negative()) {
        return Err(LedgerError::InvalidCost);
    }
    let now = Utc::now();
    if m.trans_date.is_some_and(|d| d > now + chrono::Duration::minutes(5)) {
        return Err(LedgerError::FutureDate);
    }
    let info = m.code.info();
    let cip = repo::lock_cip(tx, m.cip_no).await?.ok_or(LedgerError::CipNotFound(m.cip_no))?;
    if let Some(r) = &m.external_ref {
        if let Some(existing) = repo::by_external_ref(tx, cip.site_id, r).await? {
            return Err(LedgerError::Duplicate(existing));
        }
    }
    let qty = Quantity::new(m.qty.0.normalize());
    // A reversal negates the code's factors; a factor times a quantity of 3 decimals needs no rounding.
    let sign = if reversing { -1 } else { 1 };
    let e = info.effect;
    let f = |factor: i8| Quantity::new(Decimal::from(sign * i64::from(factor)) * qty.0);
    let trans_qty = f(e.on_hand);
    let before = cip.qty_on_hand;
    let after = before + trans_qty;
    if trans_qty < Quantity::ZERO && after < Quantity::ZERO && !info.may_go_negative {
        return Err(LedgerError::BelowZero { cip_code: cip.cip_code.clone(), on_hand: before, requested: -trans_qty });
    }
    let changes = [f(e.on_hold), f(e.on_order), f(e.backorder), f(e.scrap), f(e.work_order), f(e.transfer), f(e.excess)];

    // Average cost: a receipt with a unit cost moves the weighted average of what is on hand (negative on hand
    // counts as none); its reversal takes the same units at the same cost back out.
    let avg_before = cip.cust_avg_cost;
    let (unit_cost, avg_after) = match m.unit_cost.filter(|_| info.moves_avg_cost) {
        Some(c) => {
            let held = before.max(Quantity::ZERO);
            let old = avg_before.unwrap_or(c);
            if !reversing {
                (Some(c), Some(average_after_receipt(held, old, qty, c)))
            } else if after > Quantity::ZERO {
                (Some(c), Some(average_after_reversal(held, old, qty, c, after)))
            } else {
                (Some(c), avg_before)
            }
        }
        None => (avg_before, avg_before),
    };
    let extended_cost = unit_cost.map(|c| c.extend(qty));

    let date = m.trans_date.unwrap_or(now);
    let usage_qty = f(info.usage);
    let mut u = usage_of(&cip);
    u.roll_to(usage::date_of(now.max(date)));
    u.add(usage::date_of(date), usage_qty);

    let employee = m.employee.as_ref();
    let track = |i: usize| m.tracking[i].as_ref();
    let row = NewRow {
        site_id: cip.site_id,
        trans_code: info.id,
        trans_date: m.trans_date,
        cip: &cip,
        trans_qty,
        changes,
        usage_qty,
        before,
        after,
        unit_cost,
        cust_avg_cost: avg_after,
        extended_cost,
        selling_price: m.selling_price,
        employee_id: employee.map(|e| e.employee_id),
        employee_number: employee.map(|e| e.employee_number.as_str()),
        employee_name: employee.map(|e| e.name.as_str()),
        supervisor_id: m.supervisor_id,
        track_ids: [0, 1, 2, 3].map(|i| track(i).and_then(|t| t.tracking_code_id)),
        tracks: [0, 1, 2, 3].map(|i| track(i).map(|t| t.text.as_str())),
        req_no: m.req_no.as_deref(),
        po_no: m.po_no.as_deref(),
        serial_lot: m.serial_lot.as_deref(),
        notes: m.notes.as_deref(),
        external_ref: m.external_ref.as_deref(),
        user_id: m.user.as_ref().map(|u| u.user_id),
        user_login: m.user.as_ref().map(|u| u.login.as_str()),
        reverses: m.reverses,
        pair_tran_id: m.pair_tran_id,
    };
    let (tran_id, trans_date) = match repo::insert_row(tx, &row).await? {
        Some(v) => v,
        // Another transaction posted the same external ref since the check above (it committed first).
        None => {
            let existing = repo::by_external_ref(tx, cip.site_id, m.external_ref.as_deref().unwrap_or_default()).await?.unwrap_or(0);
            return Err(LedgerError::Duplicate(existing));
        }
    };
    let is_issue = info.usage > 0 && !reversing;
    let is_receipt = info.moves_avg_cost && !reversing;
    repo::update_cip(
        tx,
        &CipUpdate {
            cip_no: cip.cip_no,
            on_hand: after,
            on_hold: changes[0],
            on_order: changes[1],
            backorder: changes[2],
            scrap: changes[3],
            work_order: changes[4],
            transfer: changes[5],
            excess: changes[6],
            cust_avg_cost: avg_after,
            usage: &u.usage,
            month_usage: &u.month_usage,
            trans_count_cy: u.trans_count_cy,
            trans_count_py: u.trans_count_py,
            usage_period: u.usage_period,
            usage_month: u.usage_month,
            usage_year: u.usage_year,
            last_issue: is_issue.then_some(trans_date),
            last_receipt: is_receipt.then_some(trans_date),
        },
    )
    .await?;
    Ok(Posted {
        tran_id,
        cip_no: cip.cip_no,
        site_id: cip.site_id,
        code: m.code,
        trans_qty,
        qty_on_hand_before: before,
        qty_on_hand_after: after,
        cust_avg_cost_before: avg_before,
        cust_avg_cost_after: avg_after,
        extended_cost,
        trans_date,
    })
}

/// How a reversal is asked for: the general reverse, or `ReverseReceipt` (TRN-018).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReverseKind {
    General,
    Receipt,
}

/// Reverses `tran_id` (and, for a transfer, its pair): new rows with the opposite effect, dated now, marking the
/// originals reversed. Answers the new rows.
pub async fn reverse(tx: &mut TenantTx, tran_id: i64, kind: ReverseKind, notes: Option<&str>, user: Option<super::model::UserRef>) -> Result<Vec<Posted>, LedgerError> {
    let original = repo::lock_row(tx, tran_id).await?.ok_or(LedgerError::TransactionNotFound(tran_id))?;
    let code = TransCode::from_id(original.trans_code).ok_or(LedgerError::TransactionNotFound(tran_id))?;
    let info = code.info();
    if original.reverses_tran_id.is_some() {
        return Err(LedgerError::NotReversible { tran_id, code: info.name });
    }
    if original.reversed {
        return Err(LedgerError::AlreadyReversed(tran_id));
    }
    let allowed = matches!((info.reversal, kind), (Reversal::ReceiptOnly, ReverseKind::Receipt) | (Reversal::General | Reversal::WithPair, ReverseKind::General));
    if !allowed {
        return Err(LedgerError::NotReversible { tran_id, code: info.name });
    }
    let mut rows = vec![original.clone()];
    if info.reversal == Reversal::WithPair {
        if let Some(pair) = original.pair_tran_id {
            let p = repo::lock_row(tx, pair).await?.ok_or(LedgerError::TransactionNotFound(pair))?;
            if p.reversed {
                return Err(LedgerError::AlreadyReversed(pair));
            }
            rows.push(p);
        }
        // Take the incoming side back first: the outgoing side's reversal only adds.
        rows.sort_by_key(|r| if r.trans_qty > Quantity::ZERO { 0 } else { 1 });
    }
    let mut posted = Vec::new();
    for o in rows {
        let code = TransCode::from_id(o.trans_code).ok_or(LedgerError::TransactionNotFound(o.tran_id))?;
        let qty = if !o.trans_qty.is_zero() { o.trans_qty.abs() } else { o.on_hold_change.abs() };
        let employee = match (o.employee_id, &o.employee_number) {
            (Some(id), Some(n)) => Some(EmployeeRef { employee_id: id, employee_number: n.clone(), name: o.employee_name.clone().unwrap_or_default() }),
            _ => None,
        };
        let t = |id: Option<i64>, text: &Option<String>| text.as_ref().map(|s| TrackingRef { tracking_code_id: id, text: s.clone() });
        let m = Movement {
            unit_cost: o.unit_cost,
            employee,
            tracking: [t(o.track1_id, &o.track1), t(o.track2_id, &o.track2), t(o.track3_id, &o.track3), t(o.track4_id, &o.track4)],
            req_no: o.req_no.clone(),
            po_no: o.po_no.clone(),
            serial_lot: o.serial_lot.clone(),
            notes: Some(notes.map(str::to_owned).unwrap_or_else(|| format!("Reversal of transaction {}", o.tran_id))),
            reverses: Some(o.tran_id),
            user: user.clone(),
            ..Movement::new(o.cip_no, code, qty)
        };
        let p = post_inner(tx, &m, true).await?;
        repo::mark_reversed(tx, o.tran_id, p.tran_id).await?;
        posted.push(p);
    }
    if posted.len() == 2 {
        repo::set_pair(tx, posted[0].tran_id, posted[1].tran_id).await?;
        repo::set_pair(tx, posted[1].tran_id, posted[0].tran_id).await?;
    }
    Ok(posted)
}

/// Posts a transfer between two CIPs of the site: XPE out of `from`, XER into `to`, each naming the other. The
/// CIPs are locked in cip_no order so two opposite transfers cannot deadlock.
pub async fn transfer(tx: &mut TenantTx, out: &Movement, into: &Movement) -> Result<(Posted, Posted), LedgerError> {
    let (first, second) = if out.cip_no <= into.cip_no { (out, into) } else { (into, out) };
    let a = post(tx, first).await?;
    let b = post(tx, second).await?;
    repo::set_pair(tx, a.tran_id, b.tran_id).await?;
    repo::set_pair(tx, b.tran_id, a.tran_id).await?;
    Ok(if out.cip_no <= into.cip_no { (a, b) } else { (b, a) })
}

/// What a ledger row records of a draw's tracking selection: each level's code id with its number, or the free
/// text where the level allows it.
pub async fn tracking_refs(tx: &mut TenantTx, sel: &kernel::draw::TrackingSelection) -> Result<[Option<TrackingRef>; 4], sqlx::Error> {
    let ids: Vec<i64> = sel.ids.iter().flatten().copied().collect();
    let numbers = if ids.is_empty() { Vec::new() } else { repo::tracking_numbers(tx, &ids).await? };
    let mut out: [Option<TrackingRef>; 4] = Default::default();
    for (i, slot) in out.iter_mut().enumerate() {
        if let Some(id) = sel.ids[i] {
            let text = numbers.iter().find(|(n, _)| *n == id).map(|(_, t)| t.clone()).unwrap_or_default();
            *slot = Some(TrackingRef { tracking_code_id: Some(id), text });
        } else if let Some(text) = &sel.free_form[i] {
            *slot = Some(TrackingRef { tracking_code_id: None, text: text.clone() });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    fn q(s: &str) -> Quantity {
        Quantity::from_str(s).expect("quantity")
    }

    fn c(s: &str) -> UnitCost {
        UnitCost::from_str(s).expect("unit cost")
    }

    #[test]
    fn quantities_finer_than_three_decimals_do_not_fit_the_ledger() {
        for v in ["1", "0.001", "1.125", "0.3", "123456789.123", "999999999999.999", "1.2340"] {
            assert!(fits_scale(Quantity::new(Decimal::from_str(v).expect("decimal"))), "{v}");
        }
        for v in ["0.0005", "1.2345", "0.0001"] {
            assert!(!fits_scale(Quantity::new(Decimal::from_str(v).expect("decimal"))), "{v}");
        }
    }

    #[test]
    fn a_receipt_moves_the_average_cost_rounded_once_half_away_from_zero() {
        // (10 x 4.125 + 3 x 5.25) / 13 = 57.0 / 13 = 4.384615... -> 4.3846
        assert_eq!(average_after_receipt(q("10"), c("4.125"), q("3"), c("5.25")), c("4.3846"));
        // (1 x 0.0001 + 1 x 0.0002) / 2 = 0.00015: the midpoint goes away from zero.
        assert_eq!(average_after_receipt(q("1"), c("0.0001"), q("1"), c("0.0002")), c("0.0002"));
        // Nothing held: the receipt's own cost.
        assert_eq!(average_after_receipt(q("0"), c("9.99"), q("0.1"), c("19.99")), c("19.99"));
    }

    #[test]
    fn a_reversed_receipt_takes_its_cost_back_out_never_below_zero() {
        // 13 held at 4.3846, 3 at 5.25 back out: (57.0 - 15.75) / 10 = 4.12498 -> 4.125
        assert_eq!(average_after_reversal(q("13"), c("4.3846"), q("3"), c("5.25"), q("10")), c("4.125"));
        assert_eq!(average_after_reversal(q("1"), c("1"), q("1"), c("5"), q("1")), c("0"));
    }
}
