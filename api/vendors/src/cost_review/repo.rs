//! SQL of the vendor cost review: the site's CIPs (tenant, row-level security) joined to their vendor through the
//! vendor rule (`vendor_at_site`) and to the shared vendor's catalogue cost valid today (shared schema).

use chrono::NaiveDate;
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::{Postgres, Row};

use kernel::listing::{self, Page};
use tenancy::TenantTx;

use super::model::CostReviewRecord;

/// Every review record of the site ($1) on the day ($2), as the output columns of [`CostReviewRecord`].
const RECORDS: &str = "select p.cip_no, p.cip_code, p.cust_desc1, p.item_id as item_id, i.mfg_code, i.mfg_part_no,
        v.vend_id, v.vend_code, v.vend_name, c.shared_vendor_id, sv.shared_vendor_name, c.shared_vendor_cost_id,
        c.start_date, c.end_date, c.cost_1::float8 as catalog_cost, c.min_order_qty::float8 as min_order_qty,
        p.cust_avg_cost::float8 as site_cost, (c.cost_1 - p.cust_avg_cost)::float8 as difference,
        round((c.cost_1 - p.cust_avg_cost) / nullif(p.cust_avg_cost, 0) * 100, 2)::float8 as difference_percent
    from vendor_at_site a
    join vendor v on v.vend_id = a.vend_id and v.shared_vendor_id is not null
    join cip p on p.site_id = a.site_id and lower(p.vend_code) = lower(v.vend_code) and p.item_id is not null
         and p.cust_avg_cost is not null
    join asp.shared_vendor_cost c on c.item_id = p.item_id and c.shared_vendor_id = v.shared_vendor_id and c.is_active
         and $2 between c.start_date and c.end_date and c.cost_1 <> p.cust_avg_cost
    join asp.shared_vendor sv on sv.shared_vendor_id = c.shared_vendor_id
    join asp.item_master i on i.item_id = p.item_id
    where a.site_id = $1";

pub enum Arg {
    Text(String),
    Int(i64),
    Float(f64),
    Texts(Vec<String>),
}

/// Conditions on the review's output columns (`r.`), numbered after the site and day.
#[derive(Default)]
pub struct Where {
    pub sql: String,
    pub args: Vec<Arg>,
}

impl Where {
    pub fn and(&mut self, condition: &str, arg: Arg) {
        self.args.push(arg);
        self.sql.push_str(" and ");
        self.sql.push_str(&condition.replace('?', &format!("${}", self.args.len() + 2)));
    }

    pub fn and_plain(&mut self, condition: &str) {
        self.sql.push_str(" and ");
        self.sql.push_str(condition);
    }

    fn bind<'q>(&self, site_id: i64, day: NaiveDate, q: Query<'q, Postgres, PgArguments>) -> Query<'q, Postgres, PgArguments> {
        let mut q = q.bind(site_id).bind(day);
        for a in &self.args {
            q = match a {
                Arg::Text(s) => q.bind(s.clone()),
                Arg::Int(i) => q.bind(*i),
                Arg::Float(f) => q.bind(*f),
                Arg::Texts(v) => q.bind(v.clone()),
            };
        }
        q
    }
}

pub async fn search(tx: &mut TenantTx, site_id: i64, day: NaiveDate, w: &Where, page: &Page) -> Result<(Vec<CostReviewRecord>, i64), sqlx::Error> {
    let base = format!("select r.* from ({RECORDS}) r where true{}", w.sql);
    listing::fetch_page(tx, &base, page, |q| w.bind(site_id, day, q)).await
}

/// The distinct values of `column` (an allow-listed output column) among the filtered records, at most `limit`.
pub async fn distinct(tx: &mut TenantTx, site_id: i64, day: NaiveDate, w: &Where, column: &str, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    let sql = format!("select distinct r.{column}::text from ({RECORDS}) r where r.{column} is not null{} order by 1 limit {limit}", w.sql);
    let rows = w.bind(site_id, day, sqlx::query(&sql).persistent(false)).fetch_all(&mut **tx).await?;
    rows.iter().map(|r| r.try_get::<String, _>(0)).collect()
}

/// How many review records the site has today (the home tile).
pub async fn count(tx: &mut TenantTx, site_id: i64, day: NaiveDate) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("select count(*) from ({RECORDS}) r")).bind(site_id).bind(day).fetch_one(&mut **tx).await
}
