//! SQL of the vendor resource. Functions take the tenant transaction, so they cannot run without a granted scope.

use tenancy::TenantTx;

use super::model::Vendor;

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<Vendor>, sqlx::Error> {
    sqlx::query_as!(
        Vendor,
        r#"select vend_id, site_id, vend_code, vend_name, erp_type_id, erp_company, is_vmi, is_manufacturer, active from vendor where vend_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}
