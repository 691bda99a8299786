//! Operations of min/max tuning (docs/min-max-tuning.md): `api/V1/APD/...` and the CIP's suggestion.

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

use super::model::{ApdCips, ApdDone, ApdSearchRequest, ApdSettings, ApdSettingsInput, ApdSuggestion, ApdSuggestionPage};
use super::service;

pub struct ApdApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Items")]
impl ApdApi {
    /// Min/max tuning settings
    ///
    /// The current site's service level (95 until changed), default lead time, order cost, holding rate and the
    /// warning limits (far percent, erratic coefficient of variation).
    #[requires(APDReview, APDAdmin)]
    #[oai(path = "/APD/Settings", method = "get", operation_id = "apdGetSettings")]
    async fn settings(&self, state: Data<&AppState>, scope: Data<&SiteScope>) -> ApiResult<Json<ApdSettings>> {
        Ok(Json(service::settings(&state, &scope).await?))
    }

    /// Save the min/max tuning settings
    ///
    /// Audited (entity stock_count_settings). The next refresh uses them.
    #[requires(APDAdmin)]
    #[oai(path = "/APD/Settings", method = "put", operation_id = "apdPutSettings")]
    async fn save_settings(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ApdSettingsInput>) -> ApiResult<Json<ApdSettings>> {
        Ok(Json(service::save_settings(&state, &caller, &scope, &body).await?))
    }

    /// Min/max suggestion search
    ///
    /// The current site's suggestions beside the CIPs' current min, max and reorder quantity, with their warnings
    /// and 13 periods of usage. Filters: status (Pending 1, Accepted 2, Dismissed 3), warn_type_id, warnings_only,
    /// q. Sort: cip_code (default), location, aau, sugg_min, sugg_max, qty_on_hand, status, computed_at.
    #[requires(APDReview, APDAdmin)]
    #[oai(path = "/APD/Search", method = "post", operation_id = "apdPostSearch")]
    async fn search(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<ApdSearchRequest>) -> ApiResult<Json<ApdSuggestionPage>> {
        Ok(Json(service::search(&state, &scope, &body).await?))
    }

    /// Accept min/max suggestions
    ///
    /// Sets each CIP's min, max and reorder quantity to its suggestion (all or nothing), with the rules and the
    /// audit row (cip.replenishment.update) of the CIP replenishment update. 404 when a suggestion is not the
    /// current site's; 409 for a pending CIP.
    #[requires(APDReview, errors(404, 409))]
    #[oai(path = "/APD/Accept", method = "post", operation_id = "apdPostAccept")]
    async fn accept(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ApdCips>) -> ApiResult<Json<ApdDone>> {
        Ok(Json(service::accept(&state, &caller, &scope, &body).await?))
    }

    /// Dismiss min/max suggestions
    ///
    /// The CIPs keep their settings; the suggestion is Pending again when a refresh computes different numbers.
    #[requires(APDReview, errors(404))]
    #[oai(path = "/APD/Dismiss", method = "post", operation_id = "apdPostDismiss")]
    async fn dismiss(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ApdCips>) -> ApiResult<Json<ApdDone>> {
        Ok(Json(service::dismiss(&state, &caller, &scope, &body).await?))
    }

    /// Refresh the current site's min/max suggestions now
    ///
    /// What the daily job does for every site; idempotent (unchanged numbers keep their review).
    #[requires(APDReview, APDAdmin)]
    #[oai(path = "/APD/Refresh", method = "post", operation_id = "apdPostRefresh")]
    async fn refresh(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>) -> ApiResult<Json<ApdDone>> {
        Ok(Json(service::refresh(&state, &caller, &scope).await?))
    }

    /// CIP APD
    ///
    /// The CIP's min/max suggestion (spec 3 APD review row: aau, sugg_min, sugg_max, roq, warn_type_id1..5,
    /// reviewed) with its warnings and usage. 404 for another site's CIP or one without a suggestion.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/APD/:cip_no", method = "get", operation_id = "itemCipGetAPDByCipNo")]
    async fn of_cip(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<ApdSuggestion>> {
        Ok(Json(service::of_cip(&state, &caller, &scope, cip_no.0).await?))
    }
}
