//! The min/max tuning formula (docs/min-max-tuning.md), pure: usage, lead time and settings in, suggestion out.
//! The worked examples of the document are the unit tests below. Exact decimals throughout; the square roots and the
//! logarithm of the normal quantile are rust_decimal's (28 significant digits), and each figure is rounded once, by
//! its kind, where it becomes part of the suggestion.

use std::str::FromStr;

use kernel::num::{Decimal, Factor, Money, Percent, Quantity, UnitCost};
use rust_decimal::prelude::MathematicalOps;

/// Days in one usage period (13 periods of 28 days make the year of `usage1..usage13`).
pub const PERIOD_DAYS: i64 = 28;
/// Periods in the usage history.
pub const PERIODS: usize = 13;

/// The five warning types (`warn_type_id1..5`; slot N holds N when warning N applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Warning {
    /// No usage in the 13 periods: nothing to size the CIP from.
    NoUsage = 1,
    /// Usage swings more than the site's coefficient-of-variation limit: the normal model is a poor fit.
    ErraticUsage = 2,
    /// The CID has no average lead time: the site's default lead time was used.
    LeadTimeMissing = 3,
    /// The suggestion is far from the current min or max (or the CIP has none).
    FarFromCurrent = 4,
    /// On hand is above the suggested max: excess stock.
    OnHandAboveMax = 5,
}

impl Warning {
    pub const ALL: [Warning; 5] = [Self::NoUsage, Self::ErraticUsage, Self::LeadTimeMissing, Self::FarFromCurrent, Self::OnHandAboveMax];

    pub fn id(self) -> i16 {
        self as i16
    }

    pub fn from_id(id: i16) -> Option<Self> {
        Self::ALL.into_iter().find(|w| w.id() == id)
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::NoUsage => "noUsage",
            Self::ErraticUsage => "erraticUsage",
            Self::LeadTimeMissing => "leadTimeMissing",
            Self::FarFromCurrent => "farFromCurrent",
            Self::OnHandAboveMax => "onHandAboveMax",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Self::NoUsage => "No usage in the last 13 periods.",
            Self::ErraticUsage => "Usage is erratic: review the suggestion before accepting it.",
            Self::LeadTimeMissing => "The item has no lead time: the site's default lead time was used.",
            Self::FarFromCurrent => "The suggestion is far from the current min/max.",
            Self::OnHandAboveMax => "On hand is above the suggested max.",
        }
    }
}

/// The site's tuning settings.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Percent, 50 to 99.9.
    pub service_level: Percent,
    pub default_lead_time_days: i32,
    /// Cost of placing one order.
    pub order_cost: Money,
    /// Yearly holding cost as a fraction of the unit cost.
    pub holding_rate: Factor,
    /// Percent difference from the current min/max that raises [`Warning::FarFromCurrent`].
    pub far_percent: Percent,
    /// Coefficient of variation of period usage above which usage is erratic.
    pub erratic_cv: Factor,
}

/// What the formula needs to know about one CIP.
#[derive(Debug, Clone)]
pub struct Input {
    /// usage1 (most recent) .. usage13.
    pub usage: [Quantity; PERIODS],
    /// The CID's average lead time in days, if any.
    pub lead_time_days: Option<i32>,
    pub unit_cost: Option<UnitCost>,
    pub lot_qty: Option<Quantity>,
    pub current_min: Option<Quantity>,
    pub current_max: Option<Quantity>,
    pub on_hand: Quantity,
}

/// The suggestion with the figures it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    pub aau: Quantity,
    pub period_mean: Quantity,
    pub period_std_dev: Quantity,
    pub lead_time_days: i32,
    pub z: Factor,
    pub safety_stock: Quantity,
    pub lead_time_demand: Quantity,
    pub min: Quantity,
    pub max: Quantity,
    pub roq: Quantity,
    pub warnings: Vec<Warning>,
}

impl Suggestion {
    /// `warn_type_id1..5`: slot N holds N when warning N applies.
    pub fn slots(&self) -> [Option<i16>; 5] {
        let mut out = [None; 5];
        for w in &self.warnings {
            out[usize::from(w.id().unsigned_abs()) - 1] = Some(w.id());
        }
        out
    }
}

fn d(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap_or_default()
}

/// `((((c0 x + c1) x + c2) x + ...) x + cn)`.
fn horner(coefficients: &[&str], x: Decimal) -> Decimal {
    coefficients.iter().fold(Decimal::ZERO, |acc, c| acc * x + d(c))
}

/// The standard normal quantile (inverse CDF) of `p` in (0, 1): Acklam's rational approximation (relative error
/// below 1.2e-9), enough for a service level. The coefficients are the published ones, digit for digit.
pub fn z_for(p: Decimal) -> Decimal {
    const A: [&str; 6] = ["-39.69683028665376", "220.9460984245205", "-275.9285104469687", "138.3577518672690", "-30.66479806614716", "2.506628277459239"];
    const B: [&str; 6] = ["-54.47609879822406", "161.5858368580409", "-155.6989798598866", "66.80131188771972", "-13.28068155288572", "1"];
    const C: [&str; 6] = ["-0.007784894002430293", "-0.3223964580411365", "-2.400758277161838", "-2.549732539343734", "4.374664141464968", "2.938163982698783"];
    const D: [&str; 5] = ["0.007784695709041462", "0.3224671290700398", "2.445134137142996", "3.754408661907416", "1"];
    let low = d("0.02425");
    let tiny = d("0.000000001");
    let p = p.clamp(tiny, Decimal::ONE - tiny);
    // The tails: q = sqrt(-2 ln p), of a p kept inside (0, 1) above.
    let tail = |p: Decimal| (Decimal::TWO * -p.ln()).sqrt().unwrap_or_default();
    if p < low {
        let q = tail(p);
        horner(&C, q) / horner(&D, q)
    } else if p <= Decimal::ONE - low {
        let q = p - d("0.5");
        let r = q * q;
        horner(&A, r) * q / horner(&B, r)
    } else {
        let q = tail(Decimal::ONE - p);
        -horner(&C, q) / horner(&D, q)
    }
}

/// Rounds a quantity up to a whole unit, never below zero.
fn ceil_units(x: Quantity) -> Decimal {
    x.0.ceil().max(Decimal::ZERO)
}

/// Is `suggested` more than `percent` away from `current` (relative to current, at least 1 unit)?
fn far(current: Quantity, suggested: Quantity, percent: Percent) -> bool {
    (suggested.0 - current.0).abs() > percent.of(current.0.abs().max(Decimal::ONE))
}

/// `a x b`, or the largest decimal when it would overflow (usage beyond any real stock): the suggestion then fails to
/// store, as a double's would have, instead of the job panicking.
fn times(a: Decimal, b: Decimal) -> Decimal {
    a.checked_mul(b).unwrap_or(Decimal::MAX)
}

/// The suggestion for one CIP (docs/min-max-tuning.md):
/// - AAU = usage1 + .. + usage13; daily demand d = AAU / 364; period mean and sample standard deviation σ;
/// - lead time L (days): the CID's, else the site's default ([`Warning::LeadTimeMissing`]);
/// - safety stock SS = z · σ · √(L / 28); lead-time demand LTD = d · L; min = ⌈SS + LTD⌉;
/// - reorder quantity: EOQ = √(2 · AAU · order cost / (holding rate · unit cost)) rounded up, or one period's
///   demand ⌈28 · d⌉ when there is no unit cost or order cost; rounded up to a multiple of the lot quantity;
/// - max = min + reorder quantity.
pub fn suggest(input: &Input, s: &Settings) -> Suggestion {
    let aau: Decimal = input.usage.iter().map(|u| u.0).sum();
    let n = Decimal::from(PERIODS as i64);
    let mean = aau / n;
    let squares = input.usage.iter().fold(Decimal::ZERO, |acc, u| acc.saturating_add(times(u.0 - mean, u.0 - mean)));
    let std_dev = (squares / (n - Decimal::ONE)).sqrt().unwrap_or_default();
    let (lead, lead_missing) = match input.lead_time_days {
        Some(l) if l > 0 => (l, false),
        _ => (s.default_lead_time_days, true),
    };
    let z = z_for(s.service_level.0 / Decimal::ONE_HUNDRED);
    let period_days = Decimal::from(PERIOD_DAYS);
    let daily = aau / (n * period_days);
    let lead_days = Decimal::from(lead);
    let safety = times(z * std_dev, (lead_days / period_days).sqrt().unwrap_or_default());
    let ltd = times(daily, lead_days);
    let mut warnings = Vec::new();
    let (min, roq) = if aau <= Decimal::ZERO {
        warnings.push(Warning::NoUsage);
        (Decimal::ZERO, Decimal::ZERO)
    } else {
        let min = ceil_units(Quantity::round(safety.saturating_add(ltd)));
        let eoq = match input.unit_cost {
            Some(c) if c > UnitCost::ZERO && s.order_cost > Money::ZERO => {
                let yearly = times(times(Decimal::TWO, aau), s.order_cost.0);
                yearly.checked_div(s.holding_rate.0 * c.0).unwrap_or(Decimal::MAX).sqrt().unwrap_or_default()
            }
            _ => daily * period_days,
        };
        let mut roq = ceil_units(Quantity::round(eoq)).max(Decimal::ONE);
        if let Some(lot) = input.lot_qty.filter(|l| *l > Quantity::ZERO) {
            roq = times(ceil_units(Quantity::round(roq / lot.0)), lot.0).max(lot.0);
        }
        (min, roq)
    };
    let max = min.saturating_add(roq);
    if mean > Decimal::ZERO && std_dev / mean > s.erratic_cv.0 {
        warnings.push(Warning::ErraticUsage);
    }
    if lead_missing {
        warnings.push(Warning::LeadTimeMissing);
    }
    let (min, max, roq) = (Quantity::new(min), Quantity::new(max), Quantity::new(roq));
    let is_far = match (input.current_min, input.current_max) {
        (Some(cmin), Some(cmax)) => far(cmin, min, s.far_percent) || far(cmax, max, s.far_percent),
        _ => true,
    };
    if is_far {
        warnings.push(Warning::FarFromCurrent);
    }
    if input.on_hand > max {
        warnings.push(Warning::OnHandAboveMax);
    }
    Suggestion {
        aau: Quantity::round(aau),
        period_mean: Quantity::round(mean),
        period_std_dev: Quantity::round(std_dev),
        lead_time_days: lead,
        z: Factor::round(z),
        safety_stock: Quantity::round(safety),
        lead_time_demand: Quantity::round(ltd),
        min,
        max,
        roq,
        warnings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(v: &str) -> Quantity {
        Quantity::from_str(v).expect("quantity")
    }

    fn qs(v: [i64; PERIODS]) -> [Quantity; PERIODS] {
        v.map(Quantity::from)
    }

    fn site() -> Settings {
        Settings {
            service_level: Percent::from(95),
            default_lead_time_days: 14,
            order_cost: Money::from(25),
            holding_rate: Factor::from_str("0.25").expect("factor"),
            far_percent: Percent::from(50),
            erratic_cv: Factor::from(1),
        }
    }

    fn input(usage: [Quantity; PERIODS]) -> Input {
        Input { usage, lead_time_days: Some(14), unit_cost: Some(UnitCost::from(2)), lot_qty: None, current_min: Some(q("5")), current_max: Some(q("110")), on_hand: q("20") }
    }

    fn z(p: &str) -> Factor {
        Factor::round(z_for(d(p)))
    }

    #[test]
    fn the_service_level_gives_the_textbook_z() {
        assert_eq!(z("0.95"), Factor::from_str("1.6449").expect("z"));
        assert_eq!(z("0.975"), Factor::from_str("1.96").expect("z"));
        assert_eq!(z("0.99"), Factor::from_str("2.3263").expect("z"));
        assert_eq!(z("0.5"), Factor::ZERO);
        assert_eq!(z("0.999"), Factor::from_str("3.0902").expect("z"));
        // The lower tail mirrors the upper.
        assert_eq!(z("0.001"), Factor::from_str("-3.0902").expect("z"));
    }

    /// Example 1 of docs/min-max-tuning.md: steady usage of 10 a period, lead time 14 days, unit cost 2.
    #[test]
    fn steady_usage_needs_no_safety_stock_and_orders_the_economic_quantity() {
        let s = suggest(&input(qs([10; PERIODS])), &site());
        assert_eq!(s.aau, q("130"));
        assert_eq!(s.period_std_dev, q("0"));
        assert_eq!(s.safety_stock, q("0"));
        // LTD = 130 / 364 * 14 = 5
        assert_eq!(s.lead_time_demand, q("5"));
        assert_eq!(s.min, q("5"));
        // EOQ = sqrt(2 * 130 * 25 / (0.25 * 2)) = sqrt(13000) = 114.02 -> 115
        assert_eq!(s.roq, q("115"));
        assert_eq!(s.max, q("120"));
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
        assert_eq!(s.slots(), [None; 5]);
    }

    /// Example 2: usage swinging 12/8 (sigma 2), lead time 28 days, no cost, lot of 4.
    #[test]
    fn variable_usage_adds_safety_stock_and_the_lot_rounds_the_reorder_quantity() {
        let mut i = input(qs([12, 8, 12, 8, 12, 8, 12, 8, 12, 8, 12, 8, 10]));
        i.lead_time_days = Some(28);
        i.unit_cost = None;
        i.lot_qty = Some(q("4"));
        i.current_min = Some(q("14"));
        i.current_max = Some(q("26"));
        let s = suggest(&i, &site());
        assert_eq!(s.aau, q("130"));
        assert_eq!(s.period_std_dev, q("2"));
        // SS = 1.6449 * 2 * sqrt(28/28) = 3.290; LTD = 130/364*28 = 10; min = ceil(13.290) = 14
        assert_eq!(s.safety_stock, q("3.29"));
        assert_eq!(s.lead_time_demand, q("10"));
        assert_eq!(s.min, q("14"));
        // one period's demand = 10, rounded up to lots of 4 = 12; max = 26
        assert_eq!(s.roq, q("12"));
        assert_eq!(s.max, q("26"));
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    /// Example 3: no usage, no lead time, no current min/max, 20 on hand: four warnings at once.
    #[test]
    fn no_usage_suggests_zero_with_its_warnings() {
        let mut i = input(qs([0; PERIODS]));
        i.lead_time_days = None;
        i.current_min = None;
        i.current_max = None;
        let s = suggest(&i, &site());
        assert_eq!((s.min, s.max, s.roq), (q("0"), q("0"), q("0")));
        assert_eq!(s.lead_time_days, 14);
        assert_eq!(s.warnings, vec![Warning::NoUsage, Warning::LeadTimeMissing, Warning::FarFromCurrent, Warning::OnHandAboveMax]);
        assert_eq!(s.slots(), [Some(1), None, Some(3), Some(4), Some(5)]);
    }

    /// Example 4: one burst of 130 in thirteen periods (mean 10, sigma 36.06): erratic, and far from 5/120.
    #[test]
    fn a_single_burst_is_erratic_and_far_from_the_current_settings() {
        let mut usage = qs([0; PERIODS]);
        usage[0] = q("130");
        let mut i = input(usage);
        i.current_max = Some(q("120"));
        let s = suggest(&i, &site());
        assert_eq!(s.period_std_dev, q("36.056"));
        // SS = 1.64485 * 36.05551 * sqrt(14/28) = 41.9357; LTD 5; min = ceil(46.936) = 47
        assert_eq!(s.safety_stock, q("41.936"));
        assert_eq!(s.min, q("47"));
        assert_eq!(s.roq, q("115"));
        assert_eq!(s.max, q("162"));
        assert_eq!(s.warnings, vec![Warning::ErraticUsage, Warning::FarFromCurrent]);
    }

    /// Fractional usage sums exactly: thirteen periods of 0.1 are an AAU of 1.3, not 1.2999999999999998.
    #[test]
    fn fractional_usage_adds_up_exactly() {
        let s = suggest(&input([q("0.1"); PERIODS]), &site());
        assert_eq!(s.aau, q("1.3"));
        assert_eq!(s.period_mean, q("0.1"));
        assert_eq!(s.period_std_dev, q("0"));
        // LTD = 1.3 / 364 * 14 = 0.05 -> min 1
        assert_eq!(s.lead_time_demand, q("0.05"));
        assert_eq!(s.min, q("1"));
    }

    /// Usage far beyond any stock does not panic the job (it fails to store instead).
    #[test]
    fn absurd_usage_does_not_overflow() {
        let mut usage = qs([0; PERIODS]);
        usage[0] = q("999999999999999");
        // (u - mean)^2 is about 8.5e29, past the largest decimal: the sum saturates.
        let s = suggest(&input(usage), &site());
        assert!(s.min > Quantity::ZERO);
    }
}
