//! SQL of the vendor resource. Functions take the tenant transaction, so they cannot run without a granted scope.
//! Vendors are client tier: every read at a site goes through the `vendor_at_site` view (the vendor rule).

use tenancy::TenantTx;

use super::model::Vendor;

/// The vendor `id` if it is visible at `site_id`.
pub async fn find(tx: &mut TenantTx, site_id: i64, id: i64) -> Result<Option<Vendor>, sqlx::Error> {
    sqlx::query_as!(
        Vendor,
        r#"select v.vend_id, a.site_id as "site_id!", v.vend_code, v.vend_name, v.erp_type_id, v.erp_company, v.is_vmi, v.is_manufacturer, v.active
           from vendor v join vendor_at_site a on a.vend_id = v.vend_id
           where v.vend_id = $1 and a.site_id = $2"#,
        id,
        site_id
    )
    .fetch_optional(&mut **tx)
    .await
}
