//! Operations of client error intake.

use api_macros::guarded;
use kernel::access::MaybeCaller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::model::{Accepted, ClientError};
use super::service;

pub struct ClientErrorApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl ClientErrorApi {
    /// Log a client application error
    ///
    /// Stored in the ASP error log with the caller, when signed in.
    #[requires(public)]
    #[oai(path = "/Log/ApplicationError", method = "post", operation_id = "logApplicationError")]
    async fn log_error(&self, state: Data<&AppState>, caller: Data<&MaybeCaller>, body: Json<ClientError>) -> ApiResult<Accepted> {
        service::log(&state, caller.0 .0.as_ref(), &body).await?;
        Ok(Accepted::Done)
    }
}
