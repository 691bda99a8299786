//! SQL of the tracking code resource. Functions take the tenant transaction, so they cannot run without a granted scope.

use tenancy::TenantTx;

use super::model::TrackingCode;

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<TrackingCode>, sqlx::Error> {
    sqlx::query_as!(
        TrackingCode,
        r#"select tracking_code_id, site_id, tracking_level_id, tracking_number, description, is_active, is_suspended
        from tracking_code where tracking_code_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}
