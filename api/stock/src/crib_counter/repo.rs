//! SQL of the crib counter's look-ups.

use tenancy::TenantTx;

use kernel::num::Quantity;

use super::model::CounterItem;

/// The CIP a scanned code names: the CIP code first, then the customer item code, then a CIP number.
pub async fn item_by_code(tx: &mut TenantTx, code: &str) -> Result<Option<CounterItem>, sqlx::Error> {
    sqlx::query_as!(
        CounterItem,
        r#"select cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location, qty_on_hand as "qty_on_hand: Quantity"
           from cip
           where upper(cip_code) = upper($1) or upper(cust_item_code) = upper($1) or cip_no::text = $1
           order by (upper(cip_code) = upper($1)) desc, (upper(cust_item_code) = upper($1)) desc, cip_no
           limit 1"#,
        code
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn tracking_numbers(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query!("select tracking_code_id, tracking_number from tracking_code where tracking_code_id = any($1)", ids).fetch_all(&mut **tx).await?;
    Ok(rows.into_iter().map(|r| (r.tracking_code_id, r.tracking_number)).collect())
}
