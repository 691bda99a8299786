//! SQL of the CIP resource. Functions take the tenant transaction, so they cannot run without a granted scope.

use tenancy::TenantTx;

use super::model::Cip;

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<Cip>, sqlx::Error> {
    sqlx::query_as!(
        Cip,
        r#"select cip_no, site_id, cid_no, item_id, cip_code, cust_item_code, cust_desc1, cust_desc2, status_id, location,
        qty_on_hand::float8 as "qty_on_hand!", qty_avail::float8 as "qty_avail!", cust_avg_cost::float8 as cust_avg_cost, consigned
        from cip where cip_no = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}
