//! The min/max tuning formula (docs/min-max-tuning.md), pure: usage, lead time and settings in, suggestion out.
//! The worked examples of the document are the unit tests below.

/// Days in one usage period (13 periods of 28 days make the year of `usage1..usage13`).
pub const PERIOD_DAYS: f64 = 28.0;
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
    pub service_level: f64,
    pub default_lead_time_days: i32,
    /// Cost of placing one order.
    pub order_cost: f64,
    /// Yearly holding cost as a fraction of the unit cost.
    pub holding_rate: f64,
    /// Percent difference from the current min/max that raises [`Warning::FarFromCurrent`].
    pub far_percent: f64,
    /// Coefficient of variation of period usage above which usage is erratic.
    pub erratic_cv: f64,
}

/// What the formula needs to know about one CIP.
#[derive(Debug, Clone)]
pub struct Input {
    /// usage1 (most recent) .. usage13.
    pub usage: [f64; PERIODS],
    /// The CID's average lead time in days, if any.
    pub lead_time_days: Option<i32>,
    pub unit_cost: Option<f64>,
    pub lot_qty: Option<f64>,
    pub current_min: Option<f64>,
    pub current_max: Option<f64>,
    pub on_hand: f64,
}

/// The suggestion with the figures it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    pub aau: f64,
    pub period_mean: f64,
    pub period_std_dev: f64,
    pub lead_time_days: i32,
    pub z: f64,
    pub safety_stock: f64,
    pub lead_time_demand: f64,
    pub min: f64,
    pub max: f64,
    pub roq: f64,
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

/// The standard normal quantile (inverse CDF) of `p` in (0, 1): Acklam's rational approximation (relative error
/// below 1.2e-9), enough for a service level. The coefficients are the published ones, digit for digit.
#[allow(clippy::excessive_precision)]
pub fn z_for(p: f64) -> f64 {
    const A: [f64; 6] = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.383577518672690e2, -3.066479806614716e1, 2.506628277459239];
    const B: [f64; 5] = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
    const C: [f64; 6] = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
    const D: [f64; 4] = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
    const LOW: f64 = 0.02425;
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    if p < LOW {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - LOW {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        let q = (-2.0 * (1.0 - p).ln()).sqrt();
        -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    }
}

/// Rounds up to a whole unit, ignoring floating-point dust (5.000000000000001 is 5).
fn ceil_units(x: f64) -> f64 {
    (x - 1e-6).ceil().max(0.0)
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Is `suggested` more than `percent` away from `current` (relative to current, at least 1 unit)?
fn far(current: f64, suggested: f64, percent: f64) -> bool {
    (suggested - current).abs() > current.abs().max(1.0) * percent / 100.0
}

/// The suggestion for one CIP (docs/min-max-tuning.md):
/// - AAU = usage1 + .. + usage13; daily demand d = AAU / 364; period mean and sample standard deviation σ;
/// - lead time L (days): the CID's, else the site's default ([`Warning::LeadTimeMissing`]);
/// - safety stock SS = z · σ · √(L / 28); lead-time demand LTD = d · L; min = ⌈SS + LTD⌉;
/// - reorder quantity: EOQ = √(2 · AAU · order cost / (holding rate · unit cost)) rounded up, or one period's
///   demand ⌈28 · d⌉ when there is no unit cost or order cost; rounded up to a multiple of the lot quantity;
/// - max = min + reorder quantity.
pub fn suggest(input: &Input, s: &Settings) -> Suggestion {
    let aau: f64 = input.usage.iter().sum();
    let n = PERIODS as f64;
    let mean = aau / n;
    let var = input.usage.iter().map(|u| (u - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let std_dev = var.sqrt();
    let (lead, lead_missing) = match input.lead_time_days {
        Some(l) if l > 0 => (l, false),
        _ => (s.default_lead_time_days, true),
    };
    let z = z_for(s.service_level / 100.0);
    let daily = aau / (n * PERIOD_DAYS);
    let lead_f = f64::from(lead);
    let safety = z * std_dev * (lead_f / PERIOD_DAYS).sqrt();
    let ltd = daily * lead_f;
    let mut warnings = Vec::new();
    let (min, roq) = if aau <= 0.0 {
        warnings.push(Warning::NoUsage);
        (0.0, 0.0)
    } else {
        let min = ceil_units(round3(safety + ltd));
        let eoq = match input.unit_cost {
            Some(c) if c > 0.0 && s.order_cost > 0.0 => (2.0 * aau * s.order_cost / (s.holding_rate * c)).sqrt(),
            _ => daily * PERIOD_DAYS,
        };
        let mut roq = ceil_units(round3(eoq)).max(1.0);
        if let Some(lot) = input.lot_qty.filter(|l| *l > 0.0) {
            roq = (ceil_units(round3(roq / lot)) * lot).max(lot);
        }
        (min, roq)
    };
    let max = min + roq;
    if mean > 0.0 && std_dev / mean > s.erratic_cv {
        warnings.push(Warning::ErraticUsage);
    }
    if lead_missing {
        warnings.push(Warning::LeadTimeMissing);
    }
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
        aau: round3(aau),
        period_mean: round3(mean),
        period_std_dev: round3(std_dev),
        lead_time_days: lead,
        z: (z * 10_000.0).round() / 10_000.0,
        safety_stock: round3(safety),
        lead_time_demand: round3(ltd),
        min,
        max,
        roq,
        warnings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SITE: Settings = Settings { service_level: 95.0, default_lead_time_days: 14, order_cost: 25.0, holding_rate: 0.25, far_percent: 50.0, erratic_cv: 1.0 };

    fn input(usage: [f64; PERIODS]) -> Input {
        Input { usage, lead_time_days: Some(14), unit_cost: Some(2.0), lot_qty: None, current_min: Some(5.0), current_max: Some(110.0), on_hand: 20.0 }
    }

    #[test]
    fn the_service_level_gives_the_textbook_z() {
        assert!((z_for(0.95) - 1.6449).abs() < 1e-4);
        assert!((z_for(0.975) - 1.9600).abs() < 1e-4);
        assert!((z_for(0.99) - 2.3263).abs() < 1e-4);
        assert!(z_for(0.5).abs() < 1e-9);
        assert!((z_for(0.999) - 3.0902).abs() < 1e-4);
    }

    /// Example 1 of docs/min-max-tuning.md: steady usage of 10 a period, lead time 14 days, unit cost 2.
    #[test]
    fn steady_usage_needs_no_safety_stock_and_orders_the_economic_quantity() {
        let s = suggest(&input([10.0; PERIODS]), &SITE);
        assert_eq!(s.aau, 130.0);
        assert_eq!(s.period_std_dev, 0.0);
        assert_eq!(s.safety_stock, 0.0);
        // LTD = 130 / 364 * 14 = 5
        assert_eq!(s.lead_time_demand, 5.0);
        assert_eq!(s.min, 5.0);
        // EOQ = sqrt(2 * 130 * 25 / (0.25 * 2)) = sqrt(13000) = 114.02 -> 115
        assert_eq!(s.roq, 115.0);
        assert_eq!(s.max, 120.0);
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
        assert_eq!(s.slots(), [None; 5]);
    }

    /// Example 2: usage swinging 12/8 (sigma 2), lead time 28 days, no cost, lot of 4.
    #[test]
    fn variable_usage_adds_safety_stock_and_the_lot_rounds_the_reorder_quantity() {
        let mut i = input([12.0, 8.0, 12.0, 8.0, 12.0, 8.0, 12.0, 8.0, 12.0, 8.0, 12.0, 8.0, 10.0]);
        i.lead_time_days = Some(28);
        i.unit_cost = None;
        i.lot_qty = Some(4.0);
        i.current_min = Some(14.0);
        i.current_max = Some(26.0);
        let s = suggest(&i, &SITE);
        assert_eq!(s.aau, 130.0);
        assert_eq!(s.period_std_dev, 2.0);
        // SS = 1.6449 * 2 * sqrt(28/28) = 3.290; LTD = 130/364*28 = 10; min = ceil(13.290) = 14
        assert_eq!(s.safety_stock, 3.29);
        assert_eq!(s.lead_time_demand, 10.0);
        assert_eq!(s.min, 14.0);
        // one period's demand = 10, rounded up to lots of 4 = 12; max = 26
        assert_eq!(s.roq, 12.0);
        assert_eq!(s.max, 26.0);
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    /// Example 3: no usage, no lead time, no current min/max, 20 on hand: four warnings at once.
    #[test]
    fn no_usage_suggests_zero_with_its_warnings() {
        let mut i = input([0.0; PERIODS]);
        i.lead_time_days = None;
        i.current_min = None;
        i.current_max = None;
        let s = suggest(&i, &SITE);
        assert_eq!((s.min, s.max, s.roq), (0.0, 0.0, 0.0));
        assert_eq!(s.lead_time_days, 14);
        assert_eq!(s.warnings, vec![Warning::NoUsage, Warning::LeadTimeMissing, Warning::FarFromCurrent, Warning::OnHandAboveMax]);
        assert_eq!(s.slots(), [Some(1), None, Some(3), Some(4), Some(5)]);
    }

    /// Example 4: one burst of 130 in thirteen periods (mean 10, sigma 36.06): erratic, and far from 5/120.
    #[test]
    fn a_single_burst_is_erratic_and_far_from_the_current_settings() {
        let mut usage = [0.0; PERIODS];
        usage[0] = 130.0;
        let mut i = input(usage);
        i.current_max = Some(120.0);
        let s = suggest(&i, &SITE);
        assert_eq!(s.period_std_dev, 36.056);
        // SS = 1.6449 * 36.0555 * sqrt(14/28) = 41.937; LTD 5; min = ceil(46.937) = 47
        assert_eq!(s.min, 47.0);
        assert_eq!(s.roq, 115.0);
        assert_eq!(s.max, 162.0);
        assert_eq!(s.warnings, vec![Warning::ErraticUsage, Warning::FarFromCurrent]);
    }
}
