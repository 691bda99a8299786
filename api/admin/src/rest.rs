//! The simple-rest adapter: `sort`, `range` and `filter` query parameters in, a JSON array with `Content-Range` out.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use kernel::access::Caller;
use kernel::criteria::{Criteria, SortFields};
use crate::permissions::{self, PermissionFilters, PermissionInput, PermissionRecord};
use crate::roles::{self, RoleFilters, RoleInput, RoleRecord};
use crate::sites::{self, SiteFilters, SiteInput, SiteRecord};
use crate::users::{self, UserFilters, UserInput, UserRecord};
use kernel::error::{ApiError, ApiResult};
use kernel::ApiTags;
use kernel::state::AppState;

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

    /// The adapter-neutral search for one resource: sort field from `allowed`, `q`, `id`, range.
    pub fn criteria<F>(&self, allowed: SortFields, default: &'static str, filters: F) -> Result<Criteria<F>, ApiError> {
        let sort = Criteria::<F>::sort_from(allowed, self.sort_field.as_deref(), default, "sort")?;
        Ok(Criteria { q: self.text("q"), ids: self.ids(), sort, descending: self.descending, offset: self.offset, limit: self.limit, cap: None, filters })
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

fn parse(sort: &Query<Option<String>>, range: &Query<Option<String>>, filter: &Query<Option<String>>) -> Result<ListQuery, ApiError> {
    ListQuery::parse(sort.0.as_deref(), range.0.as_deref(), filter.0.as_deref())
}

pub struct AdminApi;

/// Who may use the console resources (the `#[requires]` lines below must list the same).
pub const ADMINS: &[&str] = &["FSSConnectAdmin", "UserAdminInternal", "SuperUserAdmin"];

#[guarded]
#[OpenApi(prefix_path = "/admin", tag = "ApiTags::Console")]
impl AdminApi {
    // ---------------------------------------------------------------- users

    /// List users (simple-rest)
    ///
    /// Filters: `q` (sign-in name, names, email), `id` (list), `user_id`, `fname`, `lname`, `email`, `is_active`,
    /// `fss_employee`, `customer_portal_user`, `site_id`, `site_code` (users with access to that site).
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin)]
    #[oai(path = "/users", method = "get", operation_id = "adminListUsers")]
    async fn list_users(
        &self,
        state: Data<&AppState>,
        sort: Query<Option<String>>,
        range: Query<Option<String>>,
        filter: Query<Option<String>>,
    ) -> ApiResult<UserList> {
        let q = parse(&sort, &range, &filter)?;
        let filters = UserFilters {
            username: q.text("user_id").or_else(|| q.text("username")),
            fname: q.text("fname"),
            lname: q.text("lname"),
            email: q.text("email"),
            is_active: q.flag("is_active")?,
            is_employee: q.flag("fss_employee")?,
            is_customer_portal_user: q.flag("customer_portal_user")?,
            has_access_to_site_code: q.text("site_code"),
            has_access_to_site_id: q.number("site_id")?,
        };
        let c = q.criteria(users::SORTS, users::DEFAULT_SORT, filters)?;
        let (rows, total) = users::search(&state.pool, &c).await?;
        let range = q.content_range("users", rows.len(), total);
        Ok(UserList::Ok(Json(rows), range))
    }

    /// One user (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/users/:id", method = "get", operation_id = "adminGetUser")]
    async fn get_user(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<UserRecord>> {
        Ok(Json(users::get(&state.pool, id.0).await?))
    }

    /// Create a user (simple-rest)
    ///
    /// Needs `user_id` and `password` (the password rule applies); `site_ids` and `roles` become the user's access
    /// (every role's site must be one of `site_ids`). A taken `user_id` is a 409.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(409))]
    #[oai(path = "/users", method = "post", operation_id = "adminCreateUser")]
    async fn create_user(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<UserInput>) -> ApiResult<Json<UserRecord>> {
        Ok(Json(users::create(&state, &caller, &body.0).await?))
    }

    /// Update a user (simple-rest)
    ///
    /// The full record; `site_ids` and `roles` replace the user's access. Deactivating or locking the user ends
    /// their sessions. Passwords are not changed here.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404, 409))]
    #[oai(path = "/users/:id", method = "put", operation_id = "adminUpdateUser")]
    async fn update_user(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<UserInput>) -> ApiResult<Json<UserRecord>> {
        Ok(Json(users::update(&state, &caller, id.0, &body.0).await?))
    }

    /// Deactivate a user (simple-rest delete)
    ///
    /// Users are never removed: the account is deactivated, its sessions end, and the record is answered.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/users/:id", method = "delete", operation_id = "adminDeleteUser")]
    async fn delete_user(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<UserRecord>> {
        Ok(Json(users::delete(&state, &caller, id.0).await?))
    }

    // ---------------------------------------------------------------- roles

    /// List roles (simple-rest)
    ///
    /// Filters: `q` (name, description), `id` (list).
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin)]
    #[oai(path = "/roles", method = "get", operation_id = "adminListRoles")]
    async fn list_roles(
        &self,
        state: Data<&AppState>,
        sort: Query<Option<String>>,
        range: Query<Option<String>>,
        filter: Query<Option<String>>,
    ) -> ApiResult<RoleList> {
        let q = parse(&sort, &range, &filter)?;
        let c = q.criteria(roles::SORTS, roles::DEFAULT_SORT, RoleFilters)?;
        let (rows, total) = roles::search(&state.pool, &c).await?;
        let range = q.content_range("roles", rows.len(), total);
        Ok(RoleList::Ok(Json(rows), range))
    }

    /// One role (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/roles/:id", method = "get", operation_id = "adminGetRole")]
    async fn get_role(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<RoleRecord>> {
        Ok(Json(roles::get(&state.pool, id.0).await?))
    }

    /// Create a role (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(409))]
    #[oai(path = "/roles", method = "post", operation_id = "adminCreateRole")]
    async fn create_role(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<RoleInput>) -> ApiResult<Json<RoleRecord>> {
        Ok(Json(roles::create(&state, &caller, &body.0).await?))
    }

    /// Update a role (simple-rest)
    ///
    /// `permission_ids` replaces the role's permissions; every user holding the role sees the change at once.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404, 409))]
    #[oai(path = "/roles/:id", method = "put", operation_id = "adminUpdateRole")]
    async fn update_role(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<RoleInput>) -> ApiResult<Json<RoleRecord>> {
        Ok(Json(roles::update(&state, &caller, id.0, &body.0).await?))
    }

    /// Delete a role (simple-rest)
    ///
    /// The role's grants to users go with it.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/roles/:id", method = "delete", operation_id = "adminDeleteRole")]
    async fn delete_role(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<RoleRecord>> {
        Ok(Json(roles::delete(&state, &caller, id.0).await?))
    }

    // ---------------------------------------------------------------- permissions

    /// List permissions (simple-rest)
    ///
    /// Filters: `q` (name, description), `id` (list).
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin)]
    #[oai(path = "/permissions", method = "get", operation_id = "adminListPermissions")]
    async fn list_permissions(
        &self,
        state: Data<&AppState>,
        sort: Query<Option<String>>,
        range: Query<Option<String>>,
        filter: Query<Option<String>>,
    ) -> ApiResult<PermissionList> {
        let q = parse(&sort, &range, &filter)?;
        let c = q.criteria(permissions::SORTS, permissions::DEFAULT_SORT, PermissionFilters)?;
        let (rows, total) = permissions::search(&state.pool, &c).await?;
        let range = q.content_range("permissions", rows.len(), total);
        Ok(PermissionList::Ok(Json(rows), range))
    }

    /// One permission (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/permissions/:id", method = "get", operation_id = "adminGetPermission")]
    async fn get_permission(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<PermissionRecord>> {
        Ok(Json(permissions::get(&state.pool, id.0).await?))
    }

    /// Add a permission to the catalogue (simple-rest)
    ///
    /// Also needs AddPermissions or FSSConnectAdmin (403 otherwise). Without `id` the permission gets the next id
    /// from 10000 on.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(409))]
    #[oai(path = "/permissions", method = "post", operation_id = "adminCreatePermission")]
    async fn create_permission(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<PermissionInput>) -> ApiResult<Json<PermissionRecord>> {
        Ok(Json(permissions::create(&state, &caller, &body.0).await?))
    }

    /// Update a permission (simple-rest)
    ///
    /// Built-in permissions (ids below 10000: the specification's catalogue below 3000 and ASP's own) keep their
    /// names: renaming one is a 400; their descriptions can change.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404, 409))]
    #[oai(path = "/permissions/:id", method = "put", operation_id = "adminUpdatePermission")]
    async fn update_permission(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<PermissionInput>) -> ApiResult<Json<PermissionRecord>> {
        Ok(Json(permissions::update(&state, &caller, id.0, &body.0).await?))
    }

    /// Delete a permission (simple-rest)
    ///
    /// Built-in permissions (ids below 10000) cannot be deleted (400). Roles lose the deleted permission.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/permissions/:id", method = "delete", operation_id = "adminDeletePermission")]
    async fn delete_permission(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<PermissionRecord>> {
        Ok(Json(permissions::delete(&state, &caller, id.0).await?))
    }

    // ---------------------------------------------------------------- sites

    /// List sites (simple-rest)
    ///
    /// Filters: `q` (code, name, client code), `id` (list), `client_id`, `is_active`.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin)]
    #[oai(path = "/sites", method = "get", operation_id = "adminListSites")]
    async fn list_sites(
        &self,
        state: Data<&AppState>,
        sort: Query<Option<String>>,
        range: Query<Option<String>>,
        filter: Query<Option<String>>,
    ) -> ApiResult<SiteList> {
        let q = parse(&sort, &range, &filter)?;
        let filters = SiteFilters { client_id: q.number("client_id")?, is_active: q.flag("is_active")? };
        let c = q.criteria(sites::SORTS, sites::DEFAULT_SORT, filters)?;
        let (rows, total) = sites::search(&state.pool, &c).await?;
        let range = q.content_range("sites", rows.len(), total);
        Ok(SiteList::Ok(Json(rows), range))
    }

    /// One site (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/sites/:id", method = "get", operation_id = "adminGetSite")]
    async fn get_site(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<SiteRecord>> {
        Ok(Json(sites::get(&state.pool, id.0).await?))
    }

    /// Create a site (simple-rest)
    ///
    /// `client_id` must name an existing client; `site_code` is stored upper-case and must be unused (409).
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(409))]
    #[oai(path = "/sites", method = "post", operation_id = "adminCreateSite")]
    async fn create_site(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<SiteInput>) -> ApiResult<Json<SiteRecord>> {
        Ok(Json(sites::create(&state, &caller, &body.0).await?))
    }

    /// Update a site (simple-rest)
    ///
    /// A site cannot move to another client (400).
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404, 409))]
    #[oai(path = "/sites/:id", method = "put", operation_id = "adminUpdateSite")]
    async fn update_site(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<SiteInput>) -> ApiResult<Json<SiteRecord>> {
        Ok(Json(sites::update(&state, &caller, id.0, &body.0).await?))
    }

    /// Deactivate a site (simple-rest delete)
    ///
    /// Sites are never removed (their business data stays): the site is deactivated and the record is answered.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/sites/:id", method = "delete", operation_id = "adminDeleteSite")]
    async fn delete_site(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SiteRecord>> {
        Ok(Json(sites::delete(&state, &caller, id.0).await?))
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
