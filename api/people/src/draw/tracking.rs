//! The tracking codes a draw carries (validated, defaults filled) and the tracking codes' limits. The rules are the
//! ones `ValidateTrackingCodeSelections` answers (`crate::tracking_codes::selection`, event Issue); a draw is
//! refused with the first broken one.

use kernel::draw::{DrawError, DrawLimit, DrawRefusal, Drawer, LimitSource, Period, TrackingSelection};
use tenancy::TenantTx;

use crate::tracking_codes::selection::{self, CodeState, Event, Selection};

/// The selection of a draw by `drawer` of `cid_nos`: empty levels take the drawer's defaults, then the first CIP's
/// (of the first of `cid_nos` stocked at the site); every rule of the selection check applies.
/// Answers the selection with the chosen codes as the check read them (their limits come from there).
pub async fn validate(tx: &mut TenantTx, drawer: &Drawer, cid_nos: &[i64], given: &TrackingSelection) -> Result<(TrackingSelection, Vec<CodeState>), DrawError> {
    let site_id = tx.site_id();
    let s = Selection::of_draw(tx, drawer, cid_nos, given).await?;
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
                    amount: amount.value(),
                    overridable,
                });
            }
        }
    }
    out
}
