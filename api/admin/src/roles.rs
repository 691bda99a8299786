//! Roles service: `asp.security_role` with its permissions (`asp.security_role_permission`). A change to a role's
//! permissions reaches every replica's authorizer through the schema's triggers.

use std::collections::HashMap;

use poem_openapi::Object;
use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, PgConnection, PgPool};

use kernel::listing;
use kernel::access::Caller;
use kernel::criteria::{self, Criteria, Problems, SortFields};
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

pub const SORTS: SortFields = &[("id", "id"), ("role_name", "role_name"), ("description", "description")];
pub const DEFAULT_SORT: &str = "role_name";

const NOT_FOUND: &str = "The role you are trying to find does not exist.";

#[derive(Debug, Clone, Object, Serialize)]
pub struct RoleRecord {
    /// security_role_id
    pub id: i64,
    pub role_name: String,
    pub description: String,
    pub permission_ids: Vec<i64>,
}

#[derive(FromRow)]
struct RoleRow {
    id: i64,
    role_name: String,
    description: String,
}

/// A role as written by the console; absent fields keep their value on update. `permission_ids`, when present,
/// replaces the role's permissions.
#[derive(Debug, Clone, Default, Object)]
pub struct RoleInput {
    pub role_name: Option<String>,
    pub description: Option<String>,
    pub permission_ids: Option<Vec<i64>>,
}

/// Roles have no filters beyond `q` and `ids`.
#[derive(Debug, Clone, Default)]
pub struct RoleFilters;

pub async fn search(pool: &PgPool, c: &Criteria<RoleFilters>) -> ApiResult<(Vec<RoleRecord>, i64)> {
    let base = format!(
        "select security_role_id as id, role_name, description from asp.security_role
            where ($1::text is null or role_name ilike $1 or description ilike $1)
              and ($2::bigint[] is null or security_role_id = any($2))"
    );
    let (page_sql, count_sql) = listing::search_sql(&base, &c.order_by("id"), 3, c.cap);
    let q = c.q_pattern();
    let mut conn = pool.acquire().await?;
    let total: i64 = sqlx::query_scalar(&count_sql)
        .bind(&q)
        .bind(&c.ids)
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<RoleRow> =
        sqlx::query_as(&page_sql)
            .bind(&q)
            .bind(&c.ids)
            .bind(c.limit.max(0))
            .bind(c.offset.max(0))
            .fetch_all(&mut *conn)
            .await?;
    Ok((with_permissions(&mut conn, rows).await?, total))
}

async fn with_permissions(conn: &mut PgConnection, rows: Vec<RoleRow>) -> ApiResult<Vec<RoleRecord>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let pairs: Vec<(i64, i64)> = sqlx::query_as(
        "select security_role_id, security_permission_id from asp.security_role_permission
         where security_role_id = any($1) order by security_permission_id",
    )
    .bind(&ids)
    .fetch_all(&mut *conn)
    .await?;
    let mut map: HashMap<i64, Vec<i64>> = HashMap::new();
    for (r, p) in pairs {
        map.entry(r).or_default().push(p);
    }
    Ok(rows
        .into_iter()
        .map(|r| RoleRecord { permission_ids: map.remove(&r.id).unwrap_or_default(), id: r.id, role_name: r.role_name, description: r.description })
        .collect())
}

async fn load(conn: &mut PgConnection, id: i64, lock: bool) -> ApiResult<Option<RoleRecord>> {
    let row: Option<RoleRow> = sqlx::query_as(&format!(
        "select security_role_id as id, role_name, description from asp.security_role where security_role_id = $1{}",
        if lock { " for update" } else { "" }
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match row {
        Some(r) => with_permissions(conn, vec![r]).await?.pop(),
        None => None,
    })
}

pub async fn get(pool: &PgPool, id: i64) -> ApiResult<RoleRecord> {
    let mut conn = pool.acquire().await?;
    load(&mut conn, id, false).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

async fn check_permissions(conn: &mut PgConnection, p: &mut Problems, ids: &[i64]) -> ApiResult<()> {
    let known: Vec<i64> = sqlx::query_scalar("select security_permission_id from asp.security_permission where security_permission_id = any($1)")
        .bind(ids)
        .fetch_all(&mut *conn)
        .await?;
    for id in ids {
        if !known.contains(id) {
            p.add("permission_ids", "unknownPermission", &format!("Permission {id} does not exist."));
        }
    }
    Ok(())
}

async fn replace_permissions(conn: &mut PgConnection, role: i64, ids: &[i64]) -> ApiResult<()> {
    sqlx::query("delete from asp.security_role_permission where security_role_id = $1 and security_permission_id <> all($2::bigint[])")
        .bind(role)
        .bind(ids)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "insert into asp.security_role_permission (security_role_id, security_permission_id)
         select $1, p from unnest($2::bigint[]) as p on conflict do nothing",
    )
    .bind(role)
    .bind(ids)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn name_taken(conn: &mut PgConnection, name: &str, except: Option<i64>) -> ApiResult<bool> {
    Ok(sqlx::query_scalar("select exists(select 1 from asp.security_role where role_name = $1 and security_role_id is distinct from $2)")
        .bind(name)
        .bind(except)
        .fetch_one(&mut *conn)
        .await?)
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
    let permission_ids = criteria::dedup_ids(input.permission_ids.as_deref().unwrap_or_default());
    let mut tx = state.pool.begin().await?;
    check_permissions(&mut tx, &mut p, &permission_ids).await?;
    p.check()?;
    if name_taken(&mut tx, &name, None).await? {
        return Err(taken(&name));
    }
    let id: i64 = sqlx::query_scalar("insert into asp.security_role (role_name, description) values ($1, $2) returning security_role_id")
        .bind(&name)
        .bind(&description)
        .fetch_one(&mut *tx)
        .await?;
    replace_permissions(&mut tx, id, &permission_ids).await?;
    let created = load(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("created role vanished"))?;
    audit::record(&mut tx, Some(actor), audit_entry("role.create", id, json!({"created": criteria::snapshot(&created)}))).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(state: &AppState, actor: &Caller, id: i64, input: &RoleInput) -> ApiResult<RoleRecord> {
    let mut p = Problems::default();
    let name = input.role_name.as_deref().map(|v| p.required_text("role_name", "Role", v, 100));
    let description = input.description.as_deref().map(|v| p.optional_text("description", "Description", Some(v), 1000).unwrap_or_default());
    let permission_ids = input.permission_ids.as_deref().map(criteria::dedup_ids);
    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if let Some(ids) = &permission_ids {
        check_permissions(&mut tx, &mut p, ids).await?;
    }
    p.check()?;
    let name = name.unwrap_or_else(|| before.role_name.clone());
    if name != before.role_name && name_taken(&mut tx, &name, Some(id)).await? {
        return Err(taken(&name));
    }
    sqlx::query("update asp.security_role set role_name = $2, description = $3 where security_role_id = $1")
        .bind(id)
        .bind(&name)
        .bind(description.unwrap_or_else(|| before.description.clone()))
        .execute(&mut *tx)
        .await?;
    if let Some(ids) = &permission_ids {
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        if sorted != before.permission_ids {
            replace_permissions(&mut tx, id, ids).await?;
        }
    }
    let after = load(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("updated role vanished"))?;
    let changes = criteria::diff(&criteria::snapshot(&before), &criteria::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("role.update", id, changes)).await?;
    tx.commit().await?;
    Ok(after)
}

/// Deletes the role; its grants to users (at every site) and its permission rows go with it.
pub async fn delete(state: &AppState, actor: &Caller, id: i64) -> ApiResult<RoleRecord> {
    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let grants: Vec<(i64, i64)> =
        sqlx::query_as("select asp_users_id, site_id from asp.user_site_role where security_role_id = $1 order by asp_users_id, site_id")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
    sqlx::query("delete from asp.security_role where security_role_id = $1").bind(id).execute(&mut *tx).await?;
    let revoked: Vec<serde_json::Value> = grants.iter().map(|(u, s)| json!({"asp_users_id": u, "site_id": s})).collect();
    audit::record(&mut tx, Some(actor), audit_entry("role.delete", id, json!({"deleted": criteria::snapshot(&before), "revoked_grants": revoked})))
        .await?;
    tx.commit().await?;
    Ok(before)
}
