//! Rules of the crib counter's look-ups. The employee is judged by the people area's draw policy (the same call
//! the ledger's Issue makes), so the counter says "PIN required", "inactive" or "suspended" before any item is
//! scanned; the limits are judged when each line is posted.

use kernel::draw::{DrawError, DrawRefusal, DrawerQuery};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use super::model::{CounterEmployee, CounterEmployeeQuery, CounterItem, CounterTracking};
use super::repo;

pub async fn employee(state: &AppState, scope: &SiteScope, q: &CounterEmployeeQuery) -> ApiResult<CounterEmployee> {
    let mut tx = scope.begin(&state.pool).await?;
    let pin = q.pin.as_deref().filter(|p| !p.is_empty());
    let drawer = match state.draw.find_drawer(&mut tx, DrawerQuery { number_or_badge: q.employee.trim(), pin }).await {
        Ok(d) => d,
        Err(DrawError::Refused(DrawRefusal::PinRequired)) if pin.is_none() => {
            return Ok(CounterEmployee { pin_required: true, employee_id: None, employee_number: None, name: None, can_return: false, default_tracking: Vec::new() })
        }
        Err(e) => return Err(e.into()),
    };
    let ids: Vec<i64> = drawer.default_tracking.iter().flatten().copied().collect();
    let numbers = if ids.is_empty() { Vec::new() } else { repo::tracking_numbers(&mut tx, &ids).await? };
    let mut default_tracking = Vec::new();
    for (level, id) in (1..=4).zip(drawer.default_tracking.iter()) {
        if let Some(id) = id {
            if let Some((_, number)) = numbers.iter().find(|(n, _)| n == id) {
                default_tracking.push(CounterTracking { level, tracking_code_id: *id, tracking_number: number.clone() });
            }
        }
    }
    tx.commit().await?;
    Ok(CounterEmployee {
        pin_required: false,
        employee_id: Some(drawer.employee_id),
        employee_number: Some(drawer.employee_number),
        name: Some(drawer.name),
        can_return: drawer.can_return,
        default_tracking,
    })
}

pub async fn item(state: &AppState, scope: &SiteScope, code: &str) -> ApiResult<CounterItem> {
    let code = code.trim();
    if code.is_empty() {
        return Err(ApiError::invalid("code", "required", "Scan or type an item code."));
    }
    let mut tx = scope.begin(&state.pool).await?;
    let item = repo::item_by_code(&mut tx, code).await?.ok_or_else(|| ApiError::not_found(&format!("Item {code} not found at this site.")))?;
    tx.commit().await?;
    Ok(item)
}
