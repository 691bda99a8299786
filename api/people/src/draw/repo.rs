//! SQL of the draw policy: who the drawer is, and the limits of their groups and of their own.

use kernel::num::{Money, Quantity};
use tenancy::TenantTx;

#[derive(Debug)]
pub struct DrawerRow {
    pub employee_id: i64,
    pub employee_number: String,
    pub last_name: String,
    pub first_name: String,
    pub is_active: bool,
    pub is_suspended: bool,
    pub pin_hash: Option<String>,
    /// The site asks for the employee's PIN (asp.site.employee_pin_required).
    pub pin_required: bool,
    pub track1: Option<i64>,
    pub track2: Option<i64>,
    pub track3: Option<i64>,
    pub track4: Option<i64>,
    pub can_return: bool,
    pub can_adjust: bool,
    pub supervisor_id: Option<i64>,
    /// The employee groups the employee belongs to.
    pub group_ids: Vec<i64>,
}

/// The site's employee whose number or badge is `key` (case-insensitive; number first).
pub async fn find_by_number_or_badge(tx: &mut TenantTx, key: &str) -> Result<Option<DrawerRow>, sqlx::Error> {
    let site = tx.site_id();
    sqlx::query_as!(
        DrawerRow,
        r#"select e.employee_id, e.employee_number, e.last_name, e.first_name, e.is_active, e.is_suspended, e.pin_hash,
                coalesce(s.employee_pin_required, false) as "pin_required!", e.track1, e.track2, e.track3, e.track4,
                e.can_return, e.can_adjust, e.supervisor_id,
                array(select m.employee_group_id from employee_group_member m where m.employee_id = e.employee_id order by 1) as "group_ids!"
         from employee e left join asp.site s on s.site_id = e.site_id
         where e.site_id = $2 and (e.employee_number_key = upper($1) or e.badge_key = upper($1))
         order by (e.employee_number_key = upper($1)) desc limit 1"#,
        key,
        site
    )
    .fetch_optional(&mut **tx)
    .await
}

/// (name "Last, First", supervisor flag, active) of an employee of the transaction's site.
pub async fn supervisor(tx: &mut TenantTx, id: i64) -> Result<Option<(String, bool, bool)>, sqlx::Error> {
    let site = tx.site_id();
    let row = sqlx::query!(
        r#"select last_name || ', ' || first_name as "name!", supervisor, is_active from employee where employee_id = $1 and site_id = $2"#,
        id,
        site
    )
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map(|r| (r.name, r.supervisor, r.is_active)))
}

/// The drawer's supervisor.
pub async fn supervisor_of(tx: &mut TenantTx, employee_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select supervisor_id from employee where employee_id = $1", employee_id).fetch_optional(&mut **tx).await.map(Option::flatten)
}

#[derive(Debug)]
pub struct ItemLimitRow {
    pub cid_no: i64,
    pub cust_item_code: String,
    pub period: String,
    pub quantity: Quantity,
}

/// The employee's item limits on these CIDs.
pub async fn item_limits(tx: &mut TenantTx, employee_id: i64, cid_nos: &[i64]) -> Result<Vec<ItemLimitRow>, sqlx::Error> {
    sqlx::query_as!(
        ItemLimitRow,
        r#"select l.cid_no, coalesce(c.cust_item_code, l.cid_no::text) as "cust_item_code!",
                (array['day', 'week', 'month', 'year'])[l.period] as "period!", l.quantity as "quantity: Quantity"
         from employee_item_limit l join cid c on c.cid_no = l.cid_no
         where l.employee_id = $1 and l.cid_no = any($2)
         order by l.cid_no, l.period"#,
        employee_id,
        cid_nos
    )
    .fetch_all(&mut **tx)
    .await
}

/// A group of a drawer with its own limits.
#[derive(Debug)]
pub struct GroupLimitRow {
    pub employee_group_id: i64,
    pub description: String,
    pub enforced_level: i32,
    pub limit_daily: Option<Money>,
    pub limit_weekly: Option<Money>,
    pub limit_monthly: Option<Money>,
    pub limit_yearly: Option<Money>,
    pub start_limit_daily: Option<chrono::NaiveDate>,
    pub start_limit_weekly: Option<chrono::NaiveDate>,
    pub start_limit_monthly: Option<chrono::NaiveDate>,
    pub start_limit_yearly: Option<chrono::NaiveDate>,
}

/// The groups `employee_id` belongs to, with their limits.
pub async fn group_limits_of_member(tx: &mut TenantTx, employee_id: i64) -> Result<Vec<GroupLimitRow>, sqlx::Error> {
    sqlx::query_as!(
        GroupLimitRow,
        r#"select g.employee_group_id, g.description, g.enforced_level,
                g.limit_daily as "limit_daily: Money", g.limit_weekly as "limit_weekly: Money", g.limit_monthly as "limit_monthly: Money",
                g.limit_yearly as "limit_yearly: Money", g.start_limit_daily, g.start_limit_weekly, g.start_limit_monthly, g.start_limit_yearly
         from employee_group_member m join employee_group g on g.employee_group_id = m.employee_group_id
         where m.employee_id = $1 order by g.employee_group_id"#,
        employee_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// An item-group limit of one of a drawer's groups.
#[derive(Debug)]
pub struct ItemGroupLimitRow {
    pub employee_group_id: i64,
    pub item_group_id: i64,
    pub item_group: String,
    pub period: i32,
    pub limit_amount: Money,
}

/// The item-group limits of `group_ids` whose item group holds one of `cid_nos`.
pub async fn item_group_limits_for(tx: &mut TenantTx, group_ids: &[i64], cid_nos: &[i64]) -> Result<Vec<ItemGroupLimitRow>, sqlx::Error> {
    sqlx::query_as!(
        ItemGroupLimitRow,
        r#"select l.employee_group_id, l.item_group_id, i.description as item_group, l.period, l.limit_amount as "limit_amount: Money"
         from employee_group_item_group_limit l join item_group i on i.item_group_id = l.item_group_id
         where l.employee_group_id = any ($1::bigint[])
           and l.item_group_id in (select c.item_group_id from cid c where c.cid_no = any ($2::bigint[]) and c.item_group_id is not null)
         order by l.employee_group_id, upper(i.description), l.period"#,
        group_ids,
        cid_nos
    )
    .fetch_all(&mut **tx)
    .await
}

/// May a named supervisor override group limits at the transaction's site?
pub async fn supervisors_may_override(tx: &mut TenantTx) -> Result<bool, sqlx::Error> {
    let site_id = tx.site_id();
    Ok(sqlx::query_scalar!("select supervisor_override_group_limits from asp.site where site_id = $1", site_id).fetch_optional(&mut **tx).await?.unwrap_or(false))
}
