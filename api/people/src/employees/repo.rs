//! SQL of the employee resource. Functions take the tenant transaction, so they cannot run without a granted scope.

use tenancy::TenantTx;

use super::model::Employee;

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<Employee>, sqlx::Error> {
    sqlx::query_as!(
        Employee,
        r#"select e.employee_id, e.site_id, s.site_code as "site_code?", e.employee_number, e.last_name, e.first_name, e.badge_number, e.email,
        e.phone, e.company, e.customer_employee_num, e.supervisor, e.supervisor_id, e.is_active, e.is_suspended, e.suspension_date
        from employee e left join asp.site s on s.site_id = e.site_id where e.employee_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}
