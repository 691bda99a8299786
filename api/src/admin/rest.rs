//! The simple-rest adapter: `sort`, `range` and `filter` query parameters in, a JSON array with `Content-Range` out.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use sqlx::FromRow;

use crate::error::{ApiError, ApiResult};
use crate::openapi::ApiTags;
use crate::state::AppState;

/// Parsed `sort=["field","ASC"]&range=[0,9]&filter={...}`.
#[derive(Debug, Clone, PartialEq)]
pub struct ListQuery {
    pub sort_field: Option<String>,
    pub descending: bool,
    pub offset: i64,
    pub limit: i64,
    pub filter: serde_json::Map<String, serde_json::Value>,
}

pub const MAX_PAGE: i64 = 500;

impl ListQuery {
    pub fn parse(sort: Option<&str>, range: Option<&str>, filter: Option<&str>) -> Result<Self, ApiError> {
        let (sort_field, descending) = match sort {
            Some(s) => {
                let v: (String, String) = serde_json::from_str(s).map_err(|_| ApiError::invalid("sort", "invalid", "sort must look like [\"field\",\"ASC\"]"))?;
                let desc = match v.1.to_ascii_uppercase().as_str() {
                    "ASC" => false,
                    "DESC" => true,
                    _ => return Err(ApiError::invalid("sort", "invalid", "The sort direction must be ASC or DESC.")),
                };
                (Some(v.0), desc)
            }
            None => (None, false),
        };
        let (offset, limit) = match range {
            Some(r) => {
                let v: (i64, i64) = serde_json::from_str(r).map_err(|_| ApiError::invalid("range", "invalid", "range must look like [0,9]"))?;
                if v.0 < 0 || v.1 < v.0 {
                    return Err(ApiError::invalid("range", "invalid", "range must look like [0,9]"));
                }
                (v.0, (v.1 - v.0 + 1).min(MAX_PAGE))
            }
            None => (0, 25),
        };
        let filter = match filter {
            Some(f) if !f.trim().is_empty() => serde_json::from_str(f).map_err(|_| ApiError::invalid("filter", "invalid", "filter must be a JSON object"))?,
            _ => serde_json::Map::new(),
        };
        Ok(Self { sort_field, descending, offset, limit, filter })
    }

    /// The ORDER BY column for the requested field, from the resource's allow-list; anything else is a 400.
    pub fn order_by(&self, allowed: &[(&str, &'static str)], default: &'static str) -> Result<String, ApiError> {
        let column = match &self.sort_field {
            None => default,
            Some(f) => allowed
                .iter()
                .find(|(name, _)| name == f)
                .map(|(_, col)| *col)
                .ok_or_else(|| ApiError::invalid("sort", "invalidSortField", &format!("Sorting by {f} is not supported.")))?,
        };
        Ok(format!("{column} {}", if self.descending { "desc" } else { "asc" }))
    }

    pub fn text(&self, key: &str) -> Option<String> {
        self.filter.get(key).and_then(|v| v.as_str()).map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
    }

    pub fn ids(&self) -> Option<Vec<i64>> {
        self.filter.get("id").and_then(|v| v.as_array()).map(|a| a.iter().filter_map(serde_json::Value::as_i64).collect())
    }

    pub fn content_range(&self, resource: &str, count: usize, total: i64) -> String {
        if count == 0 {
            format!("{resource} */{total}")
        } else {
            format!("{resource} {}-{}/{total}", self.offset, self.offset + count as i64 - 1)
        }
    }
}

#[derive(Object, FromRow, Clone)]
pub struct PermissionRecord {
    pub id: i64,
    pub permission_name: String,
    pub description: String,
}

#[derive(ApiResponse)]
pub enum PermissionList {
    #[oai(status = 200)]
    Ok(Json<Vec<PermissionRecord>>, #[oai(header = "Content-Range")] String),
}

pub struct AdminApi;

const ADMINS: &[&str] = &["FSSConnectAdmin", "UserAdminInternal", "SuperUserAdmin"];

#[guarded]
#[OpenApi(prefix_path = "/admin", tag = "ApiTags::Console")]
impl AdminApi {
    /// List permissions (simple-rest)
    #[requires("FSSConnectAdmin", "UserAdminInternal", "SuperUserAdmin")]
    #[oai(path = "/permissions", method = "get", operation_id = "adminListPermissions")]
    async fn list_permissions(
        &self,
        state: Data<&AppState>,
        sort: Query<Option<String>>,
        range: Query<Option<String>>,
        filter: Query<Option<String>>,
    ) -> ApiResult<PermissionList> {
        let _ = ADMINS;
        let q = ListQuery::parse(sort.0.as_deref(), range.0.as_deref(), filter.0.as_deref())?;
        let order = q.order_by(&[("id", "security_permission_id"), ("permission_name", "permission_name"), ("description", "description")], "permission_name")?;
        let search = q.text("q").map(|s| format!("%{}%", s.replace('%', "\\%").replace('_', "\\_")));
        let ids = q.ids();
        let total: i64 = sqlx::query_scalar(
            "select count(*) from asp.security_permission where ($1::text is null or permission_name ilike $1 or description ilike $1)
             and ($2::bigint[] is null or security_permission_id = any($2))",
        )
        .bind(&search)
        .bind(&ids)
        .fetch_one(&state.pool)
        .await?;
        let rows: Vec<PermissionRecord> = sqlx::query_as(&format!(
            "select security_permission_id as id, permission_name, description from asp.security_permission
             where ($1::text is null or permission_name ilike $1 or description ilike $1)
               and ($2::bigint[] is null or security_permission_id = any($2))
             order by {order} limit $3 offset $4"
        ))
        .bind(&search)
        .bind(&ids)
        .bind(q.limit)
        .bind(q.offset)
        .fetch_all(&state.pool)
        .await?;
        let range = q.content_range("permissions", rows.len(), total);
        Ok(PermissionList::Ok(Json(rows), range))
    }

    /// One permission (simple-rest)
    #[requires("FSSConnectAdmin", "UserAdminInternal", "SuperUserAdmin")]
    #[oai(path = "/permissions/:id", method = "get", operation_id = "adminGetPermission")]
    async fn get_permission(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<PermissionRecord>> {
        let row: Option<PermissionRecord> = sqlx::query_as(
            "select security_permission_id as id, permission_name, description from asp.security_permission where security_permission_id = $1",
        )
        .bind(id.0)
        .fetch_optional(&state.pool)
        .await?;
        row.map(Json).ok_or_else(|| ApiError::not_found("The permission you are trying to find does not exist."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_rest_parameters_are_parsed_and_checked() {
        let q = ListQuery::parse(Some(r#"["permission_name","DESC"]"#), Some("[10,19]"), Some(r#"{"q":"x"}"#)).expect("valid");
        assert_eq!(q.offset, 10);
        assert_eq!(q.limit, 10);
        assert!(q.descending);
        assert_eq!(q.text("q").as_deref(), Some("x"));
        assert!(ListQuery::parse(Some("nonsense"), None, None).is_err());
        assert!(ListQuery::parse(None, Some("[5,1]"), None).is_err());
        assert!(ListQuery::parse(Some(r#"["a","SIDEWAYS"]"#), None, None).is_err());
    }

    #[test]
    fn sort_fields_outside_the_allow_list_are_refused() {
        let q = ListQuery::parse(Some(r#"["id; drop table x","ASC"]"#), None, None).expect("parses");
        assert!(q.order_by(&[("id", "security_permission_id")], "permission_name").is_err());
        let q = ListQuery::parse(Some(r#"["id","DESC"]"#), None, None).expect("parses");
        assert_eq!(q.order_by(&[("id", "security_permission_id")], "permission_name").ok().as_deref(), Some("security_permission_id desc"));
    }

    #[test]
    fn content_range_counts_from_the_offset() {
        let q = ListQuery::parse(None, Some("[0,9]"), None).expect("valid");
        assert_eq!(q.content_range("users", 10, 42), "users 0-9/42");
        assert_eq!(q.content_range("users", 0, 0), "users */0");
    }
}
