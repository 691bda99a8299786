//! SQL of min/max tuning. The computing functions take a plain connection: the request path passes its
//! `TenantTx`, the daily job a transaction it opened for one site ([`begin_site`]).

use kernel::listing::{self, Page};
use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use tenancy::TenantTx;

use super::calc::{Suggestion, PERIODS};
use super::model::{ApdSettings, ApdSettingsInput, ApdSuggestion};

pub async fn settings(conn: &mut PgConnection, site_id: i64) -> Result<ApdSettings, sqlx::Error> {
    sqlx::query_as(
        "select $1::bigint as site_id, coalesce(s.service_level, 95)::float8 as service_level, coalesce(s.default_lead_time_days, 14) as default_lead_time_days,
                coalesce(s.order_cost, 25)::float8 as order_cost, coalesce(s.holding_rate, 0.25)::float8 as holding_rate,
                coalesce(s.far_percent, 50)::float8 as far_percent, coalesce(s.erratic_cv, 1)::float8 as erratic_cv
         from (select 1) one left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) s on true",
    )
    .bind(site_id)
    .fetch_one(conn)
    .await
}

pub async fn save_settings(tx: &mut TenantTx, site_id: i64, s: &ApdSettingsInput) -> Result<(), sqlx::Error> {
    // A new row carrying the tuning settings and the site's current count plan.
    sqlx::query(
        "insert into stock_count_settings (site_id, days_class_a, days_class_b, days_class_c, days_class_d, variance_percent, variance_value,
                max_sheet_lines, service_level, default_lead_time_days, order_cost, holding_rate, far_percent, erratic_cv)
         select $1, coalesce(c.days_class_a, 30), coalesce(c.days_class_b, 90), coalesce(c.days_class_c, 365), coalesce(c.days_class_d, 365),
                coalesce(c.variance_percent, 5), coalesce(c.variance_value, 100), coalesce(c.max_sheet_lines, 100), $2, $3, $4, $5, $6, $7
         from (select 1) one left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) c on true",
    )
    .bind(site_id)
    .bind(s.service_level)
    .bind(s.default_lead_time_days)
    .bind(s.order_cost)
    .bind(s.holding_rate)
    .bind(s.far_percent)
    .bind(s.erratic_cv)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// What the formula reads of one MinMax CIP.
#[derive(sqlx::FromRow, Debug, Clone)]
pub struct CipInput {
    pub cip_no: i64,
    pub usage: Vec<f64>,
    pub avg_lead_time: Option<i32>,
    pub unit_cost: Option<f64>,
    pub lot_qty: Option<f64>,
    pub min_qty: Option<f64>,
    pub max_qty: Option<f64>,
    pub qty_on_hand: f64,
}

impl CipInput {
    pub fn usage_array(&self) -> [f64; PERIODS] {
        let mut out = [0.0; PERIODS];
        for (o, u) in out.iter_mut().zip(&self.usage) {
            *o = *u;
        }
        out
    }
}

/// The site's active MinMax CIPs.
pub async fn inputs(conn: &mut PgConnection, site_id: i64) -> Result<Vec<CipInput>, sqlx::Error> {
    sqlx::query_as(
        "select c.cip_no,
                array[c.usage1, c.usage2, c.usage3, c.usage4, c.usage5, c.usage6, c.usage7, c.usage8, c.usage9, c.usage10, c.usage11, c.usage12, c.usage13]::float8[] as usage,
                d.avg_lead_time, coalesce(c.cust_avg_cost, d.cust_avg_cost)::float8 as unit_cost, c.lot_qty::float8 as lot_qty,
                c.min_qty::float8 as min_qty, c.max_qty::float8 as max_qty, c.qty_on_hand::float8 as qty_on_hand
         from cip c left join cid d on d.cid_no = c.cid_no
         where c.site_id = $1 and c.status_id = 1 and c.repl_type = 2
         order by c.cip_no",
    )
    .bind(site_id)
    .fetch_all(conn)
    .await
}

/// Serialises the refreshes of one site (the daily job and a refresh on demand), so a CIP keeps one suggestion row.
pub async fn lock_site(conn: &mut PgConnection, site_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("select pg_advisory_xact_lock(1814, $1::int)").bind(i32::try_from(site_id).unwrap_or(i32::MAX)).execute(conn).await?;
    Ok(())
}

/// Stores a suggestion. Changed numbers (min, max, reorder quantity) make a reviewed suggestion Pending again; the
/// same numbers keep its review (the refresh is idempotent).
pub async fn upsert(conn: &mut PgConnection, site_id: i64, cip_no: i64, service_level: f64, s: &Suggestion) -> Result<(), sqlx::Error> {
    let w = s.slots();
    let updated = sqlx::query(
        "update apd_suggestion a set aau = $3, period_mean = $4, period_std_dev = $5, lead_time_days = $6, service_level = $7, z = $8,
            safety_stock = $9, lead_time_demand = $10, sugg_min = $11, sugg_max = $12, roq = $13,
            warn_type_id1 = $14, warn_type_id2 = $15, warn_type_id3 = $16, warn_type_id4 = $17, warn_type_id5 = $18, computed_at = now(),
            status = case when (a.sugg_min, a.sugg_max, a.roq) is distinct from ($11::numeric, $12::numeric, $13::numeric) then 1 else a.status end,
            reviewed = case when (a.sugg_min, a.sugg_max, a.roq) is distinct from ($11::numeric, $12::numeric, $13::numeric) then false else a.reviewed end
         where a.cip_no = $1 and a.site_id = $2",
    )
    .bind(cip_no)
    .bind(site_id)
    .bind(s.aau)
    .bind(s.period_mean)
    .bind(s.period_std_dev)
    .bind(s.lead_time_days)
    .bind(service_level)
    .bind(s.z)
    .bind(s.safety_stock)
    .bind(s.lead_time_demand)
    .bind(s.min)
    .bind(s.max)
    .bind(s.roq)
    .bind(w[0])
    .bind(w[1])
    .bind(w[2])
    .bind(w[3])
    .bind(w[4])
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if updated > 0 {
        return Ok(());
    }
    sqlx::query(
        "insert into apd_suggestion (cip_no, site_id, aau, period_mean, period_std_dev, lead_time_days, service_level, z, safety_stock,
                lead_time_demand, sugg_min, sugg_max, roq, warn_type_id1, warn_type_id2, warn_type_id3, warn_type_id4, warn_type_id5)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
    )
    .bind(cip_no)
    .bind(site_id)
    .bind(s.aau)
    .bind(s.period_mean)
    .bind(s.period_std_dev)
    .bind(s.lead_time_days)
    .bind(service_level)
    .bind(s.z)
    .bind(s.safety_stock)
    .bind(s.lead_time_demand)
    .bind(s.min)
    .bind(s.max)
    .bind(s.roq)
    .bind(w[0])
    .bind(w[1])
    .bind(w[2])
    .bind(w[3])
    .bind(w[4])
    .execute(conn)
    .await?;
    Ok(())
}

/// (min, max, reorder quantity) stored for the CIP, if any.
pub async fn stored_numbers(conn: &mut PgConnection, cip_no: i64) -> Result<Option<(f64, f64, f64)>, sqlx::Error> {
    sqlx::query_as("select sugg_min::float8, sugg_max::float8, roq::float8 from apd_suggestion where cip_no = $1").bind(cip_no).fetch_optional(conn).await
}

/// Drops the suggestions of CIPs that are no longer active MinMax CIPs of the site.
pub async fn prune(conn: &mut PgConnection, site_id: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(
        "delete from apd_suggestion a where a.site_id = $1 and not exists
            (select 1 from cip c where c.cip_no = a.cip_no and c.status_id = 1 and c.repl_type = 2)",
    )
    .bind(site_id)
    .execute(conn)
    .await?
    .rows_affected())
}

const ROW: &str = "select a.cip_no, a.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, a.aau::float8 as aau,
        a.period_mean::float8 as period_mean, a.period_std_dev::float8 as period_std_dev, a.lead_time_days, a.service_level::float8 as service_level,
        a.z::float8 as z, a.safety_stock::float8 as safety_stock, a.lead_time_demand::float8 as lead_time_demand,
        a.sugg_min::float8 as sugg_min, a.sugg_max::float8 as sugg_max, a.roq::float8 as roq,
        c.min_qty::float8 as current_min, c.max_qty::float8 as current_max, c.reorder_qty::float8 as current_roq, c.qty_on_hand::float8 as qty_on_hand,
        a.warn_type_id1, a.warn_type_id2, a.warn_type_id3, a.warn_type_id4, a.warn_type_id5, a.status, a.reviewed, a.reviewed_at, a.computed_at,
        array[c.usage1, c.usage2, c.usage3, c.usage4, c.usage5, c.usage6, c.usage7, c.usage8, c.usage9, c.usage10, c.usage11, c.usage12, c.usage13]::float8[] as usage
    from apd_suggestion a join cip c on c.cip_no = a.cip_no";

pub async fn find(tx: &mut TenantTx, cip_no: i64) -> Result<Option<ApdSuggestion>, sqlx::Error> {
    sqlx::query_as(&format!("{ROW} where a.cip_no = $1")).bind(cip_no).fetch_optional(&mut **tx).await
}

pub async fn page(tx: &mut TenantTx, site_id: i64, status: Option<i16>, warn: Option<i16>, warnings_only: bool, q: Option<&str>, page: &Page) -> Result<(Vec<ApdSuggestion>, i64), sqlx::Error> {
    let base = format!(
        "{ROW} where a.site_id = $1 and ($2::smallint is null or a.status = $2)
           and ($3::smallint is null or $3 in (a.warn_type_id1, a.warn_type_id2, a.warn_type_id3, a.warn_type_id4, a.warn_type_id5))
           and (not $4 or coalesce(a.warn_type_id1, a.warn_type_id2, a.warn_type_id3, a.warn_type_id4, a.warn_type_id5) is not null)
           and ($5::text is null or c.cip_code ilike $5 or c.cust_item_code ilike $5 or c.cust_desc1 ilike $5)"
    );
    listing::fetch_page(tx, &base, page, |qq| qq.bind(site_id).bind(status).bind(warn).bind(warnings_only).bind(q.map(str::to_owned))).await
}

/// The suggestions of `cip_nos` visible in the transaction, their CIPs locked (CIP order).
#[derive(sqlx::FromRow, Debug, Clone, serde::Serialize)]
pub struct LockedSuggestion {
    pub cip_no: i64,
    pub status_id: i32,
    pub repl_type: i32,
    pub sugg_min: f64,
    pub sugg_max: f64,
    pub roq: f64,
    pub min_qty: Option<f64>,
    pub max_qty: Option<f64>,
    pub reorder_qty: Option<f64>,
}

pub async fn lock(tx: &mut TenantTx, cip_nos: &[i64]) -> Result<Vec<LockedSuggestion>, sqlx::Error> {
    sqlx::query_as(
        "select c.cip_no, c.status_id, c.repl_type, a.sugg_min::float8 as sugg_min, a.sugg_max::float8 as sugg_max, a.roq::float8 as roq,
                c.min_qty::float8 as min_qty, c.max_qty::float8 as max_qty, c.reorder_qty::float8 as reorder_qty
         from apd_suggestion a join cip c on c.cip_no = a.cip_no where a.cip_no = any($1) order by c.cip_no for update of c, a",
    )
    .bind(cip_nos)
    .fetch_all(&mut **tx)
    .await
}

pub async fn set_min_max(tx: &mut TenantTx, cip_no: i64, min: f64, max: f64, roq: f64) -> Result<(), sqlx::Error> {
    sqlx::query("update cip set min_qty = $2, max_qty = $3, reorder_qty = $4, updated_at = now() where cip_no = $1")
        .bind(cip_no)
        .bind(min)
        .bind(max)
        .bind(roq)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn review(tx: &mut TenantTx, cip_nos: &[i64], status: i16, user_id: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("update apd_suggestion set status = $2, reviewed = true, reviewed_by = $3, reviewed_at = now() where cip_no = any($1)")
        .bind(cip_nos)
        .bind(status)
        .bind(user_id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// Every active site with its client's schema (the job visits each).
pub async fn active_sites(conn: &mut PgConnection) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select c.schema_name, s.site_id from asp.site s join asp.client c on c.client_id = s.client_id
         where s.is_active and c.is_active order by s.site_id",
    )
    .fetch_all(conn)
    .await
}

/// A transaction on one site's rows for the job (no user, so no authorizer): the search_path and granted site set
/// transaction-locally, exactly as `SiteScope::begin` does for a request.
pub async fn begin_site(pool: &PgPool, schema: &tenancy::SchemaName, site_id: i64) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("select set_config('search_path', $1, true), set_config('asp.site_ids', $2, true)")
        .bind(schema.search_path())
        .bind(format!("{{{site_id}}}"))
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}
