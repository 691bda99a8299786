//! The cost for a quantity (domain.md section 4): the break whose quantity is the largest not above the ordered
//! quantity. Pure, so the catalogue look-up, the console's calculator (through the look-up) and the review agree.
//! Quantities compare as exact decimals: an order of exactly a break's quantity gets that break, whatever arithmetic
//! produced the quantity.

use kernel::num::{Quantity, UnitCost};

/// One quantity break as stored: quantity and cost of slot `n` (1..8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Break {
    pub qty: Quantity,
    pub cost: UnitCost,
}

/// The break that prices an order: its slot (1-based) and values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Priced {
    pub slot: usize,
    pub qty: Quantity,
    pub cost: UnitCost,
}

/// The cost for ordering `qty` given the 8 break slots (a missing slot is `None`, wherever it is). `None` when `qty`
/// is below every break (under the minimum order), not a positive number, or there is no break at all. Slots need
/// not be in order: the largest break quantity not above `qty` wins, the earlier slot on a tie.
pub fn cost_for_quantity(slots: &[Option<Break>], qty: Quantity) -> Option<Priced> {
    if qty <= Quantity::ZERO {
        return None;
    }
    let mut best: Option<Priced> = None;
    for (i, b) in slots.iter().enumerate() {
        let Some(b) = b else { continue };
        if b.qty <= qty && best.is_none_or(|p| b.qty > p.qty) {
            best = Some(Priced { slot: i + 1, qty: b.qty, cost: b.cost });
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use kernel::num::Decimal;

    use super::*;

    fn q(text: &str) -> Quantity {
        Quantity::parse(text).expect("quantity")
    }

    fn c(text: &str) -> UnitCost {
        UnitCost::parse(text).expect("cost")
    }

    fn slots(pairs: &[(&str, &str)]) -> Vec<Option<Break>> {
        pairs.iter().map(|&(qty, cost)| Some(Break { qty: q(qty), cost: c(cost) })).collect()
    }

    #[test]
    fn below_the_first_break_there_is_no_cost() {
        assert_eq!(cost_for_quantity(&slots(&[("10", "5"), ("50", "4")]), q("9")), None);
    }

    #[test]
    fn exactly_on_a_break_that_break_applies() {
        let s = slots(&[("1", "5"), ("10", "4.5"), ("50", "4")]);
        assert_eq!(cost_for_quantity(&s, q("10")), Some(Priced { slot: 2, qty: q("10"), cost: c("4.5") }));
        assert_eq!(cost_for_quantity(&s, q("1")), Some(Priced { slot: 1, qty: q("1"), cost: c("5") }));
    }

    #[test]
    fn between_two_breaks_the_lower_one_applies() {
        let s = slots(&[("1", "5"), ("10", "4.5"), ("50", "4")]);
        assert_eq!(cost_for_quantity(&s, q("49")).map(|p| p.cost), Some(c("4.5")));
        assert_eq!(cost_for_quantity(&s, q("10.5")).map(|p| p.slot), Some(2));
    }

    #[test]
    fn above_the_last_break_the_last_one_applies() {
        let s = slots(&[("1", "5"), ("10", "4.5"), ("50", "4")]);
        assert_eq!(cost_for_quantity(&s, q("1000000")), Some(Priced { slot: 3, qty: q("50"), cost: c("4") }));
    }

    #[test]
    fn missing_breaks_are_skipped_wherever_they_are() {
        let s = vec![Some(Break { qty: q("1"), cost: c("3") }), None, Some(Break { qty: q("20"), cost: c("2") }), None, None, None, None, None];
        assert_eq!(cost_for_quantity(&s, q("19")).map(|p| p.slot), Some(1));
        assert_eq!(cost_for_quantity(&s, q("20")).map(|p| p.slot), Some(3));
        assert_eq!(cost_for_quantity(&[None; 8], q("5")), None);
        assert_eq!(cost_for_quantity(&[], q("5")), None);
    }

    #[test]
    fn unordered_slots_still_give_the_largest_break_not_above_the_quantity() {
        let s = slots(&[("50", "4"), ("1", "5"), ("10", "4.5")]);
        assert_eq!(cost_for_quantity(&s, q("30")).map(|p| p.cost), Some(c("4.5")));
    }

    #[test]
    fn a_zero_or_negative_quantity_has_no_cost() {
        let s = slots(&[("1", "5")]);
        assert_eq!(cost_for_quantity(&s, q("0")), None);
        assert_eq!(cost_for_quantity(&s, q("-3")), None);
    }

    #[test]
    fn fractional_quantities_compare_exactly() {
        let s = slots(&[("0.5", "9"), ("2.5", "8")]);
        assert_eq!(cost_for_quantity(&s, q("2.499")).map(|p| p.cost), Some(c("9")));
        assert_eq!(cost_for_quantity(&s, q("0.4")), None);
    }

    /// Eight breaks; each break's quantity exactly, a thousandth below and above it (the finest quantity there is),
    /// halfway to the next one, and below the first. In binary floating point 0.6 - 0.3 is 0.29999999999999993,
    /// which fell below a break of 0.3; exact decimals land on it.
    #[test]
    fn the_8_break_cost_lookup_at_the_boundaries() {
        let table = [
            ("0.3", "12.5"),
            ("1", "9.99"),
            ("5", "9.75"),
            ("10", "9.1"),
            ("25", "8.4"),
            ("100", "7.0125"),
            ("250.5", "6.5"),
            ("1000", "5.9999"),
        ];
        let s = slots(&table);
        let thousandth = q("0.001");
        assert_eq!(cost_for_quantity(&s, q("0.299")), None, "below the first break");
        assert_eq!(cost_for_quantity(&s, q("0.001")), None, "the smallest quantity");
        for (i, (qty, cost)) in table.iter().enumerate() {
            let slot = i + 1;
            let at = q(qty);
            assert_eq!(cost_for_quantity(&s, at), Some(Priced { slot, qty: at, cost: c(cost) }), "exactly on break {slot}");
            assert_eq!(cost_for_quantity(&s, at + thousandth).map(|p| p.slot), Some(slot), "just above break {slot}");
            let below = cost_for_quantity(&s, at - thousandth).map(|p| p.slot);
            assert_eq!(below, slot.checked_sub(1).filter(|s| *s > 0), "just below break {slot}");
            if let Some((next, _)) = table.get(i + 1) {
                let between = Quantity::round((at.value() + q(next).value()) / Decimal::TWO);
                assert_eq!(cost_for_quantity(&s, between).map(|p| p.cost), Some(c(cost)), "between breaks {slot} and {}", slot + 1);
            }
        }
        let difference = Quantity::new(Decimal::from_str("0.6").expect("decimal") - Decimal::from_str("0.3").expect("decimal"));
        assert_eq!(cost_for_quantity(&s, difference).map(|p| p.slot), Some(1));
        assert_eq!(cost_for_quantity(&s, q("999999")).map(|p| p.cost), Some(c("5.9999")), "above the last break");
    }
}
