//! Operations of locations: a CIP's alternate and virtual locations and the location check (docs/cip.md); a site's
//! segments are `location_segments`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::{
    AlternateLocation, AlternateLocationInsert, AlternateLocationUpdate, LocationCheck, VirtualLocation, VirtualLocationSave,
    VirtualLocationValidation,
};
use super::service;

pub struct LocationApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Items")]
impl LocationApi {
    /// Alternate locations of a CIP
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/AlternateLocation/:cip_no", method = "get", operation_id = "itemCipGetAlternateLocationByCipNo")]
    async fn alternates(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<Vec<AlternateLocation>>> {
        Ok(Json(service::alternates(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Add an alternate location
    ///
    /// The location must fit the site's segments, differ from the CIP's own location and its other alternate
    /// locations, and not be used by another CIP of the site (400 by field). A pending CIP answers 409.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/AlternateLocation/Insert", method = "post", operation_id = "itemCipPostAlternateLocationInsert")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlternateLocationInsert>) -> ApiResult<Json<AlternateLocation>> {
        Ok(Json(service::insert_alternate(&state, &caller, &scope, &body).await?))
    }

    /// Change an alternate location
    ///
    /// The rules of Insert.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/AlternateLocation/Update", method = "put", operation_id = "itemCipPutAlternateLocationUpdate")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AlternateLocationUpdate>) -> ApiResult<Json<AlternateLocation>> {
        Ok(Json(service::update_alternate(&state, &caller, &scope, &body).await?))
    }

    /// Remove an alternate location
    ///
    /// Answers the removed row.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/AlternateLocation/:id", method = "delete", operation_id = "itemCipDeleteAlternateLocationById")]
    async fn delete(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<AlternateLocation>> {
        Ok(Json(service::delete_alternate(&state, &caller, &scope, id.0).await?))
    }

    /// Location check
    ///
    /// Does `location` fit the site's segments, and is it free (no other CIP has it as its location or an alternate
    /// location)? At the current site, or with `cip_no` at that CIP's site, the CIP's own use not counting.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/LocationCheck", method = "get", operation_id = "itemCipGetLocationCheck")]
    async fn check(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(validator(max_length = 200))] location: Query<String>,
        cip_no: Query<Option<i64>>,
    ) -> ApiResult<Json<LocationCheck>> {
        Ok(Json(service::location_check(&state, &caller, &scope, &location.0, cip_no.0).await?))
    }

    /// Virtual locations of a CIP
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/VirtualLocation/:cip_no", method = "get", operation_id = "itemCipGetVirtualLocationByCipNo")]
    async fn virtuals(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cip_no: Path<i64>) -> ApiResult<Json<Vec<VirtualLocation>>> {
        Ok(Json(service::virtuals(&state, &caller, &scope, cip_no.0).await?))
    }

    /// Save virtual locations
    ///
    /// Replaces the CIP's virtual locations with the list (at most 50): each fits the site's segments, is not the
    /// CIP's own location and is listed once; several CIPs may share one. Problems answer 400 by field.
    #[requires(ItemEdit, errors(404, 409))]
    #[oai(path = "/Item/CIP/VirtualLocation/Save", method = "post", operation_id = "itemCipPostVirtualLocationSave")]
    async fn save(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VirtualLocationSave>) -> ApiResult<Json<Vec<VirtualLocation>>> {
        Ok(Json(service::save_virtuals(&state, &caller, &scope, &body).await?))
    }

    /// Validate virtual locations
    ///
    /// What Save would refuse, without saving: `valid` and the problems by field.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Item/CIP/VirtualLocation/Validate", method = "post", operation_id = "itemCipPostVirtualLocationValidate")]
    async fn validate(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<VirtualLocationSave>) -> ApiResult<Json<VirtualLocationValidation>> {
        Ok(Json(service::validate_virtuals(&state, &caller, &scope, &body).await?))
    }
}
