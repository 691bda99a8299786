//! Wire types of the training link resource.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Debug, Clone, Object, FromRow)]
pub struct TrainingLink {
    pub training_link_id: i64,
    pub category: String,
    pub link_address: String,
    pub description: String,
}
