//! Wire types of the developer help resource.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Debug, Clone, Object, FromRow)]
pub struct DeveloperHelp {
    pub help_id: i64,
    pub help_name: String,
    pub database_field: String,
    pub description: String,
}
