//! Who draws: the employee behind a number or badge, allowed to draw now (active, not suspended, PIN right where the
//! site asks for one), with their default tracking codes and ability flags; and whether a named supervisor
//! supervises them.

use kernel::auth::password;
use kernel::draw::{DrawError, DrawRefusal, Drawer, DrawerQuery};
use tenancy::TenantTx;

use super::repo;

pub async fn find_drawer(tx: &mut TenantTx, query: DrawerQuery<'_>) -> Result<Drawer, DrawError> {
    let row = repo::find_by_number_or_badge(tx, query.number_or_badge.trim()).await?.ok_or(DrawRefusal::UnknownEmployee)?;
    if !row.is_active {
        return Err(DrawRefusal::Inactive(row.employee_number).into());
    }
    if row.is_suspended {
        return Err(DrawRefusal::Suspended(row.employee_number).into());
    }
    if row.pin_required {
        // An employee without a PIN cannot draw where the site asks for one: the PIN must be set first.
        let pin = query.pin.map(str::trim).filter(|p| !p.is_empty()).ok_or(DrawRefusal::PinRequired)?;
        let stored = row.pin_hash.clone().ok_or(DrawRefusal::PinRequired)?;
        let pin = pin.to_owned();
        let ok = tokio::task::spawn_blocking(move || password::verify(&pin, &stored)).await.unwrap_or(false);
        if !ok {
            return Err(DrawRefusal::WrongPin.into());
        }
    }
    Ok(Drawer {
        employee_id: row.employee_id,
        name: format!("{}, {}", row.last_name, row.first_name),
        employee_number: row.employee_number,
        group_ids: row.group_ids,
        default_tracking: [row.track1, row.track2, row.track3, row.track4],
        can_return: row.can_return,
        can_adjust: row.can_adjust,
    })
}

/// A supervisor named to override limits must be an active supervisor of the site and the drawer's supervisor.
pub async fn check_supervisor(tx: &mut TenantTx, drawer: &Drawer, supervisor: Option<i64>) -> Result<(), DrawError> {
    let Some(id) = supervisor else { return Ok(()) };
    let Some((name, is_supervisor, active)) = repo::supervisor(tx, id).await? else {
        return Err(DrawRefusal::NotSupervisor(format!("Employee {id}")).into());
    };
    if !is_supervisor || !active || repo::supervisor_of(tx, drawer.employee_id).await? != Some(id) {
        return Err(DrawRefusal::NotSupervisor(name).into());
    }
    Ok(())
}
