//! SQL of the users resource, over the shared schema (`asp.asp_users`, `asp.user_site`, `asp.user_site_role`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use kernel::listing::{self, Criteria, Search};
use kernel::validate::{trimmed, trimmed_owned};

use super::model::{RoleGrant, UserFilters, UserRecord, UserRow};

/// The columns of [`UserRow`]; their output names are what [`super::model::SORT`] sorts by.
pub const COLUMNS: &str = "u.asp_users_id as id, u.user_id, u.fname, u.lname, u.email, u.is_active, u.is_locked, u.fss_employee,
    u.supplier_portal_user, u.customer_portal_user, u.is_punchin_user, u.password_expiration_date";

/// The values of a user as written (create and update).
pub struct UserValues<'a> {
    pub user_id: &'a str,
    pub fname: &'a str,
    pub lname: &'a str,
    pub email: Option<&'a str>,
    pub is_active: bool,
    pub is_locked: bool,
    pub fss_employee: bool,
    pub supplier_portal_user: bool,
    pub customer_portal_user: bool,
    pub is_punchin_user: bool,
    pub password_expiration_date: Option<DateTime<Utc>>,
}

/// Which users a search may answer (the rules of `kernel::reach`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    Everyone,
    /// Users within this user administrator's reach (`asp.reaches`).
    ReachedBy(i64),
    /// Users who are not provider staff and have at least one site, all of them among these (what provider support
    /// staff may act as, `kernel::reach::may_impersonate`).
    WithinSites(Vec<i64>),
}

/// Matching users (one page, with their access) and how many match in all (up to the page's cap, when set).
pub async fn search(conn: &mut PgConnection, c: &Criteria<UserFilters>, scope: Scope) -> Result<(Vec<UserRecord>, i64), sqlx::Error> {
    let f = &c.filters;
    let mut s = Search::new(format!("select {COLUMNS} from asp.asp_users u"));
    if let Some(q) = c.q.as_deref() {
        s.and_contains(&["u.user_id", "u.fname", "u.lname", "u.email", "(u.fname || ' ' || u.lname)"], q);
    }
    if let Some(ids) = &c.ids {
        s.and_bind("u.asp_users_id = any(", ids.clone()).push(")");
    }
    for (column, value) in [("u.user_id", &f.username), ("u.fname", &f.fname), ("u.lname", &f.lname), ("u.email", &f.email)] {
        if let Some(v) = trimmed(value) {
            s.and_contains(&[column], v);
        }
    }
    for (column, value) in [("u.is_active = ", f.is_active), ("u.fss_employee = ", f.is_employee), ("u.customer_portal_user = ", f.is_customer_portal_user)] {
        if let Some(v) = value {
            s.and_bind(column, v);
        }
    }
    if let Some(code) = trimmed_owned(&f.has_access_to_site_code) {
        s.and_bind(
            "exists (select 1 from asp.user_site us join asp.site s using (site_id)
                     where us.asp_users_id = u.asp_users_id and s.site_code = upper(",
            code,
        )
        .push("))");
    }
    if let Some(site_id) = f.has_access_to_site_id {
        s.and_bind("exists (select 1 from asp.user_site us where us.asp_users_id = u.asp_users_id and us.site_id = ", site_id).push(")");
    }
    match scope {
        Scope::Everyone => {}
        Scope::ReachedBy(admin) => {
            s.and_bind("asp.reaches(", admin).push(", u.asp_users_id)");
        }
        Scope::WithinSites(sites) => {
            s.and_bind(
                "not u.fss_employee and exists (select 1 from asp.user_site us where us.asp_users_id = u.asp_users_id)
                 and not exists (select 1 from asp.user_site us where us.asp_users_id = u.asp_users_id and us.site_id <> all(",
                sites,
            )
            .push("::bigint[]))");
        }
    }
    let (rows, total) = listing::fetch_built_page::<UserRow>(&mut *conn, s.into_builder(), &c.page).await?;
    Ok((with_access(conn, rows).await?, total))
}

/// The rows as records, with their sites and roles.
async fn with_access(conn: &mut PgConnection, rows: Vec<UserRow>) -> Result<Vec<UserRecord>, sqlx::Error> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let sites = sqlx::query!("select asp_users_id, site_id from asp.user_site where asp_users_id = any($1) order by site_id", &ids)
        .fetch_all(&mut *conn)
        .await?;
    let roles = sqlx::query_as!(
        Grant,
        "select asp_users_id, site_id, security_role_id from asp.user_site_role where asp_users_id = any($1)
         order by site_id, security_role_id",
        &ids
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut site_map: HashMap<i64, Vec<i64>> = HashMap::new();
    for s in sites {
        site_map.entry(s.asp_users_id).or_default().push(s.site_id);
    }
    let mut role_map: HashMap<i64, Vec<RoleGrant>> = HashMap::new();
    for g in roles {
        role_map.entry(g.asp_users_id).or_default().push(RoleGrant { site_id: g.site_id, security_role_id: g.security_role_id });
    }
    Ok(rows
        .into_iter()
        .map(|r| {
            let id = r.id;
            r.into_record(site_map.remove(&id).unwrap_or_default(), role_map.remove(&id).unwrap_or_default())
        })
        .collect())
}

/// One `asp.user_site_role` row.
struct Grant {
    asp_users_id: i64,
    site_id: i64,
    security_role_id: i64,
}

/// The user `id` with its access; `lock` holds the user row until the transaction ends.
pub async fn find(conn: &mut PgConnection, id: i64, lock: bool) -> Result<Option<UserRecord>, sqlx::Error> {
    if lock {
        sqlx::query_scalar!("select asp_users_id from asp.asp_users where asp_users_id = $1 for update", id).fetch_optional(&mut *conn).await?;
    }
    // The columns of COLUMNS (a compile-checked statement takes its text as a literal).
    let row = sqlx::query_as!(
        UserRow,
        "select u.asp_users_id as id, u.user_id, u.fname, u.lname, u.email, u.is_active, u.is_locked, u.fss_employee,
             u.supplier_portal_user, u.customer_portal_user, u.is_punchin_user, u.password_expiration_date
         from asp.asp_users u where u.asp_users_id = $1",
        id
    )
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match row {
        Some(r) => with_access(conn, vec![r]).await?.pop(),
        None => None,
    })
}

/// Which of `site_ids` exist.
pub async fn existing_sites(conn: &mut PgConnection, site_ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select site_id from asp.site where site_id = any($1)", site_ids).fetch_all(&mut *conn).await
}

/// Which of `role_ids` exist.
pub async fn existing_roles(conn: &mut PgConnection, role_ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select security_role_id from asp.security_role where security_role_id = any($1)", role_ids).fetch_all(&mut *conn).await
}

/// Makes the user's access rows exactly `site_ids` and `roles`.
pub async fn replace_access(conn: &mut PgConnection, user: i64, site_ids: &[i64], roles: &[RoleGrant]) -> Result<(), sqlx::Error> {
    let role_sites: Vec<i64> = roles.iter().map(|r| r.site_id).collect();
    let role_ids: Vec<i64> = roles.iter().map(|r| r.security_role_id).collect();
    sqlx::query!(
        "delete from asp.user_site_role r where r.asp_users_id = $1 and not exists (
             select 1 from unnest($2::bigint[], $3::bigint[]) as g(site_id, role_id)
             where g.site_id = r.site_id and g.role_id = r.security_role_id)",
        user,
        &role_sites,
        &role_ids
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!("delete from asp.user_site where asp_users_id = $1 and site_id <> all($2::bigint[])", user, site_ids).execute(&mut *conn).await?;
    sqlx::query!(
        "insert into asp.user_site (asp_users_id, site_id) select $1, s from unnest($2::bigint[]) as s on conflict do nothing",
        user,
        site_ids
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
         select $1, g.site_id, g.role_id from unnest($2::bigint[], $3::bigint[]) as g(site_id, role_id) on conflict do nothing",
        user,
        &role_sites,
        &role_ids
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Is the sign-in name taken (ignoring case) by a user other than `except`?
pub async fn user_id_taken(conn: &mut PgConnection, user_id: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.asp_users where lower(user_id) = lower($1) and asp_users_id is distinct from $2) as "taken!""#,
        user_id,
        except
    )
    .fetch_one(&mut *conn)
    .await
}

/// Inserts the user; answers its id.
pub async fn insert(conn: &mut PgConnection, v: &UserValues<'_>, password_hash: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.asp_users (user_id, fname, lname, email, is_active, is_locked, fss_employee, supplier_portal_user,
             customer_portal_user, is_punchin_user, password_hash, password_expiration_date)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning asp_users_id",
        v.user_id,
        v.fname,
        v.lname,
        v.email,
        v.is_active,
        v.is_locked,
        v.fss_employee,
        v.supplier_portal_user,
        v.customer_portal_user,
        v.is_punchin_user,
        password_hash,
        v.password_expiration_date
    )
    .fetch_one(&mut *conn)
    .await
}

/// Writes the user's values; `unlock` also clears the failed sign-in count and the lock-out time.
pub async fn update(conn: &mut PgConnection, id: i64, v: &UserValues<'_>, unlock: bool) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.asp_users set user_id = $2, fname = $3, lname = $4, email = $5, is_active = $6, is_locked = $7,
             fss_employee = $8, supplier_portal_user = $9, customer_portal_user = $10, is_punchin_user = $11,
             password_expiration_date = $12,
             failed_login_count = case when $13 then 0 else failed_login_count end,
             locked_until = case when $13 then null else locked_until end,
             updated_at = now()
         where asp_users_id = $1",
        id,
        v.user_id,
        v.fname,
        v.lname,
        v.email,
        v.is_active,
        v.is_locked,
        v.fss_employee,
        v.supplier_portal_user,
        v.customer_portal_user,
        v.is_punchin_user,
        v.password_expiration_date,
        unlock
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn deactivate(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.asp_users set is_active = false, updated_at = now() where asp_users_id = $1", id).execute(&mut *conn).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::users::model::SORT;

    #[test]
    fn every_sort_field_maps_to_an_output_column() {
        // The output name of each selected column: its alias, or the column after the table prefix.
        let names: Vec<&str> = COLUMNS.split(',').map(|c| c.trim().rsplit([' ', '.']).next().unwrap_or_default()).collect();
        for (_, col) in SORT.fields {
            assert!(names.contains(col), "{col}");
        }
    }
}
