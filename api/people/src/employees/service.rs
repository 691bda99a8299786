//! Rules of the employee resource (docs/employees.md): reads with the object-level check (another site's employee
//! is 404; an employee of a site that is no longer active is 403 'Advanced validation failure!'), the search and its
//! export, quick and supervisor searches, the audited changes (create, update, deactivate, PIN, supervisors, item
//! limits).

use chrono::Utc;
use kernel::access::Caller;
use kernel::audit::{self, AuditDetail, AuditEntry};
use kernel::auth::password;
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::fields;
use kernel::listing::{self, PageRequest};
use kernel::num::{Decimal, Money, Quantity};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{is_email, trimmed, Problems};
use kernel::Perm;
use serde_json::{json, Value};
use tenancy::{SiteScope, TenantTx};

use super::model::*;
use super::repo::{self, SearchFilter};

pub const READ: &[Perm] = &[Perm::EmpView];
pub const EDIT: &[Perm] = &[Perm::EmpEdit];
pub const PIN: &[Perm] = &[Perm::EmpPinUpdate];
pub const NOT_FOUND: &str = "The employee you are trying to find does not exist.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
/// The 403 body for an employee of a site that is no longer active (spec 1 section 8: the console shows 'This
/// Employee exists in a site that is no longer active.').
pub const INACTIVE_SITE: &str = "Advanced validation failure!";
/// Audit entity of employees.
pub const ENTITY: &str = "employee";

pub const PERIODS: [&str; 4] = ["day", "week", "month", "year"];
const MAX_LIST: i64 = 5000;
/// The most an hour of an employee's work may cost.
const MAX_LABOR_COST: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);
/// The largest item limit.
const MAX_ITEM_LIMIT: Decimal = Decimal::from_parts(999_999_999, 0, 0, false, 0);

/// A PIN: 4 to 8 digits (docs/employees.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pin(String);

impl Pin {
    pub fn parse(raw: &str) -> Result<Self, ApiError> {
        let p = raw.trim();
        if (4..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_digit()) {
            Ok(Self(p.to_owned()))
        } else {
            Err(ApiError::invalid("pin", "invalidPin", "The PIN must be 4 to 8 digits."))
        }
    }

    /// The argon2id hash (kernel::auth::password), computed off the async threads.
    pub async fn hash(self) -> ApiResult<String> {
        tokio::task::spawn_blocking(move || password::hash(&self.0)).await.map_err(ApiError::internal)?.map_err(ApiError::internal)
    }
}

// ---- reads

/// The employee `id` with the scope of its site, if the caller may use that site with one of `perms`. An employee
/// of a site that is no longer active, which the caller was given access to, answers 403 [`INACTIVE_SITE`].
pub async fn visible(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<(SiteScope, Employee)> {
    match records::load_visible(state, caller, scope, perms, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await {
        Err(ApiError::NotFound(body)) => {
            let mut tx = scope.begin(&state.pool).await?;
            if repo::inactive_site_of(&mut tx, id, caller.user_id).await?.is_some() {
                return Err(ApiError::forbidden(INACTIVE_SITE));
            }
            Err(ApiError::NotFound(body))
        }
        other => other,
    }
}

pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Employee> {
    Ok(visible(state, caller, scope, id, READ).await?.1)
}

/// The employee with its supervisor, the employees it supervises, item limits and workflow factor.
pub async fn common(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<EmployeeCommon> {
    let (s, employee) = visible(state, caller, scope, id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    let supervises = repo::supervised_by(&mut tx, id).await?;
    let item_limits = repo::item_limits(&mut tx, id).await?;
    let factor = repo::workflow_factor(&mut tx, id).await?;
    Ok(EmployeeCommon { employee, supervises, item_limits, factor_description: factor.and_then(|f| f.factor_description) })
}

/// The scope of `site_id`, one of the caller's sites of the current client (404 otherwise).
pub async fn site_scope(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, perms: &[Perm]) -> ApiResult<SiteScope> {
    records::record_scope(state, caller, current, site_id, perms, SITE_NOT_FOUND).await
}

/// The current site's active employees (EMP-001), by number.
pub async fn list(state: &AppState, scope: &SiteScope) -> ApiResult<Vec<EmployeeMin>> {
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::of_site(&mut tx, scope.site_id(), true, MAX_LIST).await?)
}

/// Every employee of a site, active or not (EMP-004).
pub async fn of_site(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<Vec<EmployeeMin>> {
    let s = site_scope(state, caller, current, site_id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(repo::of_site(&mut tx, site_id, false, MAX_LIST).await?)
}

/// The employee with this number at a site (the current site when `site_id` is None).
pub async fn by_number(state: &AppState, caller: &Caller, current: &SiteScope, number: &str, site_id: Option<i64>) -> ApiResult<Employee> {
    let s = match site_id {
        Some(id) => site_scope(state, caller, current, id, READ).await?,
        None => current.clone(),
    };
    let mut tx = s.begin(&state.pool).await?;
    repo::find_by_number(&mut tx, s.site_id(), number.trim()).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// The employee's history, newest first (at most 200 changes).
pub async fn history(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Vec<AuditDetail>> {
    let (s, _) = visible(state, caller, scope, id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(audit::history(&mut tx, ENTITY, &id.to_string(), Some(s.client_id()), 200).await?)
}

fn prefix(v: &Option<String>) -> Option<String> {
    trimmed(v).map(str::to_uppercase)
}

fn filter_of(site_id: i64, f: &EmployeeFilter) -> SearchFilter {
    SearchFilter {
        site_id,
        number_prefix: prefix(&f.employee_number),
        last_prefix: prefix(&f.last_name),
        first_prefix: prefix(&f.first_name),
        badge_prefix: prefix(&f.badge_number),
        text: trimmed(&f.text).map(listing::contains_pattern),
        is_active: f.is_active,
        is_suspended: f.is_suspended,
        supervisor: f.supervisor,
        supervisor_id: f.supervisor_id,
        factor_id: f.wfl_employee_workflow_factor_id,
        company: trimmed(&f.company).map(listing::contains_pattern),
        ids: None,
        email: None,
    }
}

/// The employee search at the current site (EMP-014).
pub async fn search(state: &AppState, scope: &SiteScope, request: &EmployeeSearchRequest) -> ApiResult<EmployeePage> {
    let page = request.page.resolve(&SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, &filter_of(scope.site_id(), &request.filter), &page).await?;
    Ok(EmployeePage::new(rows, total))
}

pub async fn export(state: &AppState, scope: &SiteScope, request: &EmployeeSearchExport) -> ApiResult<XlsxFile> {
    let page = request.page.resolve(&SORT)?.export();
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, _) = repo::search(&mut tx, &filter_of(scope.site_id(), &request.filter), &page).await?;
    drop(tx);
    export::respond(&request.columns, &rows)
}

/// Employees whose number, badge, last or first name starts with the text (EMP-015).
pub async fn quick(state: &AppState, scope: &SiteScope, request: &EmployeeQuickSearch) -> ApiResult<Vec<EmployeeMin>> {
    let text = request.search_text.trim().to_uppercase();
    if text.is_empty() {
        return Err(ApiError::invalid("searchText", "required", "Please enter a value for Search Text."));
    }
    let limit = request.max_results.unwrap_or(20);
    if !(1..=50).contains(&limit) {
        return Err(ApiError::invalid("maxResults", "outOfRange", "Max Results must be between 1 and 50."));
    }
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::quick(&mut tx, scope.site_id(), &text, request.active_only.unwrap_or(true), limit).await?)
}

/// The supervisors of the current site (EMP-016); with `user_id`, only the supervisor records of that application
/// user (employees whose email is the user's).
pub async fn supervisor_search(state: &AppState, scope: &SiteScope, user_id: Option<i64>, page: &PageRequest) -> ApiResult<SupervisorPage> {
    let page = page.resolve(&SUPERVISOR_SORT)?;
    let mut tx = scope.begin(&state.pool).await?;
    let mut f = SearchFilter { site_id: scope.site_id(), ..SearchFilter::default() };
    if let Some(uid) = user_id {
        match user_email(&mut tx, uid).await? {
            Some(e) => f.email = Some(e),
            None => return Ok(SupervisorPage::new(Vec::new(), 0)),
        }
    }
    let (rows, total) = repo::supervisors(&mut tx, &f, &page).await?;
    Ok(SupervisorPage::new(rows, total))
}

/// The email of application user `user_id`, whose own employee records are the employees with that email (the
/// searches by `user_id`); None when the user has no email. A user that does not exist is a 400 on `user_id`.
pub async fn user_email(tx: &mut TenantTx, user_id: i64) -> ApiResult<Option<String>> {
    repo::user_email(tx, user_id).await?.ok_or_else(|| ApiError::invalid("user_id", "notFound", "The user does not exist."))
}

/// The workflow factor of an employee at a site (EMP-007).
pub async fn workflow_factor(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, employee_id: i64) -> ApiResult<EmployeeWorkflowFactor> {
    let (s, e) = visible(state, caller, current, employee_id, READ).await?;
    if e.site_id != site_id {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let mut tx = s.begin(&state.pool).await?;
    repo::workflow_factor(&mut tx, employee_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

// ---- changes

fn text(p: &mut Problems, v: &Option<String>, field: &str, label: &str, max: usize) -> Option<String> {
    p.optional_text(field, label, v.as_deref(), max)
}

/// Checks an input without the database: every problem at once.
pub fn validate(input: &EmployeeInput) -> (EmployeeValues, Problems) {
    let mut p = Problems::default();
    let number = p.required_text("employeeNumber", "Employee Number", input.employee_number.as_deref().unwrap_or(""), 40);
    let last = p.required_text("lastName", "Last Name", input.last_name.as_deref().unwrap_or(""), 60);
    let first = p.required_text("firstName", "First Name", input.first_name.as_deref().unwrap_or(""), 60);
    let badge = text(&mut p, &input.badge_number, "badgeNumber", "Badge Number", 40);
    let email = text(&mut p, &input.email, "email", "Email", 200);
    if email.as_deref().is_some_and(|e| !is_email(e)) {
        p.add("email", "invalidEmail", "Please enter a valid value for Email");
    }
    let phone = text(&mut p, &input.phone, "phone", "Phone", 40);
    let comments = text(&mut p, &input.comments, "comments", "Comments", 2000);
    let company = text(&mut p, &input.company, "company", "Company", 100);
    let customer_employee_num = text(&mut p, &input.customer_employee_num, "customerEmployeeNum", "Customer Employee Number", 40);
    let labor_cost = input.labor_cost.map(|c| Money::round(c.value()));
    if input.labor_cost.is_some_and(|c| c.is_sign_negative()) || labor_cost.is_some_and(|c| c.value() > MAX_LABOR_COST) {
        p.add("laborCost", "outOfRange", "Labor Cost must be between 0 and 1,000,000.");
    }
    if let (Some(b), Some(e)) = (input.begin_time, input.end_time) {
        if b == e {
            p.add("endTime", "invalid", "End Time must differ from Begin Time.");
        }
    }
    if let Some(r) = input.suspension_reason_id {
        if r < 1 {
            p.add("suspensionReasonID", "outOfRange", "Please enter a valid value for Suspension Reason");
        }
    }
    let suspended = input.is_suspended.unwrap_or(false);
    let b = |v: Option<bool>| v.unwrap_or(false);
    let values = EmployeeValues {
        employee_number: number,
        last_name: last,
        first_name: first,
        badge_number: badge,
        is_active: input.is_active.unwrap_or(true),
        begin_time: input.begin_time,
        end_time: input.end_time,
        supervisor: b(input.supervisor),
        supervisor_id: input.supervisor_id,
        track: [input.track1, input.track2, input.track3, input.track4],
        is_suspended: suspended,
        // A suspension is dated (today unless given); lifting it clears date and reason.
        suspension_date: if suspended { Some(input.suspension_date.unwrap_or_else(|| Utc::now().date_naive())) } else { None },
        suspension_reason_id: if suspended { input.suspension_reason_id } else { None },
        flags: [
            b(input.can_adjust),
            b(input.can_receive),
            b(input.can_change_location),
            input.can_return.unwrap_or(true),
            b(input.spot_buy),
            b(input.add_request),
            b(input.change_request),
            b(input.can_override_buddy),
            b(input.can_override_asset_return_restricted),
            b(input.tool_touch_admin),
            b(input.can_calibrate_assets),
            b(input.can_adjust_consigned),
        ],
        email,
        phone,
        labor_cost,
        comments,
        company,
        customer_employee_num,
        wfl_employee_workflow_factor_id: input.wfl_employee_workflow_factor_id,
    };
    (values, p)
}

/// The checks that need the site's data: unique number and badge, supervisor, tracking codes, workflow factor.
async fn check_references(tx: &mut TenantTx, site_id: i64, id: Option<i64>, v: &EmployeeValues, p: &mut Problems) -> ApiResult<()> {
    if !v.employee_number.is_empty() && repo::number_taken(tx, site_id, &v.employee_number, id).await? {
        p.add("employeeNumber", "duplicate", &format!("Employee number {} already exists at this site.", v.employee_number));
    }
    if let Some(badge) = &v.badge_number {
        if repo::badge_taken(tx, site_id, badge, id).await? {
            p.add("badgeNumber", "duplicate", &format!("Badge {badge} is already used by another employee of this site."));
        }
    }
    if let Some(sup) = v.supervisor_id {
        check_supervisor_choice(tx, site_id, id, sup, "supervisor_id", p).await?;
    }
    for (i, t) in v.track.iter().enumerate() {
        if let Some(code) = t {
            let level = i64::try_from(i + 1).unwrap_or(0);
            if repo::tracking_level_of(tx, site_id, *code).await? != Some(level) {
                p.add(&format!("track{}", i + 1), "invalid", &format!("Tracking code {code} is not a code of tracking level {level} at this site."));
            }
        }
    }
    if let Some(f) = v.wfl_employee_workflow_factor_id {
        if !repo::factor_exists(tx, site_id, f).await? {
            p.add("wfl_employee_workflow_factor_ID", "invalid", "The workflow factor does not exist at this site.");
        }
    }
    Ok(())
}

/// `supervisor` may supervise `employee` (None: a new employee): an active supervisor of the same site, not the
/// employee, and not someone the employee supervises (directly or further down).
async fn check_supervisor_choice(tx: &mut TenantTx, site_id: i64, employee: Option<i64>, supervisor: i64, field: &str, p: &mut Problems) -> ApiResult<()> {
    match repo::supervisor_info(tx, supervisor).await? {
        Some((site, is_sup, active)) if site == site_id && is_sup && active => {
            if let Some(e) = employee {
                if e == supervisor {
                    p.add(field, "invalid", "An employee cannot supervise themselves.");
                } else if repo::supervises_indirectly(tx, e, supervisor).await? {
                    p.add(field, "invalid", "The supervisor reports to this employee.");
                }
            }
        }
        _ => p.add(field, "invalid", "The supervisor must be an active supervisor of this site."),
    }
    Ok(())
}

pub async fn record(tx: &mut TenantTx, caller: &Caller, id: i64, action: &str, changes: Value) -> ApiResult<()> {
    let (client, site) = (tx.scope().client_id(), tx.site_id());
    audit::record(tx, Some(caller), AuditEntry { action, entity: ENTITY, entity_id: id.to_string(), client_id: Some(client), site_id: Some(site), changes })
        .await?;
    Ok(())
}

/// `{field: {from, to}}` without the derived and bookkeeping fields; the supervisor's name stays beside its id, so
/// the history reads "Supervisor: Lopez, Maria -> Chen, Wei" rather than two ids.
pub fn changes(before: &Employee, after: &Employee) -> Value {
    let mut d = audit::diff(&audit::snapshot(before), &audit::snapshot(after));
    if let Some(map) = d.as_object_mut() {
        for k in ["updated_at", "factor_value", "siteCode", "deactivatedAt"] {
            map.remove(k);
        }
    }
    d
}

/// Creates an employee at the current site (EMP-013).
pub async fn create(state: &AppState, caller: &Caller, scope: &SiteScope, input: &EmployeeInput) -> ApiResult<EmployeeSaved> {
    fields::check(caller, &[(&fields::EMPLOYEE_PIN, trimmed(&input.pin).is_some()), (&fields::CLEAR_EMPLOYEE_PIN, input.clear_pin == Some(true))])?;
    let (values, mut p) = validate(input);
    let pin = match trimmed(&input.pin) {
        Some(raw) => match Pin::parse(raw) {
            Ok(pin) => Some(pin),
            Err(_) => {
                p.add("pin", "invalidPin", "The PIN must be 4 to 8 digits.");
                None
            }
        },
        None => None,
    };
    let mut tx = scope.begin(&state.pool).await?;
    check_references(&mut tx, scope.site_id(), None, &values, &mut p).await?;
    p.check()?;
    let hash = match pin {
        Some(pin) => Some(pin.hash().await?),
        None => None,
    };
    let id = repo::insert(&mut tx, scope.site_id(), &values, hash.as_deref()).await?;
    let created = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("created employee not found"))?;
    record(&mut tx, caller, id, "create", audit::snapshot(&created)).await?;
    tx.commit().await?;
    Ok(EmployeeSaved { success: true, message: format!("Employee {} created.", created.employee_number), employee: created })
}

/// Replaces an employee's record (EMP-011).
pub async fn update(state: &AppState, caller: &Caller, scope: &SiteScope, input: &EmployeeInput) -> ApiResult<EmployeeSaved> {
    let id = input.employee_id.ok_or_else(|| ApiError::invalid("employeeID", "required", "Please enter a value for Employee ID."))?;
    fields::check(caller, &[(&fields::EMPLOYEE_PIN, trimmed(&input.pin).is_some()), (&fields::CLEAR_EMPLOYEE_PIN, input.clear_pin == Some(true))])?;
    let (s, before) = visible(state, caller, scope, id, EDIT).await?;
    let (values, mut p) = validate(input);
    if trimmed(&input.pin).is_some() {
        p.add("pin", "invalid", "Use Pin/Update to change a PIN.");
    }
    let mut tx = s.begin(&state.pool).await?;
    check_references(&mut tx, before.site_id, Some(id), &values, &mut p).await?;
    if !values.supervisor && before.supervisor && !repo::supervised_by(&mut tx, id).await?.is_empty() {
        p.add("supervisor", "inUse", "This employee still supervises other employees; assign them another supervisor first.");
    }
    p.check()?;
    repo::update(&mut tx, id, &values, input.clear_pin.unwrap_or(false)).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    record(&mut tx, caller, id, "update", changes(&before, &after)).await?;
    tx.commit().await?;
    Ok(EmployeeSaved { success: true, message: format!("Employee {} saved.", after.employee_number), employee: after })
}

/// Deactivates an employee (EMP-021): the record and its history stay; it can be activated again by an update.
pub async fn deactivate(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<EmployeeSaved> {
    let (s, before) = visible(state, caller, scope, id, EDIT).await?;
    let mut tx = s.begin(&state.pool).await?;
    repo::deactivate(&mut tx, id).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if before.is_active {
        record(&mut tx, caller, id, "deactivate", changes(&before, &after)).await?;
    }
    tx.commit().await?;
    Ok(EmployeeSaved { success: true, message: format!("Employee {} deactivated.", after.employee_number), employee: after })
}

/// Sets an employee's PIN (EMP-012): stored as an argon2id hash, never returned, audited without the PIN.
pub async fn set_pin(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, raw: &str) -> ApiResult<EmployeeSaved> {
    let (s, before) = visible(state, caller, scope, id, PIN).await?;
    let hash = Pin::parse(raw)?.hash().await?;
    let mut tx = s.begin(&state.pool).await?;
    repo::set_pin(&mut tx, id, Some(&hash)).await?;
    let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    record(&mut tx, caller, id, "pin", json!({"hasPin": {"from": before.has_pin, "to": true}, "pinChanged": true})).await?;
    tx.commit().await?;
    Ok(EmployeeSaved { success: true, message: "The PIN was updated.".to_owned(), employee: after })
}

/// Names the supervisor of several employees of the current site (EMP-017); null removes it.
pub async fn add_supervisor(state: &AppState, caller: &Caller, scope: &SiteScope, input: &AddSupervisor) -> ApiResult<SupervisorAnswer> {
    let ids = listing::dedup_ids(&input.employee_ids);
    let mut p = Problems::default();
    if ids.is_empty() {
        p.add("employeeIds", "required", "Choose at least one employee.");
    }
    let mut tx = scope.begin(&state.pool).await?;
    let site = scope.site_id();
    let found = repo::existing_ids(&mut tx, site, &ids).await?;
    if let Some(missing) = ids.iter().find(|i| !found.contains(i)) {
        p.add("employeeIds", "notFound", &format!("Employee {missing} does not exist at this site."));
    }
    if let Some(sup) = input.supervisor_id {
        match repo::supervisor_info(&mut tx, sup).await? {
            Some((s, is_sup, active)) if s == site && is_sup && active => {
                for e in &ids {
                    if *e == sup {
                        p.add("supervisor_id", "invalid", "An employee cannot supervise themselves.");
                    } else if repo::supervises_indirectly(&mut tx, *e, sup).await? {
                        p.add("supervisor_id", "invalid", &format!("The supervisor reports to employee {e}."));
                    }
                }
            }
            _ => p.add("supervisor_id", "invalid", "The supervisor must be an active supervisor of this site."),
        }
    }
    p.check()?;
    let before: Vec<(i64, Option<i64>)> = {
        let mut v = Vec::new();
        for id in &ids {
            if let Some(e) = repo::find(&mut tx, *id).await? {
                v.push((*id, e.supervisor_id));
            }
        }
        v
    };
    let changed = repo::set_supervisor(&mut tx, site, &ids, input.supervisor_id).await?;
    for (id, from) in before.iter().filter(|(id, _)| changed.contains(id)) {
        record(&mut tx, caller, *id, "supervisor", json!({"supervisor_id": {"from": from, "to": input.supervisor_id}})).await?;
    }
    tx.commit().await?;
    Ok(SupervisorAnswer { success: true, updated: i64::try_from(changed.len()).unwrap_or(i64::MAX), supervisor_id: input.supervisor_id })
}

/// Sets or removes an employee's item limit (EMP-018).
pub async fn item_limit(state: &AppState, caller: &Caller, scope: &SiteScope, input: &ItemLimitInput) -> ApiResult<ItemLimitAnswer> {
    let (s, employee) = visible(state, caller, scope, input.employee_id, EDIT).await?;
    let mut p = Problems::default();
    let period = input.period.trim().to_lowercase();
    if !PERIODS.contains(&period.as_str()) {
        p.add("period", "invalid", "The period must be day, week, month or year.");
    }
    // Stored at the quantity's scale (the column's), as the database would round it.
    let quantity = input.quantity.map(|q| Quantity::round(q.value()));
    if quantity.is_some_and(|q| q.value() <= Decimal::ZERO || q.value() > MAX_ITEM_LIMIT) {
        p.add("quantity", "outOfRange", "Quantity must be greater than 0 and at most 999,999,999.");
    }
    let period_no = PERIODS.iter().position(|p| *p == period).and_then(|i| i16::try_from(i + 1).ok()).unwrap_or(0);
    let mut tx = s.begin(&state.pool).await?;
    repo::lock_employee(&mut tx, employee.employee_id).await?;
    if repo::cid_site(&mut tx, input.cid_no).await? != Some(employee.site_id) {
        p.add("cid_no", "notFound", "The CID does not exist at the employee's site.");
    }
    p.check()?;
    let before = repo::item_limits(&mut tx, employee.employee_id).await?;
    let old = before.iter().find(|l| l.cid_no == input.cid_no && l.period == period).map(|l| l.quantity);
    match quantity {
        Some(q) => repo::upsert_item_limit(&mut tx, employee.site_id, employee.employee_id, input.cid_no, period_no, q).await?,
        None => {
            repo::delete_item_limit(&mut tx, employee.employee_id, input.cid_no, period_no).await?;
        }
    }
    if old != quantity {
        record(&mut tx, caller, employee.employee_id, "item_limit", json!({"itemLimit": {"cid_no": input.cid_no, "period": period, "from": old, "to": quantity}}))
            .await?;
    }
    let item_limits = repo::item_limits(&mut tx, employee.employee_id).await?;
    tx.commit().await?;
    Ok(ItemLimitAnswer { employee_id: employee.employee_id, item_limits })
}

/// The groups of the employee's site with whether the employee belongs to each (EMP-019).
pub async fn groups(state: &AppState, caller: &Caller, scope: &SiteScope, employee_id: i64) -> ApiResult<Vec<EmployeeGroupMembership>> {
    let (s, e) = visible(state, caller, scope, employee_id, READ).await?;
    let mut tx = s.begin(&state.pool).await?;
    Ok(repo::group_memberships(&mut tx, e.site_id, employee_id).await?)
}

/// The employee joins `insert` and leaves `remove` (groups of the employee's site; EMP-020); audited.
pub async fn update_groups(state: &AppState, caller: &Caller, scope: &SiteScope, input: &EmployeeGroupUpdate) -> ApiResult<Vec<EmployeeGroupMembership>> {
    let (s, e) = visible(state, caller, scope, input.employee_id, EDIT).await?;
    let insert = listing::dedup_ids(&input.insert);
    let remove = listing::dedup_ids(&input.remove);
    let mut p = Problems::default();
    if insert.iter().any(|g| remove.contains(g)) {
        p.add("remove", "invalid", "A group cannot be both joined and left.");
    }
    let mut tx = s.begin(&state.pool).await?;
    let known: Vec<i64> = repo::group_memberships(&mut tx, e.site_id, e.employee_id).await?.iter().map(|g| g.employee_group_id).collect();
    for (field, ids) in [("insert", &insert), ("remove", &remove)] {
        if let Some(g) = ids.iter().find(|g| !known.contains(g)) {
            p.add(field, "notFound", &format!("Employee group {g} does not exist at the employee's site."));
        }
    }
    p.check()?;
    if known.is_empty() {
        return Ok(Vec::new());
    }
    let joined = repo::join_groups(&mut tx, e.site_id, e.employee_id, &insert).await?;
    let left = repo::leave_groups(&mut tx, e.employee_id, &remove).await?;
    if !joined.is_empty() || !left.is_empty() {
        record(&mut tx, caller, e.employee_id, "groups", json!({"joined": joined, "left": left})).await?;
    }
    let groups = repo::group_memberships(&mut tx, e.site_id, e.employee_id).await?;
    tx.commit().await?;
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_is_four_to_eight_digits() {
        for ok in ["1234", "00000000", " 5678 "] {
            assert!(Pin::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["123", "123456789", "12a4", "", "１２３４"] {
            assert!(Pin::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn validation_reports_every_missing_name_and_dates_a_suspension() {
        let (_, p) = validate(&EmployeeInput::default());
        let fields: Vec<_> = p.0.iter().map(|e| e.field.clone()).collect();
        assert_eq!(fields, ["employeeNumber", "lastName", "firstName"]);
        let input = EmployeeInput {
            employee_number: Some("E1".into()),
            last_name: Some("L".into()),
            first_name: Some("F".into()),
            is_suspended: Some(true),
            email: Some("not-an-email".into()),
            ..EmployeeInput::default()
        };
        let (v, p) = validate(&input);
        assert_eq!(v.suspension_date, Some(Utc::now().date_naive()));
        assert!(v.flags[3], "canReturn defaults to true");
        assert_eq!(p.0.len(), 1);
        assert_eq!(p.0[0].field, "email");
    }
}
