//! A CIP's other settings: consigned, vendor, buddy CIP and the four short custom fields.

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::change::{begin_write, finish_write};
use crate::cips::model::{CipSaved, OtherUpdate, STATUS_ACTIVE};
use crate::cips::repo::{self, OtherFields};

/// Consigned, vendor, buddy CIP and the four short custom fields.
pub async fn update_other(state: &AppState, caller: &Caller, current: &SiteScope, input: &OtherUpdate) -> ApiResult<CipSaved> {
    let mut p = Problems::default();
    let vend_code = p.optional_text("vend_code", "Vendor", input.vend_code.as_deref(), 40);
    let custom = [
        p.optional_text("custom_1", "Custom 1", input.custom_1.as_deref(), 200),
        p.optional_text("custom_2", "Custom 2", input.custom_2.as_deref(), 200),
        p.optional_text("custom_3", "Custom 3", input.custom_3.as_deref(), 200),
        p.optional_text("custom_4", "Custom 4", input.custom_4.as_deref(), 200),
    ];
    p.check()?;
    let (_, mut tx, before) = begin_write(state, caller, current, input.cip_no).await?;
    let mut p = Problems::default();
    if let Some(v) = &vend_code {
        if repo::vendor_name(&mut tx, before.site_id, v).await?.is_none() {
            p.add("vend_code", "notFound", &format!("Vendor {v} does not exist at this site."));
        }
    }
    if let Some(b) = input.buddy_cip_no {
        if b == before.cip_no {
            p.add("buddy_cip_no", "self", "A CIP cannot be its own buddy.");
        } else {
            match repo::find(&mut tx, b).await? {
                Some(buddy) if buddy.site_id == before.site_id => {
                    let same_cid = buddy.cid_no.is_some() && buddy.cid_no == before.cid_no;
                    let same_item = buddy.item_id.is_some() && buddy.item_id == before.item_id;
                    if buddy.status_id != STATUS_ACTIVE {
                        p.add("buddy_cip_no", "inactive", &format!("Buddy CIP {b} is not active."));
                    } else if !(same_cid || same_item) {
                        p.add("buddy_cip_no", "otherItem", "The buddy CIP must be of the same CID or the same manufacturer part.");
                    }
                }
                _ => p.add("buddy_cip_no", "notFound", &format!("CIP {b} does not exist at this site.")),
            }
        }
    }
    p.check()?;
    repo::update_other(&mut tx, before.cip_no, &OtherFields { consigned: input.consigned, vend_code, buddy_cip_no: input.buddy_cip_no, custom }).await?;
    finish_write(state, caller, current, tx, &before, "cip.other.update", "Saved.".to_owned()).await
}
