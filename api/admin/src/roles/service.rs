//! Rules of the roles resource: input checks, unique names, known permissions, transactions with their audit rows.

use serde_json::json;
use sqlx::PgConnection;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::{self, Criteria};
use kernel::reach::{self, Reach};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{RoleFilters, RoleInput, RoleRecord};
use super::repo;

const NOT_FOUND: &str = "The role you are trying to find does not exist.";

/// Matching roles (one page) and how many match in all (up to the cap, when one is set).
pub async fn search(state: &AppState, c: &Criteria<RoleFilters>) -> ApiResult<(Vec<RoleRecord>, i64)> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::search(&mut conn, c).await?)
}

/// One role; 404 when there is none.
pub async fn get(state: &AppState, id: i64) -> ApiResult<RoleRecord> {
    let mut conn = state.pool.acquire().await?;
    repo::find(&mut conn, id, false).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

async fn check_permissions(conn: &mut PgConnection, p: &mut Problems, ids: &[i64]) -> ApiResult<()> {
    let known = repo::existing_permissions(conn, ids).await?;
    for id in ids {
        if !known.contains(id) {
            p.add("permission_ids", "unknownPermission", &format!("Permission {id} does not exist."));
        }
    }
    Ok(())
}

/// Nobody creates or edits a role giving a permission they do not hold, and a user administrator who is not a
/// provider administrator changes only roles that are given nowhere outside their own sites (roles are shared by
/// every client: a change reaches everyone who holds the role).
async fn ensure_may_shape(conn: &mut PgConnection, caller: &Caller, role: Option<i64>, permission_ids: &[i64]) -> ApiResult<()> {
    let names = repo::permission_names(conn, permission_ids).await?;
    reach::ensure_holds_all(caller, &names)?;
    if let (Some(role), Reach::Sites { sites, .. }) = (role, Reach::of(conn, caller).await?) {
        if reach::repo::role_used_outside(conn, role, &sites).await? {
            return Err(ApiError::forbidden("This role is also given at sites outside your reach; only a provider administrator can change it."));
        }
    }
    Ok(())
}

fn taken(name: &str) -> ApiError {
    ApiError::conflict(&format!("A role named {name} already exists."))
}

fn audit_entry(action: &'static str, id: i64, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "security_role", entity_id: id.to_string(), client_id: None, site_id: None, changes }
}

pub async fn create(state: &AppState, actor: &Caller, input: &RoleInput) -> ApiResult<RoleRecord> {
    let mut p = Problems::default();
    let name = p.required_text("role_name", "Role", input.role_name.as_deref().unwrap_or_default(), 100);
    let description = p.optional_text("description", "Description", input.description.as_deref(), 1000).unwrap_or_default();
    let permission_ids = listing::dedup_ids(input.permission_ids.as_deref().unwrap_or_default());
    let mut tx = state.pool.begin().await?;
    check_permissions(&mut tx, &mut p, &permission_ids).await?;
    p.check()?;
    ensure_may_shape(&mut tx, actor, None, &permission_ids).await?;
    if repo::name_taken(&mut tx, &name, None).await? {
        return Err(taken(&name));
    }
    let id = repo::insert(&mut tx, &name, &description).await?;
    repo::replace_permissions(&mut tx, id, &permission_ids).await?;
    let created = repo::find(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("created role vanished"))?;
    audit::record(&mut tx, Some(actor), audit_entry("role.create", id, json!({"created": audit::snapshot(&created)}))).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(state: &AppState, actor: &Caller, id: i64, input: &RoleInput) -> ApiResult<RoleRecord> {
    let mut p = Problems::default();
    let name = input.role_name.as_deref().map(|v| p.required_text("role_name", "Role", v, 100));
    let description = input.description.as_deref().map(|v| p.optional_text("description", "Description", Some(v), 1000).unwrap_or_default());
    let permission_ids = input.permission_ids.as_deref().map(listing::dedup_ids);
    let mut tx = state.pool.begin().await?;
    let before = repo::find(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if let Some(ids) = &permission_ids {
        check_permissions(&mut tx, &mut p, ids).await?;
    }
    p.check()?;
    let mut touched = before.permission_ids.clone();
    touched.extend(permission_ids.iter().flatten());
    ensure_may_shape(&mut tx, actor, Some(id), &listing::dedup_ids(&touched)).await?;
    let name = name.unwrap_or_else(|| before.role_name.clone());
    if name != before.role_name && repo::name_taken(&mut tx, &name, Some(id)).await? {
        return Err(taken(&name));
    }
    let description = description.unwrap_or_else(|| before.description.clone());
    repo::update(&mut tx, id, &name, &description).await?;
    if let Some(ids) = &permission_ids {
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        if sorted != before.permission_ids {
            repo::replace_permissions(&mut tx, id, ids).await?;
        }
    }
    let after = repo::find(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("updated role vanished"))?;
    let changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("role.update", id, changes)).await?;
    tx.commit().await?;
    Ok(after)
}

/// Deletes the role; its grants to users (at every site) and its permission rows go with it.
pub async fn delete(state: &AppState, actor: &Caller, id: i64) -> ApiResult<RoleRecord> {
    let mut tx = state.pool.begin().await?;
    let before = repo::find(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    ensure_may_shape(&mut tx, actor, Some(id), &before.permission_ids).await?;
    let grants = repo::grants(&mut tx, id).await?;
    repo::delete(&mut tx, id).await?;
    let revoked: Vec<serde_json::Value> = grants.iter().map(|(u, s)| json!({"asp_users_id": u, "site_id": s})).collect();
    audit::record(&mut tx, Some(actor), audit_entry("role.delete", id, json!({"deleted": audit::snapshot(&before), "revoked_grants": revoked})))
        .await?;
    tx.commit().await?;
    Ok(before)
}
