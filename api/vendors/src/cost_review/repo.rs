//! SQL of the vendor cost review: the site's CIPs (tenant, row-level security) joined to their vendor through the
//! vendor rule (`vendor_at_site`) and to the shared vendor's catalogue cost valid today (shared schema).

use chrono::NaiveDate;
use sqlx::Row;

use kernel::listing::{self, Page, Search};
use kernel::num::Percent;
use tenancy::TenantTx;

use super::model::{CostReviewDirection, CostReviewRecord};

/// Every review record of every site on every day, as the output columns of [`CostReviewRecord`] plus the site;
/// [`records`] narrows it to one site and day (the conditions reach the joined tables: the subquery is flattened).
const RECORDS: &str = "select a.site_id, p.cip_no, p.cip_code, p.cust_desc1, p.item_id as item_id, i.mfg_code, i.mfg_part_no,
        v.vend_id, v.vend_code, v.vend_name, c.shared_vendor_id, sv.shared_vendor_name, c.shared_vendor_cost_id,
        c.start_date, c.end_date, c.cost_1 as catalog_cost, c.min_order_qty, p.cust_avg_cost as site_cost,
        c.cost_1 - p.cust_avg_cost as difference,
        round((c.cost_1 - p.cust_avg_cost) / nullif(p.cust_avg_cost, 0) * 100, 2) as difference_percent
    from vendor_at_site a
    join vendor v on v.vend_id = a.vend_id and v.shared_vendor_id is not null
    join cip p on p.site_id = a.site_id and lower(p.vend_code) = lower(v.vend_code) and p.item_id is not null
         and p.cust_avg_cost is not null
    join asp.shared_vendor_cost c on c.item_id = p.item_id and c.shared_vendor_id = v.shared_vendor_id and c.is_active
         and c.cost_1 <> p.cust_avg_cost
    join asp.shared_vendor sv on sv.shared_vendor_id = c.shared_vendor_id
    join asp.item_master i on i.item_id = p.item_id";

/// What a review search matches, as validated by the service.
#[derive(Debug, Clone, Default)]
pub struct ReviewFilter {
    /// Contained in the CIP code, description or manufacturer part number (case-insensitive).
    pub text: Option<String>,
    pub shared_vendor_id: Option<i64>,
    pub vend_code: Option<String>,
    pub direction: Option<CostReviewDirection>,
    /// At least this difference, either way.
    pub min_percent: Option<Percent>,
    /// Column sub-filters: an allow-listed output column and the values it may have.
    pub columns: Vec<(&'static str, Vec<String>)>,
}

/// `head` over the review records of the site on the day that `f` matches.
fn records<'a>(head: &str, site_id: i64, day: NaiveDate, f: &ReviewFilter) -> Search<'a> {
    let mut s = Search::new(format!("{head} from ({RECORDS}) r"));
    s.and_bind("r.site_id = ", site_id);
    s.and_bind("", day).push(" between r.start_date and r.end_date");
    if let Some(text) = &f.text {
        s.and_contains(&["concat_ws(' ', r.cip_code, r.cust_desc1, r.mfg_part_no)"], text);
    }
    if let Some(id) = f.shared_vendor_id {
        s.and_bind("r.shared_vendor_id = ", id);
    }
    if let Some(code) = &f.vend_code {
        s.and_bind("lower(r.vend_code) = lower(", code.clone()).push(")");
    }
    match f.direction {
        Some(CostReviewDirection::Lower) => {
            s.and().push("r.difference < 0");
        }
        Some(CostReviewDirection::Higher) => {
            s.and().push("r.difference > 0");
        }
        None => {}
    }
    if let Some(pct) = f.min_percent {
        s.and_bind("abs(r.difference_percent) >= ", pct);
    }
    for (column, values) in &f.columns {
        s.and().push("r.").push(*column).push("::text = any(").push_bind(values.clone()).push(")");
    }
    s
}

pub async fn search(tx: &mut TenantTx, site_id: i64, day: NaiveDate, f: &ReviewFilter, page: &Page) -> Result<(Vec<CostReviewRecord>, i64), sqlx::Error> {
    listing::fetch_built_page(tx, records("select r.*", site_id, day, f).into_builder(), page).await
}

/// The distinct values of `column` (an allow-listed output column) among the filtered records, at most `limit`.
pub async fn distinct(tx: &mut TenantTx, site_id: i64, day: NaiveDate, f: &ReviewFilter, column: &'static str, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    let mut s = records(&format!("select distinct r.{column}::text"), site_id, day, f);
    s.and().push("r.").push(column).push(" is not null");
    s.push(" order by 1 limit ").push_bind(limit);
    let rows = s.into_builder().build().persistent(false).fetch_all(&mut **tx).await?;
    rows.iter().map(|r| r.try_get::<String, _>(0)).collect()
}

/// How many review records the site has today (the home tile).
pub async fn count(tx: &mut TenantTx, site_id: i64, day: NaiveDate) -> Result<i64, sqlx::Error> {
    let row = records("select count(*)", site_id, day, &ReviewFilter::default()).into_builder().build().fetch_one(&mut **tx).await?;
    row.try_get(0)
}
