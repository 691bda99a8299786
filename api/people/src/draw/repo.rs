//! SQL of the draw policy.

use tenancy::TenantTx;

#[derive(Debug, sqlx::FromRow)]
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
    sqlx::query_as::<_, DrawerRow>(
        "select e.employee_id, e.employee_number, e.last_name, e.first_name, e.is_active, e.is_suspended, e.pin_hash,
                coalesce(s.employee_pin_required, false) as pin_required, e.track1, e.track2, e.track3, e.track4,
                e.can_return, e.can_adjust, e.supervisor_id,
                array(select m.employee_group_id from employee_group_member m where m.employee_id = e.employee_id order by 1) as group_ids
         from employee e left join asp.site s on s.site_id = e.site_id
         where e.site_id = $2 and (e.employee_number_key = upper($1) or e.badge_key = upper($1))
         order by (e.employee_number_key = upper($1)) desc limit 1",
    )
    .bind(key)
    .bind(site)
    .fetch_optional(&mut **tx)
    .await
}

/// (name "Last, First", supervisor flag, active) of an employee of the transaction's site.
pub async fn supervisor(tx: &mut TenantTx, id: i64) -> Result<Option<(String, bool, bool)>, sqlx::Error> {
    let site = tx.site_id();
    sqlx::query_as("select last_name || ', ' || first_name, supervisor, is_active from employee where employee_id = $1 and site_id = $2")
        .bind(id)
        .bind(site)
        .fetch_optional(&mut **tx)
        .await
}

/// The drawer's supervisor.
pub async fn supervisor_of(tx: &mut TenantTx, employee_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select supervisor_id from employee where employee_id = $1").bind(employee_id).fetch_optional(&mut **tx).await.map(Option::flatten)
}

#[derive(Debug, sqlx::FromRow)]
pub struct ItemLimitRow {
    pub cid_no: i64,
    pub cust_item_code: String,
    pub period: String,
    pub quantity: f64,
}

/// The employee's item limits on these CIDs.
pub async fn item_limits(tx: &mut TenantTx, employee_id: i64, cid_nos: &[i64]) -> Result<Vec<ItemLimitRow>, sqlx::Error> {
    sqlx::query_as(
        "select l.cid_no, coalesce(c.cust_item_code, l.cid_no::text) as cust_item_code,
                (array['day', 'week', 'month', 'year'])[l.period] as period, l.quantity::float8 as quantity
         from employee_item_limit l join cid c on c.cid_no = l.cid_no
         where l.employee_id = $1 and l.cid_no = any($2)
         order by l.cid_no, l.period",
    )
    .bind(employee_id)
    .bind(cid_nos)
    .fetch_all(&mut **tx)
    .await
}
