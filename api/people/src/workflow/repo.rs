//! SQL of workflow factors and approver groups.

use kernel::listing::{self, Page, Search};
use kernel::num::Factor;
use tenancy::TenantTx;

use super::model::{Approver, ApproverGroup, AssignedRow, WorkflowFactor};

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<WorkflowFactor>, sqlx::Error> {
    sqlx::query_as!(
        WorkflowFactor,
        r#"select f.wfl_employee_workflow_factor_id, f.site_id, f.factor_value as "factor_value: Factor", f.factor_description, f.is_active,
            (select count(*) from employee e where e.wfl_employee_workflow_factor_id = f.wfl_employee_workflow_factor_id) as "assigned_count!",
            f.updated_at
        from wfl_employee_workflow_factor f where f.wfl_employee_workflow_factor_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn of_site(tx: &mut TenantTx, site_id: i64) -> Result<Vec<WorkflowFactor>, sqlx::Error> {
    sqlx::query_as!(
        WorkflowFactor,
        r#"select f.wfl_employee_workflow_factor_id, f.site_id, f.factor_value as "factor_value: Factor", f.factor_description, f.is_active,
            (select count(*) from employee e where e.wfl_employee_workflow_factor_id = f.wfl_employee_workflow_factor_id) as "assigned_count!",
            f.updated_at
        from wfl_employee_workflow_factor f where f.site_id = $1 order by f.factor_value, f.factor_description"#,
        site_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn description_taken(tx: &mut TenantTx, site_id: i64, description: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from wfl_employee_workflow_factor where site_id = $1 and upper(factor_description) = upper($2)
           and wfl_employee_workflow_factor_id is distinct from $3) as "taken!""#,
        site_id,
        description,
        except
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn insert(tx: &mut TenantTx, site_id: i64, value: Factor, description: &str, active: bool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into wfl_employee_workflow_factor (site_id, factor_value, factor_description, is_active) values ($1, $2, $3, $4)
         returning wfl_employee_workflow_factor_id",
        site_id,
        value.value(),
        description,
        active
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update(tx: &mut TenantTx, id: i64, value: Factor, description: &str, active: bool) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update wfl_employee_workflow_factor set factor_value = $2, factor_description = $3, is_active = $4, updated_at = now()
         where wfl_employee_workflow_factor_id = $1",
        id,
        value.value(),
        description,
        active
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Filters of the assignment search, validated (prefixes upper case).
#[derive(Debug, Clone, Default)]
pub struct AssignedFilter {
    pub site_id: i64,
    pub factor_id: i64,
    pub number_prefix: Option<String>,
    pub last_prefix: Option<String>,
    pub first_prefix: Option<String>,
    pub badge_prefix: Option<String>,
    pub is_active: Option<bool>,
    pub employee_id: Option<i64>,
    pub supervisor: Option<bool>,
    pub assigned: Option<bool>,
    /// Only employees with this email (case-insensitive).
    pub email: Option<String>,
}

pub async fn assigned_search(tx: &mut TenantTx, f: &AssignedFilter, page: &Page) -> Result<(Vec<AssignedRow>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select e.employee_id, e.site_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.is_active, e.supervisor,
                e.wfl_employee_workflow_factor_id, f.factor_description, f.factor_value, ",
    );
    s.push("coalesce(e.wfl_employee_workflow_factor_id = ").push_bind(f.factor_id).push(
        ", false) as assigned
         from employee e left join wfl_employee_workflow_factor f on f.wfl_employee_workflow_factor_id = e.wfl_employee_workflow_factor_id",
    );
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
    if let Some(v) = f.is_active {
        s.and_bind("e.is_active = ", v);
    }
    if let Some(v) = f.employee_id {
        s.and_bind("e.employee_id = ", v);
    }
    if let Some(v) = f.supervisor {
        s.and_bind("e.supervisor = ", v);
    }
    if let Some(v) = f.assigned {
        s.and_bind("coalesce(e.wfl_employee_workflow_factor_id = ", f.factor_id).push(", false) = ").push_bind(v);
    }
    if let Some(v) = &f.email {
        s.and_bind("lower(e.email) = lower(", v.clone()).push(")");
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// (employee_id, factor before) of the listed employees of `site_id`.
pub async fn factors_of(tx: &mut TenantTx, site_id: i64, ids: &[i64]) -> Result<Vec<(i64, Option<i64>)>, sqlx::Error> {
    let rows = sqlx::query!("select employee_id, wfl_employee_workflow_factor_id from employee where site_id = $1 and employee_id = any($2)", site_id, ids)
        .fetch_all(&mut **tx)
        .await?;
    Ok(rows.into_iter().map(|r| (r.employee_id, r.wfl_employee_workflow_factor_id)).collect())
}

pub async fn set_factor(tx: &mut TenantTx, employee_id: i64, factor: Option<i64>) -> Result<(), sqlx::Error> {
    sqlx::query!("update employee set wfl_employee_workflow_factor_id = $2, updated_at = now() where employee_id = $1", employee_id, factor)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A site's approver groups (of one workflow type, active only, when `type_workflow_id` is given), each with how
/// many active employees of the site qualify.
pub async fn approver_groups(tx: &mut TenantTx, site_id: i64, type_workflow_id: Option<i32>) -> Result<Vec<ApproverGroup>, sqlx::Error> {
    sqlx::query_as!(
        ApproverGroup,
        r#"select g.approver_group_id, g.site_id, g.description, g.type_workflow_id, g.min_factor_value as "min_factor_value: Factor", g.is_active,
            (select count(*) from employee e join wfl_employee_workflow_factor f on f.wfl_employee_workflow_factor_id = e.wfl_employee_workflow_factor_id
              where e.site_id = g.site_id and e.is_active and f.is_active and f.factor_value >= g.min_factor_value) as "approver_count!"
        from approver_group g where g.site_id = $1 and ($2::int is null or (g.type_workflow_id = $2 and g.is_active))
        order by g.type_workflow_id, g.min_factor_value, g.description"#,
        site_id,
        type_workflow_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// The active groups of the employee's site that the employee's active factor qualifies for.
pub async fn approver_groups_of(tx: &mut TenantTx, employee_id: i64) -> Result<Vec<ApproverGroup>, sqlx::Error> {
    sqlx::query_as!(
        ApproverGroup,
        r#"select g.approver_group_id, g.site_id, g.description, g.type_workflow_id, g.min_factor_value as "min_factor_value: Factor", g.is_active,
            (select count(*) from employee x join wfl_employee_workflow_factor y on y.wfl_employee_workflow_factor_id = x.wfl_employee_workflow_factor_id
              where x.site_id = g.site_id and x.is_active and y.is_active and y.factor_value >= g.min_factor_value) as "approver_count!"
        from approver_group g
        join employee e on e.site_id = g.site_id and e.employee_id = $1 and e.is_active
        join wfl_employee_workflow_factor f on f.wfl_employee_workflow_factor_id = e.wfl_employee_workflow_factor_id and f.is_active
        where g.is_active and f.factor_value >= g.min_factor_value
        order by g.type_workflow_id, g.min_factor_value, g.description"#,
        employee_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// The approvers of the listed groups.
pub async fn approvers(tx: &mut TenantTx, group_ids: &[i64]) -> Result<Vec<Approver>, sqlx::Error> {
    sqlx::query_as!(
        Approver,
        r#"select g.approver_group_id, e.employee_id, e.employee_number, e.last_name, e.first_name, f.factor_value as "factor_value: Factor"
         from approver_group g
         join employee e on e.site_id = g.site_id and e.is_active
         join wfl_employee_workflow_factor f on f.wfl_employee_workflow_factor_id = e.wfl_employee_workflow_factor_id and f.is_active
         where g.approver_group_id = any($1) and f.factor_value >= g.min_factor_value
         order by g.approver_group_id, f.factor_value desc, e.last_name, e.first_name"#,
        group_ids
    )
    .fetch_all(&mut **tx)
    .await
}
