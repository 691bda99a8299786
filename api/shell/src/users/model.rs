//! Wire types of the user summary.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Object, FromRow)]
pub struct UserSummary {
    pub asp_users_id: i64,
    pub user_id: String,
    pub fname: String,
    pub lname: String,
    pub email: Option<String>,
    pub fss_employee: bool,
}
