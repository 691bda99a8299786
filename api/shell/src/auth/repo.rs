//! SQL of sign-in and sessions (shared `asp` schema).

use sqlx::PgConnection;

use super::model::LoginRow;

pub async fn find_login(conn: &mut PgConnection, username: &str) -> Result<Option<LoginRow>, sqlx::Error> {
    sqlx::query_as!(
        LoginRow,
        "select asp_users_id, password_hash, is_active, is_locked, locked_until, failed_login_count, password_expiration_date
         from asp.asp_users where lower(user_id) = lower($1)",
        username
    )
    .fetch_optional(conn)
    .await
}

/// Counts a failed attempt (shown to administrators; sign-in throttling is kept in Redis and never locks).
pub async fn record_failure(conn: &mut PgConnection, user_id: i64, failures: i32) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.asp_users set failed_login_count = $2 where asp_users_id = $1", user_id, failures).execute(conn).await?;
    Ok(())
}

/// Clears the failure count of a successful sign-in; answers whether the password in use is an administrator-set
/// one-time credential (which opens only the forced change, whatever its expiry date says).
pub async fn clear_failures(conn: &mut PgConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    let set_by_admin = sqlx::query_scalar!(
        "update asp.asp_users set failed_login_count = 0, locked_until = null where asp_users_id = $1 returning password_set_by_admin",
        user_id
    )
    .fetch_optional(conn)
    .await?;
    Ok(set_by_admin.unwrap_or(false))
}

/// The site a new session starts in: the stored current site if still available, else the first available one.
pub async fn starting_site(conn: &mut PgConnection, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select s.site_id from asp.user_site us join asp.site s using (site_id)
         join asp.asp_users u on u.asp_users_id = us.asp_users_id
         where us.asp_users_id = $1 and s.is_active
         order by (s.site_id = u.current_site_id) desc, s.site_code limit 1",
        user_id
    )
    .fetch_optional(conn)
    .await
}

/// The active user already linked to this OpenID identity.
pub async fn linked_user(conn: &mut PgConnection, issuer: &str, subject: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select asp_users_id from asp.asp_users where oidc_issuer = $1 and oidc_subject = $2 and is_active",
        issuer,
        subject
    )
    .fetch_optional(conn)
    .await
}

/// Links the identity to the first active, not yet linked user with this e-mail address; answers that user.
pub async fn link_by_email(conn: &mut PgConnection, issuer: &str, subject: &str, email: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "update asp.asp_users set oidc_issuer = $1, oidc_subject = $2, updated_at = now()
         where asp_users_id = (select asp_users_id from asp.asp_users
                               where lower(email) = lower($3) and oidc_subject is null and is_active
                               order by asp_users_id limit 1)
         returning asp_users_id",
        issuer,
        subject,
        email
    )
    .fetch_optional(conn)
    .await
}

pub async fn login_taken(conn: &mut PgConnection, login: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.asp_users where lower(user_id) = lower($1)) as "taken!""#, login)
        .fetch_one(conn)
        .await
}

/// A new local user for an OpenID identity; answers its id.
pub async fn insert_oidc_user(
    conn: &mut PgConnection,
    login: &str,
    fname: &str,
    lname: &str,
    email: Option<&str>,
    issuer: &str,
    subject: &str,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.asp_users (user_id, fname, lname, email, oidc_issuer, oidc_subject, first_time_user)
         values ($1, $2, $3, $4, $5, $6, true) returning asp_users_id",
        login,
        fname,
        lname,
        email,
        issuer,
        subject
    )
    .fetch_one(conn)
    .await
}

/// Whether the user is provider staff, and whether active.
pub async fn staff_and_active(conn: &mut PgConnection, user_id: i64) -> Result<Option<(bool, bool)>, sqlx::Error> {
    let row = sqlx::query!("select fss_employee, is_active from asp.asp_users where asp_users_id = $1", user_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|r| (r.fss_employee, r.is_active)))
}
