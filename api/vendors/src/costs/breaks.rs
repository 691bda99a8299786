//! The cost for a quantity (domain.md section 4): the break whose quantity is the largest not above the ordered
//! quantity. Pure, so the catalogue look-up, the console's calculator (through the look-up) and the review agree.

/// One quantity break as stored: quantity and cost of slot `n` (1..8).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Break {
    pub qty: f64,
    pub cost: f64,
}

/// The break that prices an order: its slot (1-based) and values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Priced {
    pub slot: usize,
    pub qty: f64,
    pub cost: f64,
}

/// The cost for ordering `qty` given the 8 break slots (a missing slot is `None`, wherever it is). `None` when `qty`
/// is below every break (under the minimum order), not a positive number, or there is no break at all. Slots need
/// not be in order: the largest break quantity not above `qty` wins, the earlier slot on a tie.
pub fn cost_for_quantity(slots: &[Option<Break>], qty: f64) -> Option<Priced> {
    if !qty.is_finite() || qty <= 0.0 {
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
    use super::*;

    fn slots(pairs: &[(f64, f64)]) -> Vec<Option<Break>> {
        pairs.iter().map(|&(qty, cost)| Some(Break { qty, cost })).collect()
    }

    #[test]
    fn below_the_first_break_there_is_no_cost() {
        assert_eq!(cost_for_quantity(&slots(&[(10.0, 5.0), (50.0, 4.0)]), 9.0), None);
    }

    #[test]
    fn exactly_on_a_break_that_break_applies() {
        let s = slots(&[(1.0, 5.0), (10.0, 4.5), (50.0, 4.0)]);
        assert_eq!(cost_for_quantity(&s, 10.0), Some(Priced { slot: 2, qty: 10.0, cost: 4.5 }));
        assert_eq!(cost_for_quantity(&s, 1.0), Some(Priced { slot: 1, qty: 1.0, cost: 5.0 }));
    }

    #[test]
    fn between_two_breaks_the_lower_one_applies() {
        let s = slots(&[(1.0, 5.0), (10.0, 4.5), (50.0, 4.0)]);
        assert_eq!(cost_for_quantity(&s, 49.0).map(|p| p.cost), Some(4.5));
        assert_eq!(cost_for_quantity(&s, 10.5).map(|p| p.slot), Some(2));
    }

    #[test]
    fn above_the_last_break_the_last_one_applies() {
        let s = slots(&[(1.0, 5.0), (10.0, 4.5), (50.0, 4.0)]);
        assert_eq!(cost_for_quantity(&s, 1_000_000.0), Some(Priced { slot: 3, qty: 50.0, cost: 4.0 }));
    }

    #[test]
    fn missing_breaks_are_skipped_wherever_they_are() {
        let s = vec![Some(Break { qty: 1.0, cost: 3.0 }), None, Some(Break { qty: 20.0, cost: 2.0 }), None, None, None, None, None];
        assert_eq!(cost_for_quantity(&s, 19.0).map(|p| p.slot), Some(1));
        assert_eq!(cost_for_quantity(&s, 20.0).map(|p| p.slot), Some(3));
        assert_eq!(cost_for_quantity(&[None; 8], 5.0), None);
        assert_eq!(cost_for_quantity(&[], 5.0), None);
    }

    #[test]
    fn unordered_slots_still_give_the_largest_break_not_above_the_quantity() {
        let s = slots(&[(50.0, 4.0), (1.0, 5.0), (10.0, 4.5)]);
        assert_eq!(cost_for_quantity(&s, 30.0).map(|p| p.cost), Some(4.5));
    }

    #[test]
    fn a_zero_negative_or_unknown_quantity_has_no_cost() {
        let s = slots(&[(1.0, 5.0)]);
        assert_eq!(cost_for_quantity(&s, 0.0), None);
        assert_eq!(cost_for_quantity(&s, -3.0), None);
        assert_eq!(cost_for_quantity(&s, f64::NAN), None);
        assert_eq!(cost_for_quantity(&s, f64::INFINITY), None);
    }

    #[test]
    fn fractional_quantities_compare_exactly() {
        let s = slots(&[(0.5, 9.0), (2.5, 8.0)]);
        assert_eq!(cost_for_quantity(&s, 2.499).map(|p| p.cost), Some(9.0));
        assert_eq!(cost_for_quantity(&s, 0.4), None);
    }
}
