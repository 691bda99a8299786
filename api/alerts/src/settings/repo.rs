//! SQL of the alert settings: tenant rows through the site's scope; types, categories, users and sites from `asp`.

use sqlx::PgConnection;
use tenancy::TenantTx;

use kernel::listing::{self, Page, Search};
use kernel::notify::Channels;

use super::model::{AlertCategory, AlertSetting, AlertTrackingCode, AlertTypeInfo};

/// What a settings search filters by.
#[derive(Debug, Clone, Default)]
pub struct SettingFilter {
    pub category_id: Option<i64>,
    pub text: Option<String>,
}

/// The types `user` may receive at `site` (its permission held there, internal ones for provider staff only) with
/// the user's settings or the defaults: one page, and the count.
pub async fn settings(tx: &mut TenantTx, user: i64, site: i64, f: &SettingFilter, page: &Page) -> Result<(Vec<AlertSetting>, i64), sqlx::Error> {
    let d = Channels::DEFAULT;
    let mut s = Search::new("select * from (select u.asp_users_id, u.user_id, st.site_id, st.site_code, s.user_notification_setting_id as asp_user_notification_setting_id,
            t.type_notification_id as asp_notification_type_id, t.description as notification_type, t.notification_name,
            t.description2 as notification_description, t.notification_category_id, c.name as notification_category, c.sort_order as category_order,
            t.is_internal, t.security_permission_id,
            coalesce(s.enable_inbox, ");
    s.push("").push_bind(d.inbox).push(") as enable_inbox, coalesce(s.enable_email, ").push_bind(d.email);
    s.push(") as enable_email, coalesce(s.enable_text, ").push_bind(d.text).push(") as enable_text, coalesce(s.enable_toastr, ").push_bind(d.toast);
    s.push(
        ") as enable_toastr, coalesce(s.is_active, true) as is_active, coalesce(s.filter_tracking_codes, false) as filter_tracking_codes,
            s.filter_req_priority, coalesce(s.req_urgent_only, false) as req_urgent_only,
            (select count(*) from user_notification_tracking_code f where f.user_notification_setting_id = s.user_notification_setting_id) as track_count
         from asp.type_notification t
         join asp.notification_category c using (notification_category_id)
         join asp.asp_users u on u.asp_users_id = ",
    )
    .push_bind(user)
    .push(" join asp.site st on st.site_id = ")
    .push_bind(site)
    .push(
        " left join user_notification_setting s
            on s.asp_users_id = u.asp_users_id and s.site_id = st.site_id and s.type_notification_id = t.type_notification_id
         where t.is_active and (not t.is_internal or u.fss_employee)
           and (t.security_permission_id is null or exists (
                 select 1 from asp.user_site_role r
                 join asp.user_site us on us.asp_users_id = r.asp_users_id and us.site_id = r.site_id
                 join asp.security_role_permission rp on rp.security_role_id = r.security_role_id
                 where r.asp_users_id = u.asp_users_id and r.site_id = st.site_id
                   and rp.security_permission_id = t.security_permission_id))) x",
    );
    if let Some(c) = f.category_id {
        s.and_bind("x.notification_category_id = ", c);
    }
    if let Some(text) = &f.text {
        s.and_contains(&["x.notification_name", "x.notification_description", "x.notification_type"], text);
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// The saved row of one type, if any: its id.
pub async fn setting_id(tx: &mut TenantTx, user: i64, type_id: i64) -> Result<Option<i64>, sqlx::Error> {
    let site = tx.site_id();
    sqlx::query_scalar!(
        "select user_notification_setting_id from user_notification_setting where asp_users_id = $1 and site_id = $2 and type_notification_id = $3",
        user,
        site,
        type_id
    )
    .fetch_optional(&mut **tx)
    .await
}

/// Writes one type's settings at the transaction's site (insert or update).
#[allow(clippy::too_many_arguments)]
pub async fn upsert(tx: &mut TenantTx, site: i64, user: i64, s: &AlertSetting, by: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into user_notification_setting
             (site_id, asp_users_id, type_notification_id, enable_inbox, enable_email, enable_text, enable_toastr, is_active,
              filter_tracking_codes, filter_req_priority, req_urgent_only, updated_by_id, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
         on conflict (asp_users_id, site_id, type_notification_id) do update set
             enable_inbox = excluded.enable_inbox, enable_email = excluded.enable_email, enable_text = excluded.enable_text,
             enable_toastr = excluded.enable_toastr, is_active = excluded.is_active, filter_tracking_codes = excluded.filter_tracking_codes,
             filter_req_priority = excluded.filter_req_priority, req_urgent_only = excluded.req_urgent_only,
             updated_by_id = excluded.updated_by_id, updated_at = now()
         returning user_notification_setting_id",
        site,
        user,
        s.asp_notification_type_id,
        s.enable_inbox,
        s.enable_email,
        s.enable_text,
        s.enable_toastr,
        s.is_active,
        s.filter_tracking_codes,
        s.filter_req_priority,
        s.req_urgent_only,
        by
    )
    .fetch_one(&mut **tx)
    .await
}

/// The site's tracking codes with whether the setting's filter lists them: one page, and the count.
pub async fn tracking_codes(
    tx: &mut TenantTx,
    setting: Option<i64>,
    text: Option<&str>,
    in_group_only: bool,
    page: &Page,
) -> Result<(Vec<AlertTrackingCode>, i64), sqlx::Error> {
    let site = tx.site_id();
    let mut s = Search::new(
        "select * from (select t.tracking_code_id, t.tracking_number, t.description, t.tracking_level_id, t.is_active,
                exists (select 1 from user_notification_tracking_code f where f.tracking_code_id = t.tracking_code_id and f.user_notification_setting_id = ",
    );
    s.push("").push_bind(setting).push(") as in_group from tracking_code t where t.site_id = ").push_bind(site).push(") x");
    if in_group_only {
        s.and().push("x.in_group");
    }
    if let Some(text) = text {
        s.and_contains(&["x.tracking_number", "x.description"], text);
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// Which of `ids` are tracking codes of the transaction's site.
pub async fn site_tracking_codes(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    let site = tx.site_id();
    sqlx::query_scalar!("select tracking_code_id from tracking_code where site_id = $1 and tracking_code_id = any($2)", site, ids).fetch_all(&mut **tx).await
}

pub async fn add_tracking_codes(tx: &mut TenantTx, setting: i64, ids: &[i64]) -> Result<u64, sqlx::Error> {
    let site = tx.site_id();
    let done = sqlx::query!(
        "insert into user_notification_tracking_code (site_id, user_notification_setting_id, tracking_code_id)
         select $1, $2, unnest($3::bigint[]) on conflict do nothing",
        site,
        setting,
        ids
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

pub async fn remove_tracking_codes(tx: &mut TenantTx, setting: i64, ids: &[i64]) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "delete from user_notification_tracking_code where user_notification_setting_id = $1 and tracking_code_id = any($2)",
        setting,
        ids
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

pub async fn categories(conn: &mut PgConnection) -> Result<Vec<AlertCategory>, sqlx::Error> {
    sqlx::query_as!(AlertCategory, "select notification_category_id, name, description from asp.notification_category order by sort_order, name")
        .fetch_all(conn)
        .await
}

pub async fn types(conn: &mut PgConnection) -> Result<Vec<AlertTypeInfo>, sqlx::Error> {
    sqlx::query_as!(
        AlertTypeInfo,
        "select t.type_notification_id as asp_notification_type_id, t.description as notification_type, t.notification_name,
                t.description2 as notification_description, t.notification_category_id, c.name as notification_category, t.is_internal,
                t.security_permission_id, p.permission_name as \"permission_name?\"
         from asp.type_notification t
         join asp.notification_category c using (notification_category_id)
         left join asp.security_permission p using (security_permission_id)
         where t.is_active order by c.sort_order, t.notification_name"
    )
    .fetch_all(conn)
    .await
}

/// Has the user access to the site?
pub async fn user_at_site(conn: &mut PgConnection, user: i64, site: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists (select 1 from asp.user_site where asp_users_id = $1 and site_id = $2) as "e!""#, user, site).fetch_one(conn).await
}

/// The user's sites of one client (active), by id.
pub async fn user_client_sites(conn: &mut PgConnection, user: i64, client: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select s.site_id from asp.user_site us join asp.site s using (site_id) where us.asp_users_id = $1 and s.client_id = $2 and s.is_active order by s.site_id",
        user,
        client
    )
    .fetch_all(conn)
    .await
}

/// Copies the user's saved settings at `from` to `to` (channels and filters; tracking-code lists are per site and
/// stay). Answers how many rows were written.
pub async fn copy_settings(tx: &mut TenantTx, user: i64, from: i64, to: i64, by: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "insert into user_notification_setting
             (site_id, asp_users_id, type_notification_id, enable_inbox, enable_email, enable_text, enable_toastr, is_active,
              filter_tracking_codes, filter_req_priority, req_urgent_only, updated_by_id, updated_at)
         select $3, asp_users_id, type_notification_id, enable_inbox, enable_email, enable_text, enable_toastr, is_active,
                filter_tracking_codes, filter_req_priority, req_urgent_only, $4, now()
         from user_notification_setting where asp_users_id = $1 and site_id = $2
         on conflict (asp_users_id, site_id, type_notification_id) do update set
             enable_inbox = excluded.enable_inbox, enable_email = excluded.enable_email, enable_text = excluded.enable_text,
             enable_toastr = excluded.enable_toastr, is_active = excluded.is_active, filter_tracking_codes = excluded.filter_tracking_codes,
             filter_req_priority = excluded.filter_req_priority, req_urgent_only = excluded.req_urgent_only,
             updated_by_id = excluded.updated_by_id, updated_at = now()",
        user,
        from,
        to,
        by
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}
