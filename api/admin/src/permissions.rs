//! Permissions service: the catalogue `asp.security_permission`.
//!
//! Ids below [`SPEC_LIMIT`] are the specification's catalogue and ids up to [`BUILT_IN_LIMIT`] are the ones ASP adds
//! itself (FSSConnectAdmin, EmpView, ...). The code checks permissions by name, so neither kind can be renamed or
//! deleted. Permissions added through the console get the next id from [`BUILT_IN_LIMIT`] on.

use poem_openapi::Object;
use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, PgConnection, PgPool};

use kernel::listing;
use kernel::access::{self, Caller};
use kernel::criteria::{self, Criteria, Problems, SortFields};
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

pub const SORTS: SortFields = &[("id", "id"), ("permission_name", "permission_name"), ("description", "description")];
pub const DEFAULT_SORT: &str = "permission_name";

/// Ids below this are the specification's catalogue.
pub const SPEC_LIMIT: i64 = 3000;
/// Ids below this are built into ASP; new permissions are numbered from here.
pub const BUILT_IN_LIMIT: i64 = 10000;
/// Besides being a console administrator, adding to the catalogue needs one of these.
pub const ADD_PERMISSIONS: &[kernel::Perm] = &[kernel::Perm::AddPermissions, kernel::Perm::FSSConnectAdmin];

const NOT_FOUND: &str = "The permission you are trying to find does not exist.";

#[derive(Debug, Clone, Object, Serialize, FromRow)]
pub struct PermissionRecord {
    /// security_permission_id
    pub id: i64,
    pub permission_name: String,
    pub description: String,
}

/// A permission as written by the console; absent fields keep their value on update. `id` is read on create only
/// (the next free id from 10000 when absent).
#[derive(Debug, Clone, Default, Object)]
pub struct PermissionInput {
    pub id: Option<i64>,
    pub permission_name: Option<String>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct PermissionFilters;

const COLUMNS: &str = "security_permission_id as id, permission_name, description";

pub async fn search(pool: &PgPool, c: &Criteria<PermissionFilters>) -> ApiResult<(Vec<PermissionRecord>, i64)> {
    let base = format!(
        "select {COLUMNS} from asp.security_permission
            where ($1::text is null or permission_name ilike $1 or description ilike $1)
              and ($2::bigint[] is null or security_permission_id = any($2))"
    );
    let (page_sql, count_sql) = listing::search_sql(&base, &c.order_by("id"), 3, c.cap);
    let q = c.q_pattern();
    let mut conn = pool.acquire().await?;
    let total: i64 = sqlx::query_scalar(&count_sql)
        .bind(&q)
        .bind(&c.ids)
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<PermissionRecord> =
        sqlx::query_as(&page_sql)
            .bind(&q)
            .bind(&c.ids)
            .bind(c.limit.max(0))
            .bind(c.offset.max(0))
            .fetch_all(&mut *conn)
            .await?;
    Ok((rows, total))
}

async fn load(conn: &mut PgConnection, id: i64, lock: bool) -> ApiResult<Option<PermissionRecord>> {
    Ok(sqlx::query_as(&format!(
        "select {COLUMNS} from asp.security_permission where security_permission_id = $1{}",
        if lock { " for update" } else { "" }
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?)
}

pub async fn get(pool: &PgPool, id: i64) -> ApiResult<PermissionRecord> {
    let mut conn = pool.acquire().await?;
    load(&mut conn, id, false).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
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

async fn name_taken(conn: &mut PgConnection, name: &str, except: Option<i64>) -> ApiResult<bool> {
    Ok(sqlx::query_scalar(
        "select exists(select 1 from asp.security_permission where permission_name = $1 and security_permission_id is distinct from $2)",
    )
    .bind(name)
    .bind(except)
    .fetch_one(&mut *conn)
    .await?)
}

fn taken(name: &str) -> ApiError {
    ApiError::conflict(&format!("A permission named {name} already exists."))
}

fn audit_entry(action: &'static str, id: i64, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "security_permission", entity_id: id.to_string(), client_id: None, site_id: None, changes }
}

/// Adds a permission to the catalogue (the caller also needs AddPermissions or FSSConnectAdmin).
pub async fn create(state: &AppState, actor: &Caller, input: &PermissionInput) -> ApiResult<PermissionRecord> {
    if !actor.holds_any(ADD_PERMISSIONS) {
        return Err(ApiError::forbidden(&format!("You do not have permission: {}", ADD_PERMISSIONS.join(" or "))));
    }
    let mut p = Problems::default();
    let name = check_name(&mut p, input.permission_name.as_deref().unwrap_or_default());
    let description = p.optional_text("description", "Description", input.description.as_deref(), 1000).unwrap_or_default();
    if input.id.is_some_and(|id| id < 1) {
        p.add("id", "invalid", "A permission id must be a positive number.");
    }
    p.check()?;
    let mut tx = state.pool.begin().await?;
    // One numbering at a time, so two concurrent creates do not pick the same next id.
    sqlx::query("select pg_advisory_xact_lock(hashtext('asp.security_permission.next_id'))").execute(&mut *tx).await?;
    if name_taken(&mut tx, &name, None).await? {
        return Err(taken(&name));
    }
    let id = match input.id {
        Some(id) => {
            if load(&mut tx, id, false).await?.is_some() {
                return Err(ApiError::conflict(&format!("Permission id {id} is already used.")));
            }
            id
        }
        None => sqlx::query_scalar("select greatest($1, coalesce(max(security_permission_id) + 1, $1)) from asp.security_permission where security_permission_id >= $1")
            .bind(BUILT_IN_LIMIT)
            .fetch_one(&mut *tx)
            .await?,
    };
    let created: PermissionRecord = sqlx::query_as(&format!(
        "insert into asp.security_permission (security_permission_id, permission_name, description) values ($1, $2, $3) returning {COLUMNS}"
    ))
    .bind(id)
    .bind(&name)
    .bind(&description)
    .fetch_one(&mut *tx)
    .await?;
    audit::record(&mut tx, Some(actor), audit_entry("permission.create", id, json!({"created": criteria::snapshot(&created)}))).await?;
    tx.commit().await?;
    Ok(created)
}

/// Changes a permission's description, and its name unless it is built in.
pub async fn update(state: &AppState, actor: &Caller, id: i64, input: &PermissionInput) -> ApiResult<PermissionRecord> {
    let mut p = Problems::default();
    let name = input.permission_name.as_deref().map(|v| check_name(&mut p, v));
    let description = input.description.as_deref().map(|v| p.optional_text("description", "Description", Some(v), 1000).unwrap_or_default());
    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let name = name.unwrap_or_else(|| before.permission_name.clone());
    if name != before.permission_name {
        if let Some(why) = protected(id) {
            p.add("permission_name", "protectedPermission", &format!("{} {why}; it cannot be renamed.", before.permission_name));
        }
    }
    p.check()?;
    if name != before.permission_name && name_taken(&mut tx, &name, Some(id)).await? {
        return Err(taken(&name));
    }
    let after: PermissionRecord = sqlx::query_as(&format!(
        "update asp.security_permission set permission_name = $2, description = $3 where security_permission_id = $1 returning {COLUMNS}"
    ))
    .bind(id)
    .bind(&name)
    .bind(description.unwrap_or_else(|| before.description.clone()))
    .fetch_one(&mut *tx)
    .await?;
    let changes = criteria::diff(&criteria::snapshot(&before), &criteria::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("permission.update", id, changes)).await?;
    tx.commit().await?;
    Ok(after)
}

/// Removes a permission that is not built in; roles lose it.
pub async fn delete(state: &AppState, actor: &Caller, id: i64) -> ApiResult<PermissionRecord> {
    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if let Some(why) = protected(id) {
        return Err(ApiError::invalid("id", "protectedPermission", &format!("{} {why}; it cannot be deleted.", before.permission_name)));
    }
    let roles: Vec<i64> = sqlx::query_scalar("select security_role_id from asp.security_role_permission where security_permission_id = $1 order by 1")
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
    sqlx::query("delete from asp.security_permission where security_permission_id = $1").bind(id).execute(&mut *tx).await?;
    audit::record(&mut tx, Some(actor), audit_entry("permission.delete", id, json!({"deleted": criteria::snapshot(&before), "removed_from_roles": roles})))
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
}
