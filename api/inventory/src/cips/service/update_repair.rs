//! Linking the CIP that stocks a repairable CIP's repaired units.

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use super::change::{begin_write, finish_write};
use crate::cips::model::{CipSaved, RepairUpdate};
use crate::cips::repo;

/// Links the CIP stocking a repairable CIP's repaired units: a repaired-part CIP of the same manufacturer part.
pub async fn update_repair(state: &AppState, caller: &Caller, current: &SiteScope, input: &RepairUpdate) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    if let Some(r) = input.repair_cip_no {
        let facts = match before.cid_no {
            Some(n) => repo::cid_facts(&mut tx, n).await?,
            None => None,
        };
        if !facts.is_some_and(|f| f.repairable) {
            return Err(ApiError::conflict("The CIP's CID is not repairable."));
        }
        if r == before.cip_no {
            return Err(ApiError::invalid("repair_cip_no", "self", "A CIP cannot stock its own repaired units."));
        }
        let Some(target) = repo::find(&mut tx, r).await?.filter(|t| t.site_id == before.site_id) else {
            return Err(ApiError::invalid("repair_cip_no", "notFound", &format!("CIP {r} does not exist at this site.")));
        };
        let target_facts = match target.cid_no {
            Some(n) => repo::cid_facts(&mut tx, n).await?,
            None => None,
        };
        if !target_facts.is_some_and(|f| f.repaired_part) {
            return Err(ApiError::invalid("repair_cip_no", "notRepairedPart", &format!("CIP {r} is not a repaired-part CIP (its CID is not flagged repaired part).")));
        }
        if target.item_id != before.item_id {
            return Err(ApiError::invalid("repair_cip_no", "otherItem", "The repaired-part CIP must be of the same manufacturer part."));
        }
    }
    repo::set_repair(&mut tx, before.cip_no, input.repair_cip_no).await?;
    finish_write(state, caller, current, tx, &before, "cip.repair.update", "Repair settings saved.".to_owned()).await
}
