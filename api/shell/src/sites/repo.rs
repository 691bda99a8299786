//! SQL of sites (shared `asp` schema).

use sqlx::PgConnection;

use super::model::SiteInfo;

/// The user's available sites, by site code.
pub async fn available(conn: &mut PgConnection, user_id: i64) -> Result<Vec<SiteInfo>, sqlx::Error> {
    sqlx::query_as!(
        SiteInfo,
        "select s.site_id, s.site_code, s.site_name, s.erp_type_id, s.vmi_erp_type_id, s.erp_company,
                s.account_login, s.client_id, c.client_code, s.app_type, s.show_ctb_usage, s.asp8_rfq, s.customer_portal_catalog
         from asp.user_site us join asp.site s using (site_id) join asp.client c using (client_id)
         where us.asp_users_id = $1 and s.is_active and c.is_active and not s.is_ignored order by s.site_code",
        user_id
    )
    .fetch_all(conn)
    .await
}
