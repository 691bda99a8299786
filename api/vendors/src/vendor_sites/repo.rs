//! SQL of the vendor site resource, and of the site look-ups the approved vendors share. Tenant functions take the
//! tenant transaction; every vendor read at a site joins `vendor_at_site` (the vendor rule).

use kernel::listing::{self, Page, Search};
use sqlx::PgConnection;
use tenancy::TenantTx;

use super::model::VendorSite;

const COLUMNS: &str = "vs.vendor_site_id, v.vend_id, v.vend_code, v.vend_name, vs.site_id, s.site_code, vs.preferred, vs.contact_name,
    vs.email, vs.vendor_comments, vs.po_comments, vs.vendor_cust_account, vs.inside_sales_notes, vs.outside_sales_notes, vs.notes,
    vs.build_consigned_vendor, vs.created_by_id, vs.created_at, vs.updated_by_id, vs.updated_at";

// The join on vendor_at_site keeps a row whose vendor the rule no longer shows at its site out of every answer.
const FROM: &str = "from vendor_site vs
    join vendor v on v.vend_id = vs.vend_id
    join vendor_at_site a on a.vend_id = vs.vend_id and a.site_id = vs.site_id
    join asp.site s on s.site_id = vs.site_id";

/// The site's values, as the service validated them (texts trimmed, empty as None).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Values {
    pub preferred: bool,
    pub contact_name: Option<String>,
    pub email: Option<String>,
    pub vendor_comments: Option<String>,
    pub po_comments: Option<String>,
    pub vendor_cust_account: Option<String>,
    pub inside_sales_notes: Option<String>,
    pub outside_sales_notes: Option<String>,
    pub notes: Option<String>,
    pub build_consigned_vendor: bool,
}

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<VendorSite>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where vs.vendor_site_id = $1")).bind(id).fetch_optional(&mut **tx).await
}

/// The vendor site of the vendor with this code (case-insensitive) at `site_id`.
pub async fn find_by_code(tx: &mut TenantTx, site_id: i64, vend_code: &str) -> Result<Option<VendorSite>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where vs.site_id = $1 and upper(v.vend_code) = upper($2) order by v.vend_id limit 1"))
        .bind(site_id)
        .bind(vend_code)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn exists(tx: &mut TenantTx, site_id: i64, vend_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from vendor_site where site_id = $1 and vend_id = $2) as "exists!""#, site_id, vend_id)
        .fetch_one(&mut **tx)
        .await
}

pub async fn insert(tx: &mut TenantTx, site_id: i64, vend_id: i64, v: &Values, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into vendor_site (site_id, vend_id, preferred, contact_name, email, vendor_comments, po_comments, vendor_cust_account,
             inside_sales_notes, outside_sales_notes, notes, build_consigned_vendor, created_by_id, updated_by_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) returning vendor_site_id",
        site_id,
        vend_id,
        v.preferred,
        v.contact_name,
        v.email,
        v.vendor_comments,
        v.po_comments,
        v.vendor_cust_account,
        v.inside_sales_notes,
        v.outside_sales_notes,
        v.notes,
        v.build_consigned_vendor,
        user_id
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update(tx: &mut TenantTx, id: i64, v: &Values, user_id: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "update vendor_site set preferred = $2, contact_name = $3, email = $4, vendor_comments = $5, po_comments = $6,
             vendor_cust_account = $7, inside_sales_notes = $8, outside_sales_notes = $9, notes = $10, build_consigned_vendor = $11,
             updated_by_id = $12, updated_at = now()
         where vendor_site_id = $1",
        id,
        v.preferred,
        v.contact_name,
        v.email,
        v.vendor_comments,
        v.po_comments,
        v.vendor_cust_account,
        v.inside_sales_notes,
        v.outside_sales_notes,
        v.notes,
        v.build_consigned_vendor,
        user_id
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// The vendor sites of the vendors with this code at `sites` (the transaction must see those sites), locked for a
/// change.
pub async fn of_code_at(tx: &mut TenantTx, sites: &[i64], vend_code: &str) -> Result<Vec<VendorSite>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where vs.site_id = any($1) and upper(v.vend_code) = upper($2) order by s.site_code for update of vs"))
        .bind(sites)
        .bind(vend_code)
        .fetch_all(&mut **tx)
        .await
}

/// Search filters as validated by the service.
#[derive(Debug, Clone, Default)]
pub struct SearchFilter {
    pub sites: Vec<i64>,
    pub vend_code: Option<String>,
    /// Contained in the vendor's code or name, the contact, e-mail or customer account (case-insensitive).
    pub text: Option<String>,
    pub preferred: Option<bool>,
}

pub async fn search(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<VendorSite>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select * from (select {COLUMNS} {FROM}"));
    s.and_bind("vs.site_id = any(", f.sites.clone()).push(")");
    if let Some(code) = &f.vend_code {
        s.and_bind("upper(v.vend_code) = upper(", code.clone()).push(")");
    }
    if let Some(text) = &f.text {
        s.and_contains(&["concat_ws(' ', v.vend_code, v.vend_name, vs.contact_name, vs.email, vs.vendor_cust_account)"], text);
    }
    if let Some(preferred) = f.preferred {
        s.and_bind("vs.preferred = ", preferred);
    }
    s.push(") x");
    listing::fetch_built_page(&mut **tx, s.into_builder(), page).await
}

// ---- sites (shared schema)

/// The sites of `client_id` the user has access to: (site_id, site_code).
pub async fn client_sites_of_user(conn: &mut PgConnection, user_id: i64, client_id: i64) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query!(
        "select s.site_id, s.site_code from asp.user_site us join asp.site s using (site_id)
         where us.asp_users_id = $1 and s.client_id = $2 order by s.site_code",
        user_id,
        client_id
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.site_id, r.site_code)).collect())
}

/// The site with this code (case-insensitive): its id.
pub async fn site_by_code(conn: &mut PgConnection, code: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select site_id from asp.site where upper(site_code) = upper($1)", code).fetch_optional(conn).await
}

pub async fn site_code(conn: &mut PgConnection, site_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select site_code from asp.site where site_id = $1", site_id).fetch_optional(conn).await
}
