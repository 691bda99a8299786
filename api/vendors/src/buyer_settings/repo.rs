//! SQL of the vendor buyer settings. The settings are shared-schema rows of one client; vendor names come from the
//! client's schema through the vendor rule at the current site, so the functions take the tenant transaction.

use kernel::listing::{self, Page, Search};
use tenancy::TenantTx;

use super::model::VendorBuyerSetting;

const COLUMNS: &str = "b.asp_vendor_buyer_settings_id, b.asp_users_id, u.user_id as buyer,
        concat_ws(', ', u.lname, u.fname) as buyer_name, b.vend_code, vn.vend_name, u.fname, u.lname";

/// The settings with their buyer and the vendor's name at the site `cs` (the vendor rule).
const FROM: &str = "from asp.vendor_buyer_settings b
    join asp.asp_users u on u.asp_users_id = b.asp_users_id
    join asp.site cs on true
    left join lateral (select v.vend_name from vendor v join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = cs.site_id
                       where upper(v.vend_code) = upper(b.vend_code) order by v.vend_id limit 1) vn on true";

/// Search filters as validated by the service.
#[derive(Debug, Clone)]
pub struct SearchFilter {
    pub client_id: i64,
    pub site_id: i64,
    pub asp_users_id: Option<i64>,
    pub vend_code: Option<String>,
    /// Contained in the buyer's user id or names, the vendor code or name (case-insensitive).
    pub text: Option<String>,
}

pub async fn search(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<VendorBuyerSetting>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select * from (select {COLUMNS} {FROM}"));
    s.and_bind("b.client_id = ", f.client_id);
    s.and_bind("cs.site_id = ", f.site_id);
    if let Some(user) = f.asp_users_id {
        s.and_bind("b.asp_users_id = ", user);
    }
    if let Some(code) = &f.vend_code {
        s.and_bind("upper(b.vend_code) = upper(", code.clone()).push(")");
    }
    if let Some(text) = &f.text {
        s.and_contains(&["concat_ws(' ', u.user_id, u.fname, u.lname, b.vend_code, vn.vend_name)"], text);
    }
    s.push(") x");
    listing::fetch_built_page(&mut **tx, s.into_builder(), page).await
}

/// A buyer's vendors at the client, by code.
pub async fn of_buyer(tx: &mut TenantTx, client_id: i64, site_id: i64, user_id: i64) -> Result<Vec<VendorBuyerSetting>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where b.client_id = $1 and cs.site_id = $2 and b.asp_users_id = $3 order by b.vend_code"))
        .bind(client_id)
        .bind(site_id)
        .bind(user_id)
        .fetch_all(&mut **tx)
        .await
}

/// The user holds the Buyer permission at a site of the client (through a role at a site they have access to).
pub async fn is_buyer(tx: &mut TenantTx, client_id: i64, user_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(
           select 1 from asp.user_site_role r
           join asp.user_site us on us.asp_users_id = r.asp_users_id and us.site_id = r.site_id
           join asp.site s on s.site_id = r.site_id
           join asp.security_role_permission rp on rp.security_role_id = r.security_role_id
           join asp.security_permission p on p.security_permission_id = rp.security_permission_id
           where r.asp_users_id = $1 and s.client_id = $2 and p.permission_name = 'Buyer') as "exists!""#,
        user_id,
        client_id
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn insert(tx: &mut TenantTx, client_id: i64, user_id: i64, vend_code: &str, created_by: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into asp.vendor_buyer_settings (client_id, asp_users_id, vend_code, created_by_id) values ($1, $2, $3, $4) on conflict do nothing",
        client_id,
        user_id,
        vend_code,
        created_by
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn delete(tx: &mut TenantTx, client_id: i64, user_id: i64, vend_code: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from asp.vendor_buyer_settings where client_id = $1 and asp_users_id = $2 and vend_code = $3", client_id, user_id, vend_code)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
