//! SQL of the employee resource. Functions take the tenant transaction, so they cannot run without a granted scope.

use kernel::listing::{self, Page};
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::Postgres;
use tenancy::TenantTx;

use super::model::{Employee, EmployeeGroupMembership, EmployeeMin, EmployeeValues, EmployeeWorkflowFactor, ItemLimit, SupervisorRow};

const FROM: &str = "from employee e
    left join asp.site s on s.site_id = e.site_id
    left join employee sup on sup.employee_id = e.supervisor_id
    left join wfl_employee_workflow_factor f on f.wfl_employee_workflow_factor_id = e.wfl_employee_workflow_factor_id";

const COLUMNS: &str = "e.employee_id, e.site_id, s.site_code, e.employee_number, e.last_name, e.first_name, e.badge_number,
    (e.pin_hash is not null) as has_pin, e.is_active, e.begin_time, e.end_time, e.supervisor, e.supervisor_id,
    case when sup.employee_id is not null then sup.last_name || ', ' || sup.first_name end as supervisor_name,
    e.track1, e.track2, e.track3, e.track4, e.is_suspended, e.suspension_date, e.suspension_reason_id,
    e.can_adjust, e.can_receive, e.can_change_location, e.can_return, e.spot_buy, e.add_request, e.change_request,
    e.can_override_buddy, e.can_override_asset_return_restricted, e.tool_touch_admin, e.can_calibrate_assets,
    e.can_adjust_consigned, e.email, e.phone, e.labor_cost::float8 as labor_cost, e.comments, e.company,
    e.wfl_employee_workflow_factor_id, f.factor_value::float8 as factor_value, e.customer_employee_num,
    e.deactivated_at, e.updated_at";

const MIN_COLUMNS: &str = "e.employee_id, e.site_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.is_active, e.is_suspended, e.supervisor";

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<Employee>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where e.employee_id = $1")).bind(id).fetch_optional(&mut **tx).await
}

/// The employee whose number is `number` (case-insensitive) at `site_id`.
pub async fn find_by_number(tx: &mut TenantTx, site_id: i64, number: &str) -> Result<Option<Employee>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where e.site_id = $1 and e.employee_number_key = upper($2)"))
        .bind(site_id)
        .bind(number)
        .fetch_optional(&mut **tx)
        .await
}

/// The site of employee `id` when that site is no longer active and `user_id` was given access to it
/// (migrations/tenant/0010).
pub async fn inactive_site_of(tx: &mut TenantTx, id: i64, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select employee_inactive_site($1, $2)").bind(id).bind(user_id).fetch_one(&mut **tx).await
}

/// Employees of a site in the fewest fields, by number (at most `limit`).
pub async fn of_site(tx: &mut TenantTx, site_id: i64, active_only: bool, limit: i64) -> Result<Vec<EmployeeMin>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {MIN_COLUMNS} from employee e where e.site_id = $1 and (e.is_active or not $2) order by e.employee_number limit $3"
    ))
    .bind(site_id)
    .bind(active_only)
    .bind(limit)
    .fetch_all(&mut **tx)
    .await
}

/// Search filters as validated by the service (prefixes upper case, `text` an ilike pattern).
#[derive(Debug, Clone, Default)]
pub struct SearchFilter {
    pub site_id: i64,
    pub number_prefix: Option<String>,
    pub last_prefix: Option<String>,
    pub first_prefix: Option<String>,
    pub badge_prefix: Option<String>,
    pub text: Option<String>,
    pub is_active: Option<bool>,
    pub is_suspended: Option<bool>,
    pub supervisor: Option<bool>,
    pub supervisor_id: Option<i64>,
    pub factor_id: Option<i64>,
    pub company: Option<String>,
    /// Only these employees.
    pub ids: Option<Vec<i64>>,
    /// Only employees whose email is this (case-insensitive): an application user's own employee records.
    pub email: Option<String>,
}

enum Arg {
    Text(String),
    Bool(bool),
    Int(i64),
    Ids(Vec<i64>),
}

struct Where {
    sql: String,
    args: Vec<Arg>,
}

impl Where {
    fn and(&mut self, condition: &str, arg: Arg) {
        self.args.push(arg);
        self.sql.push_str(" and ");
        self.sql.push_str(&condition.replace('?', &format!("${}", self.args.len())));
    }

    fn bind<'q>(&self, mut q: Query<'q, Postgres, PgArguments>) -> Query<'q, Postgres, PgArguments> {
        for a in &self.args {
            q = match a {
                Arg::Text(s) => q.bind(s.clone()),
                Arg::Bool(b) => q.bind(*b),
                Arg::Int(i) => q.bind(*i),
                Arg::Ids(v) => q.bind(v.clone()),
            };
        }
        q
    }
}

fn conditions(f: &SearchFilter) -> Where {
    let mut w = Where { sql: String::new(), args: Vec::new() };
    w.and("e.site_id = ?", Arg::Int(f.site_id));
    if let Some(v) = &f.number_prefix {
        w.and("starts_with(e.employee_number_key, ?)", Arg::Text(v.clone()));
    }
    if let Some(v) = &f.last_prefix {
        w.and("starts_with(e.last_name_key, ?)", Arg::Text(v.clone()));
    }
    if let Some(v) = &f.first_prefix {
        w.and("starts_with(upper(e.first_name), ?)", Arg::Text(v.clone()));
    }
    if let Some(v) = &f.badge_prefix {
        w.and("starts_with(e.badge_key, ?)", Arg::Text(v.clone()));
    }
    if let Some(v) = &f.text {
        w.and(
            "concat_ws(' ', e.employee_number, e.badge_number, e.last_name, e.first_name, e.email, e.company, e.customer_employee_num) ilike ?",
            Arg::Text(v.clone()),
        );
    }
    if let Some(v) = f.is_active {
        w.and("e.is_active = ?", Arg::Bool(v));
    }
    if let Some(v) = f.is_suspended {
        w.and("e.is_suspended = ?", Arg::Bool(v));
    }
    if let Some(v) = f.supervisor {
        w.and("e.supervisor = ?", Arg::Bool(v));
    }
    if let Some(v) = f.supervisor_id {
        w.and("e.supervisor_id = ?", Arg::Int(v));
    }
    if let Some(v) = f.factor_id {
        w.and("e.wfl_employee_workflow_factor_id = ?", Arg::Int(v));
    }
    if let Some(v) = &f.company {
        w.and("e.company ilike ?", Arg::Text(v.clone()));
    }
    if let Some(v) = &f.ids {
        w.and("e.employee_id = any(?)", Arg::Ids(v.clone()));
    }
    if let Some(v) = &f.email {
        w.and("lower(e.email) = lower(?)", Arg::Text(v.clone()));
    }
    w
}

pub async fn search(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<Employee>, i64), sqlx::Error> {
    let w = conditions(f);
    let base = format!("select {COLUMNS} {FROM} where true{}", w.sql);
    listing::fetch_page(tx, &base, page, |q| w.bind(q)).await
}

/// The supervisors among the search's employees, with how many employees name each.
pub async fn supervisors(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<SupervisorRow>, i64), sqlx::Error> {
    let w = conditions(f);
    let base = format!(
        "select e.employee_id, e.site_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.email, e.is_active,
                (select count(*) from employee x where x.supervisor_id = e.employee_id) as supervised_count
         from employee e where e.supervisor{}",
        w.sql
    );
    listing::fetch_page(tx, &base, page, |q| w.bind(q)).await
}

/// Up to `limit` employees of the site whose number, badge, last or first name starts with `prefix` (upper case).
pub async fn quick(tx: &mut TenantTx, site_id: i64, prefix: &str, active_only: bool, limit: i64) -> Result<Vec<EmployeeMin>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {MIN_COLUMNS} from employee e
         where e.site_id = $1 and (e.is_active or not $3)
           and (starts_with(e.employee_number_key, $2) or starts_with(e.badge_key, $2) or starts_with(e.last_name_key, $2)
                or starts_with(upper(e.first_name), $2))
         order by (e.employee_number_key = $2 or e.badge_key = $2) desc, e.last_name_key, e.first_name, e.employee_number
         limit $4"
    ))
    .bind(site_id)
    .bind(prefix)
    .bind(active_only)
    .bind(limit)
    .fetch_all(&mut **tx)
    .await
}

/// Another employee of the site already uses this number (case-insensitive).
pub async fn number_taken(tx: &mut TenantTx, site_id: i64, number: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from employee where site_id = $1 and employee_number_key = upper($2) and employee_id is distinct from $3)")
        .bind(site_id)
        .bind(number)
        .bind(except)
        .fetch_one(&mut **tx)
        .await
}

pub async fn badge_taken(tx: &mut TenantTx, site_id: i64, badge: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from employee where site_id = $1 and badge_key = upper($2) and employee_id is distinct from $3)")
        .bind(site_id)
        .bind(badge)
        .bind(except)
        .fetch_one(&mut **tx)
        .await
}

/// (site_id, supervisor flag, is_active) of an employee.
pub async fn supervisor_info(tx: &mut TenantTx, id: i64) -> Result<Option<(i64, bool, bool)>, sqlx::Error> {
    sqlx::query_as("select site_id, supervisor, is_active from employee where employee_id = $1").bind(id).fetch_optional(&mut **tx).await
}

/// Is `supervisor` in the chain of supervisors above `employee`? (A supervisor may not report to someone they
/// supervise.)
pub async fn supervises_indirectly(tx: &mut TenantTx, employee: i64, supervisor: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "with recursive chain(id, depth) as (
             select supervisor_id, 1 from employee where employee_id = $2
             union all
             select e.supervisor_id, c.depth + 1 from employee e join chain c on e.employee_id = c.id where c.depth < 50)
         select exists(select 1 from chain where id = $1)",
    )
    .bind(employee)
    .bind(supervisor)
    .fetch_one(&mut **tx)
    .await
}

/// The tracking level of a tracking code at a site.
pub async fn tracking_level_of(tx: &mut TenantTx, site_id: i64, tracking_code_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select tracking_level_id from tracking_code where tracking_code_id = $1 and site_id = $2")
        .bind(tracking_code_id)
        .bind(site_id)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn factor_exists(tx: &mut TenantTx, site_id: i64, factor_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from wfl_employee_workflow_factor where wfl_employee_workflow_factor_id = $1 and site_id = $2)")
        .bind(factor_id)
        .bind(site_id)
        .fetch_one(&mut **tx)
        .await
}

fn bind_values<'q>(q: Query<'q, Postgres, PgArguments>, v: &'q EmployeeValues) -> Query<'q, Postgres, PgArguments> {
    let mut q = q
        .bind(&v.employee_number)
        .bind(&v.last_name)
        .bind(&v.first_name)
        .bind(&v.badge_number)
        .bind(v.is_active)
        .bind(v.begin_time)
        .bind(v.end_time)
        .bind(v.supervisor)
        .bind(v.supervisor_id);
    for t in v.track {
        q = q.bind(t);
    }
    q = q.bind(v.is_suspended).bind(v.suspension_date).bind(v.suspension_reason_id);
    for f in v.flags {
        q = q.bind(f);
    }
    q.bind(&v.email)
        .bind(&v.phone)
        .bind(v.labor_cost)
        .bind(&v.comments)
        .bind(&v.company)
        .bind(&v.customer_employee_num)
        .bind(v.wfl_employee_workflow_factor_id)
}

const VALUE_COLUMNS: &str = "employee_number, last_name, first_name, badge_number, is_active, begin_time, end_time, supervisor,
    supervisor_id, track1, track2, track3, track4, is_suspended, suspension_date, suspension_reason_id, can_adjust,
    can_receive, can_change_location, can_return, spot_buy, add_request, change_request, can_override_buddy,
    can_override_asset_return_restricted, tool_touch_admin, can_calibrate_assets, can_adjust_consigned, email, phone,
    labor_cost, comments, company, customer_employee_num, wfl_employee_workflow_factor_id";

pub async fn insert(tx: &mut TenantTx, site_id: i64, v: &EmployeeValues, pin_hash: Option<&str>) -> Result<i64, sqlx::Error> {
    let placeholders: Vec<String> = (2..=36).map(|n| format!("${n}")).collect();
    let sql = format!(
        "insert into employee (site_id, {VALUE_COLUMNS}, pin_hash) values ($1, {}, $37) returning employee_id",
        placeholders.join(", ")
    );
    let row = bind_values(sqlx::query(&sql).bind(site_id), v).bind(pin_hash).fetch_one(&mut **tx).await?;
    sqlx::Row::try_get(&row, 0)
}

pub async fn update(tx: &mut TenantTx, id: i64, v: &EmployeeValues, clear_pin: bool) -> Result<(), sqlx::Error> {
    let sets: Vec<String> = VALUE_COLUMNS.split(',').map(str::trim).enumerate().map(|(i, c)| format!("{c} = ${}", i + 2)).collect();
    let sql = format!(
        "update employee set {}, pin_hash = case when $37 then null else pin_hash end,
           deactivated_at = case when $6 then null else coalesce(deactivated_at, now()) end, updated_at = now()
         where employee_id = $1",
        sets.join(", ")
    );
    bind_values(sqlx::query(&sql).bind(id), v).bind(clear_pin).execute(&mut **tx).await?;
    Ok(())
}

pub async fn set_pin(tx: &mut TenantTx, id: i64, pin_hash: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query("update employee set pin_hash = $2, updated_at = now() where employee_id = $1").bind(id).bind(pin_hash).execute(&mut **tx).await?;
    Ok(())
}

pub async fn deactivate(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update employee set is_active = false, deactivated_at = coalesce(deactivated_at, now()), updated_at = now() where employee_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Sets the supervisor of the listed employees (of `site_id`); answers the ids changed.
pub async fn set_supervisor(tx: &mut TenantTx, site_id: i64, ids: &[i64], supervisor_id: Option<i64>) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "update employee set supervisor_id = $3, updated_at = now()
         where site_id = $1 and employee_id = any($2) and supervisor_id is distinct from $3 returning employee_id",
    )
    .bind(site_id)
    .bind(ids)
    .bind(supervisor_id)
    .fetch_all(&mut **tx)
    .await
}

/// Which of `ids` are employees of `site_id`.
pub async fn existing_ids(tx: &mut TenantTx, site_id: i64, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("select employee_id from employee where site_id = $1 and employee_id = any($2)").bind(site_id).bind(ids).fetch_all(&mut **tx).await
}

pub async fn supervised_by(tx: &mut TenantTx, supervisor_id: i64) -> Result<Vec<EmployeeMin>, sqlx::Error> {
    sqlx::query_as(&format!("select {MIN_COLUMNS} from employee e where e.supervisor_id = $1 order by e.last_name, e.first_name"))
        .bind(supervisor_id)
        .fetch_all(&mut **tx)
        .await
}

pub async fn item_limits(tx: &mut TenantTx, employee_id: i64) -> Result<Vec<ItemLimit>, sqlx::Error> {
    sqlx::query_as(
        "select l.employee_item_limit_id, l.employee_id, l.cid_no, c.cust_item_code, c.cust_desc1,
                (array['day', 'week', 'month', 'year'])[l.period] as period, l.quantity::float8 as quantity
         from employee_item_limit l join cid c on c.cid_no = l.cid_no
         where l.employee_id = $1
         order by c.cust_item_code, l.period, l.employee_item_limit_id",
    )
    .bind(employee_id)
    .fetch_all(&mut **tx)
    .await
}

/// The CID's site, when the CID exists at all (in this client schema and visible).
pub async fn cid_site(tx: &mut TenantTx, cid_no: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select site_id from cid where cid_no = $1").bind(cid_no).fetch_optional(&mut **tx).await
}

/// Locks the employee's row: item limit changes of one employee run one at a time (one limit per CID and period).
pub async fn lock_employee(tx: &mut TenantTx, employee_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("select 1 from employee where employee_id = $1 for update").bind(employee_id).fetch_optional(&mut **tx).await?;
    Ok(())
}

/// Sets the employee's limit of `cid_no` for `period` (1 day ... 4 year), replacing any.
pub async fn upsert_item_limit(tx: &mut TenantTx, site_id: i64, employee_id: i64, cid_no: i64, period: i16, quantity: f64) -> Result<(), sqlx::Error> {
    delete_item_limit(tx, employee_id, cid_no, period).await?;
    sqlx::query("insert into employee_item_limit (site_id, employee_id, cid_no, period, quantity) values ($1, $2, $3, $4, $5)")
        .bind(site_id)
        .bind(employee_id)
        .bind(cid_no)
        .bind(period)
        .bind(quantity)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn delete_item_limit(tx: &mut TenantTx, employee_id: i64, cid_no: i64, period: i16) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("delete from employee_item_limit where employee_id = $1 and cid_no = $2 and period = $3")
        .bind(employee_id)
        .bind(cid_no)
        .bind(period)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

pub async fn workflow_factor(tx: &mut TenantTx, employee_id: i64) -> Result<Option<EmployeeWorkflowFactor>, sqlx::Error> {
    sqlx::query_as(
        "select e.employee_id, e.site_id, e.wfl_employee_workflow_factor_id, f.factor_value::float8 as factor_value, f.factor_description, f.is_active
         from employee e left join wfl_employee_workflow_factor f on f.wfl_employee_workflow_factor_id = e.wfl_employee_workflow_factor_id
         where e.employee_id = $1",
    )
    .bind(employee_id)
    .fetch_optional(&mut **tx)
    .await
}

/// The application user's email (for the searches by `user_id`).
pub async fn user_email(tx: &mut TenantTx, user_id: i64) -> Result<Option<Option<String>>, sqlx::Error> {
    sqlx::query_scalar("select email from asp.asp_users where asp_users_id = $1").bind(user_id).fetch_optional(&mut **tx).await
}

/// The groups of `site_id` with whether `employee_id` belongs to each.
pub async fn group_memberships(tx: &mut TenantTx, site_id: i64, employee_id: i64) -> Result<Vec<EmployeeGroupMembership>, sqlx::Error> {
    sqlx::query_as(
        "select g.employee_group_id, g.description, g.group_type, g.default_group,
                exists(select 1 from employee_group_member m where m.employee_group_id = g.employee_group_id and m.employee_id = $2) as in_group
         from employee_group g where g.site_id = $1 order by g.description",
    )
    .bind(site_id)
    .bind(employee_id)
    .fetch_all(&mut **tx)
    .await
}

pub async fn join_groups(tx: &mut TenantTx, site_id: i64, employee_id: i64, groups: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "insert into employee_group_member (site_id, employee_group_id, employee_id) select $1, g, $2 from unnest($3::bigint[]) g
         on conflict do nothing returning employee_group_id",
    )
    .bind(site_id)
    .bind(employee_id)
    .bind(groups)
    .fetch_all(&mut **tx)
    .await
}

pub async fn leave_groups(tx: &mut TenantTx, employee_id: i64, groups: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("delete from employee_group_member where employee_id = $1 and employee_group_id = any($2) returning employee_group_id")
        .bind(employee_id)
        .bind(groups)
        .fetch_all(&mut **tx)
        .await
}
