//! The items shown with a CIP (substitutes, accessories, spare parts).

use serde_json::json;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::change::{begin_write, record};
use super::visibility::sees_cost;
use crate::cips::model::{CipSaved, RelatedItemsSave};
use crate::cips::repo;

/// Replaces the items shown with the CIP: CIPs of the same site, not itself, each once.
pub async fn save_related(state: &AppState, caller: &Caller, current: &SiteScope, input: &RelatedItemsSave) -> ApiResult<CipSaved> {
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let mut p = Problems::default();
    let mut rows: Vec<(i64, i32)> = Vec::new();
    for (i, r) in input.related_items.iter().enumerate() {
        let field = format!("related_items[{i}].related_cip_no");
        let relation = r.relation.unwrap_or(1);
        if !(1..=3).contains(&relation) {
            p.add(&format!("related_items[{i}].relation"), "outOfRange", "relation must be Substitute 1, Accessory 2 or SparePart 3.");
        }
        if r.related_cip_no == before.cip_no {
            p.add(&field, "self", "A CIP cannot be related to itself.");
        } else if rows.iter().any(|(id, _)| *id == r.related_cip_no) {
            p.add(&field, "duplicate", &format!("CIP {} is listed twice.", r.related_cip_no));
        } else if repo::find_ref(&mut tx, r.related_cip_no).await?.is_none() {
            p.add(&field, "notFound", &format!("CIP {} does not exist at this site.", r.related_cip_no));
        } else {
            rows.push((r.related_cip_no, relation));
        }
    }
    p.check()?;
    let from: Vec<i64> = repo::related_items(&mut tx, before.cip_no).await?.into_iter().map(|r| r.related_cip_no).collect();
    repo::replace_related(&mut tx, before.cip_no, &rows).await?;
    let to: Vec<i64> = rows.iter().map(|r| r.0).collect();
    record(&mut tx, caller, before.cip_no, "cip.related_items.save", json!({"related_items": {"from": from, "to": to}})).await?;
    tx.commit().await?;
    let mut cip = before;
    if !sees_cost(state, caller, current, cip.site_id).await? {
        cip.cust_avg_cost = None;
    }
    Ok(CipSaved { success: true, message: format!("{} related item(s) saved.", rows.len()), cip })
}
