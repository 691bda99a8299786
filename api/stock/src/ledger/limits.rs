//! Judging a draw against its limits (kernel::draw): what was drawn in each limit's period, from the ledger. One
//! judgement for every way stock is drawn: the movement calls judge the period around now; device reports judge both
//! the period of the time a line happened (where its row counts) and the period around now (so a late line cannot
//! slip past today's limit).
//!
//! Under concurrency a judgement holds only while nobody else can add to the sums it read: [`lock_draw`] takes, before
//! any sum is read, one transaction-scoped advisory lock per thing a limit counts (the employee: group, item-group and
//! item limits; each tracking code of the draw), always in one order, so draws sharing a limit serialise and two draws
//! can never wait on each other in a cycle. [`return_refusal`] keeps a return from crediting a limit by more than was
//! issued of the item in the limit's period.
use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};
use kernel::draw::{DrawLimit, LimitBreach, LimitSource, Period, TrackingSelection};
use kernel::num::{Quantity, UnitCost};
use tenancy::TenantTx;

use super::repo::{self, LockKey, UsedBy};

/// Takes the locks every limit of a draw by `employee_id` charged to `tracking` depends on, in the one order all draws
/// use: the employee first, then the tracking codes by id. Call it after the draw's rules are known and before any
/// sum is read (`first_breach`, `return_refusal`); the locks hold until the transaction ends.
///
/// The employee's lock covers the group, item-group and item limits (they count only that employee's draws) and the
/// employee's running totals; a tracking code's lock covers its limits and running totals, which every employee
/// charging the code adds to. Every tracking code of the draw is locked, not only those with a limit today, since
/// the posting writes each one's running total anyway.
pub async fn lock_draw(tx: &mut TenantTx, employee_id: i64, tracking: &TrackingSelection) -> Result<(), sqlx::Error> {
    let mut keys = vec![LockKey::Employee(employee_id)];
    let mut codes: Vec<i64> = tracking.ids.iter().flatten().copied().collect();
    codes.sort_unstable();
    codes.dedup();
    keys.extend(codes.into_iter().map(LockKey::TrackingCode));
    for key in keys {
        repo::lock_key(tx, key).await?;
    }
    Ok(())
}

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
/// supervisor (`supervised`) lets overridable limits pass. Exact: what was used (the unrounded sum of usage
/// quantity x unit cost the running totals keep) plus this draw's quantity x unit cost, against the limit.
#[allow(clippy::too_many_arguments)]
pub async fn first_breach(
    tx: &mut TenantTx,
    limits: &[DrawLimit],
    employee_id: i64,
    cid_no: Option<i64>,
    qty: Quantity,
    unit_cost: UnitCost,
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
            LimitSource::Item { .. } => qty.0,
            _ => qty.0 * unit_cost.0,
        };
        if used + this_draw > limit.amount {
            return Ok(Some(LimitBreach { limit: limit.clone(), used, this_draw }));
        }
    }
    Ok(None)
}

/// A return larger than what was issued of the item in some limit's period (or in the last year when no limit
/// applies): `issued` is the most that may come back for credit.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnBeyondIssued {
    /// "today", "this week", "this month", "this year" or "in the last year", with the limit's owner when it comes
    /// from one ("today (daily limit of tracking code CC-4100)").
    pub during: String,
    pub issued: Quantity,
    pub returned: Quantity,
}

impl ReturnBeyondIssued {
    pub fn message(&self, employee_number: &str, item: &str) -> String {
        format!(
            "Employee {employee_number} was issued {:.3} of item {item} {} that is not yet returned; a return credits a limit at most by what was issued, so {:.3} cannot be returned.",
            self.issued.max(Quantity::ZERO),
            self.during,
            self.returned
        )
    }
}

pub use super::repo::DrawSettings;

/// The site's settings of the draw rules: what a return beyond what was issued needs, and the device report window.
pub async fn settings(tx: &mut TenantTx) -> Result<DrawSettings, sqlx::Error> {
    repo::draw_settings(tx).await
}

/// How a refusal names the CIP's item: its customer item code, else its CIP code.
pub async fn item_name(tx: &mut TenantTx, cip_no: i64) -> Result<String, sqlx::Error> {
    Ok(repo::item_name(tx, cip_no).await?.unwrap_or_else(|| cip_no.to_string()))
}

/// How long ago an issue may be and still be returned when no limit of the employee applies (the longest period).
const RETURN_WINDOW_DAYS: i64 = 366;

fn during(period: Period) -> &'static str {
    match period {
        Period::Day => "today",
        Period::Week => "this week",
        Period::Month => "this month",
        Period::Year => "this year",
    }
}

/// Whether returning `qty` of the CIP (`cid_no` its item) by `employee_id`, charged to `tracking`, at `at` would
/// credit a limit by more than was issued: for each limit of the draw, the item's issues minus returns in the limit's
/// period (the employee's own for group, item-group and item limits; everyone's charged to the code for a tracking
/// code's limit) must cover the return, and in any case the employee's of the last year. Answers the tightest
/// shortfall. Call after [`lock_draw`].
#[allow(clippy::too_many_arguments)]
pub async fn return_refusal(
    tx: &mut TenantTx,
    limits: &[DrawLimit],
    employee_id: i64,
    cip_no: i64,
    cid_no: Option<i64>,
    tracking: &TrackingSelection,
    qty: Quantity,
    at: DateTime<Utc>,
) -> Result<Option<ReturnBeyondIssued>, sqlx::Error> {
    let mut checks: Vec<(String, Quantity)> = Vec::new();
    let year_ago = at - Duration::days(RETURN_WINDOW_DAYS);
    let tomorrow = period_of(Period::Day, at).1;
    checks.push(("in the last year".to_owned(), repo::issued_to_employee(tx, employee_id, cip_no, cid_no, year_ago, tomorrow).await?));
    let mut seen = std::collections::HashSet::new();
    for limit in limits {
        let (from, to) = period_of(limit.period, at);
        match &limit.source {
            LimitSource::Group { .. } | LimitSource::ItemGroup { .. } | LimitSource::Item { .. } => {
                if let LimitSource::Item { cid_no: limit_cid, .. } = &limit.source {
                    if Some(*limit_cid) != cid_no {
                        continue;
                    }
                }
                if seen.insert((0, 0, limit.period as u8)) {
                    let issued = repo::issued_to_employee(tx, employee_id, cip_no, cid_no, from, to).await?;
                    checks.push((format!("{} ({} limit)", during(limit.period), limit.period.adjective()), issued));
                }
            }
            LimitSource::TrackingCode { level, tracking_code_id, tracking_number } => {
                if tracking.ids.get(usize::from(level.saturating_sub(1))).copied().flatten() != Some(*tracking_code_id) {
                    continue;
                }
                if seen.insert((*level, *tracking_code_id, limit.period as u8)) {
                    let issued = repo::issued_to_tracking_code(tx, *level, *tracking_code_id, cip_no, cid_no, from, to).await?;
                    checks.push((format!("{} ({} limit of tracking code {tracking_number})", during(limit.period), limit.period.adjective()), issued));
                }
            }
        }
    }
    Ok(checks
        .into_iter()
        .filter(|(_, issued)| qty > *issued)
        .min_by_key(|(_, issued)| *issued)
        .map(|(during, issued)| ReturnBeyondIssued { during, issued, returned: qty }))
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
