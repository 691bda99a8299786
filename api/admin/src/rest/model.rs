//! Wire types of the simple-rest adapter: the parsed list parameters and the list answers.

use poem_openapi::payload::Json;
use poem_openapi::ApiResponse;

use kernel::error::ApiError;
use kernel::listing::{Criteria, Page, SortSpec};

use crate::permissions::model::PermissionRecord;
use crate::roles::model::RoleRecord;
use crate::sites::model::{SiteFilters, SiteRecord};
use crate::users::model::{UserFilters, UserRecord};

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

    pub fn text(&self, key: &str) -> Option<String> {
        self.filter.get(key).and_then(|v| v.as_str()).map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
    }

    pub fn ids(&self) -> Option<Vec<i64>> {
        match self.filter.get("id")? {
            serde_json::Value::Array(a) => Some(a.iter().filter_map(serde_json::Value::as_i64).collect()),
            v => v.as_i64().map(|id| vec![id]),
        }
    }

    pub fn content_range(&self, resource: &str, count: usize, total: i64) -> String {
        if count == 0 {
            format!("{resource} */{total}")
        } else {
            format!("{resource} {}-{}/{total}", self.offset, self.offset + count as i64 - 1)
        }
    }

    /// The adapter-neutral search for one resource: sort column from the resource's allow-list (anything else is a
    /// 400 on `sort`), `q`, `id`, range; simple-rest lists are not capped.
    pub fn criteria<F>(&self, spec: &SortSpec, filters: F) -> Result<Criteria<F>, ApiError> {
        let sort = spec.column(self.sort_field.as_deref(), "sort")?;
        let page = Page { offset: self.offset, limit: self.limit, sort, descending: self.descending, cap: None };
        Ok(Criteria { q: self.text("q"), ids: self.ids(), page, filters })
    }
}

/// react-admin filters beyond `q` and `id`, read with a type check: a wrong type is a 400, not a silent no-filter.
impl ListQuery {
    pub fn flag(&self, key: &str) -> Result<Option<bool>, ApiError> {
        match self.filter.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(ApiError::invalid("filter", "invalid", &format!("The filter {key} must be true or false."))),
        }
    }

    pub fn number(&self, key: &str) -> Result<Option<i64>, ApiError> {
        match self.filter.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(v) => v
                .as_i64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                .map(Some)
                .ok_or_else(|| ApiError::invalid("filter", "invalid", &format!("The filter {key} must be a number."))),
        }
    }

    /// The users filters: `user_id` (or `username`), `fname`, `lname`, `email`, `is_active`, `fss_employee`,
    /// `customer_portal_user`, `site_code`, `site_id`.
    pub fn user_filters(&self) -> Result<UserFilters, ApiError> {
        Ok(UserFilters {
            username: self.text("user_id").or_else(|| self.text("username")),
            fname: self.text("fname"),
            lname: self.text("lname"),
            email: self.text("email"),
            is_active: self.flag("is_active")?,
            is_employee: self.flag("fss_employee")?,
            is_customer_portal_user: self.flag("customer_portal_user")?,
            has_access_to_site_code: self.text("site_code"),
            has_access_to_site_id: self.number("site_id")?,
        })
    }

    /// The sites filters: `client_id`, `is_active`.
    pub fn site_filters(&self) -> Result<SiteFilters, ApiError> {
        Ok(SiteFilters { client_id: self.number("client_id")?, is_active: self.flag("is_active")? })
    }
}

#[derive(ApiResponse)]
pub enum UserList {
    #[oai(status = 200)]
    Ok(Json<Vec<UserRecord>>, #[oai(header = "Content-Range")] String),
}

#[derive(ApiResponse)]
pub enum RoleList {
    #[oai(status = 200)]
    Ok(Json<Vec<RoleRecord>>, #[oai(header = "Content-Range")] String),
}

#[derive(ApiResponse)]
pub enum PermissionList {
    #[oai(status = 200)]
    Ok(Json<Vec<PermissionRecord>>, #[oai(header = "Content-Range")] String),
}

#[derive(ApiResponse)]
pub enum SiteList {
    #[oai(status = 200)]
    Ok(Json<Vec<SiteRecord>>, #[oai(header = "Content-Range")] String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::permissions::model::{PermissionFilters, SORT as PERMISSIONS};

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
        match q.criteria(&PERMISSIONS, PermissionFilters) {
            Err(ApiError::BadRequest(b)) => assert_eq!((b.0.errors[0].field.as_str(), b.0.errors[0].error_type.as_str()), ("sort", "invalidSortField")),
            other => panic!("expected a 400, got {other:?}"),
        }
        let q = ListQuery::parse(Some(r#"["id","DESC"]"#), Some("[20,29]"), Some(r#"{"id":[3,4],"q":" x "}"#)).expect("parses");
        let c = q.criteria(&PERMISSIONS, PermissionFilters).expect("valid");
        assert_eq!(c.page, Page { offset: 20, limit: 10, sort: "id", descending: true, cap: None });
        assert_eq!((c.q.as_deref(), c.ids), (Some("x"), Some(vec![3, 4])));
        let c = ListQuery::parse(None, None, None).expect("parses").criteria(&PERMISSIONS, PermissionFilters).expect("valid");
        assert_eq!((c.page.sort, c.page.descending, c.page.limit), ("permission_name", false, 25));
    }

    #[test]
    fn typed_filters_refuse_the_wrong_type() {
        let q = ListQuery::parse(None, None, Some(r#"{"is_active":"yes"}"#)).expect("parses");
        assert!(q.user_filters().is_err());
        let q = ListQuery::parse(None, None, Some(r#"{"client_id":"7","is_active":false,"user_id":"bu"}"#)).expect("parses");
        let s = q.site_filters().expect("valid");
        assert_eq!((s.client_id, s.is_active), (Some(7), Some(false)));
        assert_eq!(q.user_filters().expect("valid").username.as_deref(), Some("bu"));
    }

    #[test]
    fn content_range_counts_from_the_offset() {
        let q = ListQuery::parse(None, Some("[0,9]"), None).expect("valid");
        assert_eq!(q.content_range("users", 10, 42), "users 0-9/42");
        assert_eq!(q.content_range("users", 0, 0), "users */0");
    }
}
