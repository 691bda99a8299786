//! Rules of the users resource: input checks, the access a user may be given (and by whom), transactions with
//! their audit rows, and ending sessions when an account is deactivated or locked.

use chrono::{Duration, Utc};
use serde_json::json;
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::auth::password;
use kernel::error::{ApiError, ApiResult};
use kernel::listing::{self, Criteria};
use kernel::perm::Perm;
use kernel::reach::{self, Reach};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{RoleGrant, UserFilters, UserInput, UserRecord, UserSearchPage, UserSearchRequest, UserSearchRow};
use super::repo::{self, Scope, UserValues};

/// The user administrators the user search serves besides the holders of ImpersonateUsers.
const USER_SEARCHERS: &[Perm] = &[Perm::FSSConnectAdmin, Perm::UserAdminInternal, Perm::SuperUserAdmin];

const NOT_FOUND: &str = "The user you are trying to find does not exist.";

/// Matching users within the caller's reach (one page) and how many match in all (up to the cap, when one is set).
pub async fn search(state: &AppState, caller: &Caller, c: &Criteria<UserFilters>) -> ApiResult<(Vec<UserRecord>, i64)> {
    let mut conn = state.pool.acquire().await?;
    let reach = Reach::of(&mut conn, caller).await?;
    let scope = match reach {
        Reach::Everything => Scope::Everyone,
        // A support user who administers nobody (ImpersonateUsers only) searches for the users they may act as, by
        // the same rule as the impersonation itself (kernel::reach::may_impersonate).
        Reach::Sites { admin, sites } => {
            if !caller.holds_any(USER_SEARCHERS) && reach::repo::is_staff(&mut conn, admin).await? {
                Scope::WithinSites(sites)
            } else {
                Scope::ReachedBy(admin)
            }
        }
    };
    Ok(repo::search(&mut conn, c, scope).await?)
}

/// The spec's user search: its request checked by the shared list rules, answered as a page.
pub async fn search_page(state: &AppState, caller: &Caller, request: &UserSearchRequest) -> ApiResult<UserSearchPage> {
    let (rows, total) = search(state, caller, &request.criteria()?).await?;
    Ok(UserSearchPage::new(rows.into_iter().map(UserSearchRow::from).collect(), total))
}

/// One user within the caller's reach; 404 otherwise.
pub async fn get(state: &AppState, caller: &Caller, id: i64) -> ApiResult<UserRecord> {
    let mut conn = state.pool.acquire().await?;
    Reach::of(&mut conn, caller).await?.require_user(&mut conn, id, NOT_FOUND).await?;
    repo::find(&mut conn, id, false).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

fn check_user_id(p: &mut Problems, raw: Option<&str>) -> Option<String> {
    let v = p.required_text("user_id", "User ID", raw.unwrap_or_default(), 100);
    if !v.is_empty() && v.chars().any(char::is_whitespace) {
        p.add("user_id", "invalid", "The User ID cannot contain spaces.");
    }
    (!v.is_empty()).then_some(v)
}

fn check_email(p: &mut Problems, raw: Option<&str>) -> Option<String> {
    p.optional_email("email", "Email", raw)
}

/// Refuses role grants that would hand out a permission the caller does not hold at the grant's site (only the
/// grants in `new`; a grant the user already had may stay or go).
async fn ensure_no_escalation(state: &AppState, conn: &mut PgConnection, caller: &Caller, new: &[RoleGrant]) -> ApiResult<()> {
    let grants: Vec<(i64, i64)> = new.iter().map(|g| (g.site_id, g.security_role_id)).collect();
    reach::ensure_grantable(state, conn, caller, &grants).await
}

/// A user administrator who is not a provider administrator gives access only to sites within reach, and leaves
/// the provider fields (staff, portal kinds, password expiry) alone: each refusal names its field.
fn check_reach(p: &mut Problems, reach: &Reach, site_ids: &[i64], input: &UserInput, before: Option<&UserRecord>) {
    let Reach::Sites { .. } = reach else { return };
    for s in site_ids {
        if !reach.covers_site(*s) && !before.is_some_and(|b| b.site_ids.contains(s)) {
            p.add("site_ids", "siteOutOfReach", &format!("Site {s} is not one of your sites."));
        }
    }
    if site_ids.is_empty() {
        p.add("site_ids", "required", "Give the user at least one of your sites.");
    }
    let protected: [(&str, Option<bool>, bool); 4] = [
        ("fss_employee", input.fss_employee, before.is_some_and(|b| b.fss_employee)),
        ("supplier_portal_user", input.supplier_portal_user, before.is_some_and(|b| b.supplier_portal_user)),
        ("customer_portal_user", input.customer_portal_user, before.is_some_and(|b| b.customer_portal_user)),
        ("is_punchin_user", input.is_punchin_user, before.is_some_and(|b| b.is_punchin_user)),
    ];
    for (field, wanted, current) in protected {
        if wanted.is_some_and(|w| w != current) {
            p.add(field, "providerOnly", "Only a provider administrator can change this.");
        }
    }
    let expiry_changes = match input.password_expiration_date.as_opt_ref() {
        None => false,
        Some(v) => before.is_none_or(|b| v.copied() != b.password_expiration_date),
    };
    if expiry_changes {
        p.add("password_expiration_date", "providerOnly", "Only a provider administrator can change this.");
    }
}

/// Refuses (403) changing the lock or active state of a user who administers users, unless the caller is a
/// provider administrator.
async fn ensure_may_lock(conn: &mut PgConnection, caller: &Caller, target: i64) -> ApiResult<()> {
    if reach::is_provider_admin(caller) {
        return Ok(());
    }
    let admin_perms: Vec<String> = reach::USER_ADMINISTRATION.iter().map(|p| p.as_str().to_owned()).collect();
    if reach::repo::holds_any_anywhere(conn, target, &admin_perms).await? {
        return Err(ApiError::forbidden("Only a provider administrator can lock, unlock or deactivate an administrator."));
    }
    Ok(())
}

/// Checks the requested access against the database: known sites and roles, and every role at one of the sites.
async fn check_access(conn: &mut PgConnection, p: &mut Problems, site_ids: &[i64], roles: &[RoleGrant]) -> ApiResult<()> {
    let known_sites = repo::existing_sites(conn, site_ids).await?;
    for s in site_ids {
        if !known_sites.contains(s) {
            p.add("site_ids", "unknownSite", &format!("Site {s} does not exist."));
        }
    }
    let role_ids: Vec<i64> = listing::dedup_ids(&roles.iter().map(|r| r.security_role_id).collect::<Vec<_>>());
    let known_roles = repo::existing_roles(conn, &role_ids).await?;
    for r in &role_ids {
        if !known_roles.contains(r) {
            p.add("roles", "unknownRole", &format!("Role {r} does not exist."));
        }
    }
    for g in roles {
        if !site_ids.contains(&g.site_id) {
            p.add(
                "roles",
                "siteNotGranted",
                &format!("Role {} is given at site {}, which is not one of the user's sites.", g.security_role_id, g.site_id),
            );
        }
    }
    Ok(())
}

fn dedup_roles(roles: &[RoleGrant]) -> Vec<RoleGrant> {
    let mut out: Vec<RoleGrant> = Vec::with_capacity(roles.len());
    for r in roles {
        if !out.contains(r) {
            out.push(r.clone());
        }
    }
    out
}

fn taken(user_id: &str) -> ApiError {
    ApiError::conflict(&format!("The User ID {user_id} is already taken."))
}

async fn hash_password(p: password::NewPassword) -> ApiResult<String> {
    // argon2 is deliberately slow: keep it off the request threads.
    tokio::task::spawn_blocking(move || password::hash(p.as_str()))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::from)
}

fn audit_entry(action: &'static str, id: i64, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "asp_users", entity_id: id.to_string(), client_id: None, site_id: None, changes }
}

/// Creates a user with a password and access rows.
pub async fn create(state: &AppState, actor: &Caller, input: &UserInput) -> ApiResult<UserRecord> {
    let mut p = Problems::default();
    let user_id = check_user_id(&mut p, input.user_id.as_deref());
    let fname = p.optional_text("fname", "First name", input.fname.as_deref(), 100).unwrap_or_default();
    let lname = p.optional_text("lname", "Last name", input.lname.as_deref(), 100).unwrap_or_default();
    let email = check_email(&mut p, input.email.value().map(String::as_str));
    let new_password = match input.password.as_deref() {
        None | Some("") => {
            p.add("password", "required", "Please enter a value for Password.");
            None
        }
        Some(pw) => match password::NewPassword::parse(pw, pw) {
            Ok(np) => Some(np),
            Err(e) => {
                p.push(e);
                None
            }
        },
    };
    let site_ids = listing::dedup_ids(input.site_ids.as_deref().unwrap_or_default());
    let roles = dedup_roles(input.roles.as_deref().unwrap_or_default());
    let mut conn = state.pool.acquire().await?;
    check_access(&mut conn, &mut p, &site_ids, &roles).await?;
    let reach = Reach::of(&mut conn, actor).await?;
    check_reach(&mut p, &reach, &site_ids, input, None);
    p.check()?;
    ensure_no_escalation(state, &mut conn, actor, &roles).await?;
    drop(conn);
    let (Some(user_id), Some(new_password)) = (user_id, new_password) else {
        return Err(ApiError::bad_request("Invalid user."));
    };
    let hash = hash_password(new_password).await?;
    let expires = match input.password_expiration_date.as_opt_ref() {
        // A user administrator knows the first password it gives: the new user chooses their own at the first
        // sign-in (docs/security.md, "Administrator-set passwords"). A provider administrator's lasts the usual period.
        None if !reach::is_provider_admin(actor) => Some(Utc::now()),
        None => Some(Utc::now() + Duration::days(state.settings.password_max_age_days)),
        Some(v) => v.copied(),
    };

    let mut tx = state.pool.begin().await?;
    if repo::user_id_taken(&mut tx, &user_id, None).await? {
        return Err(taken(&user_id));
    }
    let values = UserValues {
        user_id: &user_id,
        fname: &fname,
        lname: &lname,
        email: email.as_deref(),
        is_active: input.is_active.unwrap_or(true),
        is_locked: input.is_locked.unwrap_or(false),
        fss_employee: input.fss_employee.unwrap_or(false),
        supplier_portal_user: input.supplier_portal_user.unwrap_or(false),
        customer_portal_user: input.customer_portal_user.unwrap_or(false),
        is_punchin_user: input.is_punchin_user.unwrap_or(false),
        password_expiration_date: expires,
    };
    let id = repo::insert(&mut tx, &values, &hash).await?;
    repo::replace_access(&mut tx, id, &site_ids, &roles).await?;
    let created = repo::find(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("created user vanished"))?;
    audit::record(&mut tx, Some(actor), audit_entry("user.create", id, json!({"created": audit::snapshot(&created)}))).await?;
    tx.commit().await?;
    Ok(created)
}

/// Updates a user (see [`UserInput`] for what absent fields mean). Deactivating or locking ends the user's sessions.
pub async fn update(state: &AppState, actor: &Caller, id: i64, input: &UserInput) -> ApiResult<UserRecord> {
    let mut p = Problems::default();
    if input.password.as_deref().is_some_and(|s| !s.is_empty()) {
        p.add("password", "notAllowed", "Passwords are changed with the password reset, not by editing the user.");
    }
    let user_id = match input.user_id.as_deref() {
        Some(raw) => check_user_id(&mut p, Some(raw)),
        None => None,
    };
    let fname = input.fname.as_deref().map(|v| p.optional_text("fname", "First name", Some(v), 100).unwrap_or_default());
    let lname = input.lname.as_deref().map(|v| p.optional_text("lname", "Last name", Some(v), 100).unwrap_or_default());
    let email = input.email.as_opt_ref().map(|v| check_email(&mut p, v.map(String::as_str)));

    let mut tx = state.pool.begin().await?;
    let reach = Reach::of(&mut tx, actor).await?;
    reach.require_user(&mut tx, id, NOT_FOUND).await?;
    let before = repo::find(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let is_active = input.is_active.unwrap_or(before.is_active);
    let is_locked = input.is_locked.unwrap_or(before.is_locked);
    if actor.user_id == id || actor.real_user_id == id {
        if !is_active {
            p.add("is_active", "self", "You cannot deactivate your own account.");
        }
        if is_locked {
            p.add("is_locked", "self", "You cannot lock your own account.");
        }
    }
    let site_ids = match &input.site_ids {
        Some(s) => listing::dedup_ids(s),
        None => before.site_ids.clone(),
    };
    let roles = match &input.roles {
        Some(r) => dedup_roles(r),
        // Roles at sites the user no longer has go with the site.
        None => before.roles.iter().filter(|r| site_ids.contains(&r.site_id)).cloned().collect(),
    };
    if input.site_ids.is_some() || input.roles.is_some() {
        check_access(&mut tx, &mut p, &site_ids, &roles).await?;
    }
    check_reach(&mut p, &reach, &site_ids, input, Some(&before));
    p.check()?;
    if input.roles.is_some() {
        let new: Vec<RoleGrant> = roles.iter().filter(|g| !before.roles.contains(g)).cloned().collect();
        ensure_no_escalation(state, &mut tx, actor, &new).await?;
    }
    if is_active != before.is_active || is_locked != before.is_locked {
        ensure_may_lock(&mut tx, actor, id).await?;
    }
    let user_id = user_id.unwrap_or_else(|| before.user_id.clone());
    if !user_id.eq_ignore_ascii_case(&before.user_id) && repo::user_id_taken(&mut tx, &user_id, Some(id)).await? {
        return Err(taken(&user_id));
    }
    let email = email.unwrap_or_else(|| before.email.clone());
    let expires = match input.password_expiration_date.as_opt_ref() {
        None => before.password_expiration_date,
        Some(v) => v.copied(),
    };
    let fname = fname.unwrap_or_else(|| before.fname.clone());
    let lname = lname.unwrap_or_else(|| before.lname.clone());
    let values = UserValues {
        user_id: &user_id,
        fname: &fname,
        lname: &lname,
        email: email.as_deref(),
        is_active,
        is_locked,
        fss_employee: input.fss_employee.unwrap_or(before.fss_employee),
        supplier_portal_user: input.supplier_portal_user.unwrap_or(before.supplier_portal_user),
        customer_portal_user: input.customer_portal_user.unwrap_or(before.customer_portal_user),
        is_punchin_user: input.is_punchin_user.unwrap_or(before.is_punchin_user),
        password_expiration_date: expires,
    };
    let unlocking = before.is_locked && !is_locked;
    repo::update(&mut tx, id, &values, unlocking).await?;
    if site_ids != before.site_ids || roles != before.roles {
        repo::replace_access(&mut tx, id, &site_ids, &roles).await?;
    }
    let after = repo::find(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("updated user vanished"))?;
    let changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("user.update", id, changes)).await?;
    tx.commit().await?;
    if (before.is_active && !after.is_active) || (!before.is_locked && after.is_locked) {
        state.sessions.revoke_all_for_user(id, None).await?;
    }
    Ok(after)
}

/// "Deleting" a user deactivates the account (its history stays) and ends all of its sessions.
pub async fn delete(state: &AppState, actor: &Caller, id: i64) -> ApiResult<UserRecord> {
    if actor.user_id == id || actor.real_user_id == id {
        return Err(ApiError::invalid("id", "self", "You cannot deactivate your own account."));
    }
    let mut tx = state.pool.begin().await?;
    Reach::of(&mut tx, actor).await?.require_user(&mut tx, id, NOT_FOUND).await?;
    ensure_may_lock(&mut tx, actor, id).await?;
    let before = repo::find(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    repo::deactivate(&mut tx, id).await?;
    let after = repo::find(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("deactivated user vanished"))?;
    let mut changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    if let Some(obj) = changes.as_object_mut() {
        obj.insert("sessions".to_owned(), json!("revoked"));
    }
    audit::record(&mut tx, Some(actor), audit_entry("user.deactivate", id, changes)).await?;
    tx.commit().await?;
    state.sessions.revoke_all_for_user(id, None).await?;
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_ids_and_emails_are_checked() {
        let mut p = Problems::default();
        assert_eq!(check_user_id(&mut p, Some(" newbie ")).as_deref(), Some("newbie"));
        assert!(p.is_empty());
        check_user_id(&mut p, Some("two words"));
        check_user_id(&mut p, None);
        assert_eq!(p.0.len(), 2);
        let mut p = Problems::default();
        assert_eq!(check_email(&mut p, Some("a@b.example")).as_deref(), Some("a@b.example"));
        assert_eq!(check_email(&mut p, Some("  ")), None);
        assert!(p.is_empty());
        for bad in ["nobody", "a@b", "a b@c.d", "@c.d", "a@.d", "a@b@c.d"] {
            let mut p = Problems::default();
            check_email(&mut p, Some(bad));
            assert_eq!(p.0.len(), 1, "{bad}");
        }
    }

    #[test]
    fn repeated_role_grants_are_kept_once_in_order() {
        let g = |site_id, security_role_id| RoleGrant { site_id, security_role_id };
        assert_eq!(dedup_roles(&[g(1, 2), g(1, 3), g(1, 2)]), vec![g(1, 2), g(1, 3)]);
    }
}
