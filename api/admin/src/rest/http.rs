//! The simple-rest operations (`/api/admin/<resource>`): each one parses its parameters, calls one service
//! function of the resource and wraps the answer.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::{ApiTags, Perm};

use super::model::{ListQuery, PermissionList, RoleList, SiteList, UserList};
use crate::permissions::model::{PermissionFilters, PermissionInput, PermissionRecord};
use crate::roles::model::{RoleFilters, RoleInput, RoleRecord};
use crate::sites::model::{SiteInput, SiteRecord};
use crate::users::model::{UserInput, UserRecord};
use crate::{permissions, roles, sites, users};

fn parse(sort: &Query<Option<String>>, range: &Query<Option<String>>, filter: &Query<Option<String>>) -> Result<ListQuery, ApiError> {
    ListQuery::parse(sort.0.as_deref(), range.0.as_deref(), filter.0.as_deref())
}

pub struct AdminApi;

/// Who may use the console resources (the `#[requires]` lines below, and the user search's, list the same; a test
/// in `lib.rs` holds them to it).
pub const ADMINS: &[Perm] = &[Perm::FSSConnectAdmin, Perm::UserAdminInternal, Perm::SuperUserAdmin];

#[guarded]
#[OpenApi(prefix_path = "/admin", tag = "ApiTags::Console")]
impl AdminApi {
    // ---------------------------------------------------------------- users

    /// List users (simple-rest)
    ///
    /// Filters: `q` (sign-in name, names, email), `id` (list), `user_id`, `fname`, `lname`, `email`, `is_active`,
    /// `fss_employee`, `customer_portal_user`, `site_id`, `site_code` (users with access to that site).
    /// A holder of ImpersonateUsers alone (provider support staff) finds the users they may act as.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, ImpersonateUsers)]
    #[oai(path = "/users", method = "get", operation_id = "adminListUsers")]
    async fn list_users(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        sort: Query<Option<String>>,
        range: Query<Option<String>>,
        filter: Query<Option<String>>,
    ) -> ApiResult<UserList> {
        let q = parse(&sort, &range, &filter)?;
        let (rows, total) = users::service::search(&state, &caller, &q.criteria(&users::model::SORT, q.user_filters()?)?).await?;
        let range = q.content_range("users", rows.len(), total);
        Ok(UserList::Ok(Json(rows), range))
    }

    /// One user (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/users/:id", method = "get", operation_id = "adminGetUser")]
    async fn get_user(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<UserRecord>> {
        Ok(Json(users::service::get(&state, &caller, id.0).await?))
    }

    /// Create a user (simple-rest)
    ///
    /// Needs `user_id` and `password` (the password rule applies); `site_ids` and `roles` become the user's access
    /// (every role's site must be one of `site_ids`). A taken `user_id` is a 409.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(409))]
    #[oai(path = "/users", method = "post", operation_id = "adminCreateUser")]
    async fn create_user(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<UserInput>) -> ApiResult<Json<UserRecord>> {
        Ok(Json(users::service::create(&state, &caller, &body.0).await?))
    }

    /// Update a user (simple-rest)
    ///
    /// The full record; `site_ids` and `roles` replace the user's access. Deactivating or locking the user ends
    /// their sessions. Passwords are not changed here.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404, 409))]
    #[oai(path = "/users/:id", method = "put", operation_id = "adminUpdateUser")]
    async fn update_user(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<UserInput>) -> ApiResult<Json<UserRecord>> {
        Ok(Json(users::service::update(&state, &caller, id.0, &body.0).await?))
    }

    /// Deactivate a user (simple-rest delete)
    ///
    /// Users are never removed: the account is deactivated, its sessions end, and the record is answered.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/users/:id", method = "delete", operation_id = "adminDeleteUser")]
    async fn delete_user(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<UserRecord>> {
        Ok(Json(users::service::delete(&state, &caller, id.0).await?))
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
        let (rows, total) = roles::service::search(&state, &q.criteria(&roles::model::SORT, RoleFilters)?).await?;
        let range = q.content_range("roles", rows.len(), total);
        Ok(RoleList::Ok(Json(rows), range))
    }

    /// One role (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/roles/:id", method = "get", operation_id = "adminGetRole")]
    async fn get_role(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<RoleRecord>> {
        Ok(Json(roles::service::get(&state, id.0).await?))
    }

    /// Create a role (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(409))]
    #[oai(path = "/roles", method = "post", operation_id = "adminCreateRole")]
    async fn create_role(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<RoleInput>) -> ApiResult<Json<RoleRecord>> {
        Ok(Json(roles::service::create(&state, &caller, &body.0).await?))
    }

    /// Update a role (simple-rest)
    ///
    /// `permission_ids` replaces the role's permissions; every user holding the role sees the change at once.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404, 409))]
    #[oai(path = "/roles/:id", method = "put", operation_id = "adminUpdateRole")]
    async fn update_role(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<RoleInput>) -> ApiResult<Json<RoleRecord>> {
        Ok(Json(roles::service::update(&state, &caller, id.0, &body.0).await?))
    }

    /// Delete a role (simple-rest)
    ///
    /// The role's grants to users go with it.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/roles/:id", method = "delete", operation_id = "adminDeleteRole")]
    async fn delete_role(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<RoleRecord>> {
        Ok(Json(roles::service::delete(&state, &caller, id.0).await?))
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
        let (rows, total) = permissions::service::search(&state, &q.criteria(&permissions::model::SORT, PermissionFilters)?).await?;
        let range = q.content_range("permissions", rows.len(), total);
        Ok(PermissionList::Ok(Json(rows), range))
    }

    /// One permission (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/permissions/:id", method = "get", operation_id = "adminGetPermission")]
    async fn get_permission(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<PermissionRecord>> {
        Ok(Json(permissions::service::get(&state, id.0).await?))
    }

    /// Add a permission to the catalogue (simple-rest)
    ///
    /// Also needs AddPermissions or FSSConnectAdmin (403 otherwise). Without `id` the permission gets the next id
    /// from 10000 on.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(409))]
    #[oai(path = "/permissions", method = "post", operation_id = "adminCreatePermission")]
    async fn create_permission(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<PermissionInput>) -> ApiResult<Json<PermissionRecord>> {
        Ok(Json(permissions::service::create(&state, &caller, &body.0).await?))
    }

    /// Update a permission (simple-rest)
    ///
    /// Also needs AddPermissions or FSSConnectAdmin, and (but for FSSConnectAdmin) the permission itself (403
    /// otherwise). Built-in permissions (ids below 10000: the
    /// specification's catalogue below 3000 and ASP's own) keep their names: renaming one is a 400; their
    /// descriptions can change.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404, 409))]
    #[oai(path = "/permissions/:id", method = "put", operation_id = "adminUpdatePermission")]
    async fn update_permission(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<PermissionInput>) -> ApiResult<Json<PermissionRecord>> {
        Ok(Json(permissions::service::update(&state, &caller, id.0, &body.0).await?))
    }

    /// Delete a permission (simple-rest)
    ///
    /// Also needs AddPermissions or FSSConnectAdmin, and (but for FSSConnectAdmin) the permission itself; a user
    /// administrator deletes only a permission whose roles are given at its own sites alone (403 otherwise). Built-in permissions (ids below 10000) cannot
    /// be deleted (400). Roles lose the deleted permission.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/permissions/:id", method = "delete", operation_id = "adminDeletePermission")]
    async fn delete_permission(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<PermissionRecord>> {
        Ok(Json(permissions::service::delete(&state, &caller, id.0).await?))
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
        caller: Data<&Caller>,
        sort: Query<Option<String>>,
        range: Query<Option<String>>,
        filter: Query<Option<String>>,
    ) -> ApiResult<SiteList> {
        let q = parse(&sort, &range, &filter)?;
        let (rows, total) = sites::service::search(&state, &caller, &q.criteria(&sites::model::SORT, q.site_filters()?)?).await?;
        let range = q.content_range("sites", rows.len(), total);
        Ok(SiteList::Ok(Json(rows), range))
    }

    /// One site (simple-rest)
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/sites/:id", method = "get", operation_id = "adminGetSite")]
    async fn get_site(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SiteRecord>> {
        Ok(Json(sites::service::get(&state, &caller, id.0).await?))
    }

    /// Create a site (simple-rest)
    ///
    /// `client_id` must name an existing client; `site_code` is stored upper-case and must be unused (409).
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(409))]
    #[oai(path = "/sites", method = "post", operation_id = "adminCreateSite")]
    async fn create_site(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<SiteInput>) -> ApiResult<Json<SiteRecord>> {
        Ok(Json(sites::service::create(&state, &caller, &body.0).await?))
    }

    /// Update a site (simple-rest)
    ///
    /// A site cannot move to another client (400).
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404, 409))]
    #[oai(path = "/sites/:id", method = "put", operation_id = "adminUpdateSite")]
    async fn update_site(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>, body: Json<SiteInput>) -> ApiResult<Json<SiteRecord>> {
        Ok(Json(sites::service::update(&state, &caller, id.0, &body.0).await?))
    }

    /// Deactivate a site (simple-rest delete)
    ///
    /// Sites are never removed (their business data stays): the site is deactivated and the record is answered.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin, errors(404))]
    #[oai(path = "/sites/:id", method = "delete", operation_id = "adminDeleteSite")]
    async fn delete_site(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SiteRecord>> {
        Ok(Json(sites::service::delete(&state, &caller, id.0).await?))
    }
}
