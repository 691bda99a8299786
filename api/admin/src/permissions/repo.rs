//! SQL of the permissions resource, over the shared schema (`asp.security_permission`).

use sqlx::PgConnection;

use kernel::listing::{self, Criteria};

use super::model::{PermissionFilters, PermissionRecord};

/// The columns of [`PermissionRecord`]; their output names are what [`super::model::SORT`] sorts by.
pub const COLUMNS: &str = "security_permission_id as id, permission_name, description";

/// Matching permissions (one page) and how many match in all (up to the page's cap, when set).
pub async fn search(conn: &mut PgConnection, c: &Criteria<PermissionFilters>) -> Result<(Vec<PermissionRecord>, i64), sqlx::Error> {
    let base = format!(
        "select {COLUMNS} from asp.security_permission
            where ($1::text is null or permission_name ilike $1 or description ilike $1)
              and ($2::bigint[] is null or security_permission_id = any($2))"
    );
    let (q, ids) = (c.q_pattern(), c.ids.clone());
    listing::fetch_page::<PermissionRecord>(conn, &base, &c.page, move |query| query.bind(q).bind(ids)).await
}

/// The permission `id`; `lock` holds its row until the transaction ends.
pub async fn find(conn: &mut PgConnection, id: i64, lock: bool) -> Result<Option<PermissionRecord>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from asp.security_permission where security_permission_id = $1{}",
        if lock { " for update" } else { "" }
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// Is `name` used by a permission other than `except`?
pub async fn name_taken(conn: &mut PgConnection, name: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "select exists(select 1 from asp.security_permission where permission_name = $1 and security_permission_id is distinct from $2)",
    )
    .bind(name)
    .bind(except)
    .fetch_one(&mut *conn)
    .await
}

/// Holds the catalogue's numbering until the transaction ends, so two concurrent creates do not pick the same id.
pub async fn lock_numbering(conn: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query("select pg_advisory_xact_lock(hashtext('asp.security_permission.next_id'))").execute(&mut *conn).await?;
    Ok(())
}

/// The next id from `from` on: one above the highest id at or above `from`, or `from` itself.
pub async fn next_id(conn: &mut PgConnection, from: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select greatest($1, coalesce(max(security_permission_id) + 1, $1)) from asp.security_permission where security_permission_id >= $1")
        .bind(from)
        .fetch_one(&mut *conn)
        .await
}

pub async fn insert(conn: &mut PgConnection, id: i64, name: &str, description: &str) -> Result<PermissionRecord, sqlx::Error> {
    sqlx::query_as(&format!(
        "insert into asp.security_permission (security_permission_id, permission_name, description) values ($1, $2, $3) returning {COLUMNS}"
    ))
    .bind(id)
    .bind(name)
    .bind(description)
    .fetch_one(&mut *conn)
    .await
}

pub async fn update(conn: &mut PgConnection, id: i64, name: &str, description: &str) -> Result<PermissionRecord, sqlx::Error> {
    sqlx::query_as(&format!(
        "update asp.security_permission set permission_name = $2, description = $3 where security_permission_id = $1 returning {COLUMNS}"
    ))
    .bind(id)
    .bind(name)
    .bind(description)
    .fetch_one(&mut *conn)
    .await
}

/// The roles that hold the permission.
pub async fn roles_holding(conn: &mut PgConnection, id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("select security_role_id from asp.security_role_permission where security_permission_id = $1 order by 1")
        .bind(id)
        .fetch_all(&mut *conn)
        .await
}

/// Deletes the permission; roles lose it (foreign keys cascade).
pub async fn delete(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("delete from asp.security_permission where security_permission_id = $1").bind(id).execute(&mut *conn).await?;
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
