//! Usage of a CIP, derived from its ledger (issues minus returns) and kept on the CIP row so the item screens and
//! min/max tuning need no sum over the ledger.
//!
//! - `usage1 .. usage13`: thirteen 4-week periods; `usage1` is the period holding today. Periods are counted from
//!   Monday 2001-01-01 (period n covers days 28n .. 28n+27 after it), so every period starts on a Monday and 13
//!   periods are 52 weeks: the annual total is `usage1 + .. + usage13`.
//! - `month_usage[0..12]`: the calendar months January .. December of the last twelve months (the current month
//!   and the eleven before it); a slot is cleared when its month comes round again.
//! - `trans_count_cy` / `trans_count_py`: ledger rows of the CIP (every code) in the current and previous calendar
//!   year (UTC).
//!
//! The CIP row remembers which period, month and year its buckets are relative to (`usage_period`, `usage_month`,
//! `usage_year`); a posting first rolls the buckets forward to today (under the CIP's row lock), then adds the
//! row's usage to the bucket of its transaction date (late device reports land in their own period).

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use kernel::num::Quantity;

/// Days of a usage period.
pub const PERIOD_DAYS: i64 = 28;

fn anchor() -> NaiveDate {
    NaiveDate::from_ymd_opt(2001, 1, 1).expect("valid date")
}

/// The period index of a date (see the module text).
pub fn period_of(date: NaiveDate) -> i32 {
    (date - anchor()).num_days().div_euclid(PERIOD_DAYS) as i32
}

/// The first day of period `p`.
pub fn period_start(p: i32) -> NaiveDate {
    anchor() + chrono::Duration::days(p as i64 * PERIOD_DAYS)
}

/// year * 12 + month0.
pub fn month_of(date: NaiveDate) -> i32 {
    date.year() * 12 + date.month0() as i32
}

/// The usage columns of a CIP.
#[derive(Debug, Clone, PartialEq)]
pub struct Usage {
    pub usage: [Quantity; 13],
    pub month_usage: [Quantity; 12],
    pub trans_count_cy: i32,
    pub trans_count_py: i32,
    /// The period `usage[0]` is (None: never posted; buckets are taken as zero).
    pub usage_period: Option<i32>,
    pub usage_month: Option<i32>,
    pub usage_year: Option<i32>,
}

impl Usage {
    pub fn empty() -> Usage {
        Usage { usage: [Quantity::ZERO; 13], month_usage: [Quantity::ZERO; 12], trans_count_cy: 0, trans_count_py: 0, usage_period: None, usage_month: None, usage_year: None }
    }

    /// Moves the buckets so `usage[0]` is `today`'s period, the month slots cover the twelve months up to today's,
    /// and the counts are of today's year and the one before.
    pub fn roll_to(&mut self, today: NaiveDate) {
        let p = period_of(today);
        match self.usage_period {
            Some(old) if old < p => {
                let shift = (p - old) as usize;
                if shift >= 13 {
                    self.usage = [Quantity::ZERO; 13];
                } else {
                    for i in (0..13).rev() {
                        self.usage[i] = if i >= shift { self.usage[i - shift] } else { Quantity::ZERO };
                    }
                }
                self.usage_period = Some(p);
            }
            Some(_) => {}
            None => self.usage_period = Some(p),
        }
        let m = month_of(today);
        match self.usage_month {
            Some(old) if old < m => {
                if m - old >= 12 {
                    self.month_usage = [Quantity::ZERO; 12];
                } else {
                    for k in old + 1..=m {
                        self.month_usage[k.rem_euclid(12) as usize] = Quantity::ZERO;
                    }
                }
                self.usage_month = Some(m);
            }
            Some(_) => {}
            None => self.usage_month = Some(m),
        }
        let y = today.year();
        match self.usage_year {
            Some(old) if old < y => {
                self.trans_count_py = if y - old == 1 { self.trans_count_cy } else { 0 };
                self.trans_count_cy = 0;
                self.usage_year = Some(y);
            }
            Some(_) => {}
            None => self.usage_year = Some(y),
        }
    }

    /// Adds one ledger row dated `date` with `usage_qty` (issues +, returns -) to the buckets; call after
    /// [`Usage::roll_to`] with a date not before `date`.
    pub fn add(&mut self, date: NaiveDate, usage_qty: Quantity) {
        if let Some(p) = self.usage_period {
            let k = p - period_of(date);
            if (0..13).contains(&k) {
                self.usage[k as usize] += usage_qty;
            }
        }
        if let Some(m) = self.usage_month {
            let k = m - month_of(date);
            if (0..12).contains(&k) {
                self.month_usage[month_of(date).rem_euclid(12) as usize] += usage_qty;
            }
        }
        if let Some(y) = self.usage_year {
            if date.year() == y {
                self.trans_count_cy += 1;
            } else if date.year() == y - 1 {
                self.trans_count_py += 1;
            }
        }
    }

    /// Sum of the 13 periods.
    pub fn annual(&self) -> Quantity {
        self.usage.iter().sum()
    }
}

/// The UTC date of a time.
pub fn date_of(t: DateTime<Utc>) -> NaiveDate {
    t.date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(v: i64) -> Quantity {
        Quantity::from(v)
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("valid test date")
    }

    #[test]
    fn periods_are_four_weeks_starting_on_monday() {
        assert_eq!(period_of(d(2001, 1, 1)), 0);
        assert_eq!(period_of(d(2001, 1, 28)), 0);
        assert_eq!(period_of(d(2001, 1, 29)), 1);
        assert_eq!(period_of(d(2000, 12, 31)), -1);
        assert_eq!(period_start(period_of(d(2026, 11, 23))).weekday(), chrono::Weekday::Mon);
    }

    #[test]
    fn rolling_moves_usage_into_older_periods_and_clears_returning_months() {
        let mut u = Usage::empty();
        let day = d(2026, 3, 10);
        u.roll_to(day);
        u.add(day, q(5));
        u.add(day - chrono::Duration::days(28), q(2));
        assert_eq!(u.usage[0], q(5));
        assert_eq!(u.usage[1], q(2));
        assert_eq!(u.month_usage[2], q(5));
        // 28 days later: the period of the 5 is now usage2.
        u.roll_to(day + chrono::Duration::days(28));
        assert_eq!(u.usage[..3], [q(0), q(5), q(2)]);
        // A year later the March slot is cleared when March comes round again.
        u.roll_to(d(2027, 3, 1));
        assert_eq!(u.month_usage[2], q(0));
        assert_eq!(u.trans_count_py, 2);
        assert_eq!(u.trans_count_cy, 0);
        assert_eq!(u.annual(), u.usage.iter().sum::<Quantity>());
    }

    #[test]
    fn a_return_reduces_usage_and_old_rows_fall_outside_the_buckets() {
        let mut u = Usage::empty();
        let day = d(2026, 6, 15);
        u.roll_to(day);
        u.add(day, q(3));
        u.add(day, q(-1));
        u.add(d(2024, 1, 1), q(9));
        assert_eq!(u.usage[0], q(2));
        assert_eq!(u.annual(), q(2));
        assert_eq!(u.trans_count_cy, 2);
        assert_eq!(u.trans_count_py, 0);
    }
}
