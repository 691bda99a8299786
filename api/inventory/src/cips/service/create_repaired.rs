//! Creating the repaired-part CID and CIP of a repairable CIP.

use serde_json::{json, Value};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use tenancy::SiteScope;

use super::change::{begin_write, record};
use super::visibility::sees_cost;
use crate::cips::model::{CipSaved, CreateRepairedCip};
use crate::cips::repo::{self, NewLocation};
use crate::location_segments::service as segments;

fn with_suffix(code: &str) -> String {
    format!("{code}-R")
}

/// Creates the repaired-part CID (a copy of the CID flagged repaired part) and its CIP for a repairable CIP that has
/// none yet, and links them; answers the new CIP.
pub async fn create_repaired(state: &AppState, caller: &Caller, current: &SiteScope, input: &CreateRepairedCip) -> ApiResult<CipSaved> {
    let mut p = Problems::default();
    let cust_item_code = p.optional_text("cust_item_code", "Customer Part", input.cust_item_code.as_deref(), 100);
    let cip_code = p.optional_text("cip_code", "CIP Code", input.cip_code.as_deref(), 100);
    p.check()?;
    let (_, mut tx, original) = begin_write(state, caller, current, input.cip_no).await?;
    let Some(cid) = (match original.cid_no {
        Some(n) => repo::cid_facts(&mut tx, n).await?,
        None => None,
    }) else {
        return Err(ApiError::conflict("The CIP has no CID."));
    };
    if !cid.repairable {
        return Err(ApiError::conflict("The CIP's CID is not repairable."));
    }
    if cid.repaired_part {
        return Err(ApiError::conflict("The CIP is itself a repaired part."));
    }
    if let Some(existing) = original.repair_cip_no {
        return Err(ApiError::conflict(&format!("The CIP already has a repaired-part CIP ({existing}).")));
    }
    let site_id = original.site_id;
    let cust_item_code = cust_item_code.unwrap_or_else(|| with_suffix(&cid.cust_item_code));
    let cip_code = cip_code.unwrap_or_else(|| with_suffix(&original.cip_code));
    let mut p = Problems::default();
    if cust_item_code.chars().count() > 100 {
        p.add("cust_item_code", "tooLong", "Customer Part can be at most 100 characters.");
    } else if repo::cust_item_code_taken(&mut tx, site_id, &cust_item_code).await? {
        p.add("cust_item_code", "duplicate", &format!("Customer part {cust_item_code} already exists at this site."));
    }
    if cip_code.chars().count() > 100 {
        p.add("cip_code", "tooLong", "CIP Code can be at most 100 characters.");
    } else if repo::cip_code_taken(&mut tx, site_id, &cip_code).await? {
        p.add("cip_code", "duplicate", &format!("CIP code {cip_code} already exists at this site."));
    }
    let raw_location = trimmed(&input.location).map(str::to_owned).or_else(|| original.location.clone());
    let location = match raw_location {
        Some(l) => segments::check_into(&mut tx, "location", &l, &mut p).await?,
        None => {
            p.add("location", "required", "Please enter a location.");
            None
        }
    };
    p.check()?;
    let location = location.ok_or_else(|| ApiError::internal("a location without problems did not parse"))?;
    let new_cid = repo::insert_repaired_cid(&mut tx, cid.cid_no, &cust_item_code).await?;
    let new_cip = repo::insert_repaired_cip(&mut tx, original.cip_no, new_cid, &cip_code, &NewLocation { location: location.location, segments: location.segments }).await?;
    repo::set_repair(&mut tx, original.cip_no, Some(new_cip)).await?;
    let created = repo::find(&mut tx, new_cip).await?.ok_or_else(|| ApiError::internal("the repaired-part CIP vanished"))?;
    let scope = tx.scope().clone();
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "cid.create_repaired",
            entity: "cid",
            entity_id: new_cid.to_string(),
            client_id: Some(scope.client_id()),
            site_id: Some(site_id),
            changes: json!({"cust_item_code": cust_item_code, "repaired_part": true, "from_cid_no": cid.cid_no}),
        },
    )
    .await?;
    record(&mut tx, caller, new_cip, "cip.create_repaired", audit::snapshot(&created)).await?;
    record(&mut tx, caller, original.cip_no, "cip.repair.update", json!({"repair_cip_no": {"from": Value::Null, "to": new_cip}})).await?;
    tx.commit().await?;
    let mut cip = created;
    if !sees_cost(state, caller, current, site_id).await? {
        cip.cust_avg_cost = None;
    }
    Ok(CipSaved { success: true, message: format!("Repaired-part CIP {} created.", cip.cip_code), cip })
}
