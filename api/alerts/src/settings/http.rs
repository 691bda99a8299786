//! Operations of the alert settings (spec 3 "Alerts").

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::*;
use super::service;

pub struct AlertSettingsApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl AlertSettingsApi {
    /// A user's alert settings at a site
    ///
    /// Every type the user may receive at the site (its permission held there), with the saved settings or the
    /// defaults (inbox and toast). The caller's own at a site of theirs; an administrator of users also those of a
    /// user within reach. Anything else answers 404.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Alerts/:userId/:siteId", method = "get", operation_id = "alertsGetByUserIdAndSiteId")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, #[oai(name = "userId")] user_id: Path<i64>, #[oai(name = "siteId")] site_id: Path<i64>) -> ApiResult<Json<Vec<AlertSetting>>> {
        Ok(Json(service::get(&state, &caller, &scope, user_id.0, site_id.0).await?))
    }

    /// Alert types
    ///
    /// Every active type with its category, the permission it needs and whether it is internal.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser)]
    #[oai(path = "/Alerts/Types", method = "get", operation_id = "alertsGetTypes")]
    async fn types(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<AlertTypeInfo>>> {
        Ok(Json(service::types(&state).await?))
    }

    /// Alert categories
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser)]
    #[oai(path = "/Alerts/Category", method = "get", operation_id = "alertsGetCategory")]
    async fn categories(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<AlertCategory>>> {
        Ok(Json(service::categories(&state).await?))
    }

    /// Save a user's alert settings at a site
    ///
    /// The listed types' channels and filters (omitted flags keep their value); answers every type's settings. A
    /// type the user cannot receive at the site is refused (400). Who may: as for reading them.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Alerts", method = "put", operation_id = "alertsPut")]
    async fn save(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlertSettingsSave>) -> ApiResult<Json<Vec<AlertSetting>>> {
        Ok(Json(service::save(&state, &caller, &scope, &body).await?))
    }

    /// Search a user's alert settings at a site
    ///
    /// Default: the caller at the current site. Filters: category, part of the type's name.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Alerts/Search", method = "post", operation_id = "alertsPostSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlertSettingSearch>) -> ApiResult<Json<AlertSettingPage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }

    /// Tracking codes of a type's filter
    ///
    /// The site's tracking codes, each with whether the user's filter for the type lists it (`inGroup`).
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Alerts/TrackingCode/Search", method = "post", operation_id = "alertsPostTrackingCodeSearch")]
    async fn tracking_codes(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlertTrackingCodeSearch>) -> ApiResult<Json<AlertTrackingCodePage>> {
        Ok(Json(service::tracking_codes(&state, &caller, &scope, &body).await?))
    }

    /// Change a type's tracking-code filter
    ///
    /// Adds the `insert` codes (each a tracking code of the site, else 400), removes the `remove` codes, and switches
    /// the filter on or off when `filter_tracking_codes` is given.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Alerts/TrackingCode/Update", method = "post", operation_id = "alertsPostTrackingCodeUpdate")]
    async fn update_tracking_codes(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlertTrackingCodeUpdate>) -> ApiResult<Json<AlertSaved>> {
        Ok(Json(service::update_tracking_codes(&state, &caller, &scope, &body).await?))
    }

    /// Apply a site's alert settings to all the user's sites
    ///
    /// Copies the user's saved settings at `site_id` (channels and filters; tracking-code lists belong to their site)
    /// to the user's other sites of the current client where the caller may act for the user.
    #[requires(BasicAccess, CustomerPortalUser, SupplierPortalUser, errors(404))]
    #[oai(path = "/Alerts/Sites/UpdateAll", method = "post", operation_id = "alertsPostSitesUpdateAll")]
    async fn update_all_sites(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlertSitesUpdateAll>) -> ApiResult<Json<AlertSaved>> {
        Ok(Json(service::update_all_sites(&state, &caller, &scope, &body).await?))
    }
}
