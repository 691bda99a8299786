//! A CIP's default employee and tracking codes.

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::change::{begin_write, finish_write};
use crate::cips::model::{CipSaved, DefaultsUpdate};
use crate::cips::repo;

/// Default employee and tracking codes: records of the CIP's site, active, track N a code of level N.
pub async fn update_defaults(state: &AppState, caller: &Caller, current: &SiteScope, input: &DefaultsUpdate) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let mut p = Problems::default();
    if let Some(id) = input.default_employee_id {
        match repo::employee(&mut tx, id).await? {
            Some((site, active)) if site == before.site_id => {
                if !active {
                    p.add("default_employee_id", "inactive", &format!("Employee {id} is not active."));
                }
            }
            _ => p.add("default_employee_id", "notFound", &format!("Employee {id} does not exist at this site.")),
        }
    }
    let tracks = [input.default_track1, input.default_track2, input.default_track3, input.default_track4];
    for (i, t) in tracks.iter().enumerate() {
        let Some(id) = *t else { continue };
        let level = i64::try_from(i + 1).unwrap_or_default();
        let field = format!("default_track{level}");
        match repo::tracking_code_site(&mut tx, id).await? {
            Some(code) if code.site_id == before.site_id => {
                if code.tracking_level_id != level {
                    p.add(&field, "wrongLevel", &format!("Tracking code {id} is a level {} code, not level {level}.", code.tracking_level_id));
                } else if !code.is_active {
                    p.add(&field, "inactive", &format!("Tracking code {id} is not active."));
                }
            }
            _ => p.add(&field, "notFound", &format!("Tracking code {id} does not exist at this site.")),
        }
    }
    p.check()?;
    repo::update_defaults(&mut tx, before.cip_no, input.default_employee_id, tracks).await?;
    finish_write(state, caller, current, tx, &before, "cip.defaults.update", "Defaults saved.".to_owned()).await
}
