//! Rules of the user context: what the caller sees at the current site, and moving the session to another site.

use std::collections::{HashMap, HashSet};

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::Perm;

use super::model::{ChangeSiteRequest, CurrentUser, MenuItem, MenuRow, PermissionRef, UserContext};
use super::repo;
use crate::user_lists::allowed;
use crate::{security_questions, settings, shortcuts, sites};

/// The signed-in user's own record.
pub async fn load_user(state: &AppState, user_id: i64) -> ApiResult<CurrentUser> {
    let mut conn = state.pool.acquire().await?;
    repo::find_user(&mut conn, user_id).await?.ok_or_else(|| ApiError::unauthorized("Your account no longer exists."))
}

async fn is_punchin_user(state: &AppState, user_id: i64) -> ApiResult<bool> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::is_punchin_user(&mut conn, user_id).await?)
}

/// The catalogue entries of the permissions the caller holds at the current site.
async fn permissions(state: &AppState, caller: &Caller) -> ApiResult<Vec<PermissionRef>> {
    let names = caller.site.as_ref().map(|a| a.permissions()).unwrap_or_default();
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let mut conn = state.pool.acquire().await?;
    Ok(repo::permission_refs(&mut conn, &names).await?)
}

/// The menu tree the caller may see: items filtered by permission; groups left empty disappear.
async fn menu_items(state: &AppState, held: &HashSet<&str>) -> ApiResult<Vec<MenuItem>> {
    let rows = {
        let mut conn = state.pool.acquire().await?;
        repo::menu(&mut conn).await?
    };
    Ok(menu_tree(&rows, held))
}

fn menu_tree(rows: &[MenuRow], held: &HashSet<&str>) -> Vec<MenuItem> {
    let mut children: HashMap<Option<i64>, Vec<&MenuRow>> = HashMap::new();
    for row in rows {
        if allowed(row.required_permissions.as_deref(), held) {
            children.entry(row.parent_id).or_default().push(row);
        }
    }
    fn build(parent: Option<i64>, children: &HashMap<Option<i64>, Vec<&MenuRow>>, depth: usize) -> Vec<MenuItem> {
        let Some(rows) = children.get(&parent) else { return Vec::new() };
        rows.iter()
            .filter_map(|r| {
                // Top groups plus two nested levels at most.
                let sub = if depth < 2 { build(Some(r.menu_item_id), children, depth + 1) } else { Vec::new() };
                let is_leaf = r.angular_route.is_some() || r.url.is_some();
                (is_leaf || !sub.is_empty()).then(|| MenuItem {
                    page: r.page.clone(),
                    title: r.title.clone(),
                    sub_menu_items: sub,
                    angular_route: r.angular_route.clone(),
                    url: r.url.clone(),
                    external_route: r.external_route,
                    angular_menu_image: r.angular_menu_image.clone(),
                })
            })
            .collect()
    }
    build(None, &children, 0)
}

/// The context of the caller at the session's current site.
pub async fn build(state: &AppState, caller: &Caller) -> ApiResult<UserContext> {
    let mut current_user = load_user(state, caller.user_id).await?;
    current_user.password_expired = caller.session.password_expired && caller.impersonated_by().is_none();
    // Only a session at the forced change asks for the owner's proof (an impersonating support user never is).
    let (password_set_by_administrator, password_change_questions) =
        if current_user.password_expired { security_questions::service::pending_proof(state, caller.user_id).await? } else { (false, Vec::new()) };
    let is_punchin = is_punchin_user(state, caller.user_id).await?;
    let available = sites::service::available(state, caller.user_id).await?;
    let current_site = caller.current_site_id().and_then(|id| available.iter().find(|s| s.site_id == id).cloned());
    // Permissions count only at a site that is still in the available list (never at an ignored one).
    let permissions = if current_site.is_some() { permissions(state, caller).await? } else { Vec::new() };
    let held: HashSet<&str> = permissions.iter().map(|p| p.permission_name.as_str()).collect();
    let app_type = if current_user.supplier_portal_user {
        1
    } else if current_user.customer_portal_user
        || (held.contains(Perm::CustomerPortalUser.as_str()) && !held.contains(Perm::BasicAccess.as_str()))
    {
        2
    } else {
        0
    };
    Ok(UserContext {
        menu_items: menu_items(state, &held).await?,
        asp_shortcuts: shortcuts::service::for_user(state, caller.user_id, &held).await?,
        asp_user_settings: settings::service::list(state, caller.user_id).await?,
        current_user,
        current_site,
        available_sites: available,
        permissions,
        is_punchin_user: is_punchin,
        impersonated_by_user_id: caller.impersonated_by(),
        app_type,
        password_set_by_administrator,
        password_change_questions,
    })
}

/// Moves the caller's session to another site they may use and remembers it as their current site for next time;
/// answers the caller as seen at that site.
pub async fn change_site(state: &AppState, caller: &Caller, site_id: i64, allow_punchin: bool) -> ApiResult<Caller> {
    if caller.current_site_id() == Some(site_id) {
        return Ok(caller.clone());
    }
    if is_punchin_user(state, caller.user_id).await? && !allow_punchin {
        return Err(ApiError::forbidden("Punch-in users cannot change site."));
    }
    // Another site than the current one: only the authorizer knows whether the caller may use it.
    let Some(access) = state.authz.access(caller.user_id, site_id).await? else {
        return Err(ApiError::forbidden("You do not have access to this site."));
    };
    let mut session = caller.session.clone();
    let previous = session.current_site_id;
    session.current_site_id = Some(site_id);
    state.sessions.save(&session).await?;
    let mut tx = state.pool.begin().await?;
    // While impersonating, the stored preference stays the user's own business.
    if caller.impersonated_by().is_none() {
        repo::remember_site(&mut tx, caller.user_id, site_id).await?;
    }
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "site.change",
            entity: "session",
            entity_id: caller.user_id.to_string(),
            client_id: None,
            site_id: Some(site_id),
            changes: json!({ "from": previous, "to": site_id }),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Caller { session, site: Some(access), ..caller.clone() })
}

/// The context, after moving to the site named by `site_code` when one is given (never while the password must be
/// changed first).
pub async fn for_site_code(state: &AppState, caller: &Caller, site_code: Option<&str>) -> ApiResult<UserContext> {
    let requested = site_code.filter(|c| !c.trim().is_empty());
    let caller = match requested {
        Some(code) if !caller.session.password_expired => {
            let site = sites::service::resolve(state, caller, Some(code), None).await?;
            change_site(state, caller, site, false).await?
        }
        _ => caller.clone(),
    };
    build(state, &caller).await
}

/// Moves to the site named in the request and answers the new context.
pub async fn change_current_site(state: &AppState, caller: &Caller, request: &ChangeSiteRequest) -> ApiResult<UserContext> {
    let site = sites::service::resolve(state, caller, request.site_code.as_deref(), request.site_id).await?;
    let caller = change_site(state, caller, site, false).await?;
    build(state, &caller).await
}
