//! The limits of the drawer's employee groups and of their item groups.

use kernel::draw::{DrawError, DrawLimit, Drawer};
use tenancy::TenantTx;

pub async fn limits(_tx: &mut TenantTx, _drawer: &Drawer, _cid_nos: &[i64], _supervised: bool) -> Result<Vec<DrawLimit>, DrawError> {
    Ok(Vec::new())
}

/// The employee groups the employee belongs to (the groups area's `employee_group_member`; none until that table
/// exists in the client schema).
pub async fn group_ids(tx: &mut TenantTx, employee_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    let present: bool = sqlx::query_scalar("select to_regclass('employee_group_member') is not null").fetch_one(&mut **tx).await?;
    if !present {
        return Ok(Vec::new());
    }
    sqlx::query_scalar("select employee_group_id from employee_group_member where employee_id = $1 order by employee_group_id")
        .bind(employee_id)
        .fetch_all(&mut **tx)
        .await
}
