//! Rules of the alert settings: whose settings at which site a caller may read and change (their own at a site of
//! theirs; an administrator of users also those of a user within their reach, docs/security.md), the types a user may
//! receive there, validation, audit.

use serde_json::json;
use tenancy::SiteScope;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::{Page, PageRequest};
use kernel::reach::{Reach, USER_ADMINISTRATION};
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};

use super::model::*;
use super::repo::{self, SettingFilter};

pub const NOT_FOUND: &str = "The alert settings you are trying to find do not exist.";
/// Every type fits on one page of the grid.
const ALL: i64 = 500;

/// The scope of `site_id` for a settings call about `user_id`: the site must be one of the caller's of the current
/// client, the user must have access to it, and a user other than the caller must be within the caller's reach as
/// an administrator of users. Anything else is 404, as for settings that do not exist.
async fn target(state: &AppState, caller: &Caller, scope: &SiteScope, user_id: i64, site_id: i64) -> ApiResult<SiteScope> {
    let site_scope = if site_id == scope.site_id() {
        scope.clone()
    } else {
        match state.authz.access(caller.user_id, site_id).await? {
            Some(a) if a.scope().client_id() == scope.client_id() => a.scope().clone(),
            _ => return Err(ApiError::not_found(NOT_FOUND)),
        }
    };
    let mut conn = state.pool.acquire().await?;
    if user_id != caller.user_id {
        if !caller.holds_any(USER_ADMINISTRATION) {
            return Err(ApiError::not_found(NOT_FOUND));
        }
        Reach::of(&mut conn, caller).await?.require_user(&mut conn, user_id, NOT_FOUND).await?;
    }
    if !repo::user_at_site(&mut conn, user_id, site_id).await? {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    Ok(site_scope)
}

fn all_page() -> ApiResult<Page> {
    let mut request = PageRequest::default();
    request.page_size = Some(ALL);
    request.resolve(&SETTING_SORT)
}

async fn list(state: &AppState, site: &SiteScope, user_id: i64, filter: &SettingFilter, page: &Page) -> ApiResult<(Vec<AlertSetting>, i64)> {
    let mut tx = site.begin(&state.pool).await?;
    let found = repo::settings(&mut tx, user_id, site.site_id(), filter, page).await?;
    tx.commit().await?;
    Ok(found)
}

/// GET Alerts/{userId}/{siteId}: every type the user may receive at the site, with their settings or the defaults.
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, user_id: i64, site_id: i64) -> ApiResult<Vec<AlertSetting>> {
    let site = target(state, caller, scope, user_id, site_id).await?;
    Ok(list(state, &site, user_id, &SettingFilter::default(), &all_page()?).await?.0)
}

/// POST Alerts/Search.
pub async fn search(state: &AppState, caller: &Caller, scope: &SiteScope, req: &AlertSettingSearch) -> ApiResult<AlertSettingPage> {
    let page = req.page.resolve(&SETTING_SORT)?;
    let user_id = req.asp_users_id.unwrap_or(caller.user_id);
    let site = target(state, caller, scope, user_id, req.site_id.unwrap_or(scope.site_id())).await?;
    let filter = SettingFilter { category_id: req.notification_category_id, text: trimmed(&req.search).map(str::to_owned) };
    let (rows, total) = list(state, &site, user_id, &filter, &page).await?;
    Ok(AlertSettingPage::new(rows, total))
}

pub async fn categories(state: &AppState) -> ApiResult<Vec<AlertCategory>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::categories(&mut conn).await?)
}

pub async fn types(state: &AppState) -> ApiResult<Vec<AlertTypeInfo>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::types(&mut conn).await?)
}

/// The new settings of each listed type, checked against the types the user may receive at the site.
fn merged(current: &[AlertSetting], input: &[AlertSettingInput]) -> ApiResult<Vec<AlertSetting>> {
    let mut problems = Problems::default();
    let mut out: Vec<AlertSetting> = Vec::new();
    for (i, s) in input.iter().enumerate() {
        let Some(now) = current.iter().find(|c| c.asp_notification_type_id == s.asp_notification_type_id) else {
            problems.add(&format!("settings[{i}].asp_notification_type_id"), "invalid", "The user cannot receive this alert type at this site.");
            continue;
        };
        if out.iter().any(|o| o.asp_notification_type_id == s.asp_notification_type_id) {
            problems.add(&format!("settings[{i}].asp_notification_type_id"), "duplicate", "This alert type is listed twice.");
            continue;
        }
        if s.filter_req_priority.is_some_and(|p| !(0..=9).contains(&p)) {
            problems.add(
                &format!("settings[{i}].filter_req_priority"),
                "outOfRange",
                "Requisition priority must be between 1 and 9 (0 for all).",
            );
            continue;
        }
        let mut next = now.clone();
        next.enable_inbox = s.enable_inbox.unwrap_or(now.enable_inbox);
        next.enable_email = s.enable_email.unwrap_or(now.enable_email);
        next.enable_text = s.enable_text.unwrap_or(now.enable_text);
        next.enable_toastr = s.enable_toastr.unwrap_or(now.enable_toastr);
        next.is_active = s.is_active.unwrap_or(now.is_active);
        next.filter_tracking_codes = s.filter_tracking_codes.unwrap_or(now.filter_tracking_codes);
        // Absent keeps the filter; 0 clears it (every priority again).
        next.filter_req_priority = match s.filter_req_priority {
            Some(0) => None,
            Some(p) => Some(p),
            None => now.filter_req_priority,
        };
        next.req_urgent_only = s.req_urgent_only.unwrap_or(now.req_urgent_only);
        out.push(next);
    }
    problems.check()?;
    Ok(out)
}

fn flags(s: &AlertSetting) -> serde_json::Value {
    json!({"enable_inbox": s.enable_inbox, "enable_email": s.enable_email, "enable_text": s.enable_text, "enable_toastr": s.enable_toastr,
           "is_active": s.is_active, "filter_tracking_codes": s.filter_tracking_codes, "filter_req_priority": s.filter_req_priority,
           "req_urgent_only": s.req_urgent_only})
}

async fn audit_setting(tx: &mut tenancy::TenantTx, caller: &Caller, user_id: i64, site_id: i64, action: &str, changes: serde_json::Value) -> ApiResult<()> {
    let client_id = tx.scope().client_id();
    audit::record(
        tx,
        Some(caller),
        AuditEntry { action, entity: "user_notification_setting", entity_id: format!("{user_id}:{site_id}"), client_id: Some(client_id), site_id: Some(site_id), changes },
    )
    .await?;
    Ok(())
}

/// PUT Alerts: saves the listed types' settings; answers every type's settings.
pub async fn save(state: &AppState, caller: &Caller, scope: &SiteScope, body: &AlertSettingsSave) -> ApiResult<Vec<AlertSetting>> {
    let site = target(state, caller, scope, body.asp_users_id, body.site_id).await?;
    let mut tx = site.begin(&state.pool).await?;
    let (current, _) = repo::settings(&mut tx, body.asp_users_id, site.site_id(), &SettingFilter::default(), &all_page()?).await?;
    let next = merged(&current, &body.settings)?;
    let mut changes = serde_json::Map::new();
    for n in &next {
        let before = current.iter().find(|c| c.asp_notification_type_id == n.asp_notification_type_id).map(flags).unwrap_or_default();
        let diff = audit::diff(&before, &flags(n));
        if diff.as_object().is_some_and(|o| !o.is_empty()) {
            changes.insert(n.notification_name.clone(), diff);
        }
        repo::upsert(&mut tx, site.site_id(), body.asp_users_id, n, caller.user_id).await?;
    }
    audit_setting(&mut tx, caller, body.asp_users_id, site.site_id(), "update", serde_json::Value::Object(changes)).await?;
    let (rows, _) = repo::settings(&mut tx, body.asp_users_id, site.site_id(), &SettingFilter::default(), &all_page()?).await?;
    tx.commit().await?;
    Ok(rows)
}

/// The saved row of one type the user may receive at the site, made from the defaults when missing.
async fn setting_row(tx: &mut tenancy::TenantTx, user_id: i64, type_id: i64, by: i64) -> ApiResult<i64> {
    if let Some(id) = repo::setting_id(tx, user_id, type_id).await? {
        return Ok(id);
    }
    let site = tx.site_id();
    let (current, _) = repo::settings(tx, user_id, site, &SettingFilter::default(), &all_page()?).await?;
    let Some(row) = current.into_iter().find(|c| c.asp_notification_type_id == type_id) else {
        return Err(ApiError::invalid("asp_notification_type_id", "invalid", "The user cannot receive this alert type at this site."));
    };
    Ok(repo::upsert(tx, site, user_id, &row, by).await?)
}

/// POST Alerts/TrackingCode/Search.
pub async fn tracking_codes(state: &AppState, caller: &Caller, scope: &SiteScope, req: &AlertTrackingCodeSearch) -> ApiResult<AlertTrackingCodePage> {
    let page = req.page.resolve(&TRACKING_SORT)?;
    let site = target(state, caller, scope, req.asp_users_id, req.site_id).await?;
    let mut tx = site.begin(&state.pool).await?;
    let setting = repo::setting_id(&mut tx, req.asp_users_id, req.asp_notification_type_id).await?;
    let (rows, total) = repo::tracking_codes(&mut tx, setting, trimmed(&req.search), req.in_group_only.unwrap_or(false), &page).await?;
    tx.commit().await?;
    Ok(AlertTrackingCodePage::new(rows, total))
}

/// POST Alerts/TrackingCode/Update.
pub async fn update_tracking_codes(state: &AppState, caller: &Caller, scope: &SiteScope, body: &AlertTrackingCodeUpdate) -> ApiResult<AlertSaved> {
    let site = target(state, caller, scope, body.asp_users_id, body.site_id).await?;
    let mut tx = site.begin(&state.pool).await?;
    let mut wanted: Vec<i64> = body.insert.clone();
    wanted.sort_unstable();
    wanted.dedup();
    let known = repo::site_tracking_codes(&mut tx, &wanted).await?;
    if let Some(i) = body.insert.iter().position(|id| !known.contains(id)) {
        return Err(ApiError::invalid(&format!("insert[{i}]"), "invalid", "Not a tracking code of this site."));
    }
    let setting = setting_row(&mut tx, body.asp_users_id, body.asp_notification_type_id, caller.user_id).await?;
    let added = repo::add_tracking_codes(&mut tx, setting, &wanted).await?;
    let removed = repo::remove_tracking_codes(&mut tx, setting, &body.remove).await?;
    if let Some(on) = body.filter_tracking_codes {
        let (current, _) = repo::settings(&mut tx, body.asp_users_id, site.site_id(), &SettingFilter::default(), &all_page()?).await?;
        if let Some(mut row) = current.into_iter().find(|c| c.asp_notification_type_id == body.asp_notification_type_id) {
            row.filter_tracking_codes = on;
            repo::upsert(&mut tx, site.site_id(), body.asp_users_id, &row, caller.user_id).await?;
        }
    }
    let changes = json!({"asp_notification_type_id": body.asp_notification_type_id, "added": added, "removed": removed,
                         "insert": wanted, "remove": body.remove, "filter_tracking_codes": body.filter_tracking_codes});
    audit_setting(&mut tx, caller, body.asp_users_id, site.site_id(), "tracking_codes.update", changes).await?;
    tx.commit().await?;
    Ok(AlertSaved { success: true, message: "Tracking codes saved.".to_owned(), site_count: 1 })
}

/// POST Alerts/Sites/UpdateAll: the user's saved settings at `site_id` copied to the user's other sites of the
/// current client where the caller may act for the user (docs/alerts.md).
pub async fn update_all_sites(state: &AppState, caller: &Caller, scope: &SiteScope, body: &AlertSitesUpdateAll) -> ApiResult<AlertSaved> {
    let source = target(state, caller, scope, body.asp_users_id, body.site_id).await?;
    let mut conn = state.pool.acquire().await?;
    let sites = repo::user_client_sites(&mut conn, body.asp_users_id, scope.client_id()).await?;
    drop(conn);
    let mut targets = Vec::new();
    for site_id in sites.into_iter().filter(|s| *s != source.site_id()) {
        match target(state, caller, scope, body.asp_users_id, site_id).await {
            Ok(s) => targets.push(s),
            Err(ApiError::NotFound(_)) => {}
            Err(e) => return Err(e),
        }
    }
    let mut tx = source.begin(&state.pool).await?;
    let mut count = 0;
    for t in &targets {
        tx.widen(t).await?;
        let rows = repo::copy_settings(&mut tx, body.asp_users_id, source.site_id(), t.site_id(), caller.user_id).await?;
        audit_setting(&mut tx, caller, body.asp_users_id, t.site_id(), "update_all_sites", json!({"copied_from_site_id": source.site_id(), "rows": rows})).await?;
        count += 1;
    }
    tx.commit().await?;
    Ok(AlertSaved { success: true, message: format!("Alert settings copied to {count} other site(s)."), site_count: count })
}
