//! SQL of the home page's stock numbers (tenant schema, one site).

use kernel::num::{Money, Quantity};
use tenancy::TenantTx;

use super::model::UsageMonth;

/// The last `months` months of the site's ledger, oldest first, months without rows included as zeros.
pub async fn months(tx: &mut TenantTx, site_id: i64, months: i32) -> Result<Vec<UsageMonth>, sqlx::Error> {
    sqlx::query_as!(
        UsageMonth,
        r#"select m.month::date as "month!",
                coalesce(sum(t.usage_qty), 0) as "usage_qty!: Quantity",
                round(coalesce(sum(t.usage_qty * coalesce(t.unit_cost, 0)), 0), 2) as "usage_value: Money",
                round(coalesce(sum(t.trans_qty * coalesce(t.unit_cost, 0)) filter (where t.trans_code = 2), 0), 2) as "received_value: Money",
                count(t.tran_id) as "transactions!"
         from generate_series(date_trunc('month', current_date::timestamp) - make_interval(months => $2 - 1),
                              date_trunc('month', current_date::timestamp), interval '1 month') as m(month)
         left join stock_transaction t on t.site_id = $1 and t.trans_date >= m.month and t.trans_date < m.month + interval '1 month'
         group by m.month
         order by m.month"#,
        site_id,
        months
    )
    .fetch_all(&mut **tx)
    .await
}

/// The site's stock value now (rounded once to money) and how many active CIPs have stock.
pub async fn stock_value(tx: &mut TenantTx, site_id: i64) -> Result<(Money, i64), sqlx::Error> {
    let row = sqlx::query!(
        r#"select round(coalesce(sum(qty_on_hand * coalesce(cust_avg_cost, 0)), 0), 2) as "value!: Money",
                count(*) filter (where qty_on_hand > 0) as "items!"
         from cip where site_id = $1 and status_id = 1"#,
        site_id
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok((row.value, row.items))
}

/// Min/max suggestions of the site waiting for review (Pending): the Min/Max Review screen's default list.
pub async fn pending_suggestions(tx: &mut TenantTx, site_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"select count(*) as "n!" from apd_suggestion where site_id = $1 and status = 1"#, site_id)
        .fetch_one(&mut **tx)
        .await
}
