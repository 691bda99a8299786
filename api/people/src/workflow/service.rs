//! Rules of workflow factors and approver groups (docs/employees.md).

use kernel::access::Caller;
use kernel::audit::{self, AuditDetail, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing;
use kernel::num::{Decimal, Factor};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use kernel::Perm;
use serde_json::{json, Value};
use tenancy::{SiteScope, TenantTx};

use super::model::*;
use super::repo::{self, AssignedFilter};
use crate::employees::service as employees;

pub const READ: &[Perm] = &[Perm::EmpView];
pub const EDIT: &[Perm] = &[Perm::EmpWorkflowFactorEdit];
pub const NOT_FOUND: &str = "The workflow factor you are trying to find does not exist.";
pub const ENTITY: &str = "wfl_employee_workflow_factor";
/// The largest factor value.
const MAX_FACTOR: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);


pub async fn visible(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<(SiteScope, WorkflowFactor)> {
    records::load_visible(state, caller, scope, perms, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await
}

pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<WorkflowFactor> {
    Ok(visible(state, caller, scope, id, READ).await?.1)
}

/// A site's factors (WFL-001).
pub async fn of_site(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<Vec<WorkflowFactor>> {
    let s = employees::site_scope(state, caller, current, site_id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(repo::of_site(&mut tx, site_id).await?)
}

pub async fn history(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Vec<AuditDetail>> {
    let (s, _) = visible(state, caller, scope, id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(audit::history(&mut tx, ENTITY, &id.to_string(), Some(s.client_id()), 200).await?)
}

async fn record(tx: &mut TenantTx, caller: &Caller, id: i64, action: &str, changes: Value) -> ApiResult<()> {
    let client = tx.scope().client_id();
    let site = tx.site_id();
    audit::record(tx, Some(caller), AuditEntry { action, entity: ENTITY, entity_id: id.to_string(), client_id: Some(client), site_id: Some(site), changes }).await?;
    Ok(())
}

fn validate(input: &WorkflowFactorInput) -> (Factor, String, Problems) {
    let mut p = Problems::default();
    let description = p.required_text("factor_description", "Factor Description", input.factor_description.as_deref().unwrap_or(""), 200);
    let value = match input.factor_value {
        None => {
            p.add("factor_value", "required", "Please enter a value for Factor Value.");
            Factor::ZERO
        }
        Some(v) if v.is_sign_negative() || v.value() > MAX_FACTOR => {
            p.add("factor_value", "outOfRange", "Factor Value must be between 0 and 1,000,000.");
            Factor::ZERO
        }
        Some(v) => Factor::round(v.value()),
    };
    (value, description, p)
}

/// Creates a factor at the current site (WFL-006).
pub async fn create(state: &AppState, caller: &Caller, scope: &SiteScope, input: &WorkflowFactorInput) -> ApiResult<WorkflowFactorSaved> {
    let (value, description, mut p) = validate(input);
    let mut tx = scope.begin(&state.pool).await?;
    if !description.is_empty() && repo::description_taken(&mut tx, scope.site_id(), &description, None).await? {
        p.add("factor_description", "duplicate", "A workflow factor with this description already exists at this site.");
    }
    p.check()?;
    let id = repo::insert(&mut tx, scope.site_id(), value, &description, input.is_active.unwrap_or(true)).await?;
    let factor = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("created factor not found"))?;
    record(&mut tx, caller, id, "create", audit::snapshot(&factor)).await?;
    tx.commit().await?;
    Ok(WorkflowFactorSaved { success: true, message: "Workflow factor created.".to_owned(), factor })
}

/// Changes a factor (WFL-005).
pub async fn update(state: &AppState, caller: &Caller, scope: &SiteScope, input: &WorkflowFactorInput) -> ApiResult<WorkflowFactorSaved> {
    let id = input
        .wfl_employee_workflow_factor_id
        .ok_or_else(|| ApiError::invalid("wfl_employee_workflow_factor_ID", "required", "Please enter a value for Workflow Factor ID."))?;
    let (s, before) = visible(state, caller, scope, id, EDIT).await?;
    let (value, description, mut p) = validate(input);
    let mut tx = s.begin(&state.pool).await?;
    if !description.is_empty() && repo::description_taken(&mut tx, before.site_id, &description, Some(id)).await? {
        p.add("factor_description", "duplicate", "A workflow factor with this description already exists at this site.");
    }
    p.check()?;
    repo::update(&mut tx, id, value, &description, input.is_active.unwrap_or(before.is_active)).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    record(&mut tx, caller, id, "update", audit::diff(&audit::snapshot(&before), &audit::snapshot(&after))).await?;
    tx.commit().await?;
    Ok(WorkflowFactorSaved { success: true, message: "Workflow factor saved.".to_owned(), factor: after })
}

fn prefix(v: &Option<String>) -> Option<String> {
    trimmed(v).map(str::to_uppercase)
}

/// Employees of the factor's site with whether they are assigned to it (WFL-007).
pub async fn assigned_search(state: &AppState, caller: &Caller, scope: &SiteScope, request: &AssignedSearchRequest) -> ApiResult<AssignedPage> {
    let page = request.page.resolve(&ASSIGNED_SORT)?;
    let (s, factor) = visible(state, caller, scope, request.wfl_employee_workflow_factor_id, READ).await?;
    if request.site_id.is_some_and(|site| site != factor.site_id) {
        return Err(ApiError::invalid("site_id", "invalid", "The workflow factor belongs to another site."));
    }
    let f = AssignedFilter {
        site_id: factor.site_id,
        factor_id: factor.wfl_employee_workflow_factor_id,
        number_prefix: prefix(&request.employee_number),
        last_prefix: prefix(&request.last_name),
        first_prefix: prefix(&request.first_name),
        badge_prefix: prefix(&request.badge_number),
        is_active: request.is_active,
        employee_id: request.employee_id,
        supervisor: request.supervisor,
        assigned: request.assigned,
        email: None,
    };
    let mut tx = s.begin(&state.pool).await?;
    let (rows, total) = repo::assigned_search(&mut tx, &f, &page).await?;
    Ok(AssignedPage::new(rows, total))
}

/// Assigns the factor to `insert` and takes it from `remove` (WFL-008); each employee changed is audited.
pub async fn assigned_update(state: &AppState, caller: &Caller, scope: &SiteScope, input: &AssignedUpdate) -> ApiResult<AssignedAnswer> {
    let (s, factor) = visible(state, caller, scope, input.wfl_employee_workflow_factor_id, EDIT).await?;
    let insert = listing::dedup_ids(&input.insert);
    let remove = listing::dedup_ids(&input.remove);
    let mut p = Problems::default();
    if insert.iter().any(|i| remove.contains(i)) {
        p.add("remove", "invalid", "An employee cannot be both assigned and removed.");
    }
    if insert.is_empty() && remove.is_empty() {
        p.add("insert", "required", "Choose at least one employee to assign or remove.");
    }
    let mut tx = s.begin(&state.pool).await?;
    let all: Vec<i64> = insert.iter().chain(remove.iter()).copied().collect();
    let found = repo::factors_of(&mut tx, factor.site_id, &all).await?;
    if let Some(missing) = all.iter().find(|id| !found.iter().any(|(f, _)| f == *id)) {
        p.add(if insert.contains(missing) { "insert" } else { "remove" }, "notFound", &format!("Employee {missing} does not exist at the factor's site."));
    }
    if !factor.is_active && !insert.is_empty() {
        p.add("wfl_employee_workflow_factor_ID", "inactive", "An inactive workflow factor cannot be assigned.");
    }
    p.check()?;
    let id = factor.wfl_employee_workflow_factor_id;
    let (mut assigned, mut removed) = (0i64, 0i64);
    for (employee, before) in &found {
        let to = if insert.contains(employee) {
            Some(id)
        } else if *before == Some(id) {
            None
        } else {
            continue;
        };
        if *before == to {
            continue;
        }
        repo::set_factor(&mut tx, *employee, to).await?;
        employees::record(&mut tx, caller, *employee, "workflow_factor", json!({"wfl_employee_workflow_factor_ID": {"from": before, "to": to}})).await?;
        if to.is_some() {
            assigned += 1;
        } else {
            removed += 1;
        }
    }
    if assigned + removed > 0 {
        record(&mut tx, caller, id, "assignment", json!({"assigned": assigned, "removed": removed})).await?;
    }
    tx.commit().await?;
    Ok(AssignedAnswer { success: true, assigned, removed })
}

/// The factors of an application user's own employee records at the current site (WFL-009).
pub async fn user_assignments(state: &AppState, scope: &SiteScope, request: &UserAssignmentsRequest) -> ApiResult<AssignedPage> {
    let page = request.page.resolve(&ASSIGNED_SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    let Some(email) = employees::user_email(&mut tx, request.user_id).await? else { return Ok(AssignedPage::new(Vec::new(), 0)) };
    let f = AssignedFilter { site_id: scope.site_id(), factor_id: 0, email: Some(email), assigned: None, ..AssignedFilter::default() };
    let (mut rows, total) = repo::assigned_search(&mut tx, &f, &page).await?;
    // No factor was searched: "assigned" says the employee has one.
    for r in &mut rows {
        r.assigned = r.wfl_employee_workflow_factor_id.is_some();
    }
    Ok(AssignedPage::new(rows, total))
}

/// A site's approver groups (EMP-009).
pub async fn approver_groups(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<Vec<ApproverGroup>> {
    let s = employees::site_scope(state, caller, current, site_id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(repo::approver_groups(&mut tx, site_id, None).await?)
}

/// The groups an employee approves for (EMP-008).
pub async fn approver_groups_of(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, employee_id: i64) -> ApiResult<Vec<ApproverGroup>> {
    let (s, e) = employees::visible(state, caller, current, employee_id, READ).await?;
    if e.site_id != site_id {
        return Err(ApiError::not_found(employees::NOT_FOUND));
    }
    let mut tx = s.begin(&state.pool).await?;
    Ok(repo::approver_groups_of(&mut tx, employee_id).await?)
}

/// The active approver groups of a workflow type at a site, with their approvers (WFL-003).
pub async fn item_workflow_groups(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, type_workflow_id: i32) -> ApiResult<Vec<ItemWorkflowGroup>> {
    if !(1..=9).contains(&type_workflow_id) {
        return Err(ApiError::invalid("type_workflow_id", "outOfRange", "The workflow type must be between 1 and 9."));
    }
    let s = employees::site_scope(state, caller, current, site_id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let groups = repo::approver_groups(&mut tx, site_id, Some(type_workflow_id)).await?;
    let ids: Vec<i64> = groups.iter().map(|g| g.approver_group_id).collect();
    let approvers = repo::approvers(&mut tx, &ids).await?;
    Ok(groups
        .into_iter()
        .map(|g| {
            let approvers = approvers.iter().filter(|a| a.approver_group_id == g.approver_group_id).cloned().collect();
            ItemWorkflowGroup { group: g, approvers }
        })
        .collect())
}
