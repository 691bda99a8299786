//! Judging a draw against its limits (kernel::draw): what was drawn in each limit's period, from the ledger. One
//! judgement for every way stock is drawn: the movement calls judge the period around now, device reports the
//! period around the time a line happened (a late line counts in its own day, week, month or year).

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};
use kernel::draw::{DrawLimit, LimitBreach, LimitSource, Period};
use tenancy::TenantTx;

use super::repo::{self, UsedBy};

/// The period `at` falls in: [start, end), calendar days, Monday weeks, calendar months and years (UTC).
pub fn period_of(period: Period, at: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    let d = at.date_naive();
    let (start, end) = match period {
        Period::Day => (d, d + Duration::days(1)),
        Period::Week => {
            let s = d - Duration::days(i64::from(d.weekday().num_days_from_monday()));
            (s, s + Duration::days(7))
        }
        Period::Month => {
            let s = d.with_day(1).unwrap_or(d);
            (s, s.checked_add_months(Months::new(1)).unwrap_or(s))
        }
        Period::Year => {
            let s = NaiveDate::from_ymd_opt(d.year(), 1, 1).unwrap_or(d);
            (s, s.checked_add_months(Months::new(12)).unwrap_or(s))
        }
    };
    let utc = |x: NaiveDate| x.and_hms_opt(0, 0, 0).map(|t| t.and_utc()).unwrap_or(at);
    (utc(start), utc(end))
}

/// The first limit that drawing `qty` of the CID at `unit_cost` on `at` would pass, with what was used. A named
/// supervisor (`supervised`) lets overridable limits pass.
#[allow(clippy::too_many_arguments)]
pub async fn first_breach(
    tx: &mut TenantTx,
    limits: &[DrawLimit],
    employee_id: i64,
    cid_no: Option<i64>,
    qty: f64,
    unit_cost: f64,
    supervised: bool,
    at: DateTime<Utc>,
) -> Result<Option<LimitBreach>, sqlx::Error> {
    let mut judged = Vec::with_capacity(limits.len());
    for limit in limits {
        if limit.overridable && supervised {
            continue;
        }
        let by = match &limit.source {
            LimitSource::Group { .. } => UsedBy::Employee(employee_id),
            LimitSource::ItemGroup { item_group_id, .. } => UsedBy::EmployeeItemGroup(employee_id, *item_group_id),
            LimitSource::TrackingCode { level, tracking_code_id, .. } => UsedBy::Tracking(*level, *tracking_code_id),
            // An item limit only counts draws of its own item.
            LimitSource::Item { cid_no: limit_cid, .. } if Some(*limit_cid) != cid_no => continue,
            LimitSource::Item { cid_no: limit_cid, .. } => UsedBy::EmployeeCid(employee_id, *limit_cid),
        };
        let (from, to) = period_of(limit.period, at);
        judged.push((limit, (by, from, to)));
    }
    let asks: Vec<_> = judged.iter().map(|(_, ask)| *ask).collect();
    let used = repo::used_between(tx, &asks).await?;
    for ((limit, _), used) in judged.into_iter().zip(used) {
        let this_draw = match limit.source {
            LimitSource::Item { .. } => qty,
            _ => (qty * unit_cost * 1000.0).round() / 1000.0,
        };
        if used + this_draw > limit.amount + 1e-9 {
            return Ok(Some(LimitBreach { limit: limit.clone(), used, this_draw }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_calendar_days_monday_weeks_months_and_years() {
        let at = NaiveDate::from_ymd_opt(2026, 11, 22).and_then(|d| d.and_hms_opt(15, 30, 0)).map(|t| t.and_utc()).unwrap_or_default();
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| t.and_utc()).unwrap_or_default();
        assert_eq!(period_of(Period::Day, at), (day(2026, 11, 22), day(2026, 11, 23)));
        assert_eq!(period_of(Period::Week, at), (day(2026, 11, 16), day(2026, 11, 23)));
        assert_eq!(period_of(Period::Month, at), (day(2026, 11, 1), day(2026, 12, 1)));
        assert_eq!(period_of(Period::Year, at), (day(2026, 1, 1), day(2027, 1, 1)));
    }
}
