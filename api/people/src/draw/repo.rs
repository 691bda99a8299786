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
}

/// The site's employee whose number or badge is `key` (number first).
pub async fn find_by_number_or_badge(tx: &mut TenantTx, key: &str) -> Result<Option<DrawerRow>, sqlx::Error> {
    sqlx::query_as::<_, DrawerRow>(
        "select employee_id, employee_number, last_name, first_name, is_active, is_suspended
         from employee where employee_number = $1 or badge_number = $1
         order by (employee_number = $1) desc limit 1",
    )
    .bind(key)
    .fetch_optional(&mut **tx)
    .await
}
