//! SQL of the roles resource, over the shared schema (`asp.security_role`, `asp.security_role_permission`).

use std::collections::HashMap;

use sqlx::PgConnection;

use kernel::listing::{self, Criteria, Search};

use super::model::{RoleFilters, RoleRecord, RoleRow};

/// The columns of [`RoleRow`]; their output names are what [`super::model::SORT`] sorts by.
pub const COLUMNS: &str = "security_role_id as id, role_name, description";

/// Matching roles (one page, with their permissions) and how many match in all (up to the page's cap, when set).
pub async fn search(conn: &mut PgConnection, c: &Criteria<RoleFilters>) -> Result<(Vec<RoleRecord>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select {COLUMNS} from asp.security_role"));
    if let Some(q) = c.q.as_deref() {
        s.and_contains(&["role_name", "description"], q);
    }
    if let Some(ids) = &c.ids {
        s.and_bind("security_role_id = any(", ids.clone()).push(")");
    }
    let (rows, total) = listing::fetch_built_page::<RoleRow>(&mut *conn, s.into_builder(), &c.page).await?;
    Ok((with_permissions(conn, rows).await?, total))
}

async fn with_permissions(conn: &mut PgConnection, rows: Vec<RoleRow>) -> Result<Vec<RoleRecord>, sqlx::Error> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let pairs = sqlx::query!(
        "select security_role_id, security_permission_id from asp.security_role_permission
         where security_role_id = any($1) order by security_permission_id",
        &ids
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut map: HashMap<i64, Vec<i64>> = HashMap::new();
    for p in pairs {
        map.entry(p.security_role_id).or_default().push(p.security_permission_id);
    }
    Ok(rows
        .into_iter()
        .map(|r| RoleRecord { permission_ids: map.remove(&r.id).unwrap_or_default(), id: r.id, role_name: r.role_name, description: r.description })
        .collect())
}

/// The role `id` with its permissions; `lock` holds the role row until the transaction ends.
pub async fn find(conn: &mut PgConnection, id: i64, lock: bool) -> Result<Option<RoleRecord>, sqlx::Error> {
    if lock {
        sqlx::query_scalar!("select security_role_id from asp.security_role where security_role_id = $1 for update", id).fetch_optional(&mut *conn).await?;
    }
    // The columns of COLUMNS (a compile-checked statement takes its text as a literal).
    let row = sqlx::query_as!(RoleRow, "select security_role_id as id, role_name, description from asp.security_role where security_role_id = $1", id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(match row {
        Some(r) => with_permissions(conn, vec![r]).await?.pop(),
        None => None,
    })
}

/// Which of `ids` are permissions of the catalogue.
pub async fn existing_permissions(conn: &mut PgConnection, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select security_permission_id from asp.security_permission where security_permission_id = any($1)", ids)
        .fetch_all(&mut *conn)
        .await
}

/// Makes the role's permissions exactly `ids`.
pub async fn replace_permissions(conn: &mut PgConnection, role: i64, ids: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from asp.security_role_permission where security_role_id = $1 and security_permission_id <> all($2::bigint[])",
        role,
        ids
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "insert into asp.security_role_permission (security_role_id, security_permission_id)
         select $1, p from unnest($2::bigint[]) as p on conflict do nothing",
        role,
        ids
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Is `name` used by a role other than `except`?
pub async fn name_taken(conn: &mut PgConnection, name: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.security_role where role_name = $1 and security_role_id is distinct from $2) as "taken!""#,
        name,
        except
    )
    .fetch_one(&mut *conn)
    .await
}

/// Inserts the role; answers its id.
pub async fn insert(conn: &mut PgConnection, name: &str, description: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!("insert into asp.security_role (role_name, description) values ($1, $2) returning security_role_id", name, description)
        .fetch_one(&mut *conn)
        .await
}

pub async fn update(conn: &mut PgConnection, id: i64, name: &str, description: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.security_role set role_name = $2, description = $3 where security_role_id = $1", id, name, description)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Who holds the role where: (asp_users_id, site_id) pairs.
pub async fn grants(conn: &mut PgConnection, id: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    let rows = sqlx::query!("select asp_users_id, site_id from asp.user_site_role where security_role_id = $1 order by asp_users_id, site_id", id)
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows.into_iter().map(|r| (r.asp_users_id, r.site_id)).collect())
}

/// Deletes the role; its grants and permission rows go with it (foreign keys cascade).
pub async fn delete(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from asp.security_role where security_role_id = $1", id).execute(&mut *conn).await?;
    Ok(())
}

/// The names of the permissions `ids`.
pub async fn permission_names(conn: &mut PgConnection, ids: &[i64]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!("select permission_name from asp.security_permission where security_permission_id = any($1) order by 1", ids)
        .fetch_all(conn)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::model::SORT;

    #[test]
    fn every_sort_field_maps_to_an_output_column() {
        let names: Vec<&str> = COLUMNS.split(',').map(|c| c.trim().rsplit([' ', '.']).next().unwrap_or_default()).collect();
        for (_, col) in SORT.fields {
            assert!(names.contains(col), "{col}");
        }
    }
}
