//! Rules of employee groups and their relations (docs/employee-groups.md). Every write runs in one transaction with
//! the group's row locked and writes its audit row there; the relations' audit rows are keyed by the group, so each
//! relation's history (the Audit/Detail operations) is the group's history of that relation.

use serde_json::{json, Value};

use kernel::access::Caller;
use kernel::audit::{self, AuditDetail, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::contains_pattern;
use kernel::num::{Decimal, Money};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;
use tenancy::{SiteScope, TenantTx};

use super::model::{
    name_of, AssignedEmployeePage, AssignedInput, AssignedResult, AssignedSearchRequest, DeliveryLocation, DeliveryLocationInput, EmployeeGroup,
    EmployeeGroupInput, EmployeeGroupPage, EmployeeGroupSearchRequest, GroupAsset, GroupAssetInput, GroupAssetPage, GroupPageRequest, ItemGroup,
    ItemGroupLimit, ItemGroupLimitInput, ItemGroupLimitPage, TrackingRestrictionPage, TrackingRestrictionSearchRequest, TrackingRestrictionUpdate,
    ASSET_SORT, ASSIGNED_SORT, ENFORCED_LEVELS, GROUP_SORT, GROUP_TYPES, LIMIT_SORT, PERIODS, TRACKING_SORT,
};
use super::repo::{self, AssignedFilter, GroupFilter, GroupValues};

pub const READ: &[Perm] = &[Perm::EmployeeGroupView];
pub const WRITE: &[Perm] = &[Perm::EmployeeGroupEdit];
pub const NOT_FOUND: &str = "The employee group you are trying to find does not exist.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
/// The largest amount a limit, budget or cost limit may hold: 999,999,999,999.99.
pub const MAX_AMOUNT: Decimal = Decimal::from_parts(276_447_231, 23_283, 0, false, 2);

/// The audit entities: the group itself and each relation, all keyed by the group's id.
pub mod entity {
    pub const GROUP: &str = "employee_group";
    pub const ITEM_GROUP_LIMITS: &str = "employee_group_item_group_limit";
    pub const DELIVERY_LOCATION: &str = "employee_group_delivery_location";
    pub const ASSIGNED: &str = "employee_group_member";
    pub const TRACKING_RESTRICTION: &str = "employee_group_tracking_restriction";
    pub const ASSETS: &str = "employee_group_asset";
}


fn named(mut g: EmployeeGroup) -> EmployeeGroup {
    g.group_type_text = name_of(GROUP_TYPES, g.group_type);
    g.enforced_level_text = name_of(ENFORCED_LEVELS, g.enforced_level);
    g
}

fn named_limit(mut l: ItemGroupLimit) -> ItemGroupLimit {
    l.period_text = name_of(PERIODS, l.period);
    l
}

/// An amount as saved: not negative, at most [`MAX_AMOUNT`], rounded to cents.
fn amount(p: &mut Problems, field: &str, label: &str, v: Option<Money>) -> Option<Money> {
    let v = v?;
    let rounded = Money::round(v.value());
    if v.is_sign_negative() || rounded.value() > MAX_AMOUNT {
        p.add(field, "outOfRange", &format!("{label} must be between 0 and {MAX_AMOUNT}."));
        return None;
    }
    Some(rounded)
}

async fn record(tx: &mut TenantTx, caller: &Caller, entity: &str, group_id: i64, action: &str, changes: Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity, entity_id: group_id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes },
    )
    .await?;
    Ok(())
}

/// The group `id` with the scope of its site, if the caller may use that site with `perms` (else 404).
pub async fn visible(state: &AppState, caller: &Caller, current: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<(SiteScope, EmployeeGroup)> {
    let (scope, g) = records::load_visible(state, caller, current, perms, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    Ok((scope, named(g)))
}

/// A write transaction on group `id` at its site, the group's row locked, and the group as it is now.
async fn begin_write(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<(TenantTx, EmployeeGroup)> {
    let (scope, _) = visible(state, caller, current, id, WRITE).await?;
    let mut tx = scope.begin(&state.pool).await?;
    if !repo::lock(&mut tx, id).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let group = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    Ok((tx, named(group)))
}

async fn reread(tx: &mut TenantTx, id: i64) -> ApiResult<EmployeeGroup> {
    Ok(named(repo::find(tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?))
}

// ---- the group

pub async fn get(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<EmployeeGroup> {
    Ok(visible(state, caller, current, id, READ).await?.1)
}

/// The groups of a site the caller may use (of one type when `group_type` is given).
pub async fn of_site(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, group_type: Option<i32>) -> ApiResult<Vec<EmployeeGroup>> {
    if group_type.is_some_and(|t| !GROUP_TYPES.iter().any(|(k, _)| *k == t)) {
        return Err(ApiError::invalid("type", "invalid", "The employee group type must be 1 (Limit), 2 (Approver) or 3 (Delivery)."));
    }
    let scope = records::record_scope(state, caller, current, site_id, READ, SITE_NOT_FOUND).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::of_site(&mut tx, scope.site_id(), group_type).await?.into_iter().map(named).collect())
}

pub async fn search(state: &AppState, current: &SiteScope, request: &EmployeeGroupSearchRequest) -> ApiResult<EmployeeGroupPage> {
    let page = request.page.resolve(&GROUP_SORT)?;
    if request.group_type.is_some_and(|t| !GROUP_TYPES.iter().any(|(k, _)| *k == t)) {
        return Err(ApiError::invalid("group_type", "invalid", "The employee group type must be 1 (Limit), 2 (Approver) or 3 (Delivery)."));
    }
    let filter = GroupFilter { site_id: current.site_id(), text: trimmed(&request.text).map(contains_pattern), group_type: request.group_type };
    let mut tx = current.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, &filter, &page).await?;
    Ok(EmployeeGroupPage::new(rows.into_iter().map(named).collect(), total))
}

/// The values of `input` as saved at the transaction's site; every problem at once (400).
async fn group_values(tx: &mut TenantTx, input: &EmployeeGroupInput, except: Option<i64>) -> ApiResult<GroupValues> {
    let site_id = tx.site_id();
    let mut p = Problems::default();
    let description = p.required_text("description", "Description", &input.description, 100);
    let group_type = input.group_type.unwrap_or(1);
    if !GROUP_TYPES.iter().any(|(k, _)| *k == group_type) {
        p.add("group_type", "invalid", "The employee group type must be 1 (Limit), 2 (Approver) or 3 (Delivery).");
    }
    let enforced_level = input.enforced_level.unwrap_or(2);
    if !ENFORCED_LEVELS.iter().any(|(k, _)| *k == enforced_level) {
        p.add("enforced_level", "invalid", "The enforced level must be 0 (none), 1 (warn) or 2 (enforce).");
    }
    let limits = [
        amount(&mut p, "limitDaily", "Daily Limit", input.limit_daily),
        amount(&mut p, "limitWeekly", "Weekly Limit", input.limit_weekly),
        amount(&mut p, "limitMonthly", "Monthly Limit", input.limit_monthly),
        amount(&mut p, "limitYearly", "Yearly Limit", input.limit_yearly),
    ];
    // A longer period's limit below a shorter one's could never be reached by the shorter one: say so.
    let set: Vec<(usize, Money)> = limits.iter().enumerate().filter_map(|(i, l)| l.map(|v| (i, v))).collect();
    for pair in set.windows(2) {
        if let [(i, a), (j, b)] = pair {
            if b < a {
                let names = ["limitDaily", "limitWeekly", "limitMonthly", "limitYearly"];
                let labels = ["daily", "weekly", "monthly", "yearly"];
                p.add(names[*j], "outOfRange", &format!("The {} limit cannot be lower than the {} limit.", labels[*j], labels[*i]));
            }
        }
    }
    let budget_amount = amount(&mut p, "budget_amount", "Budget", input.budget_amount);
    if let (Some(s), Some(e)) = (input.budget_start, input.budget_end) {
        if e < s {
            p.add("budget_end", "startAfterEnd", "The budget's end cannot be before its start.");
        }
    }
    let cost_limit = amount(&mut p, "costLimit", "Cost Limit", input.cost_limit);
    let default_group = input.default_group.unwrap_or(false);
    if !description.is_empty() && repo::description_taken(tx, site_id, &description, except).await? {
        p.add("description", "duplicate", &format!("Employee group {description} already exists at this site."));
    }
    if default_group {
        if let Some(other) = repo::default_group(tx, site_id, except).await? {
            p.add("defaultGroup", "duplicate", &format!("{other} is already the site's default group."));
        }
    }
    if let Some(a) = input.approver_group_id {
        if Some(a) == except {
            p.add("approver_group_id", "invalid", "A group cannot be its own approver group.");
        } else {
            match repo::group_type_at(tx, site_id, a).await? {
                None => p.add("approver_group_id", "notFound", "The approver group does not exist at this site."),
                Some(2) => {}
                Some(_) => p.add("approver_group_id", "invalid", "The approver group must be an employee group of type Approver (2)."),
            }
        }
    }
    p.check()?;
    Ok(GroupValues {
        site_id,
        description,
        group_type,
        vmi: input.vmi.unwrap_or(false),
        default_group,
        limits,
        starts: [input.start_limit_daily, input.start_limit_weekly, input.start_limit_monthly, input.start_limit_yearly],
        enforced_level,
        budget_amount,
        budget_start: input.budget_start,
        budget_end: input.budget_end,
        approver_group_id: input.approver_group_id,
        bypass_sr_approval: input.bypass_sr_approval.unwrap_or(false),
        cost_limit,
    })
}

pub async fn create(state: &AppState, caller: &Caller, current: &SiteScope, input: &EmployeeGroupInput) -> ApiResult<EmployeeGroup> {
    if input.employee_group_id.is_some() {
        return Err(ApiError::invalid("employee_group_id", "invalid", "A new group has no employee_group_id (change a group with PUT)."));
    }
    let scope = match input.site_id {
        Some(site) => records::record_scope(state, caller, current, site, WRITE, SITE_NOT_FOUND).await?,
        None => current.clone(),
    };
    let mut tx = scope.begin(&state.pool).await?;
    let values = group_values(&mut tx, input, None).await?;
    let id = repo::insert(&mut tx, &values).await?;
    let group = reread(&mut tx, id).await?;
    record(&mut tx, caller, entity::GROUP, id, "employee_group.create", audit::snapshot(&group)).await?;
    tx.commit().await?;
    Ok(group)
}

pub async fn update(state: &AppState, caller: &Caller, current: &SiteScope, input: &EmployeeGroupInput) -> ApiResult<EmployeeGroup> {
    let Some(id) = input.employee_group_id else {
        return Err(ApiError::invalid("employee_group_id", "required", "Please enter a valid value for Employee Group Id"));
    };
    let (mut tx, before) = begin_write(state, caller, current, id).await?;
    let values = group_values(&mut tx, input, Some(id)).await?;
    if before.group_type == 2 && values.group_type != 2 {
        let approved = repo::approved_by(&mut tx, id).await?;
        if !approved.is_empty() {
            return Err(ApiError::conflict(&format!("{} is the approver group of {}: it stays of type Approver.", before.description, approved.join(", "))));
        }
    }
    repo::update(&mut tx, id, &values).await?;
    let after = reread(&mut tx, id).await?;
    let mut changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    if let Some(m) = changes.as_object_mut() {
        m.remove("updated_at");
    }
    record(&mut tx, caller, entity::GROUP, id, "employee_group.update", changes).await?;
    tx.commit().await?;
    Ok(after)
}

/// Removes group `id` of site `site_id` with its relations; refused while it has members or approves other groups.
pub async fn delete(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, id: i64) -> ApiResult<EmployeeGroup> {
    let (mut tx, before) = begin_write(state, caller, current, id).await?;
    if before.site_id != site_id {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    if before.member_count > 0 {
        return Err(ApiError::conflict(&format!("{} still has {} employees: remove them from the group first.", before.description, before.member_count)));
    }
    let approved = repo::approved_by(&mut tx, id).await?;
    if !approved.is_empty() {
        return Err(ApiError::conflict(&format!("{} is the approver group of {}.", before.description, approved.join(", "))));
    }
    repo::delete(&mut tx, id).await?;
    record(&mut tx, caller, entity::GROUP, id, "employee_group.delete", audit::snapshot(&before)).await?;
    tx.commit().await?;
    Ok(before)
}

/// The history of one relation (`entity`) of group `id`, newest first (at most 200 changes).
pub async fn audit_detail(state: &AppState, caller: &Caller, current: &SiteScope, id: i64, entity: &str) -> ApiResult<Vec<AuditDetail>> {
    let (scope, _) = visible(state, caller, current, id, READ).await?;
    let mut conn = state.pool.acquire().await?;
    Ok(audit::history(&mut conn, entity, &id.to_string(), Some(scope.client_id()), 200).await?)
}

// ---- delivery locations

pub async fn delivery_locations(state: &AppState, caller: &Caller, current: &SiteScope, group_id: i64) -> ApiResult<Vec<DeliveryLocation>> {
    let (scope, _) = visible(state, caller, current, group_id, READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::delivery_locations(&mut tx, group_id).await?)
}

pub async fn save_delivery_location(state: &AppState, caller: &Caller, current: &SiteScope, input: &DeliveryLocationInput, insert: bool) -> ApiResult<DeliveryLocation> {
    let mut p = Problems::default();
    let location = p.required_text("location", "Location", &input.location, 120).to_uppercase();
    let description = p.optional_text("description", "Description", input.description.as_deref(), 200);
    match (insert, input.delivery_location_id) {
        (true, Some(_)) => p.add("delivery_location_id", "invalid", "A new delivery location has no delivery_location_id (change one with Update)."),
        (false, None) => p.add("delivery_location_id", "required", "Please enter a valid value for Delivery Location Id"),
        _ => {}
    }
    p.check()?;
    let group_id = input.employee_group_id;
    let (mut tx, _) = begin_write(state, caller, current, group_id).await?;
    let before = match input.delivery_location_id {
        Some(id) => Some(repo::delivery_location(&mut tx, group_id, id).await?.ok_or_else(|| ApiError::not_found("The delivery location you are trying to find does not exist."))?),
        None => None,
    };
    if repo::delivery_location_taken(&mut tx, group_id, &location, input.delivery_location_id).await? {
        return Err(ApiError::invalid("location", "duplicate", &format!("{location} is already a delivery location of this group.")));
    }
    let is_default = input.is_default.unwrap_or(false);
    if is_default {
        repo::clear_default_delivery(&mut tx, group_id).await?;
    }
    let id = match &before {
        Some(b) => {
            repo::update_delivery_location(&mut tx, b.delivery_location_id, &location, description.as_deref(), is_default).await?;
            b.delivery_location_id
        }
        None => {
            let site_id = tx.site_id();
            repo::insert_delivery_location(&mut tx, site_id, group_id, &location, description.as_deref(), is_default).await?
        }
    };
    let after = repo::delivery_location(&mut tx, group_id, id).await?.ok_or_else(|| ApiError::internal("saved delivery location vanished"))?;
    let (action, changes) = match &before {
        Some(b) => ("employee_group.delivery_location.update", json!({"delivery_location_id": id, "changes": audit::diff(&audit::snapshot(b), &audit::snapshot(&after))})),
        None => ("employee_group.delivery_location.insert", audit::snapshot(&after)),
    };
    record(&mut tx, caller, entity::DELIVERY_LOCATION, group_id, action, changes).await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete_delivery_location(state: &AppState, caller: &Caller, current: &SiteScope, group_id: i64, id: i64) -> ApiResult<DeliveryLocation> {
    let (mut tx, _) = begin_write(state, caller, current, group_id).await?;
    let before = repo::delivery_location(&mut tx, group_id, id).await?.ok_or_else(|| ApiError::not_found("The delivery location you are trying to find does not exist."))?;
    repo::delete_delivery_location(&mut tx, id).await?;
    record(&mut tx, caller, entity::DELIVERY_LOCATION, group_id, "employee_group.delivery_location.delete", audit::snapshot(&before)).await?;
    tx.commit().await?;
    Ok(before)
}

// ---- assigned employees

pub async fn assigned_search(state: &AppState, caller: &Caller, current: &SiteScope, request: &AssignedSearchRequest) -> ApiResult<AssignedEmployeePage> {
    let page = request.page.resolve(&ASSIGNED_SORT)?;
    let (scope, group) = visible(state, caller, current, request.employee_group_id, READ).await?;
    let text = trimmed(&request.text);
    let filter = AssignedFilter {
        site_id: group.site_id,
        group_id: group.employee_group_id,
        in_group: request.in_group,
        prefix: text.map(|t| format!("{}%", t.to_uppercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))),
        contains: text.map(contains_pattern),
    };
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::assigned(&mut tx, &filter, &page).await?;
    Ok(AssignedEmployeePage::new(rows, total))
}

/// The employees of the transaction's site named by `numbers` (each once); unknown numbers are a 400 naming them.
async fn employees_named(tx: &mut TenantTx, numbers: &[String]) -> ApiResult<Vec<(String, i64)>> {
    let mut wanted: Vec<String> = Vec::new();
    for n in numbers.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        if !wanted.iter().any(|w| w.eq_ignore_ascii_case(n)) {
            wanted.push(n.to_owned());
        }
    }
    let site_id = tx.site_id();
    let found = repo::employees_by_number(tx, site_id, &wanted).await?;
    let missing: Vec<&String> = wanted.iter().filter(|w| !found.iter().any(|(n, _)| n.eq_ignore_ascii_case(w))).collect();
    if !missing.is_empty() {
        let list: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
        return Err(ApiError::invalid("employeeNumbers", "notFound", &format!("No employee {} at this site.", list.join(", "))));
    }
    Ok(found)
}

/// Adds employees to the group (`replace`: the group becomes exactly these employees).
pub async fn assign(state: &AppState, caller: &Caller, current: &SiteScope, input: &AssignedInput, replace: bool) -> ApiResult<AssignedResult> {
    if !replace && input.employee_numbers.iter().all(|n| n.trim().is_empty()) {
        return Err(ApiError::invalid("employeeNumbers", "required", "Please name at least one employee."));
    }
    let group_id = input.employee_group_id;
    let (mut tx, _) = begin_write(state, caller, current, group_id).await?;
    let wanted = employees_named(&mut tx, &input.employee_numbers).await?;
    let current_members = repo::members(&mut tx, group_id).await?;
    let added: Vec<&(String, i64)> = wanted.iter().filter(|(_, id)| !current_members.iter().any(|(_, m)| m == id)).collect();
    let removed: Vec<&(String, i64)> = if replace { current_members.iter().filter(|(_, m)| !wanted.iter().any(|(_, id)| id == m)).collect() } else { Vec::new() };
    let site_id = tx.site_id();
    repo::add_members(&mut tx, site_id, group_id, &added.iter().map(|(_, id)| *id).collect::<Vec<_>>()).await?;
    repo::remove_members(&mut tx, group_id, &removed.iter().map(|(_, id)| *id).collect::<Vec<_>>()).await?;
    let added: Vec<String> = added.into_iter().map(|(n, _)| n.clone()).collect();
    let removed: Vec<String> = removed.into_iter().map(|(n, _)| n.clone()).collect();
    if !added.is_empty() || !removed.is_empty() {
        let action = if replace { "employee_group.assigned.update" } else { "employee_group.assigned.insert" };
        record(&mut tx, caller, entity::ASSIGNED, group_id, action, json!({"added": added, "removed": removed})).await?;
    }
    let member_count = i64::try_from(repo::members(&mut tx, group_id).await?.len()).unwrap_or(i64::MAX);
    tx.commit().await?;
    Ok(AssignedResult { employee_group_id: group_id, added, removed, member_count })
}

pub async fn unassign(state: &AppState, caller: &Caller, current: &SiteScope, group_id: i64, employee_number: &str) -> ApiResult<AssignedResult> {
    let (mut tx, _) = begin_write(state, caller, current, group_id).await?;
    let members = repo::members(&mut tx, group_id).await?;
    let Some((number, id)) = members.iter().find(|(n, _)| n.eq_ignore_ascii_case(employee_number.trim())).cloned() else {
        return Err(ApiError::not_found(&format!("Employee {} is not in this group.", employee_number.trim())));
    };
    repo::remove_members(&mut tx, group_id, &[id]).await?;
    record(&mut tx, caller, entity::ASSIGNED, group_id, "employee_group.assigned.delete", json!({"added": [], "removed": [number]})).await?;
    tx.commit().await?;
    Ok(AssignedResult { employee_group_id: group_id, added: Vec::new(), removed: vec![number], member_count: i64::try_from(members.len()).unwrap_or(1) - 1 })
}

// ---- assets

pub async fn assets(state: &AppState, caller: &Caller, current: &SiteScope, request: &GroupPageRequest) -> ApiResult<GroupAssetPage> {
    let page = request.page.resolve(&ASSET_SORT)?;
    let (scope, _) = visible(state, caller, current, request.employee_group_id, READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::assets(&mut tx, request.employee_group_id, &page).await?;
    Ok(GroupAssetPage::new(rows, total))
}

pub async fn save_asset(state: &AppState, caller: &Caller, current: &SiteScope, input: &GroupAssetInput, insert: bool) -> ApiResult<GroupAsset> {
    let mut p = Problems::default();
    let notes = p.optional_text("notes", "Notes", input.notes.as_deref(), 500);
    p.check()?;
    let group_id = input.employee_group_id;
    let (mut tx, _) = begin_write(state, caller, current, group_id).await?;
    let site_id = tx.site_id();
    if insert {
        if repo::cip_at(&mut tx, site_id, input.cip_no).await?.is_none() {
            return Err(ApiError::invalid("cip_no", "notFound", "The CIP does not exist at the group's site."));
        }
        if !repo::insert_asset(&mut tx, site_id, group_id, input.cip_no, notes.as_deref()).await? {
            return Err(ApiError::conflict("The CIP is already an asset of this group."));
        }
        let after = repo::asset(&mut tx, group_id, input.cip_no).await?.ok_or_else(|| ApiError::internal("saved asset vanished"))?;
        record(&mut tx, caller, entity::ASSETS, group_id, "employee_group.asset.insert", audit::snapshot(&after)).await?;
        tx.commit().await?;
        return Ok(after);
    }
    let before = repo::asset(&mut tx, group_id, input.cip_no).await?.ok_or_else(|| ApiError::not_found("The CIP is not an asset of this group."))?;
    repo::update_asset(&mut tx, group_id, input.cip_no, notes.as_deref()).await?;
    let after = repo::asset(&mut tx, group_id, input.cip_no).await?.ok_or_else(|| ApiError::internal("saved asset vanished"))?;
    // Which asset, then only what changed: saving the same notes again records nothing (kernel::audit::meaningful).
    let changes = json!({"cip_code": after.cip_code, "changes": audit::diff(&audit::snapshot(&before), &audit::snapshot(&after))});
    record(&mut tx, caller, entity::ASSETS, group_id, "employee_group.asset.update", changes).await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete_asset(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, group_id: i64, cip_no: i64) -> ApiResult<GroupAsset> {
    let (mut tx, group) = begin_write(state, caller, current, group_id).await?;
    if group.site_id != site_id {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let before = repo::asset(&mut tx, group_id, cip_no).await?.ok_or_else(|| ApiError::not_found("The CIP is not an asset of this group."))?;
    repo::delete_asset(&mut tx, group_id, cip_no).await?;
    record(&mut tx, caller, entity::ASSETS, group_id, "employee_group.asset.delete", audit::snapshot(&before)).await?;
    tx.commit().await?;
    Ok(before)
}

// ---- tracking restrictions

pub async fn tracking_restrictions(state: &AppState, caller: &Caller, current: &SiteScope, request: &TrackingRestrictionSearchRequest) -> ApiResult<TrackingRestrictionPage> {
    let page = request.page.resolve(&TRACKING_SORT)?;
    let (scope, group) = visible(state, caller, current, request.employee_group_id, READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) =
        repo::tracking_restrictions(&mut tx, group.site_id, group.employee_group_id, request.tracking_level_id, request.allowed_only.unwrap_or(false), &page).await?;
    Ok(TrackingRestrictionPage::new(rows, total))
}

/// The group may charge only `tracking_code_ids` at the level (none: no restriction at that level).
pub async fn update_tracking_restrictions(state: &AppState, caller: &Caller, current: &SiteScope, input: &TrackingRestrictionUpdate) -> ApiResult<TrackingRestrictionPage> {
    let group_id = input.employee_group_id;
    let (mut tx, _) = begin_write(state, caller, current, group_id).await?;
    let site_id = tx.site_id();
    let ids = kernel::listing::dedup_ids(&input.tracking_code_ids);
    let known = repo::codes_of_level(&mut tx, site_id, input.tracking_level_id, &ids).await?;
    let unknown: Vec<String> = ids.iter().filter(|i| !known.contains(i)).map(ToString::to_string).collect();
    if !unknown.is_empty() {
        return Err(ApiError::invalid(
            "tracking_code_ids",
            "notFound",
            &format!("Tracking codes {} do not exist in this tracking level at the group's site.", unknown.join(", ")),
        ));
    }
    let before = repo::restricted_numbers(&mut tx, group_id, input.tracking_level_id).await?;
    repo::replace_restrictions(&mut tx, site_id, group_id, input.tracking_level_id, &ids).await?;
    let after = repo::restricted_numbers(&mut tx, group_id, input.tracking_level_id).await?;
    if before != after {
        record(
            &mut tx,
            caller,
            entity::TRACKING_RESTRICTION,
            group_id,
            "employee_group.tracking_restriction.update",
            json!({"tracking_level_id": input.tracking_level_id, "from": before, "to": after}),
        )
        .await?;
    }
    let page = kernel::listing::Page { offset: 0, limit: 500, sort: "tracking_number", descending: false, cap: Some(kernel::listing::ROW_CAP) };
    let (rows, total) = repo::tracking_restrictions(&mut tx, site_id, group_id, Some(input.tracking_level_id), true, &page).await?;
    tx.commit().await?;
    Ok(TrackingRestrictionPage::new(rows, total))
}

// ---- item groups and their limits

pub async fn item_groups(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<Vec<ItemGroup>> {
    let scope = records::record_scope(state, caller, current, site_id, READ, SITE_NOT_FOUND).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::item_groups(&mut tx, scope.site_id()).await?)
}

pub async fn item_group_limits(state: &AppState, caller: &Caller, current: &SiteScope, request: &GroupPageRequest) -> ApiResult<ItemGroupLimitPage> {
    let page = request.page.resolve(&LIMIT_SORT)?;
    let (scope, _) = visible(state, caller, current, request.employee_group_id, READ).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::item_group_limits(&mut tx, request.employee_group_id, &page).await?;
    Ok(ItemGroupLimitPage::new(rows.into_iter().map(named_limit).collect(), total))
}

fn check_period(p: &mut Problems, period: i32) {
    if !PERIODS.iter().any(|(k, _)| *k == period) {
        p.add("period", "invalid", "The period must be 1 (daily), 2 (weekly), 3 (monthly) or 4 (yearly).");
    }
}

pub async fn save_item_group_limit(state: &AppState, caller: &Caller, current: &SiteScope, input: &ItemGroupLimitInput, insert: bool) -> ApiResult<ItemGroupLimit> {
    let mut p = Problems::default();
    check_period(&mut p, input.period);
    let limit = amount(&mut p, "limit_amount", "Limit", Some(input.limit_amount));
    p.check()?;
    let limit = limit.unwrap_or_default();
    let group_id = input.employee_group_id;
    let (mut tx, _) = begin_write(state, caller, current, group_id).await?;
    let site_id = tx.site_id();
    let before = repo::item_group_limit(&mut tx, group_id, input.item_group_id, input.period).await?;
    if insert {
        if repo::item_group_at(&mut tx, site_id, input.item_group_id).await?.is_none() {
            return Err(ApiError::invalid("item_group_id", "notFound", "The item group does not exist at the group's site."));
        }
        if before.is_some() || !repo::insert_item_group_limit(&mut tx, site_id, group_id, input.item_group_id, input.period, limit).await? {
            return Err(ApiError::conflict("The group already has a limit for this item group and period: change it instead."));
        }
    } else {
        if before.is_none() {
            return Err(ApiError::not_found("The item-group limit you are trying to find does not exist."));
        }
        repo::update_item_group_limit(&mut tx, group_id, input.item_group_id, input.period, limit).await?;
    }
    let after = named_limit(repo::item_group_limit(&mut tx, group_id, input.item_group_id, input.period).await?.ok_or_else(|| ApiError::internal("saved limit vanished"))?);
    let (action, changes) = match before {
        Some(b) => (
            "employee_group.item_group_limit.update",
            json!({"item_group_id": after.item_group_id, "item_group": after.item_group, "period": after.period, "limit_amount": {"from": b.limit_amount, "to": after.limit_amount}}),
        ),
        None => ("employee_group.item_group_limit.insert", audit::snapshot(&after)),
    };
    record(&mut tx, caller, entity::ITEM_GROUP_LIMITS, group_id, action, changes).await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete_item_group_limit(state: &AppState, caller: &Caller, current: &SiteScope, group_id: i64, item_group_id: i64, period: i32) -> ApiResult<ItemGroupLimit> {
    let mut p = Problems::default();
    check_period(&mut p, period);
    p.check()?;
    let (mut tx, _) = begin_write(state, caller, current, group_id).await?;
    let before = named_limit(
        repo::item_group_limit(&mut tx, group_id, item_group_id, period).await?.ok_or_else(|| ApiError::not_found("The item-group limit you are trying to find does not exist."))?,
    );
    repo::delete_item_group_limit(&mut tx, group_id, item_group_id, period).await?;
    record(&mut tx, caller, entity::ITEM_GROUP_LIMITS, group_id, "employee_group.item_group_limit.delete", audit::snapshot(&before)).await?;
    tx.commit().await?;
    Ok(before)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_rounded_to_cents_and_negative_or_huge_ones_refused() {
        let money = |text: &str| Money::parse(text).expect("money");
        let mut p = Problems::default();
        assert_eq!(amount(&mut p, "a", "A", Some(Money::new(Decimal::new(12_345, 3)))), Some(money("12.35")));
        assert_eq!(amount(&mut p, "a", "A", Some(money("999999999999.99"))), Some(money("999999999999.99")));
        assert_eq!(amount(&mut p, "a", "A", None), None);
        assert!(p.is_empty());
        assert_eq!(amount(&mut p, "a", "A", Some(money("-1"))), None);
        assert_eq!(amount(&mut p, "a", "A", Some(money("-0.01"))), None);
        assert_eq!(amount(&mut p, "a", "A", Some(money("10000000000000"))), None);
        assert_eq!(amount(&mut p, "a", "A", Some(Money::new(Decimal::new(999_999_999_999_995, 3)))), None);
        assert_eq!(p.0.len(), 4);
        assert_eq!(p.0[0].error, "A must be between 0 and 999999999999.99.");
    }
}
