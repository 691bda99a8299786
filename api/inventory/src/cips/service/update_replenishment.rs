//! The replenishment settings of a CIP: min, max, lot, reorder quantity, number of lots, keep full and type.

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::num::Quantity;
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::change::{begin_write, finish_write};
use super::MAX_QTY;
use crate::cips::model::{Cip, CipSaved, ReplenishmentUpdate, REPL_KANBAN, REPL_MINMAX, REPL_VENDING, STATUS_ACTIVE};
use crate::cips::repo::{self, Replenishment};

fn check_qty(problems: &mut Problems, v: Option<Quantity>, field: &str, label: &str, positive: bool) {
    let Some(v) = v else { return };
    if v > MAX_QTY {
        problems.add(field, "outOfRange", &format!("{label} must be a number up to 999,999,999,999."));
    } else if positive && v <= Quantity::ZERO {
        problems.add(field, "outOfRange", &format!("{label} must be greater than 0."));
    } else if v < Quantity::ZERO {
        problems.add(field, "outOfRange", &format!("{label} cannot be negative."));
    }
}

/// Checks replenishment settings against the CIP (`kanban_bins`: its kanban bins): every problem at once.
pub fn validate_replenishment(input: &ReplenishmentUpdate, cip: &Cip, kanban_bins: i64) -> Problems {
    let mut p = Problems::default();
    if !(1..=3).contains(&input.repl_type) {
        p.add("repl_type", "outOfRange", "Replenishment type must be Kanban 1, MinMax 2 or Vending 3.");
    }
    check_qty(&mut p, input.min_qty, "min_qty", "Min", false);
    check_qty(&mut p, input.max_qty, "max_qty", "Max", false);
    check_qty(&mut p, input.lot_qty, "lot_qty", "Lot", true);
    check_qty(&mut p, input.reorder_qty, "reorder_qty", "Reorder quantity", false);
    if input.num_lots.is_some_and(|n| n < 0) {
        p.add("num_lots", "outOfRange", "Number of lots cannot be negative.");
    }
    if let (Some(min), Some(max)) = (input.min_qty, input.max_qty) {
        if min > max {
            p.add("max_qty", "minAboveMax", "Max must be greater than or equal to Min.");
        }
    }
    if input.repl_type == REPL_MINMAX {
        if input.min_qty.is_none() {
            p.add("min_qty", "required", "Min is required for MinMax replenishment.");
        }
        if input.max_qty.is_none() {
            p.add("max_qty", "required", "Max is required for MinMax replenishment.");
        }
    }
    if input.keep_full && !(input.repl_type == REPL_MINMAX && input.max_qty.is_some()) {
        p.add("keep_full", "notAllowed", "Keep Full is only for MinMax CIPs with a Max.");
    }
    if input.keep_full != cip.keep_full && cip.status_id != STATUS_ACTIVE {
        p.add("keep_full", "notAllowed", "Keep Full can only be changed on an active CIP.");
    }
    if input.repl_type == REPL_VENDING && !cip.dispensing {
        p.add("repl_type", "notDispensing", "A Vending CIP must be dispensing: assign it to a dispenser bin first.");
    }
    if cip.repl_type == REPL_KANBAN && input.repl_type != REPL_KANBAN && kanban_bins > 0 {
        p.add("repl_type", "hasKanbanBins", &format!("Remove the CIP's {kanban_bins} kanban bin(s) before changing its replenishment type."));
    }
    p
}

/// Min, max, lot, reorder quantity, number of lots, keep full and replenishment type.
pub async fn update_replenishment(state: &AppState, caller: &Caller, current: &SiteScope, input: &ReplenishmentUpdate) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let (kanban_bins, _) = repo::device_counts(&mut tx, before.cip_no).await?;
    validate_replenishment(input, &before, kanban_bins).check()?;
    // Stored as quantities (three decimals), rounded as the columns always rounded them; the checks saw them as sent.
    let r = Replenishment {
        repl_type: input.repl_type,
        min_qty: input.min_qty.map(Quantity::rounded),
        max_qty: input.max_qty.map(Quantity::rounded),
        lot_qty: input.lot_qty.map(Quantity::rounded),
        reorder_qty: input.reorder_qty.map(Quantity::rounded),
        num_lots: input.num_lots,
        keep_full: input.keep_full,
    };
    repo::update_replenishment(&mut tx, before.cip_no, &r).await?;
    finish_write(state, caller, current, tx, &before, "cip.replenishment.update", "Replenishment settings saved.".to_owned()).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cips::service::keep_full_rule;

    fn cip() -> Cip {
        Cip {
            cip_no: 1,
            site_id: 1,
            cid_no: Some(1),
            item_id: Some(1),
            cip_code: "X".into(),
            cust_item_code: None,
            cust_desc1: None,
            cust_desc2: None,
            status_id: 1,
            location: None,
            loc_seg1: None,
            loc_seg2: None,
            loc_seg3: None,
            loc_seg4: None,
            loc_seg5: None,
            qty_on_hand: Quantity::ZERO,
            qty_avail: Quantity::ZERO,
            qty_on_hold: Quantity::ZERO,
            qty_on_order: Quantity::ZERO,
            qty_backorder: Quantity::ZERO,
            cust_avg_cost: None,
            consigned: false,
            min_qty: Some(Quantity::from(2)),
            max_qty: Some(Quantity::from(10)),
            lot_qty: None,
            reorder_qty: None,
            num_lots: None,
            repl_type: REPL_MINMAX,
            keep_full: false,
            buddy_cip_no: None,
            dispensing: false,
            vend_code: None,
            default_employee_id: None,
            default_track1: None,
            default_track2: None,
            default_track3: None,
            default_track4: None,
            repair_cip_no: None,
            custom_1: None,
            custom_2: None,
            custom_3: None,
            custom_4: None,
            multiple: false,
            updated_at: chrono::Utc::now(),
        }
    }

    fn input() -> ReplenishmentUpdate {
        ReplenishmentUpdate { cip_no: 1, repl_type: REPL_MINMAX, min_qty: Some(Quantity::from(2)), max_qty: Some(Quantity::from(10)), lot_qty: Some(Quantity::from(5)), reorder_qty: None, num_lots: None, keep_full: false }
    }

    fn fields(p: Problems) -> Vec<String> {
        p.0.into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn replenishment_settings_need_min_not_above_max_and_a_positive_lot() {
        assert!(validate_replenishment(&input(), &cip(), 0).is_empty());
        let bad = ReplenishmentUpdate { min_qty: Some(Quantity::from(12)), lot_qty: Some(Quantity::from(0)), reorder_qty: Some(Quantity::from(-1)), ..input() };
        assert_eq!(fields(validate_replenishment(&bad, &cip(), 0)), ["lot_qty", "reorder_qty", "max_qty"]);
        let missing = ReplenishmentUpdate { min_qty: None, max_qty: None, ..input() };
        assert_eq!(fields(validate_replenishment(&missing, &cip(), 0)), ["min_qty", "max_qty"]);
        let huge = ReplenishmentUpdate { max_qty: Some(Quantity::from(1_000_000_000_000)), ..input() };
        assert_eq!(fields(validate_replenishment(&huge, &cip(), 0)), ["max_qty"]);
        assert!(validate_replenishment(&ReplenishmentUpdate { max_qty: Some(MAX_QTY), ..input() }, &cip(), 0).is_empty());
        assert_eq!(MAX_QTY, Quantity::from(999_999_999_999));
    }

    #[test]
    fn keep_full_only_for_minmax_with_a_max_and_vending_only_when_dispensing() {
        let kanban_keep_full = ReplenishmentUpdate { repl_type: REPL_KANBAN, keep_full: true, ..input() };
        assert_eq!(fields(validate_replenishment(&kanban_keep_full, &cip(), 0)), ["keep_full"]);
        let vending = ReplenishmentUpdate { repl_type: REPL_VENDING, ..input() };
        assert_eq!(fields(validate_replenishment(&vending, &cip(), 0)), ["repl_type"]);
        assert!(validate_replenishment(&vending, &Cip { dispensing: true, ..cip() }, 0).is_empty());
        let from_kanban = Cip { repl_type: REPL_KANBAN, ..cip() };
        assert_eq!(fields(validate_replenishment(&input(), &from_kanban, 2)), ["repl_type"]);
        assert!(keep_full_rule(&cip()).is_none());
        assert!(keep_full_rule(&Cip { max_qty: None, ..cip() }).is_some());
        assert!(keep_full_rule(&Cip { repl_type: REPL_VENDING, ..cip() }).is_some());
    }
}
