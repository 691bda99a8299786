//! SQL of cycle counts. The plan's due date is computed in SQL from the CID's class and the site's settings, so the
//! plan search and sheet generation agree.

use kernel::listing::{self, Page, Search};
use kernel::num::{Money, Percent, Quantity, UnitCost};
use sqlx::{PgConnection, Postgres, QueryBuilder};
use tenancy::TenantTx;

use super::model::{CounterLine, CountHistory, CountSettings, CountSettingsInput, PlanCip, ReviewLine, Sheet};

/// The site's settings (defaults when it has no row yet).
pub async fn settings(conn: &mut PgConnection, site_id: i64) -> Result<CountSettings, sqlx::Error> {
    sqlx::query_as!(
        CountSettings,
        r#"select $1::bigint as "site_id!",
            coalesce(s.days_class_a, 30) as "days_class_a!", coalesce(s.days_class_b, 90) as "days_class_b!",
            coalesce(s.days_class_c, 365) as "days_class_c!", coalesce(s.days_class_d, 365) as "days_class_d!",
            coalesce(s.variance_percent, 5) as "variance_percent!: Percent", coalesce(s.variance_value, 100) as "variance_value!: Money",
            coalesce(s.max_sheet_lines, 100) as "max_sheet_lines!"
        from (select 1) one left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) s on true"#,
        site_id
    )
    .fetch_one(conn)
    .await
}

pub async fn save_settings(tx: &mut TenantTx, site_id: i64, s: &CountSettingsInput) -> Result<(), sqlx::Error> {
    // A new row carrying the plan and the site's current min/max tuning settings.
    sqlx::query!(
        "insert into stock_count_settings (site_id, days_class_a, days_class_b, days_class_c, days_class_d, variance_percent, variance_value,
                max_sheet_lines, service_level, default_lead_time_days, order_cost, holding_rate, far_percent, erratic_cv)
         select $1, $2, $3, $4, $5, $6, $7, $8, coalesce(c.service_level, 95), coalesce(c.default_lead_time_days, 14), coalesce(c.order_cost, 25),
                coalesce(c.holding_rate, 0.25), coalesce(c.far_percent, 50), coalesce(c.erratic_cv, 1)
         from (select 1) one left join lateral (select * from stock_count_settings x where x.site_id = $1 order by x.settings_id desc limit 1) c on true",
        site_id,
        s.days_class_a,
        s.days_class_b,
        s.days_class_c,
        s.days_class_d,
        s.variance_percent.0,
        s.variance_value.0,
        s.max_sheet_lines
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// `<head> (<plan>)<tail>`: every active CIP of the site with its class, frequency, next due date and the open sheet
/// holding it, within the location range, only those due when `due_only`. A CIP never counted is due today. The
/// caller's `head` opens the statement around the plan and pushes what follows.
fn plan(head: &str, site_id: i64, from: Option<&str>, to: Option<&str>, due_only: bool) -> QueryBuilder<'static, Postgres> {
    let mut q = QueryBuilder::new(head);
    q.push(
        "with st as (select s.* from (select 1) one
            left join lateral (select * from stock_count_settings x where x.site_id = ",
    )
    .push_bind(site_id)
    .push(
        " order by x.settings_id desc limit 1) s on true),
        p as (
        select c.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location,
               case d.curr_abc_class_type_id when 1 then 'A' when 2 then 'B' when 4 then 'D' else 'C' end as abc_class,
               case d.curr_abc_class_type_id when 1 then coalesce(st.days_class_a, 30) when 2 then coalesce(st.days_class_b, 90)
                    when 4 then coalesce(st.days_class_d, 365) else coalesce(st.days_class_c, 365) end as frequency_days,
               c.last_count_date,
               (select l.sheet_id from count_sheet_line l join count_sheet h on h.sheet_id = l.sheet_id
                where l.cip_no = c.cip_no and h.status in (1, 2, 3) order by l.sheet_id desc limit 1) as open_sheet_id
        from cip c cross join st left join cid d on d.cid_no = c.cid_no
        where c.site_id = ",
    )
    .push_bind(site_id)
    .push(" and c.status_id = 1");
    if let Some(from) = from {
        q.push(" and c.location >= ").push_bind(from.to_owned());
    }
    if let Some(to) = to {
        q.push(" and (c.location <= ")
            .push_bind(to.to_owned())
            .push(" or c.location like replace(replace(replace(")
            .push_bind(to.to_owned())
            .push(", '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')");
    }
    q.push(
        "), q as (
        select p.*, coalesce((p.last_count_date at time zone 'UTC')::date + p.frequency_days, current_date) as next_due_date
        from p)
        select q.*, q.next_due_date <= current_date as due from q",
    );
    if due_only {
        q.push(" where q.next_due_date <= current_date");
    }
    q
}

pub async fn plan_page(tx: &mut TenantTx, site_id: i64, from: Option<&str>, to: Option<&str>, due_only: bool, page: &Page) -> Result<(Vec<PlanCip>, i64), sqlx::Error> {
    listing::fetch_built_page(tx, plan("", site_id, from, to, due_only), page).await
}

/// The due CIPs for a new sheet (not on another open sheet), in location order, at most `limit`.
pub async fn due_for_sheet(tx: &mut TenantTx, site_id: i64, from: Option<&str>, to: Option<&str>, limit: i64) -> Result<Vec<PlanCip>, sqlx::Error> {
    let mut q = plan("select * from (", site_id, from, to, true);
    q.push(") plan where plan.open_sheet_id is null order by plan.location nulls last, plan.cip_code limit ").push_bind(limit);
    q.build_query_as().fetch_all(&mut **tx).await
}

/// The plan entry of one CIP (due or not).
pub async fn plan_of_cip(tx: &mut TenantTx, site_id: i64, cip_no: i64) -> Result<Option<PlanCip>, sqlx::Error> {
    let mut q = plan("select * from (", site_id, None, None, false);
    q.push(") plan where plan.cip_no = ").push_bind(cip_no);
    q.build_query_as().fetch_optional(&mut **tx).await
}

pub async fn cip_site(tx: &mut TenantTx, cip_no: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select site_id from cip where cip_no = $1", cip_no).fetch_optional(&mut **tx).await
}

pub async fn history(tx: &mut TenantTx, cip_no: i64) -> Result<Vec<CountHistory>, sqlx::Error> {
    sqlx::query_as!(
        CountHistory,
        r#"select l.sheet_id, l.line_id, case l.status when 4 then 'Approved' when 5 then 'Rejected' when 6 then 'Posted' else 'Counted' end as "status_name!",
                l.counted_at, l.counted_qty as "counted_qty: Quantity", l.expected_qty as "expected_qty: Quantity", l.variance_qty as "variance_qty: Quantity", l.trans_id
         from count_sheet_line l where l.cip_no = $1 and l.status in (4, 5, 6) order by l.line_id desc limit 10"#,
        cip_no
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn insert_sheet(tx: &mut TenantTx, site_id: i64, from: Option<&str>, to: Option<&str>, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into count_sheet (site_id, location_from, location_to, created_by) values ($1, $2, $3, $4) returning sheet_id",
        site_id,
        from,
        to,
        user_id
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn insert_lines(tx: &mut TenantTx, sheet_id: i64, site_id: i64, cips: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into count_sheet_line (sheet_id, site_id, cip_no, line_no)
         select $1, $2, c.cip_no, c.ord::int from unnest($3::bigint[]) with ordinality as c(cip_no, ord)",
        sheet_id,
        site_id,
        cips
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A sheet's header with its line counts; `find` and the search add their conditions.
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
    Ok(sqlx::query_scalar!("select sheet_id from count_sheet where sheet_id = $1 for update", sheet_id).fetch_optional(&mut **tx).await?.is_some())
}

pub async fn page(tx: &mut TenantTx, site_id: i64, status: Option<i16>, waiting_only: bool, page: &Page) -> Result<(Vec<Sheet>, i64), sqlx::Error> {
    let mut q = Search::new(format!("select * from ({SHEET}"));
    q.and_bind("h.site_id = ", site_id);
    if let Some(status) = status {
        q.and_bind("h.status = ", status);
    }
    q.push(") s");
    if waiting_only {
        q.push(" where s.waiting_count > 0");
    }
    listing::fetch_built_page(tx, q.into_builder(), page).await
}

pub async fn set_status(tx: &mut TenantTx, sheet_id: i64, status: i16, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update count_sheet set status = $2::smallint, updated_at = now(),
            submitted_at = case when $2::smallint = 3 then now() else submitted_at end,
            submitted_by = case when $2::smallint = 3 then $3 else submitted_by end,
            decided_by = case when $2::smallint in (4, 5) then $3 else decided_by end,
            posted_at = case when $2::smallint = 6 then now() else posted_at end
         where sheet_id = $1",
        sheet_id,
        status,
        user_id
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn counter_lines(tx: &mut TenantTx, sheet_id: i64) -> Result<Vec<CounterLine>, sqlx::Error> {
    sqlx::query_as!(
        CounterLine,
        r#"select l.line_id, l.line_no, l.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, l.counted_qty as "counted_qty: Quantity", l.counted_at
         from count_sheet_line l join cip c on c.cip_no = l.cip_no where l.sheet_id = $1 order by l.line_no"#,
        sheet_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn review_lines(tx: &mut TenantTx, sheet_id: i64) -> Result<Vec<ReviewLine>, sqlx::Error> {
    sqlx::query_as!(
        ReviewLine,
        r#"select l.line_id, l.line_no, l.cip_no, c.cip_code, c.cust_desc1, c.location, l.status,
                case l.status when 1 then 'Pending' when 2 then 'Counted' when 3 then 'Waiting' when 4 then 'Approved' when 5 then 'Rejected' else 'Posted' end as "status_name!",
                l.counted_qty as "counted_qty: Quantity", l.expected_qty as "expected_qty: Quantity", c.qty_on_hand as "qty_on_hand: Quantity",
                l.variance_qty as "variance_qty: Quantity", l.variance_value as "variance_value: Money", l.unit_cost as "unit_cost: UnitCost", l.trans_id
         from count_sheet_line l join cip c on c.cip_no = l.cip_no where l.sheet_id = $1 order by l.line_no"#,
        sheet_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// (line_id, status) of the sheet's lines.
pub async fn line_states(tx: &mut TenantTx, sheet_id: i64) -> Result<Vec<(i64, i16)>, sqlx::Error> {
    let rows = sqlx::query!("select line_id, status from count_sheet_line where sheet_id = $1 order by line_no", sheet_id).fetch_all(&mut **tx).await?;
    Ok(rows.into_iter().map(|r| (r.line_id, r.status)).collect())
}

pub async fn record_count(tx: &mut TenantTx, line_id: i64, qty: Quantity, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update count_sheet_line set counted_qty = $2, counted_by = $3, counted_at = now(), status = 2 where line_id = $1",
        line_id,
        qty.0,
        user_id
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A line to settle, with its CIP's on hand and average cost read under the CIP's row lock.
#[derive(Debug, Clone)]
pub struct LockedLine {
    pub line_id: i64,
    pub cip_no: i64,
    pub status: i16,
    pub counted_qty: Quantity,
    pub qty_on_hand: Quantity,
    /// The CIP's average cost, else its CID's (both numeric(18, 3)).
    pub unit_cost: Option<UnitCost>,
}

/// The sheet's lines in `statuses`, locking their CIPs in CIP order (the order every writer of CIPs locks in, so two
/// sheets never deadlock).
pub async fn lock_lines(tx: &mut TenantTx, sheet_id: i64, statuses: &[i16]) -> Result<Vec<LockedLine>, sqlx::Error> {
    sqlx::query_as!(
        LockedLine,
        r#"select l.line_id, l.cip_no, l.status, coalesce(l.counted_qty, 0) as "counted_qty!: Quantity", c.qty_on_hand as "qty_on_hand: Quantity",
                coalesce(c.cust_avg_cost, d.cust_avg_cost) as "unit_cost: UnitCost"
         from count_sheet_line l join cip c on c.cip_no = l.cip_no left join cid d on d.cid_no = c.cid_no
         where l.sheet_id = $1 and l.status = any($2)
         order by c.cip_no for update of c"#,
        sheet_id,
        statuses
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn settle_line(tx: &mut TenantTx, line_id: i64, status: i16, expected: Quantity, variance: Quantity, value: Money, unit_cost: Option<UnitCost>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update count_sheet_line set status = $2, expected_qty = $3, variance_qty = $4, variance_value = $5, unit_cost = $6 where line_id = $1",
        line_id,
        status,
        expected.0,
        variance.0,
        value.0,
        unit_cost.map(|c| c.0)
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn set_line_status(tx: &mut TenantTx, line_id: i64, status: i16) -> Result<(), sqlx::Error> {
    sqlx::query!("update count_sheet_line set status = $2 where line_id = $1", line_id, status).execute(&mut **tx).await?;
    Ok(())
}

pub async fn mark_posted(tx: &mut TenantTx, line_id: i64, trans_id: Option<i64>) -> Result<(), sqlx::Error> {
    sqlx::query!("update count_sheet_line set status = 6, trans_id = $2 where line_id = $1", line_id, trans_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn touch_last_count(tx: &mut TenantTx, cip_no: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update cip set last_count_date = now() where cip_no = $1", cip_no).execute(&mut **tx).await?;
    Ok(())
}

/// The login of an application user (the ledger row names who posted).
pub async fn login_of(tx: &mut TenantTx, user_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select user_id from asp.asp_users where asp_users_id = $1", user_id).fetch_optional(&mut **tx).await
}
