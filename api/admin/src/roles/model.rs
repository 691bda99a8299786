//! Wire types of the roles resource.

use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::SortSpec;

/// Sortable fields (API name, output column of the search).
pub const SORT: SortSpec =
    SortSpec { fields: &[("id", "id"), ("role_name", "role_name"), ("description", "description")], default_field: "role_name", default_descending: false };

#[derive(Debug, Clone, Object, Serialize)]
pub struct RoleRecord {
    /// security_role_id
    pub id: i64,
    pub role_name: String,
    pub description: String,
    pub permission_ids: Vec<i64>,
}

/// One `asp.security_role` row (its permissions are read separately).
#[derive(Debug, FromRow)]
pub struct RoleRow {
    pub id: i64,
    pub role_name: String,
    pub description: String,
}

/// A role as written by the console; absent fields keep their value on update. `permission_ids`, when present,
/// replaces the role's permissions.
#[derive(Debug, Clone, Default, Object)]
pub struct RoleInput {
    #[oai(validator(max_length = 100))]
    pub role_name: Option<String>,
    #[oai(validator(max_length = 1000))]
    pub description: Option<String>,
    pub permission_ids: Option<Vec<i64>>,
}

/// Roles have no filters beyond `q` and `ids`.
#[derive(Debug, Clone, Default)]
pub struct RoleFilters;
