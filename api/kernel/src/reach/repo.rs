//! SQL of the reach rule, over the shared schema.

use sqlx::PgConnection;

/// The sites the user has access to.
pub async fn sites_of(conn: &mut PgConnection, user_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select site_id from asp.user_site where asp_users_id = $1 order by site_id", user_id).fetch_all(conn).await
}

pub async fn user_exists(conn: &mut PgConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.asp_users where asp_users_id = $1) as "e!""#, user_id).fetch_one(conn).await
}

/// Is the user not provider staff, with at least one site, all of them among `sites`? (The reach of provider staff
/// impersonating: see `super::may_impersonate`.)
pub async fn user_within(conn: &mut PgConnection, user_id: i64, sites: &[i64]) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(
             select 1 from asp.asp_users u
             where u.asp_users_id = $1 and not u.fss_employee
               and exists (select 1 from asp.user_site us where us.asp_users_id = u.asp_users_id)
               and not exists (select 1 from asp.user_site us where us.asp_users_id = u.asp_users_id and us.site_id <> all($2::bigint[]))
           ) as "e!""#,
        user_id,
        sites
    )
    .fetch_one(conn)
    .await
}

pub async fn is_staff(conn: &mut PgConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    let staff: Option<bool> = sqlx::query_scalar("select fss_employee from asp.asp_users where asp_users_id = $1").bind(user_id).fetch_optional(conn).await?;
    Ok(staff.unwrap_or(false))
}

/// Does the user administrator `admin` reach `target` (global migration 0035 says how)?
pub async fn reaches(conn: &mut PgConnection, admin: i64, target: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select asp.reaches($1, $2)").bind(admin).bind(target).fetch_one(conn).await
}

/// The permissions the roles `role_ids` give that are not among `held`, by name.
pub async fn permissions_beyond(conn: &mut PgConnection, role_ids: &[i64], held: &[String]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select distinct p.permission_name from asp.security_role_permission rp
         join asp.security_permission p using (security_permission_id)
         where rp.security_role_id = any($1) and not (p.permission_name = any($2)) order by 1",
        role_ids,
        held
    )
    .fetch_all(conn)
    .await
}

/// Does the user hold a role giving one of `permission_names` at any site?
pub async fn holds_any_anywhere(conn: &mut PgConnection, user_id: i64, permission_names: &[String]) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(
             select 1 from asp.user_site_role r
             join asp.security_role_permission rp using (security_role_id)
             join asp.security_permission p using (security_permission_id)
             where r.asp_users_id = $1 and p.permission_name = any($2)
           ) as "e!""#,
        user_id,
        permission_names
    )
    .fetch_one(conn)
    .await
}

/// Users holding role `role_id` at a site outside `sites` (how far a change of the role would reach).
pub async fn role_used_outside(conn: &mut PgConnection, role_id: i64, sites: &[i64]) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.user_site_role where security_role_id = $1 and site_id <> all($2::bigint[])) as "e!""#,
        role_id,
        sites
    )
    .fetch_one(conn)
    .await
}
