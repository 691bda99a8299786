//! The tracking codes a draw carries (validated, defaults filled) and the tracking codes' limits.

use kernel::draw::{DrawError, DrawLimit, Drawer, TrackingSelection};
use tenancy::TenantTx;

pub async fn validate(_tx: &mut TenantTx, _drawer: &Drawer, _cid_nos: &[i64], selection: &TrackingSelection) -> Result<TrackingSelection, DrawError> {
    Ok(selection.clone())
}

pub async fn limits(_tx: &mut TenantTx, _selection: &TrackingSelection) -> Result<Vec<DrawLimit>, DrawError> {
    Ok(Vec::new())
}
