//! Operations of the user summary.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::{ContactInfo, ContactInfoInput, MobileCarrier, UserSummary};
use super::service;

pub struct UserApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl UserApi {
    /// Mobile carriers
    ///
    /// The carriers whose e-mail-to-text gateways carry alert texts (the user's mobile number and carrier,
    /// `ContactInfo/Update`), in display order.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser)]
    #[oai(
        path = "/User/ASPMobileCarriers",
        method = "get",
        operation_id = "userGetASPMobileCarriers"
    )]
    async fn mobile_carriers(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<MobileCarrier>>> {
        Ok(Json(service::carriers(&state).await?))
    }

    /// Update my contact details
    ///
    /// The caller's own e-mail address, mobile number and carrier (alert e-mails and texts go there). Absent fields
    /// keep their value; null clears. The number and carrier go together: a 10-digit US or Canadian number (a
    /// leading 1 allowed, punctuation ignored) and a listed carrier. Answers what was saved and the address texts go
    /// to. Audited.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser)]
    #[oai(
        path = "/User/ContactInfo/Update/",
        method = "post",
        operation_id = "userPostContactInfoUpdate"
    )]
    async fn update_contact_info(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        body: Json<ContactInfoInput>,
    ) -> ApiResult<Json<ContactInfo>> {
        Ok(Json(
            service::update_contact_info(&state, &caller, &body.0).await?,
        ))
    }

    /// User by id
    ///
    /// Users who share a client with the caller's current site (and the caller); others answer 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/User/:id", method = "get", operation_id = "userGetById")]
    async fn user_by_id(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<UserSummary>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }
}
