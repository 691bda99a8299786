//! The tracking codes a draw carries (validated, defaults filled) and the tracking codes' limits. The rules are the
//! ones `ValidateTrackingCodeSelections` answers (`crate::tracking_codes::selection`, event Issue); a draw is
//! refused with the first broken one.

use kernel::draw::{DrawError, DrawLimit, DrawRefusal, Drawer, LimitSource, Period, TrackingSelection};
use tenancy::TenantTx;

use crate::tracking_codes::repo::{self as codes, CodeState};
use crate::tracking_codes::selection::{self, Event, Selection};

/// The selection of a draw by `drawer` of `cid_nos`: empty levels take the drawer's defaults, then the first CIP's
/// (of the first of `cid_nos` stocked at the site); every rule of the selection check applies.
/// Answers the selection with the chosen codes as the check read them (their limits come from there).
pub async fn validate(tx: &mut TenantTx, drawer: &Drawer, cid_nos: &[i64], given: &TrackingSelection) -> Result<(TrackingSelection, Vec<CodeState>), DrawError> {
    let site_id = tx.site_id();
    let mut employee_defaults = drawer.default_tracking;
    if employee_defaults.iter().all(Option::is_none) {
        // The drawer as found may not carry its defaults yet: read them from the employee.
        if let Some((_, ids)) = codes::employee_defaults(tx, drawer.employee_id).await? {
            employee_defaults = ids;
        }
    }
    let group_ids = if drawer.group_ids.is_empty() { codes::groups_of_employee(tx, drawer.employee_id).await? } else { drawer.group_ids.clone() };
    let s = Selection {
        ids: given.ids,
        texts: given.free_form.clone(),
        employee_defaults,
        cip_defaults: codes::cip_defaults_of_cids(tx, site_id, cid_nos).await?,
        cid_nos: cid_nos.to_vec(),
        group_ids,
    };
    let outcome = selection::check(tx, site_id, Event::Issue, &s).await?;
    if let Some(p) = outcome.problems.into_iter().next() {
        return Err(DrawRefusal::Tracking { level: p.tracking_level_id as u8, message: p.message }.into());
    }
    Ok((TrackingSelection { ids: outcome.ids, free_form: outcome.texts }, outcome.codes))
}

/// The limits of the selection's codes: one per code and period with a limit; `overridable` is the code's override
/// flag for that period.
pub fn limits(codes: &[CodeState]) -> Vec<DrawLimit> {
    let mut states = codes.to_vec();
    states.sort_by_key(|c| (c.tracking_level_id, c.tracking_code_id));
    let mut out = Vec::new();
    for c in states {
        let periods = [
            (Period::Day, c.limit_daily, c.override_daily),
            (Period::Week, c.limit_weekly, c.override_weekly),
            (Period::Month, c.limit_monthly, c.override_monthly),
            (Period::Year, c.limit_yearly, c.override_yearly),
        ];
        for (period, amount, overridable) in periods {
            if let Some(amount) = amount {
                out.push(DrawLimit {
                    source: LimitSource::TrackingCode {
                        level: c.tracking_level_id as u8,
                        tracking_code_id: c.tracking_code_id,
                        tracking_number: c.tracking_number.clone(),
                    },
                    period,
                    amount,
                    overridable,
                });
            }
        }
    }
    out
}
