//! Rules of the permissions resource: who may add to the catalogue, which entries are protected, name checks,
//! numbering, transactions with their audit rows.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::Criteria;
use kernel::perm::{self, Perm};
use kernel::reach::{self, Reach};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{PermissionFilters, PermissionInput, PermissionRecord};
use super::repo;

/// Ids below this are the specification's catalogue.
pub const SPEC_LIMIT: i64 = 3000;
/// Ids below this are built into ASP; new permissions are numbered from here.
pub const BUILT_IN_LIMIT: i64 = 10000;
/// Besides being a console administrator, adding to the catalogue needs one of these.
pub const ADD_PERMISSIONS: &[Perm] = &[Perm::AddPermissions, Perm::FSSConnectAdmin];

const NOT_FOUND: &str = "The permission you are trying to find does not exist.";

/// Matching permissions (one page) and how many match in all (up to the cap, when one is set).
pub async fn search(state: &AppState, c: &Criteria<PermissionFilters>) -> ApiResult<(Vec<PermissionRecord>, i64)> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::search(&mut conn, c).await?)
}

/// One permission; 404 when there is none.
pub async fn get(state: &AppState, id: i64) -> ApiResult<PermissionRecord> {
    let mut conn = state.pool.acquire().await?;
    repo::find(&mut conn, id, false).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// Why a permission may not be renamed or deleted, if it may not.
pub fn protected(id: i64) -> Option<&'static str> {
    if id < SPEC_LIMIT {
        Some("is part of the specification's permission catalogue")
    } else if id < BUILT_IN_LIMIT {
        Some("is built into ASP")
    } else {
        None
    }
}

/// Permission names are identifiers: a letter, then letters, digits or `_`, at most 100 characters.
fn check_name(p: &mut Problems, raw: &str) -> String {
    let name = p.required_text("permission_name", "Permission", raw, 100);
    let valid = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !name.is_empty() && !valid {
        p.add("permission_name", "invalid", "A permission name starts with a letter and has only letters, digits and _.");
    }
    name
}

fn taken(name: &str) -> ApiError {
    ApiError::conflict(&format!("A permission named {name} already exists."))
}

fn audit_entry(action: &'static str, id: i64, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "security_permission", entity_id: id.to_string(), client_id: None, site_id: None, changes }
}

/// The catalogue is shared by every client: adding to it, renaming or removing an entry needs AddPermissions or
/// FSSConnectAdmin besides being a console administrator (a user administrator alone would otherwise take a
/// permission away from users it does not reach).
fn ensure_may_change_catalogue(actor: &Caller) -> ApiResult<()> {
    if actor.holds_any(ADD_PERMISSIONS) {
        Ok(())
    } else {
        Err(ApiError::forbidden(&format!("You do not have permission: {}", perm::describe(ADD_PERMISSIONS))))
    }
}

/// Adds a permission to the catalogue.
pub async fn create(state: &AppState, actor: &Caller, input: &PermissionInput) -> ApiResult<PermissionRecord> {
    ensure_may_change_catalogue(actor)?;
    let mut p = Problems::default();
    let name = check_name(&mut p, input.permission_name.as_deref().unwrap_or_default());
    let description = p.optional_text("description", "Description", input.description.as_deref(), 1000).unwrap_or_default();
    if input.id.is_some_and(|id| id < 1) {
        p.add("id", "invalid", "A permission id must be a positive number.");
    }
    p.check()?;
    let mut tx = state.pool.begin().await?;
    repo::lock_numbering(&mut tx).await?;
    if repo::name_taken(&mut tx, &name, None).await? {
        return Err(taken(&name));
    }
    let id = match input.id {
        Some(id) => {
            if repo::find(&mut tx, id, false).await?.is_some() {
                return Err(ApiError::conflict(&format!("Permission id {id} is already used.")));
            }
            id
        }
        None => repo::next_id(&mut tx, BUILT_IN_LIMIT).await?,
    };
    let created = repo::insert(&mut tx, id, &name, &description).await?;
    audit::record(&mut tx, Some(actor), audit_entry("permission.create", id, json!({"created": audit::snapshot(&created)}))).await?;
    tx.commit().await?;
    Ok(created)
}

/// Changes a permission's description, and its name unless it is built in.
pub async fn update(state: &AppState, actor: &Caller, id: i64, input: &PermissionInput) -> ApiResult<PermissionRecord> {
    ensure_may_change_catalogue(actor)?;
    let mut p = Problems::default();
    let name = input.permission_name.as_deref().map(|v| check_name(&mut p, v));
    let description = input.description.as_deref().map(|v| p.optional_text("description", "Description", Some(v), 1000).unwrap_or_default());
    let mut tx = state.pool.begin().await?;
    let before = repo::find(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    // Nobody reshapes a permission they do not hold (FSSConnectAdmin excepted), as for roles.
    reach::ensure_holds_all(actor, std::slice::from_ref(&before.permission_name))?;
    let name = name.unwrap_or_else(|| before.permission_name.clone());
    if name != before.permission_name {
        if let Some(why) = protected(id) {
            p.add("permission_name", "protectedPermission", &format!("{} {why}; it cannot be renamed.", before.permission_name));
        }
    }
    p.check()?;
    if name != before.permission_name && repo::name_taken(&mut tx, &name, Some(id)).await? {
        return Err(taken(&name));
    }
    let description = description.unwrap_or_else(|| before.description.clone());
    let after = repo::update(&mut tx, id, &name, &description).await?;
    let changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("permission.update", id, changes)).await?;
    tx.commit().await?;
    Ok(after)
}

/// Removes a permission that is not built in; roles lose it.
pub async fn delete(state: &AppState, actor: &Caller, id: i64) -> ApiResult<PermissionRecord> {
    ensure_may_change_catalogue(actor)?;
    let mut tx = state.pool.begin().await?;
    let before = repo::find(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if let Some(why) = protected(id) {
        return Err(ApiError::invalid("id", "protectedPermission", &format!("{} {why}; it cannot be deleted.", before.permission_name)));
    }
    reach::ensure_holds_all(actor, std::slice::from_ref(&before.permission_name))?;
    let roles = repo::roles_holding(&mut tx, id).await?;
    // Removing a permission takes it from everyone whose role gives it: only from users within reach.
    if let Reach::Sites { sites, .. } = Reach::of(&mut tx, actor).await? {
        for role in &roles {
            if reach::repo::role_used_outside(&mut tx, *role, &sites).await? {
                return Err(ApiError::forbidden("This permission is given at sites outside your reach; only a provider administrator can delete it."));
            }
        }
    }
    repo::delete(&mut tx, id).await?;
    audit::record(&mut tx, Some(actor), audit_entry("permission.delete", id, json!({"deleted": audit::snapshot(&before), "removed_from_roles": roles})))
        .await?;
    tx.commit().await?;
    Ok(before)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_permissions_are_protected() {
        assert!(protected(1).is_some());
        assert!(protected(2999).is_some());
        assert!(protected(3000).is_some());
        assert!(protected(10000).is_none());
    }

    #[test]
    fn permission_names_are_identifiers() {
        for good in ["BasicAccess", "TNCsiteMaintenance", "New_Perm2"] {
            let mut p = Problems::default();
            check_name(&mut p, good);
            assert!(p.is_empty(), "{good}");
        }
        for bad in ["", "2Fast", "has space", "semi;colon", "Ümlaut"] {
            let mut p = Problems::default();
            check_name(&mut p, bad);
            assert!(!p.is_empty(), "{bad}");
        }
    }

    #[test]
    fn the_add_permissions_message_names_both_permissions() {
        assert_eq!(perm::describe(ADD_PERMISSIONS), "AddPermissions or FSSConnectAdmin");
    }
}
