//! SQL of the user context (shared `asp` schema).

use sqlx::PgConnection;

use super::model::{CurrentUser, MenuRow, PermissionRef};

/// The user as stored; `password_expired` is the session's to set.
pub async fn find_user(conn: &mut PgConnection, user_id: i64) -> Result<Option<CurrentUser>, sqlx::Error> {
    sqlx::query_as!(
        CurrentUser,
        r#"select asp_users_id, user_id, fname, lname, email, bugtracker_username, supplier_portal_user,
                customer_portal_user, fss_employee, first_time_user, password_expiration_date, customer_punchin_location_id,
                false as "password_expired!"
         from asp.asp_users where asp_users_id = $1"#,
        user_id
    )
    .fetch_optional(conn)
    .await
}

pub async fn is_punchin_user(conn: &mut PgConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!("select is_punchin_user from asp.asp_users where asp_users_id = $1", user_id)
        .fetch_one(conn)
        .await
}

/// The catalogue entries (name and id) of these permission names, by name.
pub async fn permission_refs(conn: &mut PgConnection, names: &[String]) -> Result<Vec<PermissionRef>, sqlx::Error> {
    sqlx::query_as!(
        PermissionRef,
        "select permission_name, security_permission_id from asp.security_permission where permission_name = any($1) order by permission_name",
        names
    )
    .fetch_all(conn)
    .await
}

/// The whole menu catalogue in display order.
pub async fn menu(conn: &mut PgConnection) -> Result<Vec<MenuRow>, sqlx::Error> {
    sqlx::query_as!(
        MenuRow,
        "select menu_item_id, parent_id, page, title, angular_route, url, external_route, angular_menu_image, required_permissions
         from asp.menu_item order by sort_order, menu_item_id"
    )
    .fetch_all(conn)
    .await
}

/// Stores the user's current site for their next session.
pub async fn remember_site(conn: &mut PgConnection, user_id: i64, site_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.asp_users set current_site_id = $2, updated_at = now() where asp_users_id = $1", user_id, site_id)
        .execute(conn)
        .await?;
    Ok(())
}
