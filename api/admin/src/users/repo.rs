//! SQL of the users resource, over the shared schema (`asp.asp_users`, `asp.user_site`, `asp.user_site_role`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use kernel::listing::{self, Criteria};

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

fn contains(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(listing::contains_pattern)
}

/// Matching users (one page, with their access) and how many match in all (up to the page's cap, when set).
/// `reach`: only users within this user administrator's reach (`asp.reaches`, the rule of `kernel::reach`).
pub async fn search(conn: &mut PgConnection, c: &Criteria<UserFilters>, reach: Option<i64>) -> Result<(Vec<UserRecord>, i64), sqlx::Error> {
    let f = &c.filters;
    let base = format!(
        "select {COLUMNS} from asp.asp_users u
            where ($1::text is null or u.user_id ilike $1 or u.fname ilike $1 or u.lname ilike $1 or u.email ilike $1
                   or (u.fname || ' ' || u.lname) ilike $1)
              and ($2::bigint[] is null or u.asp_users_id = any($2))
              and ($3::text is null or u.user_id ilike $3)
              and ($4::text is null or u.fname ilike $4)
              and ($5::text is null or u.lname ilike $5)
              and ($6::text is null or u.email ilike $6)
              and ($7::boolean is null or u.is_active = $7)
              and ($8::boolean is null or u.fss_employee = $8)
              and ($9::boolean is null or u.customer_portal_user = $9)
              and ($10::text is null or exists (select 1 from asp.user_site us join asp.site s using (site_id)
                                                where us.asp_users_id = u.asp_users_id and s.site_code = upper($10)))
              and ($11::bigint is null or exists (select 1 from asp.user_site us
                                                  where us.asp_users_id = u.asp_users_id and us.site_id = $11))
              and ($12::bigint is null or asp.reaches($12, u.asp_users_id))"
    );
    let site_code = f.has_access_to_site_code.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let (q, ids, username, fname, lname, email) = (c.q_pattern(), c.ids.clone(), contains(&f.username), contains(&f.fname), contains(&f.lname), contains(&f.email));
    let (is_active, is_employee, is_customer_portal_user, site_id) = (f.is_active, f.is_employee, f.is_customer_portal_user, f.has_access_to_site_id);
    let (rows, total) = listing::fetch_page::<UserRow>(&mut *conn, &base, &c.page, move |query| {
        query
            .bind(q)
            .bind(ids)
            .bind(username)
            .bind(fname)
            .bind(lname)
            .bind(email)
            .bind(is_active)
            .bind(is_employee)
            .bind(is_customer_portal_user)
            .bind(site_code)
            .bind(site_id)
            .bind(reach)
    })
    .await?;
    Ok((with_access(conn, rows).await?, total))
}

/// The rows as records, with their sites and roles.
async fn with_access(conn: &mut PgConnection, rows: Vec<UserRow>) -> Result<Vec<UserRecord>, sqlx::Error> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let sites: Vec<(i64, i64)> =
        sqlx::query_as("select asp_users_id, site_id from asp.user_site where asp_users_id = any($1) order by site_id")
            .bind(&ids)
            .fetch_all(&mut *conn)
            .await?;
    let roles: Vec<(i64, i64, i64)> = sqlx::query_as(
        "select asp_users_id, site_id, security_role_id from asp.user_site_role where asp_users_id = any($1)
         order by site_id, security_role_id",
    )
    .bind(&ids)
    .fetch_all(&mut *conn)
    .await?;
    let mut site_map: HashMap<i64, Vec<i64>> = HashMap::new();
    for (u, s) in sites {
        site_map.entry(u).or_default().push(s);
    }
    let mut role_map: HashMap<i64, Vec<RoleGrant>> = HashMap::new();
    for (u, site_id, security_role_id) in roles {
        role_map.entry(u).or_default().push(RoleGrant { site_id, security_role_id });
    }
    Ok(rows
        .into_iter()
        .map(|r| {
            let id = r.id;
            r.into_record(site_map.remove(&id).unwrap_or_default(), role_map.remove(&id).unwrap_or_default())
        })
        .collect())
}

/// The user `id` with its access; `lock` holds the user row until the transaction ends.
pub async fn find(conn: &mut PgConnection, id: i64, lock: bool) -> Result<Option<UserRecord>, sqlx::Error> {
    let row: Option<UserRow> = sqlx::query_as(&format!(
        "select {COLUMNS} from asp.asp_users u where u.asp_users_id = $1{}",
        if lock { " for update" } else { "" }
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match row {
        Some(r) => with_access(conn, vec![r]).await?.pop(),
        None => None,
    })
}

/// Which of `site_ids` exist.
pub async fn existing_sites(conn: &mut PgConnection, site_ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("select site_id from asp.site where site_id = any($1)").bind(site_ids).fetch_all(&mut *conn).await
}

/// Which of `role_ids` exist.
pub async fn existing_roles(conn: &mut PgConnection, role_ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("select security_role_id from asp.security_role where security_role_id = any($1)")
        .bind(role_ids)
        .fetch_all(&mut *conn)
        .await
}

/// Makes the user's access rows exactly `site_ids` and `roles`.
pub async fn replace_access(conn: &mut PgConnection, user: i64, site_ids: &[i64], roles: &[RoleGrant]) -> Result<(), sqlx::Error> {
    let role_sites: Vec<i64> = roles.iter().map(|r| r.site_id).collect();
    let role_ids: Vec<i64> = roles.iter().map(|r| r.security_role_id).collect();
    sqlx::query(
        "delete from asp.user_site_role r where r.asp_users_id = $1 and not exists (
             select 1 from unnest($2::bigint[], $3::bigint[]) as g(site_id, role_id)
             where g.site_id = r.site_id and g.role_id = r.security_role_id)",
    )
    .bind(user)
    .bind(&role_sites)
    .bind(&role_ids)
    .execute(&mut *conn)
    .await?;
    sqlx::query("delete from asp.user_site where asp_users_id = $1 and site_id <> all($2::bigint[])")
        .bind(user)
        .bind(site_ids)
        .execute(&mut *conn)
        .await?;
    sqlx::query("insert into asp.user_site (asp_users_id, site_id) select $1, s from unnest($2::bigint[]) as s on conflict do nothing")
        .bind(user)
        .bind(site_ids)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
         select $1, g.site_id, g.role_id from unnest($2::bigint[], $3::bigint[]) as g(site_id, role_id) on conflict do nothing",
    )
    .bind(user)
    .bind(&role_sites)
    .bind(&role_ids)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Is the sign-in name taken (ignoring case) by a user other than `except`?
pub async fn user_id_taken(conn: &mut PgConnection, user_id: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from asp.asp_users where lower(user_id) = lower($1) and asp_users_id is distinct from $2)")
        .bind(user_id)
        .bind(except)
        .fetch_one(&mut *conn)
        .await
}

/// Inserts the user; answers its id.
pub async fn insert(conn: &mut PgConnection, v: &UserValues<'_>, password_hash: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "insert into asp.asp_users (user_id, fname, lname, email, is_active, is_locked, fss_employee, supplier_portal_user,
             customer_portal_user, is_punchin_user, password_hash, password_expiration_date)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning asp_users_id",
    )
    .bind(v.user_id)
    .bind(v.fname)
    .bind(v.lname)
    .bind(v.email)
    .bind(v.is_active)
    .bind(v.is_locked)
    .bind(v.fss_employee)
    .bind(v.supplier_portal_user)
    .bind(v.customer_portal_user)
    .bind(v.is_punchin_user)
    .bind(password_hash)
    .bind(v.password_expiration_date)
    .fetch_one(&mut *conn)
    .await
}

/// Writes the user's values; `unlock` also clears the failed sign-in count and the lock-out time.
pub async fn update(conn: &mut PgConnection, id: i64, v: &UserValues<'_>, unlock: bool) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update asp.asp_users set user_id = $2, fname = $3, lname = $4, email = $5, is_active = $6, is_locked = $7,
             fss_employee = $8, supplier_portal_user = $9, customer_portal_user = $10, is_punchin_user = $11,
             password_expiration_date = $12,
             failed_login_count = case when $13 then 0 else failed_login_count end,
             locked_until = case when $13 then null else locked_until end,
             updated_at = now()
         where asp_users_id = $1",
    )
    .bind(id)
    .bind(v.user_id)
    .bind(v.fname)
    .bind(v.lname)
    .bind(v.email)
    .bind(v.is_active)
    .bind(v.is_locked)
    .bind(v.fss_employee)
    .bind(v.supplier_portal_user)
    .bind(v.customer_portal_user)
    .bind(v.is_punchin_user)
    .bind(v.password_expiration_date)
    .bind(unlock)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn deactivate(conn: &mut PgConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update asp.asp_users set is_active = false, updated_at = now() where asp_users_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
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
