//! SQL of the user summary (shared `asp` schema).

use sqlx::PgConnection;

use super::model::UserSummary;

/// The user `id` if it is `viewer` or has access to a site of `client_id`.
pub async fn find_visible(conn: &mut PgConnection, id: i64, viewer: i64, client_id: i64) -> Result<Option<UserSummary>, sqlx::Error> {
    sqlx::query_as!(
        UserSummary,
        "select u.asp_users_id, u.user_id, u.fname, u.lname, u.email, u.fss_employee,
                case when u.asp_users_id = $2 then u.mobile_phone end as mobile_phone,
                case when u.asp_users_id = $2 then u.mobile_carrier_id end as mobile_carrier_id
         from asp.asp_users u
         where u.asp_users_id = $1 and (u.asp_users_id = $2 or exists (
             select 1 from asp.user_site us join asp.site s using (site_id)
             where us.asp_users_id = u.asp_users_id and s.client_id = $3))",
        id,
        viewer,
        client_id
    )
    .fetch_optional(conn)
    .await
}

/// The user's contact details: e-mail, mobile number, carrier (locked until the transaction ends).
pub async fn contact_info(
    conn: &mut PgConnection,
    id: i64,
) -> Result<Option<(Option<String>, Option<String>, Option<i32>)>, sqlx::Error> {
    let row = sqlx::query!("select email, mobile_phone, mobile_carrier_id from asp.asp_users where asp_users_id = $1 for update", id)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|r| (r.email, r.mobile_phone, r.mobile_carrier_id)))
}

pub async fn set_contact_info(
    conn: &mut PgConnection,
    id: i64,
    email: Option<&str>,
    phone: Option<&str>,
    carrier: Option<i32>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.asp_users set email = $2, mobile_phone = $3, mobile_carrier_id = $4, updated_at = now() where asp_users_id = $1",
        id,
        email,
        phone,
        carrier
    )
    .execute(conn)
    .await?;
    Ok(())
}
