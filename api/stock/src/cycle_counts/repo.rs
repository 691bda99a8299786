//! SQL of cycle counts. The plan's due date is computed in SQL from the CID's class and the site's settings, so the
//! plan search and sheet generation agree.

use kernel::listing::{self, Page};
use sqlx::PgConnection;
use tenancy::TenantTx;

use super::model::{CounterLine, CountHistory, CountSettings, CountSettingsInput, PlanCip, ReviewLine, Sheet};

const SETTINGS: &str = "select $1::bigint as site_id,
        coalesce(s.days_class_a, 30) as days_class_a, coalesce(s.days_class_b, 90) as days_class_b,
        coalesce(s.days_class_c, 365) as days_class_c, coalesce(s.days_class_d, 365) as days_class_d,
        coalesce(s.variance_percent, 5)::float8 as variance_percent, coalesce(s.variance_value, 100)::float8 as variance_value,
        coalesce(s.max_sheet_lines, 100) as max_sheet_lines
    from (select 1) one left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) s on true";

/// The site's settings (defaults when it has no row yet).
pub async fn settings(conn: &mut PgConnection, site_id: i64) -> Result<CountSettings, sqlx::Error> {
    sqlx::query_as(SETTINGS).bind(site_id).fetch_one(conn).await
}

pub async fn save_settings(tx: &mut TenantTx, site_id: i64, s: &CountSettingsInput) -> Result<(), sqlx::Error> {
    // A new row carrying the plan and the site's current min/max tuning settings.
    sqlx::query(
        "insert into stock_count_settings (site_id, days_class_a, days_class_b, days_class_c, days_class_d, variance_percent, variance_value,
                max_sheet_lines, service_level, default_lead_time_days, order_cost, holding_rate, far_percent, erratic_cv)
         select $1, $2, $3, $4, $5, $6, $7, $8, coalesce(c.service_level, 95), coalesce(c.default_lead_time_days, 14), coalesce(c.order_cost, 25),
                coalesce(c.holding_rate, 0.25), coalesce(c.far_percent, 50), coalesce(c.erratic_cv, 1)
         from (select 1) one left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) c on true",
    )
    .bind(site_id)
    .bind(s.days_class_a)
    .bind(s.days_class_b)
    .bind(s.days_class_c)
    .bind(s.days_class_d)
    .bind(s.variance_percent)
    .bind(s.variance_value)
    .bind(s.max_sheet_lines)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Every active CIP of the site with its class, frequency, next due date and the open sheet holding it. Binds: $1
/// site, $2 location_from, $3 location_to, $4 due only. A CIP never counted is due today.
const PLAN: &str = "with st as (select s.* from (select 1) one
        left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) s on true),
    p as (
    select c.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location,
           case d.curr_abc_class_type_id when 1 then 'A' when 2 then 'B' when 4 then 'D' else 'C' end as abc_class,
           case d.curr_abc_class_type_id when 1 then coalesce(st.days_class_a, 30) when 2 then coalesce(st.days_class_b, 90)
                when 4 then coalesce(st.days_class_d, 365) else coalesce(st.days_class_c, 365) end as frequency_days,
           c.last_count_date,
           (select l.sheet_id from count_sheet_line l join count_sheet h on h.sheet_id = l.sheet_id
            where l.cip_no = c.cip_no and h.status in (1, 2, 3) order by l.sheet_id desc limit 1) as open_sheet_id
    from cip c cross join st left join cid d on d.cid_no = c.cid_no
    where c.site_id = $1 and c.status_id = 1
      and ($2::text is null or c.location >= $2)
      and ($3::text is null or c.location <= $3 or c.location like replace(replace(replace($3, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
    ), q as (
    select p.*, coalesce((p.last_count_date at time zone 'UTC')::date + p.frequency_days, current_date) as next_due_date
    from p)
    select q.*, q.next_due_date <= current_date as due from q where (not $4 or q.next_due_date <= current_date)";

pub async fn plan_page(tx: &mut TenantTx, site_id: i64, from: Option<&str>, to: Option<&str>, due_only: bool, page: &Page) -> Result<(Vec<PlanCip>, i64), sqlx::Error> {
    listing::fetch_page(tx, PLAN, page, |q| q.bind(site_id).bind(from.map(str::to_owned)).bind(to.map(str::to_owned)).bind(due_only)).await
}

/// The due CIPs for a new sheet (not on another open sheet), in location order, at most `limit`.
pub async fn due_for_sheet(tx: &mut TenantTx, site_id: i64, from: Option<&str>, to: Option<&str>, limit: i64) -> Result<Vec<PlanCip>, sqlx::Error> {
    sqlx::query_as(&format!("select * from ({PLAN}) plan where plan.open_sheet_id is null order by plan.location nulls last, plan.cip_code limit $5"))
        .bind(site_id)
        .bind(from)
        .bind(to)
        .bind(true)
        .bind(limit)
        .fetch_all(&mut **tx)
        .await
}

/// The plan entry of one CIP (due or not).
pub async fn plan_of_cip(tx: &mut TenantTx, site_id: i64, cip_no: i64) -> Result<Option<PlanCip>, sqlx::Error> {
    sqlx::query_as(&format!("select * from ({PLAN}) plan where plan.cip_no = $5"))
        .bind(site_id)
        .bind(None::<String>)
        .bind(None::<String>)
        .bind(false)
        .bind(cip_no)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn cip_site(tx: &mut TenantTx, cip_no: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select site_id from cip where cip_no = $1").bind(cip_no).fetch_optional(&mut **tx).await
}

pub async fn history(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<CountHistory>, sqlx::Error> {
    sqlx::query_as(
        "select l.sheet_id, l.line_id, case l.status when 4 then 'Approved' when 5 then 'Rejected' when 6 then 'Posted' else 'Counted' end as status_name,
                l.counted_at, l.counted_qty::float8 as counted_qty, l.expected_qty::float8 as expected_qty, l.variance_qty::float8 as variance_qty, l.trans_id
         from count_sheet_line l where l.cip_no = $1 and l.status in (4, 5, 6) order by l.line_id desc limit 10",
    )
    .bind(cip_no)
    .fetch_all(&mut **tx)
    .await
}

pub async fn insert_sheet(tx: &mut TenantTx, site_id: i64, from: Option<&str>, to: Option<&str>, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("insert into count_sheet (site_id, location_from, location_to, created_by) values ($1, $2, $3, $4) returning sheet_id")
        .bind(site_id)
        .bind(from)
        .bind(to)
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await
}

pub async fn insert_lines(tx: &mut TenantTx, sheet_id: i64, site_id: i64, cips: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into count_sheet_line (sheet_id, site_id, cip_no, line_no)
         select $1, $2, c.cip_no, c.ord::int from unnest($3::bigint[]) with ordinality as c(cip_no, ord)",
    )
    .bind(sheet_id)
    .bind(site_id)
    .bind(cips)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

const SHEET: &str = "select h.sheet_id, h.site_id, h.status,
        case h.status when 1 then 'Open' when 2 then 'Counting' when 3 then 'Submitted' when 4 then 'Approved'
             when 5 then 'PartlyRejected' when 6 then 'Posted' else 'Cancelled' end as status_name,
        h.location_from, h.location_to, h.created_by, h.created_at, h.submitted_at, h.posted_at,
        (select count(*) from count_sheet_line l where l.sheet_id = h.sheet_id) as line_count,
        (select count(*) from count_sheet_line l where l.sheet_id = h.sheet_id and l.status <> 1) as counted_count,
        (select count(*) from count_sheet_line l where l.sheet_id = h.sheet_id and l.status = 3) as waiting_count
    from count_sheet h";

pub async fn find(tx: &mut TenantTx, sheet_id: i64) -> Result<Option<Sheet>, sqlx::Error> {
    sqlx::query_as(&format!("{SHEET} where h.sheet_id = $1")).bind(sheet_id).fetch_optional(&mut **tx).await
}

/// Takes the sheet's row lock (every change of a sheet and its lines holds it).
pub async fn lock(tx: &mut TenantTx, sheet_id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar::<_, i64>("select sheet_id from count_sheet where sheet_id = $1 for update").bind(sheet_id).fetch_optional(&mut **tx).await?.is_some())
}

pub async fn page(tx: &mut TenantTx, site_id: i64, status: Option<i16>, waiting_only: bool, page: &Page) -> Result<(Vec<Sheet>, i64), sqlx::Error> {
    let base = format!(
        "select * from ({SHEET} where h.site_id = $1 and ($2::smallint is null or h.status = $2)) s where (not $3 or s.waiting_count > 0)"
    );
    listing::fetch_page(tx, &base, page, |q| q.bind(site_id).bind(status).bind(waiting_only)).await
}

pub async fn set_status(tx: &mut TenantTx, sheet_id: i64, status: i16, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update count_sheet set status = $2, updated_at = now(),
            submitted_at = case when $2 = 3 then now() else submitted_at end,
            submitted_by = case when $2 = 3 then $3 else submitted_by end,
            decided_by = case when $2 in (4, 5) then $3 else decided_by end,
            posted_at = case when $2 = 6 then now() else posted_at end
         where sheet_id = $1",
    )
    .bind(sheet_id)
    .bind(status)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn counter_lines(tx: &mut TenantTx, sheet_id: i64) -> Result<Vec<CounterLine>, sqlx::Error> {
    sqlx::query_as(
        "select l.line_id, l.line_no, l.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, l.counted_qty::float8 as counted_qty, l.counted_at
         from count_sheet_line l join cip c on c.cip_no = l.cip_no where l.sheet_id = $1 order by l.line_no",
    )
    .bind(sheet_id)
    .fetch_all(&mut **tx)
    .await
}

pub async fn review_lines(tx: &mut TenantTx, sheet_id: i64) -> Result<Vec<ReviewLine>, sqlx::Error> {
    sqlx::query_as(
        "select l.line_id, l.line_no, l.cip_no, c.cip_code, c.cust_desc1, c.location, l.status,
                case l.status when 1 then 'Pending' when 2 then 'Counted' when 3 then 'Waiting' when 4 then 'Approved' when 5 then 'Rejected' else 'Posted' end as status_name,
                l.counted_qty::float8 as counted_qty, l.expected_qty::float8 as expected_qty, c.qty_on_hand::float8 as qty_on_hand,
                l.variance_qty::float8 as variance_qty, l.variance_value::float8 as variance_value, l.unit_cost::float8 as unit_cost, l.trans_id
         from count_sheet_line l join cip c on c.cip_no = l.cip_no where l.sheet_id = $1 order by l.line_no",
    )
    .bind(sheet_id)
    .fetch_all(&mut **tx)
    .await
}

/// (line_id, status) of the sheet's lines.
pub async fn line_states(tx: &mut TenantTx, sheet_id: i64) -> Result<Vec<(i64, i16)>, sqlx::Error> {
    sqlx::query_as("select line_id, status from count_sheet_line where sheet_id = $1 order by line_no").bind(sheet_id).fetch_all(&mut **tx).await
}

pub async fn record_count(tx: &mut TenantTx, line_id: i64, qty: f64, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update count_sheet_line set counted_qty = $2, counted_by = $3, counted_at = now(), status = 2 where line_id = $1")
        .bind(line_id)
        .bind(qty)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A line to settle, with its CIP's on hand and average cost read under the CIP's row lock.
#[derive(sqlx::FromRow, Debug, Clone)]
pub struct LockedLine {
    pub line_id: i64,
    pub cip_no: i64,
    pub status: i16,
    pub counted_qty: f64,
    pub qty_on_hand: f64,
    pub unit_cost: Option<f64>,
}

/// The sheet's lines in `statuses`, locking their CIPs in CIP order (the order every writer of CIPs locks in, so two
/// sheets never deadlock).
pub async fn lock_lines(tx: &mut TenantTx, sheet_id: i64, statuses: &[i16]) -> Result<Vec<LockedLine>, sqlx::Error> {
    sqlx::query_as(
        "select l.line_id, l.cip_no, l.status, coalesce(l.counted_qty, 0)::float8 as counted_qty, c.qty_on_hand::float8 as qty_on_hand,
                coalesce(c.cust_avg_cost, d.cust_avg_cost)::float8 as unit_cost
         from count_sheet_line l join cip c on c.cip_no = l.cip_no left join cid d on d.cid_no = c.cid_no
         where l.sheet_id = $1 and l.status = any($2)
         order by c.cip_no for update of c",
    )
    .bind(sheet_id)
    .bind(statuses)
    .fetch_all(&mut **tx)
    .await
}

pub async fn settle_line(tx: &mut TenantTx, line_id: i64, status: i16, expected: f64, variance: f64, value: f64, unit_cost: Option<f64>) -> Result<(), sqlx::Error> {
    sqlx::query("update count_sheet_line set status = $2, expected_qty = $3, variance_qty = $4, variance_value = $5, unit_cost = $6 where line_id = $1")
        .bind(line_id)
        .bind(status)
        .bind(expected)
        .bind(variance)
        .bind(value)
        .bind(unit_cost)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn set_line_status(tx: &mut TenantTx, line_id: i64, status: i16) -> Result<(), sqlx::Error> {
    sqlx::query("update count_sheet_line set status = $2 where line_id = $1").bind(line_id).bind(status).execute(&mut **tx).await?;
    Ok(())
}

pub async fn mark_posted(tx: &mut TenantTx, line_id: i64, trans_id: Option<i64>) -> Result<(), sqlx::Error> {
    sqlx::query("update count_sheet_line set status = 6, trans_id = $2 where line_id = $1").bind(line_id).bind(trans_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn touch_last_count(tx: &mut TenantTx, cip_no: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update cip set last_count_date = now() where cip_no = $1").bind(cip_no).execute(&mut **tx).await?;
    Ok(())
}

/// The login of an application user (the ledger row names who posted).
pub async fn login_of(tx: &mut TenantTx, user_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select user_id from asp.asp_users where asp_users_id = $1").bind(user_id).fetch_optional(&mut **tx).await
}
