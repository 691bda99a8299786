//! The limits of the drawer's employee groups and of their item groups (docs/employee-groups.md, "Limits at the
//! crib").
//!
//! Every group the drawer belongs to with enforced_level 2 (enforce) gives one [`LimitSource::Group`] limit per
//! period whose limit is set and whose start date (startLimit*) is not in the future, and one
//! [`LimitSource::ItemGroup`] limit per item-group limit of the group whose item group holds one of the CIDs drawn.
//! Groups at level 0 (none) and 1 (warn) give none: their limits are shown, not enforced (warn is for reports). A
//! limit is `overridable` when the site lets supervisors override group limits
//! (`asp.site.supervisor_override_group_limits`) and the draw names a supervisor (checked by `employee`).

use kernel::draw::{DrawError, DrawLimit, Drawer, LimitSource, Period};
use tenancy::TenantTx;

use super::repo;

/// The periods in the order of the group's limit columns (daily, weekly, monthly, yearly) and of item-group periods 1-4.
const PERIODS: [Period; 4] = [Period::Day, Period::Week, Period::Month, Period::Year];

/// Enforced level at which a group's limits refuse a draw.
pub const ENFORCE: i32 = 2;

/// The group and item-group limits that apply to `drawer` drawing `cid_nos` today. `supervised`: the draw names a
/// supervisor of the drawer (already checked).
pub async fn limits(tx: &mut TenantTx, drawer: &Drawer, cid_nos: &[i64], supervised: bool) -> Result<Vec<DrawLimit>, DrawError> {
    let today = chrono::Utc::now().date_naive();
    let overridable = supervised && repo::supervisors_may_override(tx).await?;
    // Membership is read here, not only from `drawer.group_ids`, so the limits hold whoever built the drawer.
    let groups = repo::group_limits_of_member(tx, drawer.employee_id).await?;
    let mut out = Vec::new();
    for g in groups.iter().filter(|g| g.enforced_level >= ENFORCE) {
        let amounts = [g.limit_daily, g.limit_weekly, g.limit_monthly, g.limit_yearly];
        let starts = [g.start_limit_daily, g.start_limit_weekly, g.start_limit_monthly, g.start_limit_yearly];
        for ((period, amount), start) in PERIODS.iter().zip(amounts).zip(starts) {
            let Some(amount) = amount else { continue };
            if start.is_some_and(|s| s > today) {
                continue;
            }
            out.push(DrawLimit {
                source: LimitSource::Group { group_id: g.employee_group_id, description: g.description.clone() },
                period: *period,
                amount: amount.value(),
                overridable,
            });
        }
    }
    let enforced: Vec<i64> = groups.iter().filter(|g| g.enforced_level >= ENFORCE).map(|g| g.employee_group_id).collect();
    if enforced.is_empty() || cid_nos.is_empty() {
        return Ok(out);
    }
    let item_limits = repo::item_group_limits_for(tx, &enforced, cid_nos).await?;
    for l in item_limits {
        let Some(period) = usize::try_from(l.period - 1).ok().and_then(|i| PERIODS.get(i)) else { continue };
        out.push(DrawLimit {
            source: LimitSource::ItemGroup { group_id: l.employee_group_id, item_group_id: l.item_group_id, item_group: l.item_group },
            period: *period,
            amount: l.limit_amount.value(),
            overridable,
        });
    }
    Ok(out)
}
