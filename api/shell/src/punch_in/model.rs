//! Wire types of punch-in locations.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Object, FromRow)]
pub struct PunchinLocation {
    pub customer_punchin_location_id: i64,
    pub business_unit: String,
    pub state: String,
    pub city: String,
    pub map_to_site_id: i64,
    pub map_to_site_code: String,
}

#[derive(Object)]
pub struct PunchinSelect {
    pub customer_punchin_location_id: i64,
    pub site_id: i64,
}
