//! The user context: everything the UIs need to draw the shell for the caller at the current site.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde_json::json;
use sqlx::FromRow;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

#[derive(Debug, Clone, Object, FromRow)]
pub struct CurrentUser {
    pub asp_users_id: i64,
    pub user_id: String,
    pub fname: String,
    pub lname: String,
    pub email: Option<String>,
    pub bugtracker_username: Option<String>,
    pub supplier_portal_user: bool,
    pub customer_portal_user: bool,
    pub fss_employee: bool,
    pub first_time_user: bool,
    #[oai(rename = "password_expiration_Date")]
    pub password_expiration_date: Option<DateTime<Utc>>,
    pub customer_punchin_location_id: Option<i64>,
    /// The password must be changed before anything else (never while impersonated).
    #[sqlx(default)]
    pub password_expired: bool,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct SiteInfo {
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    pub site_code: String,
    pub site_name: String,
    #[oai(rename = "erpTypeID")]
    pub erp_type_id: i32,
    #[oai(rename = "vmierpTypeID")]
    pub vmi_erp_type_id: Option<i32>,
    pub erp_company: Option<String>,
    pub account_login: Option<String>,
    pub client_id: i64,
    pub client_code: String,
    pub app_type: i32,
    pub show_ctb_usage: bool,
    pub asp8_rfq: bool,
    pub customer_portal_catalog: bool,
}

pub const SITE_COLUMNS: &str = "s.site_id, s.site_code, s.site_name, s.erp_type_id, s.vmi_erp_type_id, s.erp_company,
    s.account_login, s.client_id, c.client_code, s.app_type, s.show_ctb_usage, s.asp8_rfq, s.customer_portal_catalog";

#[derive(Debug, Clone, Object)]
pub struct PermissionRef {
    pub permission_name: String,
    pub security_permission_id: i64,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct UserSetting {
    pub setting_id: i64,
    pub asp_users_id: i64,
    pub setting_key: String,
    pub setting_value: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct MenuItem {
    pub page: String,
    pub title: String,
    #[oai(rename = "subMenuItems")]
    pub sub_menu_items: Vec<MenuItem>,
    #[oai(rename = "angularRoute")]
    pub angular_route: Option<String>,
    pub url: Option<String>,
    #[oai(rename = "externalRoute")]
    pub external_route: bool,
    #[oai(rename = "angularMenuImage")]
    pub angular_menu_image: Option<String>,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct Shortcut {
    pub id: i64,
    pub description: String,
    pub angular_icon: Option<String>,
    pub angular_route: Option<String>,
    pub url: Option<String>,
    pub display: bool,
    /// 1-based.
    pub rank: i32,
}

#[derive(Debug, Clone, Object)]
pub struct UserContext {
    #[oai(rename = "currentUser")]
    pub current_user: CurrentUser,
    #[oai(rename = "currentSite")]
    pub current_site: Option<SiteInfo>,
    #[oai(rename = "availableSites")]
    pub available_sites: Vec<SiteInfo>,
    pub permissions: Vec<PermissionRef>,
    #[oai(rename = "aspUserSettings")]
    pub asp_user_settings: Vec<UserSetting>,
    #[oai(rename = "isPunchinUser")]
    pub is_punchin_user: bool,
    #[oai(rename = "menuItems")]
    pub menu_items: Vec<MenuItem>,
    #[oai(rename = "aspShortcuts")]
    pub asp_shortcuts: Vec<Shortcut>,
    #[oai(rename = "impersonatedByUserId")]
    pub impersonated_by_user_id: Option<i64>,
    /// 0 ASP (staff), 1 SupplierPortal, 2 CustomerPortal.
    #[oai(rename = "appType")]
    pub app_type: i32,
}

pub async fn load_user(state: &AppState, user_id: i64) -> ApiResult<CurrentUser> {
    sqlx::query_as(
        "select asp_users_id, user_id, fname, lname, email, bugtracker_username, supplier_portal_user,
                customer_portal_user, fss_employee, first_time_user, password_expiration_date, customer_punchin_location_id
         from asp.asp_users where asp_users_id = $1",
    )
    .bind(user_id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::unauthorized("Your account no longer exists."))
}

pub async fn available_sites(state: &AppState, user_id: i64) -> ApiResult<Vec<SiteInfo>> {
    Ok(sqlx::query_as(&format!(
        "select {SITE_COLUMNS} from asp.user_site us join asp.site s using (site_id) join asp.client c using (client_id)
         where us.asp_users_id = $1 and s.is_active and c.is_active and not s.is_ignored order by s.site_code"
    ))
    .bind(user_id)
    .fetch_all(&state.pool)
    .await?)
}

/// The caller's permission names (with catalogue ids) at a site.
pub async fn permissions_at(state: &AppState, user_id: i64, site_id: Option<i64>) -> ApiResult<Vec<PermissionRef>> {
    let Some(site_id) = site_id else { return Ok(Vec::new()) };
    let names = state.authz.permissions(user_id, site_id).await?;
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "select permission_name, security_permission_id from asp.security_permission where permission_name = any($1) order by permission_name",
    )
    .bind(&names)
    .fetch_all(&state.pool)
    .await?;
    Ok(rows.into_iter().map(|(permission_name, security_permission_id)| PermissionRef { permission_name, security_permission_id }).collect())
}

fn allowed(required: &Option<Vec<String>>, held: &HashSet<&str>) -> bool {
    required.as_ref().is_none_or(|req| req.iter().any(|r| held.contains(r.as_str())))
}

#[derive(FromRow)]
struct MenuRow {
    menu_item_id: i64,
    parent_id: Option<i64>,
    page: String,
    title: String,
    angular_route: Option<String>,
    url: Option<String>,
    external_route: bool,
    angular_menu_image: Option<String>,
    required_permissions: Option<Vec<String>>,
}

/// The menu tree the caller may see: items filtered by permission; groups left empty disappear.
pub async fn menu_items(state: &AppState, held: &HashSet<&str>) -> ApiResult<Vec<MenuItem>> {
    let rows: Vec<MenuRow> = sqlx::query_as(
        "select menu_item_id, parent_id, page, title, angular_route, url, external_route, angular_menu_image, required_permissions
         from asp.menu_item order by sort_order, menu_item_id",
    )
    .fetch_all(&state.pool)
    .await?;
    let mut children: HashMap<Option<i64>, Vec<&MenuRow>> = HashMap::new();
    for row in &rows {
        if allowed(&row.required_permissions, held) {
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
    Ok(build(None, &children, 0))
}

#[derive(FromRow)]
struct ShortcutRow {
    id: i64,
    description: String,
    angular_icon: Option<String>,
    angular_route: Option<String>,
    url: Option<String>,
    display: bool,
    rank: i32,
    required_permissions: Option<Vec<String>>,
}

pub async fn shortcuts(state: &AppState, user_id: i64, held: &HashSet<&str>) -> ApiResult<Vec<Shortcut>> {
    let rows: Vec<ShortcutRow> = sqlx::query_as(
        "select s.shortcut_id as id, s.description, s.angular_icon, s.angular_route, s.url,
                coalesce(us.display, true) as display, coalesce(us.rank, s.default_rank) as rank, s.required_permissions
         from asp.shortcut s left join asp.user_shortcut us on us.shortcut_id = s.shortcut_id and us.asp_users_id = $1
         order by coalesce(us.rank, s.default_rank), s.shortcut_id",
    )
    .bind(user_id)
    .fetch_all(&state.pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter(|r| allowed(&r.required_permissions, held))
        .enumerate()
        .map(|(i, r)| Shortcut {
            id: r.id,
            description: r.description,
            angular_icon: r.angular_icon,
            angular_route: r.angular_route,
            url: r.url,
            display: r.display,
            rank: i32::try_from(i + 1).unwrap_or(r.rank),
        })
        .collect())
}

pub async fn settings(state: &AppState, user_id: i64) -> ApiResult<Vec<UserSetting>> {
    Ok(sqlx::query_as(
        "select setting_id, asp_users_id, setting_key, setting_value from asp.user_setting where asp_users_id = $1 order by setting_key",
    )
    .bind(user_id)
    .fetch_all(&state.pool)
    .await?)
}

pub async fn build(state: &AppState, caller: &Caller) -> ApiResult<UserContext> {
    let mut current_user = load_user(state, caller.user_id).await?;
    current_user.password_expired = caller.session.password_expired && caller.impersonated_by().is_none();
    let is_punchin: bool = sqlx::query_scalar("select is_punchin_user from asp.asp_users where asp_users_id = $1")
        .bind(caller.user_id)
        .fetch_one(&state.pool)
        .await?;
    let available = available_sites(state, caller.user_id).await?;
    let current_site = caller.current_site_id().and_then(|id| available.iter().find(|s| s.site_id == id).cloned());
    let permissions = permissions_at(state, caller.user_id, current_site.as_ref().map(|s| s.site_id)).await?;
    let held: HashSet<&str> = permissions.iter().map(|p| p.permission_name.as_str()).collect();
    let app_type = if current_user.supplier_portal_user {
        1
    } else if current_user.customer_portal_user || (held.contains("CustomerPortalUser") && !held.contains("BasicAccess")) {
        2
    } else {
        0
    };
    Ok(UserContext {
        menu_items: menu_items(state, &held).await?,
        asp_shortcuts: shortcuts(state, caller.user_id, &held).await?,
        asp_user_settings: settings(state, caller.user_id).await?,
        current_user,
        current_site,
        available_sites: available,
        permissions,
        is_punchin_user: is_punchin,
        impersonated_by_user_id: caller.impersonated_by(),
        app_type,
    })
}

/// Moves the caller's session to another site they may use; remembers it as their current site for next time.
pub async fn change_site(state: &AppState, caller: &Caller, site_id: i64, allow_punchin: bool) -> ApiResult<Caller> {
    if caller.current_site_id() == Some(site_id) {
        return Ok(caller.clone());
    }
    let is_punchin: bool = sqlx::query_scalar("select is_punchin_user from asp.asp_users where asp_users_id = $1")
        .bind(caller.user_id)
        .fetch_one(&state.pool)
        .await?;
    if is_punchin && !allow_punchin {
        return Err(ApiError::forbidden("Punch-in users cannot change site."));
    }
    if !state.authz.is_available(caller.user_id, site_id).await? {
        return Err(ApiError::forbidden("You do not have access to this site."));
    }
    let mut session = caller.session.clone();
    let previous = session.current_site_id;
    session.current_site_id = Some(site_id);
    state.sessions.save(&session).await?;
    let mut tx = state.pool.begin().await?;
    // While impersonating, the stored preference stays the user's own business.
    if caller.impersonated_by().is_none() {
        sqlx::query("update asp.asp_users set current_site_id = $2, updated_at = now() where asp_users_id = $1")
            .bind(caller.user_id)
            .bind(site_id)
            .execute(&mut *tx)
            .await?;
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
    Ok(Caller { session, ..caller.clone() })
}
