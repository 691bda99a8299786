//! Rules of tracking levels and tracking codes (docs/tracking-codes.md): who sees which level (T1View..T4View),
//! the checks of every change, suspension, supervisors, item restrictions, defaults by relationship and the
//! selection check. Every change runs in one transaction with its audit row.

use chrono::Utc;
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
    AddSupervisor, AddSupervisorResult, LimitFields, SelectionCheck, SelectionResult, TrackingCode, TrackingCodeCreate, TrackingCodeDetail,
    TrackingCodeFields, TrackingCodeFull, TrackingCodeMin2Create, TrackingCodeMin2Update, TrackingCodeMin3Update, TrackingCodeOption,
    TrackingCodePage, TrackingCodeQuickSearch, TrackingCodeReference, TrackingCodeSearchRequest, TrackingCodeUpdate, TrackingDefault, TrackingEvent,
    TrackingLevel, TrackingLevelUpdate, SORT,
};
use super::repo::{self, CodeValues, SearchFilter};
use super::selection::{self, Event, Selection};

pub const READ: &[Perm] = &[Perm::BasicAccess];
pub const WRITE: &[Perm] = &[Perm::TrackingCodeEdit];
pub const LEVEL_ADMIN: &[Perm] = &[Perm::TrackingLevelAdmin];
pub const NOT_FOUND: &str = "The tracking code you are trying to find does not exist.";
/// The tracking-code route guard (spec 4 section 2): the code's level differs from the route's.
pub const WRONG_LEVEL: &str = "The tracking code you are trying to find does not exist in this tracking level.";
pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
pub const CIP_NOT_FOUND: &str = "The item you are trying to find does not exist.";
pub const EMPLOYEE_NOT_FOUND: &str = "The employee you are trying to find does not exist.";
/// The largest limit.
pub const MAX_LIMIT: Decimal = Decimal::from_parts(1_316_134_911, 2_328, 0, false, 0);
/// Suspension reasons (suspensionReasonID).
pub const SUSPENSION_REASONS: [(i32, &str); 4] = [(1, "Budget exhausted"), (2, "Project closed"), (3, "Under review"), (4, "Other")];


/// The permission that shows the codes of `level` (spec 4: T1View to T4View).
pub fn level_permission(level: i64) -> Option<Perm> {
    match level {
        1 => Some(Perm::T1View),
        2 => Some(Perm::T2View),
        3 => Some(Perm::T3View),
        4 => Some(Perm::T4View),
        _ => None,
    }
}

fn level_in_range(field: &str, level: i64) -> ApiResult<()> {
    if (1..=4).contains(&level) {
        Ok(())
    } else {
        Err(ApiError::invalid(field, "invalid", "The tracking level must be 1, 2, 3 or 4."))
    }
}

/// 403 unless the caller holds the level's view permission at `site_id`.
async fn may_view_level(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64, level: i64) -> ApiResult<()> {
    let Some(perm) = level_permission(level) else { return Err(ApiError::not_found(NOT_FOUND)) };
    let holds = if site_id == current.site_id() { caller.holds(perm) } else { state.authz.has_any(caller.user_id, site_id, &[perm.as_str()]).await? };
    if holds {
        Ok(())
    } else {
        Err(ApiError::forbidden(&format!("You do not have permission to see tracking codes of level {level} ({}).", perm.as_str())))
    }
}

async fn visible_full(state: &AppState, caller: &Caller, current: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<(SiteScope, TrackingCodeFull)> {
    records::load_visible(state, caller, current, perms, NOT_FOUND, |tx| Box::pin(repo::find_full(tx, id))).await
}

/// The tracking code `id` of the caller's client, if the caller may use its site with [`READ`].
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<TrackingCode> {
    let (_, record) = records::load_visible(state, caller, scope, READ, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    Ok(record)
}

/// The detail (V2/{id}); `level` is the route's level: a code of another level answers 404 [`WRONG_LEVEL`].
pub async fn detail(state: &AppState, caller: &Caller, current: &SiteScope, id: i64, level: Option<i64>) -> ApiResult<TrackingCodeDetail> {
    let (scope, code) = visible_full(state, caller, current, id, READ).await?;
    if level.is_some_and(|l| l != code.tracking_level_id) {
        return Err(ApiError::not_found(WRONG_LEVEL));
    }
    may_view_level(state, caller, current, code.site_id, code.tracking_level_id).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let restricted_items = repo::restricted_items(&mut tx, id).await?;
    Ok(TrackingCodeDetail { code, restricted_items })
}

pub async fn audit_detail(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<Vec<AuditDetail>> {
    let (scope, code) = visible_full(state, caller, current, id, READ).await?;
    may_view_level(state, caller, current, code.site_id, code.tracking_level_id).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(audit::history(&mut tx, "tracking_code", &id.to_string(), Some(scope.client_id()), 200).await?)
}

// ---- levels

/// The four levels of `site_id` (a site of the caller's client they may use).
pub async fn levels_by_site(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<Vec<TrackingLevel>> {
    let scope = records::record_scope(state, caller, current, site_id, READ, SITE_NOT_FOUND).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::levels(&mut tx, site_id).await?)
}

pub async fn update_level(state: &AppState, caller: &Caller, current: &SiteScope, input: &TrackingLevelUpdate) -> ApiResult<Vec<TrackingLevel>> {
    let site_id = input.site_id.unwrap_or(current.site_id());
    let scope = records::record_scope(state, caller, current, site_id, LEVEL_ADMIN, SITE_NOT_FOUND).await?;
    level_in_range("trackingLevelID", input.tracking_level_id)?;
    let mut p = Problems::default();
    let description = p.required_text("description", "Description", &input.description, 60);
    let timing = input.tracking_timing.unwrap_or(2);
    if !(0..=2).contains(&timing) {
        p.add("trackingTiming", "invalid", "Tracking timing must be None 0, OnReceipt 1 or OnIssue 2.");
    }
    if input.is_required == Some(true) && timing == 0 {
        p.add("isRequired", "invalid", "A level that is never asked (timing None) cannot be required.");
    }
    p.check()?;
    let mut tx = scope.begin(&state.pool).await?;
    repo::lock_levels(&mut tx, site_id).await?;
    let before = repo::levels(&mut tx, site_id).await?;
    let level = TrackingLevel {
        site_id,
        tracking_level_id: input.tracking_level_id,
        description,
        is_active: input.is_active,
        is_required: input.is_required.unwrap_or(false),
        enable_item_restrictions: input.enable_item_restrictions.unwrap_or(false),
        can_free_form: input.can_free_form.unwrap_or(false),
        employee_default_required: input.employee_default_required.unwrap_or(false),
        send_to_cribmaster: input.send_to_cribmaster.unwrap_or(false),
        tracking_timing: timing,
    };
    repo::upsert_level(&mut tx, &level).await?;
    let old = before.iter().find(|l| l.tracking_level_id == level.tracking_level_id);
    let changes = audit::diff(&old.map(audit::snapshot).unwrap_or(Value::Null), &audit::snapshot(&level));
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "update",
            entity: "tracking_level",
            entity_id: format!("{site_id}:{}", level.tracking_level_id),
            client_id: Some(scope.client_id()),
            site_id: Some(site_id),
            changes,
        },
    )
    .await?;
    let after = repo::levels(&mut tx, site_id).await?;
    tx.commit().await?;
    Ok(after)
}

// ---- searches

pub async fn search(state: &AppState, caller: &Caller, current: &SiteScope, request: &TrackingCodeSearchRequest) -> ApiResult<TrackingCodePage> {
    let page = request.page.resolve(&SORT)?;
    level_in_range("trackingLevelID", request.tracking_level_id)?;
    may_view_level(state, caller, current, current.site_id(), request.tracking_level_id).await?;
    let filter = SearchFilter {
        site_id: current.site_id(),
        level: request.tracking_level_id,
        text: patterns(&request.text),
        is_active: request.is_active,
        is_suspended: request.is_suspended,
        group: trimmed(&request.tracking_code_group).map(str::to_owned),
        supervisor: request.supervisor,
        has_limits: request.has_limits,
    };
    let mut tx = current.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, &filter, &page).await?;
    Ok(TrackingCodePage::new(rows, total))
}

fn patterns(text: &Option<String>) -> Option<(String, String)> {
    trimmed(text).map(|t| {
        let upper = t.to_uppercase();
        let prefix = contains_pattern(&upper);
        // contains_pattern answers %text%: the prefix form drops the leading %.
        (prefix.trim_start_matches('%').to_owned(), contains_pattern(&upper))
    })
}

pub async fn quick_search(state: &AppState, caller: &Caller, current: &SiteScope, request: &TrackingCodeQuickSearch) -> ApiResult<Vec<TrackingCodeOption>> {
    level_in_range("trackingLevelID", request.tracking_level_id)?;
    may_view_level(state, caller, current, current.site_id(), request.tracking_level_id).await?;
    let mut tx = current.begin(&state.pool).await?;
    Ok(repo::quick_search(&mut tx, current.site_id(), request.tracking_level_id, patterns(&request.text)).await?)
}

/// The codes valid for a CIP (TrackingCodesByCIP): `site_id` must be the CIP's site.
pub async fn codes_for_cip(state: &AppState, caller: &Caller, current: &SiteScope, cip_no: i64, site_id: Option<i64>) -> ApiResult<Vec<TrackingCodeOption>> {
    let site_id = site_id.unwrap_or(current.site_id());
    let scope = records::record_scope(state, caller, current, site_id, READ, CIP_NOT_FOUND).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let (cip_site, cid_no, defaults) = repo::cip_defaults(&mut tx, cip_no).await?.ok_or_else(|| ApiError::not_found(CIP_NOT_FOUND))?;
    if cip_site != site_id {
        return Err(ApiError::not_found(CIP_NOT_FOUND));
    }
    Ok(repo::codes_for_cip(&mut tx, site_id, cid_no, defaults).await?)
}

/// Where the code is used.
pub async fn reference(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<TrackingCodeReference> {
    let (scope, code) = visible_full(state, caller, current, id, READ).await?;
    may_view_level(state, caller, current, code.site_id, code.tracking_level_id).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let employees = repo::employees_defaulting_to(&mut tx, id, code.tracking_level_id).await?;
    let cips = repo::cips_defaulting_to(&mut tx, id, code.tracking_level_id).await?;
    let groups = repo::groups_restricted_to(&mut tx, id).await?;
    let restricted_items = repo::restricted_items(&mut tx, id).await?;
    let in_use = !(employees.is_empty() && cips.is_empty() && groups.is_empty());
    Ok(TrackingCodeReference { tracking_code_id: id, in_use, employees, cips, groups, restricted_items, supervised_by: code.supervisor_name })
}

/// Default codes by relationship: `employee/{employee_id}` or `cip/{cip_no}`, one entry per level.
pub async fn defaults(state: &AppState, caller: &Caller, current: &SiteScope, kind: &str, id: i64) -> ApiResult<Vec<TrackingDefault>> {
    let mut tx = current.begin(&state.pool).await?;
    let (site_id, ids) = match kind.trim().to_ascii_lowercase().as_str() {
        "employee" => repo::employee_defaults(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(EMPLOYEE_NOT_FOUND))?,
        "cip" => {
            let (site, _, ids) = repo::cip_defaults(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(CIP_NOT_FOUND))?;
            (site, ids)
        }
        _ => return Err(ApiError::invalid("a", "invalid", "The relationship must be employee or cip.")),
    };
    drop(tx);
    // Records of the caller's other sites: the object-level check of their site.
    let scope = records::record_scope(state, caller, current, site_id, READ, NOT_FOUND).await?;
    let mut tx = scope.begin(&state.pool).await?;
    Ok(repo::describe_defaults(&mut tx, site_id, ids).await?)
}

// ---- the selection check

pub async fn validate_selection(state: &AppState, current: &SiteScope, event: TrackingEvent, input: &SelectionCheck) -> ApiResult<SelectionResult> {
    let event = match event {
        TrackingEvent::Receipt => Event::Receipt,
        TrackingEvent::Issue => Event::Issue,
        TrackingEvent::ItemMaint => Event::ItemMaint,
    };
    let site_id = current.site_id();
    let mut tx = current.begin(&state.pool).await?;
    let mut s = Selection {
        ids: [input.tracking_code1_id, input.tracking_code2_id, input.tracking_code3_id, input.tracking_code4_id],
        texts: [input.tracking_code1_text.clone(), input.tracking_code2_text.clone(), input.tracking_code3_text.clone(), input.tracking_code4_text.clone()],
        ..Selection::default()
    };
    if let Some(e) = input.employee_id {
        let (_, ids) = repo::employee_defaults(&mut tx, e).await?.filter(|(s, _)| *s == site_id).ok_or_else(|| ApiError::not_found(EMPLOYEE_NOT_FOUND))?;
        s.employee_defaults = ids;
        s.group_ids = repo::groups_of_employee(&mut tx, e).await?;
    }
    if let Some(c) = input.cip_no {
        let (_, cid, ids) = repo::cip_defaults(&mut tx, c).await?.filter(|(s, _, _)| *s == site_id).ok_or_else(|| ApiError::not_found(CIP_NOT_FOUND))?;
        s.cip_defaults = ids;
        s.cid_nos = cid.into_iter().collect();
    }
    // An id that is no code of this site is bad input (400 on its field), not a broken rule: the answer must not
    // tell codes of other sites or clients from missing ones.
    let given: Vec<i64> = s.ids.iter().flatten().copied().collect();
    let known = repo::code_states(&mut tx, &given).await?;
    let mut p = Problems::default();
    for (i, id) in s.ids.iter().enumerate() {
        if let Some(id) = id {
            if !known.iter().any(|c| c.tracking_code_id == *id && c.site_id == site_id) {
                p.add(&format!("trackingCode{}Id", i + 1), "notFound", &format!("Tracking code {id} does not exist."));
            }
        }
    }
    p.check()?;
    let o = selection::check(&mut tx, site_id, event, &s).await?;
    let [t1, t2, t3, t4] = o.texts;
    Ok(SelectionResult {
        is_valid: o.problems.is_empty(),
        tracking_code1_id: o.ids[0],
        tracking_code2_id: o.ids[1],
        tracking_code3_id: o.ids[2],
        tracking_code4_id: o.ids[3],
        tracking_code1_text: t1,
        tracking_code2_text: t2,
        tracking_code3_text: t3,
        tracking_code4_text: t4,
        problems: o.problems,
    })
}

// ---- changes

/// The limits as saved (rounded to cents) and the override flags; a negative or too large limit is a problem.
fn limits_of(p: &mut Problems, l: &LimitFields) -> ([Option<Money>; 4], [bool; 4]) {
    let limits = [("limitDaily", l.limit_daily), ("limitWeekly", l.limit_weekly), ("limitMonthly", l.limit_monthly), ("limitYearly", l.limit_yearly)];
    for (field, v) in limits {
        if v.is_some_and(|v| v.is_sign_negative() || v.value() > MAX_LIMIT) {
            p.add(field, "invalid", "A limit must be an amount of 0 or more.");
        }
    }
    let round = |v: Option<Money>| v.map(|x| Money::round(x.value()));
    (
        [round(l.limit_daily), round(l.limit_weekly), round(l.limit_monthly), round(l.limit_yearly)],
        [
            l.override_daily.unwrap_or(false),
            l.override_weekly.unwrap_or(false),
            l.override_monthly.unwrap_or(false),
            l.override_yearly.unwrap_or(false),
        ],
    )
}

async fn check_supervisor(tx: &mut TenantTx, p: &mut Problems, site_id: i64, supervisor: Option<i64>) -> ApiResult<()> {
    if let Some(e) = supervisor {
        match repo::supervisor_state(tx, site_id, e).await? {
            None => p.add("supervisor", "notFound", "The supervisor must be an employee of this site."),
            Some((false, _)) => p.add("supervisor", "invalid", "This employee is not a supervisor."),
            Some((_, false)) => p.add("supervisor", "invalid", "This supervisor is inactive."),
            Some(_) => {}
        }
    }
    Ok(())
}

async fn check_number(tx: &mut TenantTx, p: &mut Problems, site_id: i64, level: i64, number: &str, except: Option<i64>) -> ApiResult<()> {
    if !number.is_empty() && repo::number_taken(tx, site_id, level, number, except).await? {
        p.add("trackingNumber", "duplicate", &format!("Tracking number {number} already exists at this level."));
    }
    Ok(())
}

/// The values of a full create or update, checked at `site_id` and `level`.
async fn values_of(tx: &mut TenantTx, site_id: i64, level: &TrackingLevel, f: &TrackingCodeFields, except: Option<i64>) -> ApiResult<(CodeValues, Option<Vec<i64>>)> {
    let mut p = Problems::default();
    let tracking_number = p.required_text("trackingNumber", "Tracking Number", &f.tracking_number, 40);
    let description = p.optional_text("description", "Description", f.description.as_deref(), 200);
    let group = p.optional_text("trackingCodeGroup", "Tracking Code Group", f.tracking_code_group.as_deref(), 40);
    let (limits, overrides) = limits_of(&mut p, &f.limits);
    let is_suspended = f.is_suspended.unwrap_or(false);
    let (suspension_date, suspension_reason_id) = if is_suspended {
        match f.suspension_reason_id {
            Some(r) if SUSPENSION_REASONS.iter().any(|(id, _)| *id == r) => {}
            Some(_) => p.add("suspensionReasonID", "invalid", "Unknown suspension reason."),
            None => p.add("suspensionReasonID", "required", "Please give the reason of the suspension."),
        }
        (Some(f.suspension_date.unwrap_or_else(|| Utc::now().date_naive())), f.suspension_reason_id)
    } else {
        (None, None)
    };
    check_supervisor(tx, &mut p, site_id, f.supervisor).await?;
    check_number(tx, &mut p, site_id, level.tracking_level_id, &tracking_number, except).await?;
    let restricted = match &f.restricted_cid_nos {
        Some(cids) if !cids.is_empty() => {
            let cids = kernel::listing::dedup_ids(cids);
            if !level.enable_item_restrictions {
                p.add("restrictedCidNos", "invalid", &format!("{} does not enable item restrictions.", level.description));
            }
            let found = repo::cids_at_site(tx, site_id, &cids).await?;
            if let Some(missing) = cids.iter().find(|c| !found.contains(c)) {
                p.add("restrictedCidNos", "notFound", &format!("CID {missing} does not exist at this site."));
            }
            Some(cids)
        }
        Some(_) => Some(Vec::new()),
        None => None,
    };
    p.check()?;
    let v = CodeValues {
        tracking_number,
        description,
        is_active: f.is_active.unwrap_or(true),
        is_suspended,
        suspension_date,
        suspension_reason_id,
        limits,
        overrides,
        supervisor: f.supervisor,
        group,
    };
    Ok((v, restricted))
}

/// The site's level `level`, which must be in use.
async fn level_in_use(tx: &mut TenantTx, site_id: i64, level: i64) -> ApiResult<TrackingLevel> {
    level_in_range("trackingLevelID", level)?;
    let levels = repo::levels(tx, site_id).await?;
    levels
        .into_iter()
        .find(|l| l.tracking_level_id == level && l.is_active)
        .ok_or_else(|| ApiError::invalid("trackingLevelID", "invalid", &format!("Tracking level {level} is not in use at this site.")))
}

fn values_from_full(c: &TrackingCodeFull) -> CodeValues {
    CodeValues {
        tracking_number: c.tracking_number.clone(),
        description: c.description.clone(),
        is_active: c.is_active,
        is_suspended: c.is_suspended,
        suspension_date: c.suspension_date,
        suspension_reason_id: c.suspension_reason_id,
        limits: [c.limit_daily, c.limit_weekly, c.limit_monthly, c.limit_yearly],
        overrides: [c.override_daily, c.override_weekly, c.override_monthly, c.override_yearly],
        supervisor: c.supervisor,
        group: c.tracking_code_group.clone(),
    }
}

async fn snapshot(tx: &mut TenantTx, id: i64) -> ApiResult<(TrackingCodeFull, Value)> {
    let code = repo::find_full(tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let items: Vec<i64> = repo::restricted_items(tx, id).await?.into_iter().map(|r| r.cid_no).collect();
    let mut v = audit::snapshot(&code);
    if let Some(map) = v.as_object_mut() {
        map.insert("restricted_cid_nos".into(), json!(items));
    }
    Ok((code, v))
}

async fn record(tx: &mut TenantTx, caller: &Caller, id: i64, action: &str, changes: Value) -> ApiResult<()> {
    let scope = tx.scope().clone();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity: "tracking_code", entity_id: id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes },
    )
    .await?;
    Ok(())
}

async fn finish_create(state: &AppState, caller: &Caller, current: &SiteScope, mut tx: TenantTx, id: i64, action: &str) -> ApiResult<TrackingCodeDetail> {
    let (_, after) = snapshot(&mut tx, id).await?;
    record(&mut tx, caller, id, action, after).await?;
    tx.commit().await?;
    detail(state, caller, current, id, None).await
}

pub async fn create(state: &AppState, caller: &Caller, current: &SiteScope, input: &TrackingCodeCreate) -> ApiResult<TrackingCodeDetail> {
    let site_id = current.site_id();
    let mut tx = current.begin(&state.pool).await?;
    let level = level_in_use(&mut tx, site_id, input.tracking_level_id).await?;
    let (values, restricted) = values_of(&mut tx, site_id, &level, &input.fields, None).await?;
    let id = repo::insert(&mut tx, site_id, level.tracking_level_id, &values).await?;
    if let Some(cids) = restricted {
        repo::replace_restrictions(&mut tx, site_id, id, &cids).await?;
    }
    finish_create(state, caller, current, tx, id, "create").await
}

pub async fn create_min2(state: &AppState, caller: &Caller, current: &SiteScope, input: &TrackingCodeMin2Create) -> ApiResult<TrackingCodeDetail> {
    let fields = TrackingCodeFields { tracking_number: input.tracking_number.clone(), description: input.description.clone(), ..TrackingCodeFields::default() };
    create(state, caller, current, &TrackingCodeCreate { tracking_level_id: input.tracking_level_id, fields }).await
}

/// Opens a change: the code's site scope (the caller needs [`WRITE`] there), a transaction holding its row lock, the
/// code as it is under that lock with its audit snapshot.
async fn begin_change(state: &AppState, caller: &Caller, current: &SiteScope, id: i64) -> ApiResult<(TenantTx, TrackingCodeFull, Value)> {
    let (scope, _) = visible_full(state, caller, current, id, WRITE).await?;
    let mut tx = scope.begin(&state.pool).await?;
    if !repo::lock(&mut tx, id).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let (code, snap) = snapshot(&mut tx, id).await?;
    Ok((tx, code, snap))
}

async fn finish_change(state: &AppState, caller: &Caller, current: &SiteScope, mut tx: TenantTx, id: i64, before: &Value, action: &str) -> ApiResult<TrackingCodeDetail> {
    let (_, after) = snapshot(&mut tx, id).await?;
    let mut changes = audit::diff(before, &after);
    if let Some(map) = changes.as_object_mut() {
        map.remove("updated_at");
    }
    record(&mut tx, caller, id, action, changes).await?;
    tx.commit().await?;
    detail(state, caller, current, id, None).await
}

pub async fn update(state: &AppState, caller: &Caller, current: &SiteScope, input: &TrackingCodeUpdate) -> ApiResult<TrackingCodeDetail> {
    let id = input.tracking_code_id;
    let (mut tx, code, before) = begin_change(state, caller, current, id).await?;
    let levels = repo::levels(&mut tx, code.site_id).await?;
    let level = levels.into_iter().find(|l| l.tracking_level_id == code.tracking_level_id).ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let (mut values, restricted) = values_of(&mut tx, code.site_id, &level, &input.fields, Some(id)).await?;
    // A suspension keeps its first date while it lasts.
    if values.is_suspended && code.is_suspended && input.fields.suspension_date.is_none() {
        values.suspension_date = code.suspension_date;
    }
    repo::update(&mut tx, id, &values).await?;
    if let Some(cids) = restricted {
        repo::replace_restrictions(&mut tx, code.site_id, id, &cids).await?;
    }
    let action = match (code.is_suspended, values.is_suspended) {
        (false, true) => "suspend",
        (true, false) => "reinstate",
        _ => "update",
    };
    finish_change(state, caller, current, tx, id, &before, action).await
}

pub async fn update_min2(state: &AppState, caller: &Caller, current: &SiteScope, input: &TrackingCodeMin2Update) -> ApiResult<TrackingCodeDetail> {
    let id = input.tracking_code_id;
    let (mut tx, code, before) = begin_change(state, caller, current, id).await?;
    let mut p = Problems::default();
    let mut values = values_from_full(&code);
    values.tracking_number = p.required_text("trackingNumber", "Tracking Number", &input.tracking_number, 40);
    values.description = p.optional_text("description", "Description", input.description.as_deref(), 200);
    values.is_active = input.is_active.unwrap_or(code.is_active);
    check_number(&mut tx, &mut p, code.site_id, code.tracking_level_id, &values.tracking_number, Some(id)).await?;
    p.check()?;
    repo::update(&mut tx, id, &values).await?;
    finish_change(state, caller, current, tx, id, &before, "update").await
}

pub async fn update_min3(state: &AppState, caller: &Caller, current: &SiteScope, input: &TrackingCodeMin3Update) -> ApiResult<TrackingCodeDetail> {
    let id = input.tracking_code_id;
    let (mut tx, code, before) = begin_change(state, caller, current, id).await?;
    let mut p = Problems::default();
    let mut values = values_from_full(&code);
    (values.limits, values.overrides) = limits_of(&mut p, &input.limits);
    p.check()?;
    repo::update(&mut tx, id, &values).await?;
    finish_change(state, caller, current, tx, id, &before, "update_limits").await
}

/// One supervisor for many codes of the current site; each code changed is audited.
pub async fn add_supervisor(state: &AppState, caller: &Caller, current: &SiteScope, input: &AddSupervisor) -> ApiResult<AddSupervisorResult> {
    let site_id = current.site_id();
    let ids = kernel::listing::dedup_ids(&input.tracking_code_ids);
    let mut tx = current.begin(&state.pool).await?;
    let mut p = Problems::default();
    check_supervisor(&mut tx, &mut p, site_id, input.supervisor).await?;
    p.check()?;
    let mut updated = 0;
    for id in ids {
        if !repo::lock(&mut tx, id).await? {
            return Err(ApiError::invalid("trackingCodeIds", "notFound", &format!("Tracking code {id} does not exist at this site.")));
        }
        let (code, before) = snapshot(&mut tx, id).await?;
        if code.site_id != site_id {
            return Err(ApiError::invalid("trackingCodeIds", "notFound", &format!("Tracking code {id} does not exist at this site.")));
        }
        if code.supervisor == input.supervisor {
            continue;
        }
        repo::set_supervisor(&mut tx, id, input.supervisor).await?;
        let (_, after) = snapshot(&mut tx, id).await?;
        let mut changes = audit::diff(&before, &after);
        if let Some(map) = changes.as_object_mut() {
            map.remove("updated_at");
        }
        record(&mut tx, caller, id, "add_supervisor", changes).await?;
        updated += 1;
    }
    tx.commit().await?;
    Ok(AddSupervisorResult { updated })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_rounded_to_cents_and_negative_or_huge_ones_refused() {
        let money = |text: &str| Some(Money::parse(text).expect("money"));
        assert_eq!(MAX_LIMIT.to_string(), "9999999999999");
        let mut p = Problems::default();
        let fields = LimitFields { limit_daily: Some(Money::new(Decimal::new(12_345, 3))), limit_yearly: money("9999999999999"), override_weekly: Some(true), ..LimitFields::default() };
        let (limits, overrides) = limits_of(&mut p, &fields);
        assert!(p.is_empty());
        assert_eq!(limits, [money("12.35"), None, None, money("9999999999999")]);
        assert_eq!(overrides, [false, true, false, false]);
        let fields = LimitFields { limit_daily: money("-0.01"), limit_monthly: money("10000000000000"), ..LimitFields::default() };
        limits_of(&mut p, &fields);
        let refused: Vec<&str> = p.0.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(refused, ["limitDaily", "limitMonthly"]);
    }
}
