//! An employee's own limits per item (EMP ItemLimit).

use kernel::draw::{DrawError, DrawLimit, Drawer};
use tenancy::TenantTx;

pub async fn limits(_tx: &mut TenantTx, _drawer: &Drawer, _cid_nos: &[i64]) -> Result<Vec<DrawLimit>, DrawError> {
    Ok(Vec::new())
}
