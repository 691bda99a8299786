//! Operations of the database tools.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{
    DbToolsChangedObjectsRequest, DbToolsDiff, DbToolsDiffRequest, DbToolsEnvironment, DbToolsHistoryRequest, DbToolsHistorySourceRequest,
    DbToolsObjectChangePage, DbToolsSource, DbToolsSourceRequest, DbToolsUser,
};
use super::service;

pub struct DbToolsApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/DevOps/DBTools", tag = "ApiTags::DevOps")]
impl DbToolsApi {
    /// Database users of an environment
    ///
    /// The database roles that changed objects in that environment, with their display names.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/GetUserNames/:environment", method = "get", operation_id = "devOpsDbToolsGetUserNamesByEnvironment")]
    async fn user_names(&self, state: Data<&AppState>, environment: Path<String>) -> ApiResult<Json<Vec<DbToolsUser>>> {
        Ok(Json(service::user_names(&state, &environment.0).await?))
    }

    /// Changed database objects
    ///
    /// The latest change of every function, procedure, view or table changed in the window (default 90 days back to
    /// tomorrow), default sort last_modified_date descending; at most 5000 objects.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/GetChangedObjects", method = "post", operation_id = "devOpsDbToolsPostGetChangedObjects")]
    async fn changed_objects(&self, state: Data<&AppState>, body: Json<DbToolsChangedObjectsRequest>) -> ApiResult<Json<DbToolsObjectChangePage>> {
        Ok(Json(service::search_changed_objects(&state, &body).await?))
    }

    /// History of a database object
    ///
    /// Every recorded change of one object, default sort last_modified_date descending.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/GetObjectHistory", method = "post", operation_id = "devOpsDbToolsPostGetObjectHistory")]
    async fn object_history(&self, state: Data<&AppState>, body: Json<DbToolsHistoryRequest>) -> ApiResult<Json<DbToolsObjectChangePage>> {
        Ok(Json(service::history(&state, &body).await?))
    }

    /// Current source of a database object
    ///
    /// The definition as it is now in the environment's catalog; 404 'This object doesnt exist in {env}'.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/GetCurrentSource", method = "post", operation_id = "devOpsDbToolsPostGetCurrentSource")]
    async fn current_source(&self, state: Data<&AppState>, body: Json<DbToolsSourceRequest>) -> ApiResult<Json<DbToolsSource>> {
        Ok(Json(service::source_now(&state, &body).await?))
    }

    /// Source of a database object at one change
    ///
    /// The definition recorded with that audit row (empty for a drop); 404 when there is no such row.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/GetHistorySource", method = "post", operation_id = "devOpsDbToolsPostGetHistorySource")]
    async fn history_source(&self, state: Data<&AppState>, body: Json<DbToolsHistorySourceRequest>) -> ApiResult<Json<DbToolsSource>> {
        Ok(Json(service::source_then(&state, &body).await?))
    }

    /// Character-level diff of two texts
    ///
    /// For the 'Database Diff Tool (left db to right db)' dialog: HTML with `<del>` (only left) and `<ins>` (only
    /// right) runs, and its CSS. `diff_level` must be `character`; each text at most 1 MB.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/GetDiffCheckerText", method = "post", operation_id = "devOpsDbToolsPostGetDiffCheckerText")]
    async fn diff_text(&self, body: Json<DbToolsDiffRequest>) -> ApiResult<Json<DbToolsDiff>> {
        Ok(Json(service::compare_blocking(body.0).await?))
    }

    /// Database environments
    ///
    /// The environments the tools can read, with their database names.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Environments", method = "get", operation_id = "devOpsDbToolsGetEnvironments")]
    async fn environments(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<DbToolsEnvironment>>> {
        Ok(Json(service::list_environments(&state)?))
    }
}
