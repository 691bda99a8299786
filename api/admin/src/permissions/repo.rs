//! SQL of the permissions resource, over the shared schema (`asp.security_permission`).

use sqlx::PgConnection;

use kernel::listing::{self, Criteria, Search};

use super::model::{PermissionFilters, PermissionRecord};

/// The columns of [`PermissionRecord`]; their output names are what [`super::model::SORT`] sorts by.
pub const COLUMNS: &str = "security_permission_id as id, permission_name, description";

/// Matching permissions (one page) and how many match in all (up to the page's cap, when set).
pub async fn search(conn: &mut PgConnection, c: &Criteria<PermissionFilters>) -> Result<(Vec<PermissionRecord>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select {COLUMNS} from asp.security_permission"));
    if let Some(q) = c.q.as_deref() {
        s.and_contains(&["permission_name", "description"], q);
    }
    if let Some(ids) = &c.ids {
        s.and_bind("security_permission_id = any(", ids.clone()).push(")");
    }
    listing::fetch_built_page::<PermissionRecord>(conn, s.into_builder(), &c.page).await
}

// The statements below answer the columns of COLUMNS (a compile-checked statement takes its text as a literal).

/// The permission `id`; `lock` holds its row until the transaction ends.
pub async fn find(conn: &mut PgConnection, id: i64, lock: bool) -> Result<Option<PermissionRecord>, sqlx::Error> {
    if lock {
        sqlx::query_scalar!("select security_permission_id from asp.security_permission where security_permission_id = $1 for update", id)
            .fetch_optional(&mut *conn)
            .await?;
    }
    sqlx::query_as!(
        PermissionRecord,
        "select security_permission_id as id, permission_name, description from asp.security_permission where security_permission_id = $1",
        id
    )
    .fetch_optional(&mut *conn)
    .await
}

/// Is `name` used by a permission other than `except`?
pub async fn name_taken(conn: &mut PgConnection, name: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.security_permission where permission_name = $1 and security_permission_id is distinct from $2) as "taken!""#,
        name,
        except
    )
    .fetch_one(&mut *conn)
    .await
}

/// Holds the catalogue's numbering until the transaction ends, so two concurrent creates do not pick the same id.
pub async fn lock_numbering(conn: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query!("select 1 as locked from pg_advisory_xact_lock(hashtext('asp.security_permission.next_id'))").fetch_one(&mut *conn).await?;
    Ok(())
}

/// The next id from `from` on: one above the highest id at or above `from`, or `from` itself.
pub async fn next_id(conn: &mut PgConnection, from: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select greatest($1, coalesce(max(security_permission_id) + 1, $1)) as "next!" from asp.security_permission where security_permission_id >= $1"#,
        from
    )
    .fetch_one(&mut *conn)
    .await
}

pub async fn insert(conn: &mut PgConnection, id: i64, name: &str, description: &str) -> Result<PermissionRecord, sqlx::Error> {
    sqlx::query_as!(
        PermissionRecord,
        "insert into asp.security_permission (security_permission_id, permission_name, description) values ($1, $2, $3)
         returning security_permission_id as id, permission_name, description",
        id,
        name,
        description
    )
    .fetch_one(&mut *conn)
    .await
}

pub async fn update(conn: &mut PgConnection, id: i64, name: &str, description: &str) -> Result<PermissionRecord, sqlx::Error> {
    sqlx::query_as!(
        PermissionRecord,
        "update asp.security_permission set permission_name = $2, description = $3 where security_permission_id = $1
         returning security_permission_id as id, permission_name, description",
        id,
        name,
        description
    )
    .fetch_one(&mut *conn)
    .await
}

/// The roles that hold the permission.
pub async fn roles_holding(conn: &mut PgConnection, id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select security_role_id from asp.security_role_permission where security_permission_id = $1 order by 1", id)
        .fetch_all(&mut *conn)
        .await
}

/// Deletes the permission; roles lose it (foreign keys cascade).
pub async fn delete(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from asp.security_permission where security_permission_id = $1", id).execute(&mut *conn).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::permissions::model::SORT;

    #[test]
    fn every_sort_field_maps_to_an_output_column() {
        let names: Vec<&str> = COLUMNS.split(',').map(|c| c.trim().rsplit([' ', '.']).next().unwrap_or_default()).collect();
        for (_, col) in SORT.fields {
            assert!(names.contains(col), "{col}");
        }
    }
}
