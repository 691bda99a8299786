//! Operations of alert auditing.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{AlertAuditPage, AlertNotification, AlertRecipientPage, AlertSearch, AlertSearchExport, AlertType, AlertUsersRequest, SiteCode};
use super::service;

pub struct AlertAuditingApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::DevOps")]
impl AlertAuditingApi {
    /// Search sent alerts
    ///
    /// Alerts of the current client: at `site_code` (403 unless the caller may audit it there and it belongs to the
    /// current client) or at every site of the client where the caller may. Default sort notification_id
    /// ascending; dates default to 30 days back through tomorrow and must lie between 01/01 ten years back and
    /// 01/01 ten years ahead.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/AlertAuditing/Search", method = "post", operation_id = "alertAuditingPostSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlertSearch>) -> ApiResult<Json<AlertAuditPage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }

    /// Sent alerts as an Excel workbook
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/AlertAuditing/Search/Export", method = "post", operation_id = "alertAuditingPostSearchExport")]
    async fn export(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlertSearchExport>) -> ApiResult<XlsxFile> {
        service::export(&state, &caller, &scope, &body).await
    }

    /// Alert type by id
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/AlertAuditing/Type", method = "get", operation_id = "alertAuditingGetType")]
    async fn get_type(&self, state: Data<&AppState>, type_id: Query<Option<i64>>) -> ApiResult<Json<AlertType>> {
        Ok(Json(service::alert_type(&state, type_id.0).await?))
    }

    /// Sent alert by id
    ///
    /// Notifications of another client, or of a site where the caller may not audit alerts, answer 404.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/AlertAuditing/:id", method = "get", operation_id = "alertAuditingGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<AlertNotification>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// Recipients of a sent alert
    ///
    /// Default sort username descending; 404 as for the alert itself.
    #[requires(FSSConnectAdmin, errors(404))]
    #[oai(path = "/AlertAuditing/Users", method = "post", operation_id = "alertAuditingPostUsers")]
    async fn users(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlertUsersRequest>) -> ApiResult<Json<AlertRecipientPage>> {
        Ok(Json(service::recipients(&state, &caller, &scope, &body).await?))
    }

    /// All alert types
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Type/GetAllAlertTypes", method = "get", operation_id = "typeGetAllAlertTypes")]
    async fn all_types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<AlertType>>> {
        Ok(Json(service::alert_types(&state).await?))
    }

    /// Site codes for the alert search
    ///
    /// The caller's available sites of the current client where the caller may audit alerts, by site code.
    #[requires(FSSConnectAdmin)]
    #[oai(path = "/Type/GetAllSiteCodes", method = "get", operation_id = "typeGetAllSiteCodes")]
    async fn all_site_codes(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>) -> ApiResult<Json<Vec<SiteCode>>> {
        Ok(Json(service::auditable_sites(&state, &caller, &scope).await?))
    }
}
