//! SQL of min/max tuning. The computing functions take a plain connection: the request path passes its
//! `TenantTx`, the daily job a transaction it opened for one site ([`begin_site`]).

use kernel::listing::{self, Page, Search};
use kernel::num::{Factor, Money, Percent, Quantity, UnitCost};
use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use tenancy::TenantTx;

use super::calc::{Suggestion, PERIODS};
use super::model::{ApdSettings, ApdSettingsInput, ApdSuggestion};

pub async fn settings(conn: &mut PgConnection, site_id: i64) -> Result<ApdSettings, sqlx::Error> {
    sqlx::query_as!(
        ApdSettings,
        r#"select $1::bigint as "site_id!", coalesce(s.service_level, 95) as "service_level!: Percent", coalesce(s.default_lead_time_days, 14) as "default_lead_time_days!",
                coalesce(s.order_cost, 25) as "order_cost!: Money", coalesce(s.holding_rate, 0.25) as "holding_rate!: Factor",
                coalesce(s.far_percent, 50) as "far_percent!: Percent", coalesce(s.erratic_cv, 1) as "erratic_cv!: Factor"
         from (select 1) one left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) s on true"#,
        site_id
    )
    .fetch_one(conn)
    .await
}

pub async fn save_settings(tx: &mut TenantTx, site_id: i64, s: &ApdSettingsInput) -> Result<(), sqlx::Error> {
    // A new row carrying the tuning settings and the site's current count plan.
    sqlx::query!(
        "insert into stock_count_settings (site_id, days_class_a, days_class_b, days_class_c, days_class_d, variance_percent, variance_value,
                max_sheet_lines, service_level, default_lead_time_days, order_cost, holding_rate, far_percent, erratic_cv)
         select $1, coalesce(c.days_class_a, 30), coalesce(c.days_class_b, 90), coalesce(c.days_class_c, 365), coalesce(c.days_class_d, 365),
                coalesce(c.variance_percent, 5), coalesce(c.variance_value, 100), coalesce(c.max_sheet_lines, 100), $2, $3, $4, $5, $6, $7
         from (select 1) one left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) c on true",
        site_id,
        s.service_level.0,
        s.default_lead_time_days,
        s.order_cost.0,
        s.holding_rate.0,
        s.far_percent.0,
        s.erratic_cv.0
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// What the formula reads of one MinMax CIP.
#[derive(Debug, Clone)]
pub struct CipInput {
    pub cip_no: i64,
    pub usage: Vec<Quantity>,
    pub avg_lead_time: Option<i32>,
    /// The CIP's average cost, else its CID's (both numeric(18, 3)).
    pub unit_cost: Option<UnitCost>,
    pub lot_qty: Option<Quantity>,
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
    pub qty_on_hand: Quantity,
}

impl CipInput {
    pub fn usage_array(&self) -> [Quantity; PERIODS] {
        let mut out = [Quantity::ZERO; PERIODS];
        for (o, u) in out.iter_mut().zip(&self.usage) {
            *o = *u;
        }
        out
    }
}

/// The site's active MinMax CIPs.
pub async fn inputs(conn: &mut PgConnection, site_id: i64) -> Result<Vec<CipInput>, sqlx::Error> {
    sqlx::query_as!(
        CipInput,
        r#"select c.cip_no,
                array[c.usage1, c.usage2, c.usage3, c.usage4, c.usage5, c.usage6, c.usage7, c.usage8, c.usage9, c.usage10, c.usage11, c.usage12, c.usage13] as "usage!: Vec<Quantity>",
                d.avg_lead_time as "avg_lead_time?", coalesce(c.cust_avg_cost, d.cust_avg_cost) as "unit_cost: UnitCost", c.lot_qty as "lot_qty: Quantity",
                c.min_qty as "min_qty: Quantity", c.max_qty as "max_qty: Quantity", c.qty_on_hand as "qty_on_hand: Quantity"
         from cip c left join cid d on d.cid_no = c.cid_no
         where c.site_id = $1 and c.status_id = 1 and c.repl_type = 2
         order by c.cip_no"#,
        site_id
    )
    .fetch_all(conn)
    .await
}

/// Serialises the refreshes of one site (the daily job and a refresh on demand), so a CIP keeps one suggestion row.
pub async fn lock_site(conn: &mut PgConnection, site_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("select pg_advisory_xact_lock(1814, $1::int)", i32::try_from(site_id).unwrap_or(i32::MAX)).execute(conn).await?;
    Ok(())
}

/// Stores a suggestion. Changed numbers (min, max, reorder quantity) make a reviewed suggestion Pending again; the
/// same numbers keep its review (the refresh is idempotent).
pub async fn upsert(conn: &mut PgConnection, site_id: i64, cip_no: i64, service_level: Percent, s: &Suggestion) -> Result<(), sqlx::Error> {
    let w = s.slots();
    let updated = sqlx::query!(
        "update apd_suggestion a set aau = $3, period_mean = $4, period_std_dev = $5, lead_time_days = $6, service_level = $7, z = $8,
            safety_stock = $9, lead_time_demand = $10, sugg_min = $11, sugg_max = $12, roq = $13,
            warn_type_id1 = $14, warn_type_id2 = $15, warn_type_id3 = $16, warn_type_id4 = $17, warn_type_id5 = $18, computed_at = now(),
            status = case when (a.sugg_min, a.sugg_max, a.roq) is distinct from ($11::numeric, $12::numeric, $13::numeric) then 1 else a.status end,
            reviewed = case when (a.sugg_min, a.sugg_max, a.roq) is distinct from ($11::numeric, $12::numeric, $13::numeric) then false else a.reviewed end
         where a.cip_no = $1 and a.site_id = $2",
        cip_no,
        site_id,
        s.aau.0,
        s.period_mean.0,
        s.period_std_dev.0,
        s.lead_time_days,
        service_level.0,
        s.z.0,
        s.safety_stock.0,
        s.lead_time_demand.0,
        s.min.0,
        s.max.0,
        s.roq.0,
        w[0],
        w[1],
        w[2],
        w[3],
        w[4]
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if updated > 0 {
        return Ok(());
    }
    sqlx::query!(
        "insert into apd_suggestion (cip_no, site_id, aau, period_mean, period_std_dev, lead_time_days, service_level, z, safety_stock,
                lead_time_demand, sugg_min, sugg_max, roq, warn_type_id1, warn_type_id2, warn_type_id3, warn_type_id4, warn_type_id5)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
        cip_no,
        site_id,
        s.aau.0,
        s.period_mean.0,
        s.period_std_dev.0,
        s.lead_time_days,
        service_level.0,
        s.z.0,
        s.safety_stock.0,
        s.lead_time_demand.0,
        s.min.0,
        s.max.0,
        s.roq.0,
        w[0],
        w[1],
        w[2],
        w[3],
        w[4]
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// (min, max, reorder quantity) stored for the CIP, if any.
pub async fn stored_numbers(conn: &mut PgConnection, cip_no: i64) -> Result<Option<(Quantity, Quantity, Quantity)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select sugg_min as "sugg_min: Quantity", sugg_max as "sugg_max: Quantity", roq as "roq: Quantity" from apd_suggestion where cip_no = $1"#,
        cip_no
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.sugg_min, r.sugg_max, r.roq)))
}

/// Drops the suggestions of CIPs that are no longer active MinMax CIPs of the site.
pub async fn prune(conn: &mut PgConnection, site_id: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "delete from apd_suggestion a where a.site_id = $1 and not exists
            (select 1 from cip c where c.cip_no = a.cip_no and c.status_id = 1 and c.repl_type = 2)",
        site_id
    )
    .execute(conn)
    .await?
    .rows_affected())
}

/// A suggestion with its CIP's current settings; `find` and the review search add their conditions.
const ROW: &str = "select a.cip_no, a.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, a.aau, a.period_mean, a.period_std_dev,
        a.lead_time_days, a.service_level, a.z, a.safety_stock, a.lead_time_demand, a.sugg_min, a.sugg_max, a.roq,
        c.min_qty as current_min, c.max_qty as current_max, c.reorder_qty as current_roq, c.qty_on_hand,
        a.warn_type_id1, a.warn_type_id2, a.warn_type_id3, a.warn_type_id4, a.warn_type_id5, a.status, a.reviewed, a.reviewed_at, a.computed_at,
        array[c.usage1, c.usage2, c.usage3, c.usage4, c.usage5, c.usage6, c.usage7, c.usage8, c.usage9, c.usage10, c.usage11, c.usage12, c.usage13] as usage
    from apd_suggestion a join cip c on c.cip_no = a.cip_no";

pub async fn find(tx: &mut TenantTx, cip_no: i64) -> Result<Option<ApdSuggestion>, sqlx::Error> {
    sqlx::query_as(&format!("{ROW} where a.cip_no = $1")).bind(cip_no).fetch_optional(&mut **tx).await
}

/// The review search; `q` is a contains pattern already (kernel::listing::contains_pattern).
pub async fn page(tx: &mut TenantTx, site_id: i64, status: Option<i16>, warn: Option<i16>, warnings_only: bool, q: Option<&str>, page: &Page) -> Result<(Vec<ApdSuggestion>, i64), sqlx::Error> {
    let mut s = Search::new(ROW);
    s.and_bind("a.site_id = ", site_id);
    if let Some(status) = status {
        s.and_bind("a.status = ", status);
    }
    if let Some(warn) = warn {
        s.and_bind("", warn).push(" in (a.warn_type_id1, a.warn_type_id2, a.warn_type_id3, a.warn_type_id4, a.warn_type_id5)");
    }
    if warnings_only {
        s.and().push("coalesce(a.warn_type_id1, a.warn_type_id2, a.warn_type_id3, a.warn_type_id4, a.warn_type_id5) is not null");
    }
    if let Some(pattern) = q {
        let b = s.and();
        b.push("(c.cip_code ilike ").push_bind(pattern.to_owned());
        b.push(" or c.cust_item_code ilike ").push_bind(pattern.to_owned());
        b.push(" or c.cust_desc1 ilike ").push_bind(pattern.to_owned()).push(")");
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// The suggestions of `cip_nos` visible in the transaction, their CIPs locked (CIP order).
#[derive(Debug, Clone, serde::Serialize)]
pub struct LockedSuggestion {
    pub cip_no: i64,
    pub status_id: i32,
    pub repl_type: i32,
    pub sugg_min: Quantity,
    pub sugg_max: Quantity,
    pub roq: Quantity,
    pub min_qty: Option<Quantity>,
    pub max_qty: Option<Quantity>,
    pub reorder_qty: Option<Quantity>,
}

pub async fn lock(tx: &mut TenantTx, cip_nos: &[i64]) -> Result<Vec<LockedSuggestion>, sqlx::Error> {
    sqlx::query_as!(
        LockedSuggestion,
        r#"select c.cip_no, c.status_id, c.repl_type, a.sugg_min as "sugg_min: Quantity", a.sugg_max as "sugg_max: Quantity", a.roq as "roq: Quantity",
                c.min_qty as "min_qty: Quantity", c.max_qty as "max_qty: Quantity", c.reorder_qty as "reorder_qty: Quantity"
         from apd_suggestion a join cip c on c.cip_no = a.cip_no where a.cip_no = any($1) order by c.cip_no for update of c, a"#,
        cip_nos
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn set_min_max(tx: &mut TenantTx, cip_no: i64, min: Quantity, max: Quantity, roq: Quantity) -> Result<(), sqlx::Error> {
    sqlx::query!("update cip set min_qty = $2, max_qty = $3, reorder_qty = $4, updated_at = now() where cip_no = $1", cip_no, min.0, max.0, roq.0)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn review(tx: &mut TenantTx, cip_nos: &[i64], status: i16, user_id: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "update apd_suggestion set status = $2, reviewed = true, reviewed_by = $3, reviewed_at = now() where cip_no = any($1)",
        cip_nos,
        status,
        user_id
    )
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// Every active site with its client's schema (the job visits each).
pub async fn active_sites(conn: &mut PgConnection) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let rows = sqlx::query!(
        "select c.schema_name, s.site_id from asp.site s join asp.client c on c.client_id = s.client_id
         where s.is_active and c.is_active order by s.site_id"
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.schema_name, r.site_id)).collect())
}

/// A transaction on one site's rows for the job (no user, so no authorizer): the search_path and granted site set
/// transaction-locally, exactly as `SiteScope::begin` does for a request.
pub async fn begin_site(pool: &PgPool, schema: &tenancy::SchemaName, site_id: i64) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!("select set_config('search_path', $1, true) as path, set_config('asp.site_ids', $2, true) as sites", schema.search_path(), format!("{{{site_id}}}"))
        .fetch_one(&mut *tx)
        .await?;
    Ok(tx)
}
