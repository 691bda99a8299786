//! Wire types of the employee resource.

use chrono::NaiveDate;
use poem_openapi::Object;
use sqlx::FromRow;

/// Employee (the people who draw items, not application users).
#[derive(Object, FromRow, Clone, Debug)]
pub struct Employee {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    pub site_code: Option<String>,
    #[oai(rename = "employeeNumber")]
    pub employee_number: String,
    #[oai(rename = "lastName")]
    pub last_name: String,
    #[oai(rename = "firstName")]
    pub first_name: String,
    #[oai(rename = "badgeNumber")]
    pub badge_number: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub company: Option<String>,
    #[oai(rename = "customerEmployeeNum")]
    pub customer_employee_num: Option<String>,
    pub supervisor: bool,
    pub supervisor_id: Option<i64>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
    #[oai(rename = "suspensionDate")]
    pub suspension_date: Option<NaiveDate>,
}

impl kernel::records::SiteRecord for Employee {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}
