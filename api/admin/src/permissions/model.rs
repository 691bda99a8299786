//! Wire types of the permissions resource.

use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::SortSpec;

/// Sortable fields (API name, output column of the search).
pub const SORT: SortSpec = SortSpec {
    fields: &[("id", "id"), ("permission_name", "permission_name"), ("description", "description")],
    default_field: "permission_name",
    default_descending: false,
};

#[derive(Debug, Clone, Object, Serialize, FromRow)]
pub struct PermissionRecord {
    /// security_permission_id
    pub id: i64,
    pub permission_name: String,
    pub description: String,
}

/// A permission as written by the console; absent fields keep their value on update. `id` is read on create only
/// (the next free id from 10000 when absent).
#[derive(Debug, Clone, Default, Object)]
pub struct PermissionInput {
    pub id: Option<i64>,
    #[oai(validator(max_length = 100))]
    pub permission_name: Option<String>,
    #[oai(validator(max_length = 1000))]
    pub description: Option<String>,
}

/// Permissions have no filters beyond `q` and `ids`.
#[derive(Debug, Clone, Default)]
pub struct PermissionFilters;
