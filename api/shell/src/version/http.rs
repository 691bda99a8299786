//! Operations of the version file.

use api_macros::guarded;
use kernel::access::MaybeCaller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::VersionFile;
use super::service;

pub struct VersionApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl VersionApi {
    /// The version file
    ///
    /// Everyone sees the version and build run id (the UIs reload when it changes); FSSConnectAdmin also sees the
    /// build time, branch and commit.
    #[requires(public)]
    #[oai(path = "/Version", method = "get", operation_id = "getVersionFile")]
    async fn version(&self, state: Data<&AppState>, caller: Data<&MaybeCaller>) -> ApiResult<Json<VersionFile>> {
        Ok(Json(service::version_file(&state, caller.0 .0.as_ref())))
    }
}
