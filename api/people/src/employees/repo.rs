//! SQL of the employee resource. Functions take the tenant transaction, so they cannot run without a granted scope.

use kernel::listing::{self, Page, Search};
use kernel::num::{Factor, Money, Quantity};
use tenancy::TenantTx;

use super::model::{Employee, EmployeeGroupMembership, EmployeeMin, EmployeeValues, EmployeeWorkflowFactor, ItemLimit, SupervisorRow};

/// The employees `ids` in full, in the order of `ids` (one statement for every read of whole employees: by id, by
/// number, and the search's page).
pub async fn find_many(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<Employee>, sqlx::Error> {
    sqlx::query_as!(
        Employee,
        r#"select e.employee_id, e.site_id, s.site_code as "site_code?", e.employee_number, e.last_name, e.first_name, e.badge_number,
            (e.pin_hash is not null) as "has_pin!", e.is_active, e.begin_time, e.end_time, e.supervisor, e.supervisor_id,
            case when sup.employee_id is not null then sup.last_name || ', ' || sup.first_name end as supervisor_name,
            e.track1, e.track2, e.track3, e.track4, e.is_suspended, e.suspension_date, e.suspension_reason_id,
            e.can_adjust, e.can_receive, e.can_change_location, e.can_return, e.spot_buy, e.add_request, e.change_request,
            e.can_override_buddy, e.can_override_asset_return_restricted, e.tool_touch_admin, e.can_calibrate_assets,
            e.can_adjust_consigned, e.email, e.phone, e.labor_cost as "labor_cost: Money", e.comments, e.company,
            e.wfl_employee_workflow_factor_id, f.factor_value as "factor_value?: Factor", e.customer_employee_num,
            e.deactivated_at, e.updated_at
        from employee e
            left join asp.site s on s.site_id = e.site_id
            left join employee sup on sup.employee_id = e.supervisor_id
            left join wfl_employee_workflow_factor f on f.wfl_employee_workflow_factor_id = e.wfl_employee_workflow_factor_id
        where e.employee_id = any($1)
        order by array_position($1, e.employee_id)"#,
        ids
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<Employee>, sqlx::Error> {
    Ok(find_many(tx, &[id]).await?.pop())
}

/// The employee whose number is `number` (case-insensitive) at `site_id`.
pub async fn find_by_number(tx: &mut TenantTx, site_id: i64, number: &str) -> Result<Option<Employee>, sqlx::Error> {
    let id = sqlx::query_scalar!("select employee_id from employee where site_id = $1 and employee_number_key = upper($2)", site_id, number)
        .fetch_optional(&mut **tx)
        .await?;
    match id {
        Some(id) => find(tx, id).await,
        None => Ok(None),
    }
}

/// The site of employee `id` when that site is no longer active and `user_id` was given access to it
/// (migrations/tenant/0010).
pub async fn inactive_site_of(tx: &mut TenantTx, id: i64, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select employee_inactive_site($1, $2)", id, user_id).fetch_one(&mut **tx).await
}

/// Employees of a site in the fewest fields, by number (at most `limit`).
pub async fn of_site(tx: &mut TenantTx, site_id: i64, active_only: bool, limit: i64) -> Result<Vec<EmployeeMin>, sqlx::Error> {
    sqlx::query_as!(
        EmployeeMin,
        "select e.employee_id, e.site_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.is_active, e.is_suspended, e.supervisor
         from employee e where e.site_id = $1 and (e.is_active or not $2) order by e.employee_number limit $3",
        site_id,
        active_only,
        limit
    )
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

/// The filter's conditions on `employee e`.
fn conditions(s: &mut Search<'_>, f: &SearchFilter) {
    s.and_bind("e.site_id = ", f.site_id);
    if let Some(v) = &f.number_prefix {
        s.and_bind("starts_with(e.employee_number_key, ", v.clone()).push(")");
    }
    if let Some(v) = &f.last_prefix {
        s.and_bind("starts_with(e.last_name_key, ", v.clone()).push(")");
    }
    if let Some(v) = &f.first_prefix {
        s.and_bind("starts_with(upper(e.first_name), ", v.clone()).push(")");
    }
    if let Some(v) = &f.badge_prefix {
        s.and_bind("starts_with(e.badge_key, ", v.clone()).push(")");
    }
    if let Some(v) = &f.text {
        s.and_bind(
            "concat_ws(' ', e.employee_number, e.badge_number, e.last_name, e.first_name, e.email, e.company, e.customer_employee_num) ilike ",
            v.clone(),
        );
    }
    if let Some(v) = f.is_active {
        s.and_bind("e.is_active = ", v);
    }
    if let Some(v) = f.is_suspended {
        s.and_bind("e.is_suspended = ", v);
    }
    if let Some(v) = f.supervisor {
        s.and_bind("e.supervisor = ", v);
    }
    if let Some(v) = f.supervisor_id {
        s.and_bind("e.supervisor_id = ", v);
    }
    if let Some(v) = f.factor_id {
        s.and_bind("e.wfl_employee_workflow_factor_id = ", v);
    }
    if let Some(v) = &f.company {
        s.and_bind("e.company ilike ", v.clone());
    }
    if let Some(v) = &f.ids {
        s.and_bind("e.employee_id = any(", v.clone()).push(")");
    }
    if let Some(v) = &f.email {
        s.and_bind("lower(e.email) = lower(", v.clone()).push(")");
    }
}

/// One page of the search: the matching employees (sorted and counted on the employee's own columns, every sort
/// field of the search), then those of the page in full.
pub async fn search(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<Employee>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select e.employee_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.is_active, e.is_suspended, e.supervisor,
                e.company, e.updated_at
         from employee e",
    );
    conditions(&mut s, f);
    let (keys, total) = listing::fetch_built_page::<(i64,)>(tx, s.into_builder(), page).await?;
    let ids: Vec<i64> = keys.into_iter().map(|(id,)| id).collect();
    Ok((find_many(tx, &ids).await?, total))
}

/// The supervisors among the search's employees, with how many employees name each.
pub async fn supervisors(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<SupervisorRow>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select e.employee_id, e.site_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.email, e.is_active,
                (select count(*) from employee x where x.supervisor_id = e.employee_id) as supervised_count
         from employee e",
    );
    s.and().push("e.supervisor");
    conditions(&mut s, f);
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// Up to `limit` employees of the site whose number, badge, last or first name starts with `prefix` (upper case).
pub async fn quick(tx: &mut TenantTx, site_id: i64, prefix: &str, active_only: bool, limit: i64) -> Result<Vec<EmployeeMin>, sqlx::Error> {
    sqlx::query_as!(
        EmployeeMin,
        "select e.employee_id, e.site_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.is_active, e.is_suspended, e.supervisor
         from employee e
         where e.site_id = $1 and (e.is_active or not $3)
           and (starts_with(e.employee_number_key, $2) or starts_with(e.badge_key, $2) or starts_with(e.last_name_key, $2)
                or starts_with(upper(e.first_name), $2))
         order by (e.employee_number_key = $2 or e.badge_key = $2) desc, e.last_name_key, e.first_name, e.employee_number
         limit $4",
        site_id,
        prefix,
        active_only,
        limit
    )
    .fetch_all(&mut **tx)
    .await
}

/// Another employee of the site already uses this number (case-insensitive).
pub async fn number_taken(tx: &mut TenantTx, site_id: i64, number: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from employee where site_id = $1 and employee_number_key = upper($2) and employee_id is distinct from $3) as "taken!""#,
        site_id,
        number,
        except
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn badge_taken(tx: &mut TenantTx, site_id: i64, badge: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from employee where site_id = $1 and badge_key = upper($2) and employee_id is distinct from $3) as "taken!""#,
        site_id,
        badge,
        except
    )
    .fetch_one(&mut **tx)
    .await
}

/// (site_id, supervisor flag, is_active) of an employee.
pub async fn supervisor_info(tx: &mut TenantTx, id: i64) -> Result<Option<(i64, bool, bool)>, sqlx::Error> {
    let row = sqlx::query!("select site_id, supervisor, is_active from employee where employee_id = $1", id).fetch_optional(&mut **tx).await?;
    Ok(row.map(|r| (r.site_id, r.supervisor, r.is_active)))
}

/// Is `employee` in the chain of supervisors above `supervisor`? (Then `supervisor` reports to `employee`, and
/// naming them the employee's supervisor would make a circle.)
pub async fn supervises_indirectly(tx: &mut TenantTx, employee: i64, supervisor: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"with recursive chain(id, depth) as (
             select supervisor_id, 1 from employee where employee_id = $2
             union all
             select e.supervisor_id, c.depth + 1 from employee e join chain c on e.employee_id = c.id where c.depth < 50)
         select exists(select 1 from chain where id = $1) as "found!""#,
        employee,
        supervisor
    )
    .fetch_one(&mut **tx)
    .await
}

/// The tracking level of a tracking code at a site.
pub async fn tracking_level_of(tx: &mut TenantTx, site_id: i64, tracking_code_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select tracking_level_id from tracking_code where tracking_code_id = $1 and site_id = $2", tracking_code_id, site_id)
        .fetch_optional(&mut **tx)
        .await
}

pub async fn factor_exists(tx: &mut TenantTx, site_id: i64, factor_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from wfl_employee_workflow_factor where wfl_employee_workflow_factor_id = $1 and site_id = $2) as "found!""#,
        factor_id,
        site_id
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn insert(tx: &mut TenantTx, site_id: i64, v: &EmployeeValues, pin_hash: Option<&str>) -> Result<i64, sqlx::Error> {
    let [t1, t2, t3, t4] = v.track;
    let [f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12] = v.flags;
    sqlx::query_scalar!(
        "insert into employee (site_id, employee_number, last_name, first_name, badge_number, is_active, begin_time, end_time, supervisor,
             supervisor_id, track1, track2, track3, track4, is_suspended, suspension_date, suspension_reason_id, can_adjust,
             can_receive, can_change_location, can_return, spot_buy, add_request, change_request, can_override_buddy,
             can_override_asset_return_restricted, tool_touch_admin, can_calibrate_assets, can_adjust_consigned, email, phone,
             labor_cost, comments, company, customer_employee_num, wfl_employee_workflow_factor_id, pin_hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,
             $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37)
         returning employee_id",
        site_id,
        v.employee_number,
        v.last_name,
        v.first_name,
        v.badge_number,
        v.is_active,
        v.begin_time,
        v.end_time,
        v.supervisor,
        v.supervisor_id,
        t1,
        t2,
        t3,
        t4,
        v.is_suspended,
        v.suspension_date,
        v.suspension_reason_id,
        f1,
        f2,
        f3,
        f4,
        f5,
        f6,
        f7,
        f8,
        f9,
        f10,
        f11,
        f12,
        v.email,
        v.phone,
        v.labor_cost.map(Money::value),
        v.comments,
        v.company,
        v.customer_employee_num,
        v.wfl_employee_workflow_factor_id,
        pin_hash
    )
    .fetch_one(&mut **tx)
    .await
}

/// Replaces the employee's values; an inactive employee keeps (or gets) the moment of deactivation, an active one
/// loses it.
pub async fn update(tx: &mut TenantTx, id: i64, v: &EmployeeValues, clear_pin: bool) -> Result<(), sqlx::Error> {
    let [t1, t2, t3, t4] = v.track;
    let [f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12] = v.flags;
    sqlx::query!(
        "update employee set employee_number = $2, last_name = $3, first_name = $4, badge_number = $5, is_active = $6, begin_time = $7,
             end_time = $8, supervisor = $9, supervisor_id = $10, track1 = $11, track2 = $12, track3 = $13, track4 = $14,
             is_suspended = $15, suspension_date = $16, suspension_reason_id = $17, can_adjust = $18, can_receive = $19,
             can_change_location = $20, can_return = $21, spot_buy = $22, add_request = $23, change_request = $24,
             can_override_buddy = $25, can_override_asset_return_restricted = $26, tool_touch_admin = $27,
             can_calibrate_assets = $28, can_adjust_consigned = $29, email = $30, phone = $31, labor_cost = $32, comments = $33,
             company = $34, customer_employee_num = $35, wfl_employee_workflow_factor_id = $36,
             pin_hash = case when $37 then null else pin_hash end,
             deactivated_at = case when $6 then null else coalesce(deactivated_at, now()) end, updated_at = now()
         where employee_id = $1",
        id,
        v.employee_number,
        v.last_name,
        v.first_name,
        v.badge_number,
        v.is_active,
        v.begin_time,
        v.end_time,
        v.supervisor,
        v.supervisor_id,
        t1,
        t2,
        t3,
        t4,
        v.is_suspended,
        v.suspension_date,
        v.suspension_reason_id,
        f1,
        f2,
        f3,
        f4,
        f5,
        f6,
        f7,
        f8,
        f9,
        f10,
        f11,
        f12,
        v.email,
        v.phone,
        v.labor_cost.map(Money::value),
        v.comments,
        v.company,
        v.customer_employee_num,
        v.wfl_employee_workflow_factor_id,
        clear_pin
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn set_pin(tx: &mut TenantTx, id: i64, pin_hash: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query!("update employee set pin_hash = $2, updated_at = now() where employee_id = $1", id, pin_hash).execute(&mut **tx).await?;
    Ok(())
}

pub async fn deactivate(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update employee set is_active = false, deactivated_at = coalesce(deactivated_at, now()), updated_at = now() where employee_id = $1", id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Sets the supervisor of the listed employees (of `site_id`); answers the ids changed.
pub async fn set_supervisor(tx: &mut TenantTx, site_id: i64, ids: &[i64], supervisor_id: Option<i64>) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "update employee set supervisor_id = $3, updated_at = now()
         where site_id = $1 and employee_id = any($2) and supervisor_id is distinct from $3 returning employee_id",
        site_id,
        ids,
        supervisor_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// Which of `ids` are employees of `site_id`.
pub async fn existing_ids(tx: &mut TenantTx, site_id: i64, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select employee_id from employee where site_id = $1 and employee_id = any($2)", site_id, ids).fetch_all(&mut **tx).await
}

pub async fn supervised_by(tx: &mut TenantTx, supervisor_id: i64) -> Result<Vec<EmployeeMin>, sqlx::Error> {
    sqlx::query_as!(
        EmployeeMin,
        "select e.employee_id, e.site_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.is_active, e.is_suspended, e.supervisor
         from employee e where e.supervisor_id = $1 order by e.last_name, e.first_name",
        supervisor_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn item_limits(tx: &mut TenantTx, employee_id: i64) -> Result<Vec<ItemLimit>, sqlx::Error> {
    sqlx::query_as!(
        ItemLimit,
        r#"select l.employee_item_limit_id, l.employee_id, l.cid_no, c.cust_item_code as "cust_item_code?", c.cust_desc1,
                (array['day', 'week', 'month', 'year'])[l.period] as "period!", l.quantity as "quantity: Quantity"
         from employee_item_limit l join cid c on c.cid_no = l.cid_no
         where l.employee_id = $1
         order by c.cust_item_code, l.period, l.employee_item_limit_id"#,
        employee_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// The CID's site, when the CID exists at all (in this client schema and visible).
pub async fn cid_site(tx: &mut TenantTx, cid_no: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("select site_id from cid where cid_no = $1", cid_no).fetch_optional(&mut **tx).await
}

/// Locks the employee's row: item limit changes of one employee run one at a time (one limit per CID and period).
pub async fn lock_employee(tx: &mut TenantTx, employee_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("select 1 as one from employee where employee_id = $1 for update", employee_id).fetch_optional(&mut **tx).await?;
    Ok(())
}

/// Sets the employee's limit of `cid_no` for `period` (1 day ... 4 year), replacing any.
pub async fn upsert_item_limit(tx: &mut TenantTx, site_id: i64, employee_id: i64, cid_no: i64, period: i16, quantity: Quantity) -> Result<(), sqlx::Error> {
    delete_item_limit(tx, employee_id, cid_no, period).await?;
    sqlx::query!(
        "insert into employee_item_limit (site_id, employee_id, cid_no, period, quantity) values ($1, $2, $3, $4, $5)",
        site_id,
        employee_id,
        cid_no,
        period,
        quantity.value()
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn delete_item_limit(tx: &mut TenantTx, employee_id: i64, cid_no: i64, period: i16) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("delete from employee_item_limit where employee_id = $1 and cid_no = $2 and period = $3", employee_id, cid_no, period)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

pub async fn workflow_factor(tx: &mut TenantTx, employee_id: i64) -> Result<Option<EmployeeWorkflowFactor>, sqlx::Error> {
    sqlx::query_as!(
        EmployeeWorkflowFactor,
        r#"select e.employee_id, e.site_id, e.wfl_employee_workflow_factor_id, f.factor_value as "factor_value?: Factor",
                f.factor_description as "factor_description?", f.is_active as "is_active?"
         from employee e left join wfl_employee_workflow_factor f on f.wfl_employee_workflow_factor_id = e.wfl_employee_workflow_factor_id
         where e.employee_id = $1"#,
        employee_id
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The application user's email (for the searches by `user_id`): None when there is no such user, `Some(None)` for a
/// user without one.
pub async fn user_email(tx: &mut TenantTx, user_id: i64) -> Result<Option<Option<String>>, sqlx::Error> {
    sqlx::query_scalar!("select email from asp.asp_users where asp_users_id = $1", user_id).fetch_optional(&mut **tx).await
}

/// The groups of `site_id` with whether `employee_id` belongs to each.
pub async fn group_memberships(tx: &mut TenantTx, site_id: i64, employee_id: i64) -> Result<Vec<EmployeeGroupMembership>, sqlx::Error> {
    sqlx::query_as!(
        EmployeeGroupMembership,
        r#"select g.employee_group_id, g.description, g.group_type, g.default_group,
                exists(select 1 from employee_group_member m where m.employee_group_id = g.employee_group_id and m.employee_id = $2) as "in_group!"
         from employee_group g where g.site_id = $1 order by g.description"#,
        site_id,
        employee_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn join_groups(tx: &mut TenantTx, site_id: i64, employee_id: i64, groups: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into employee_group_member (site_id, employee_group_id, employee_id) select $1, g, $2 from unnest($3::bigint[]) g
         on conflict do nothing returning employee_group_id",
        site_id,
        employee_id,
        groups
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn leave_groups(tx: &mut TenantTx, employee_id: i64, groups: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "delete from employee_group_member where employee_id = $1 and employee_group_id = any($2) returning employee_group_id",
        employee_id,
        groups
    )
    .fetch_all(&mut **tx)
    .await
}
