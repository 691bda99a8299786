//! SQL of the approved vendor resource. Every read joins `vendor_at_site` (the vendor rule): a link whose vendor
//! the rule no longer shows at its site is not answered.

use kernel::listing::{self, Page, Search};
use tenancy::TenantTx;

use super::model::ApprovedVendor;

const COLUMNS: &str = "av.manufacturer_vendor_id, av.site_id, s.site_code, av.mfg_code, m.mfg_name, v.vend_id, v.vend_code, v.vend_name,
    av.created_by_id, u.user_id as created_by, av.created_at";

const FROM: &str = "from approved_vendor av
    join vendor v on v.vend_id = av.vend_id
    join vendor_at_site a on a.vend_id = av.vend_id and a.site_id = av.site_id
    join asp.site s on s.site_id = av.site_id
    left join asp.manufacturer m on m.mfg_code = av.mfg_code
    left join asp.asp_users u on u.asp_users_id = av.created_by_id";

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<ApprovedVendor>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where av.manufacturer_vendor_id = $1")).bind(id).fetch_optional(&mut **tx).await
}

/// The links among `ids` at `sites` (the transaction must see those sites).
pub async fn find_many(tx: &mut TenantTx, sites: &[i64], ids: &[i64]) -> Result<Vec<ApprovedVendor>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where av.site_id = any($1) and av.manufacturer_vendor_id = any($2) order by 1 for update of av"))
        .bind(sites)
        .bind(ids)
        .fetch_all(&mut **tx)
        .await
}

/// The approved vendors of `mfg_code` at `site_id`, by vendor code.
pub async fn of_manufacturer(tx: &mut TenantTx, site_id: i64, mfg_code: &str) -> Result<Vec<ApprovedVendor>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where av.site_id = $1 and av.mfg_code = $2 order by v.vend_code, v.vend_id"))
        .bind(site_id)
        .bind(mfg_code)
        .fetch_all(&mut **tx)
        .await
}

/// The manufacturer's name, when the code is one of the item master's.
pub async fn manufacturer(tx: &mut TenantTx, mfg_code: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select mfg_name from asp.manufacturer where mfg_code = $1", mfg_code).fetch_optional(&mut **tx).await
}

/// The manufacturer of an item of the item master.
pub async fn item_manufacturer(tx: &mut TenantTx, item_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select mfg_code from asp.item_master where item_id = $1", item_id).fetch_optional(&mut **tx).await
}

/// The item master record of a CIP at `site_id`: `Some(None)` for a CIP without one.
pub async fn cip_item(tx: &mut TenantTx, site_id: i64, cip_no: i64) -> Result<Option<Option<i64>>, sqlx::Error> {
    sqlx::query_scalar!("select item_id from cip where cip_no = $1 and site_id = $2", cip_no, site_id).fetch_optional(&mut **tx).await
}

pub async fn exists(tx: &mut TenantTx, site_id: i64, mfg_code: &str, vend_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from approved_vendor where site_id = $1 and mfg_code = $2 and vend_id = $3) as "exists!""#,
        site_id,
        mfg_code,
        vend_id
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn insert(tx: &mut TenantTx, site_id: i64, mfg_code: &str, vend_id: i64, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into approved_vendor (site_id, mfg_code, vend_id, created_by_id) values ($1, $2, $3, $4) returning manufacturer_vendor_id",
        site_id,
        mfg_code,
        vend_id,
        user_id
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn delete(tx: &mut TenantTx, id: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("delete from approved_vendor where manufacturer_vendor_id = $1", id).execute(&mut **tx).await?.rows_affected())
}

/// Copies the links of `from` (one manufacturer's, or all) whose vendor the rule shows at `to`, skipping those `to`
/// already has: the new links' ids.
pub async fn copy(tx: &mut TenantTx, from: i64, to: i64, mfg_code: Option<&str>, user_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into approved_vendor (site_id, mfg_code, vend_id, created_by_id)
         select $2, src.mfg_code, src.vend_id, $4
         from approved_vendor src
         join vendor_at_site f on f.vend_id = src.vend_id and f.site_id = src.site_id
         join vendor_at_site t on t.vend_id = src.vend_id and t.site_id = $2
         where src.site_id = $1 and ($3::text is null or src.mfg_code = $3)
         order by src.mfg_code, src.vend_id
         on conflict do nothing
         returning manufacturer_vendor_id",
        from,
        to,
        mfg_code,
        user_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// The links of `from` a copy to `to` cannot take, as `MFG/VENDOR`: the rule does not show the vendor at `to`.
pub async fn not_visible_at(tx: &mut TenantTx, from: i64, to: i64, mfg_code: Option<&str>) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select src.mfg_code || '/' || v.vend_code as "link!"
         from approved_vendor src
         join vendor v on v.vend_id = src.vend_id
         join vendor_at_site f on f.vend_id = src.vend_id and f.site_id = src.site_id
         where src.site_id = $1 and ($3::text is null or src.mfg_code = $3)
           and not exists (select 1 from vendor_at_site t where t.vend_id = src.vend_id and t.site_id = $2)
         order by 1"#,
        from,
        to,
        mfg_code
    )
    .fetch_all(&mut **tx)
    .await
}

/// How many links of `from` (one manufacturer's, or all) are visible at `from`.
pub async fn count_at(tx: &mut TenantTx, site_id: i64, mfg_code: Option<&str>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select count(*) as "count!" from approved_vendor av join vendor_at_site a on a.vend_id = av.vend_id and a.site_id = av.site_id
         where av.site_id = $1 and ($2::text is null or av.mfg_code = $2)"#,
        site_id,
        mfg_code
    )
    .fetch_one(&mut **tx)
    .await
}

/// Search filters as validated by the service.
#[derive(Debug, Clone, Default)]
pub struct SearchFilter {
    pub sites: Vec<i64>,
    pub mfg_code: Option<String>,
    pub vend_code: Option<String>,
    /// Contained in the manufacturer's code or name, the vendor's code or name (case-insensitive).
    pub text: Option<String>,
}

pub async fn search(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<ApprovedVendor>, i64), sqlx::Error> {
    let mut s = Search::new(format!("select * from (select {COLUMNS} {FROM}"));
    s.and_bind("av.site_id = any(", f.sites.clone()).push(")");
    if let Some(code) = &f.mfg_code {
        s.and_bind("av.mfg_code = ", code.clone());
    }
    if let Some(code) = &f.vend_code {
        s.and_bind("upper(v.vend_code) = upper(", code.clone()).push(")");
    }
    if let Some(text) = &f.text {
        s.and_contains(&["concat_ws(' ', av.mfg_code, m.mfg_name, v.vend_code, v.vend_name)"], text);
    }
    s.push(") x");
    listing::fetch_built_page(&mut **tx, s.into_builder(), page).await
}
