//! Operations of the historic price methods of sites (spec 4, api/V1/Type).

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use tenancy::SiteScope;

use super::model::{HistoricPriceMethodInsert, HistoricPriceMethodSitePage, HistoricPriceMethodSiteSearch, HistoricPriceMethodSiteUpdate};
use super::service;
use crate::type_lists::model::TypeValueRecord;
use crate::type_values::model::TypeValue;

pub struct HistoricPriceMethodApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Type", tag = "ApiTags::Type")]
impl HistoricPriceMethodApi {
    /// Historic price methods of a site, paged
    ///
    /// The methods linked to `site_id` (default: the current site; one the caller may use, else 404), inactive ones
    /// included; default sort: sort_order.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/HistoricPriceMethodSite/Search", method = "post", operation_id = "typePostHistoricPriceMethodSiteSearch")]
    async fn search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<HistoricPriceMethodSiteSearch>) -> ApiResult<Json<HistoricPriceMethodSitePage>> {
        Ok(Json(service::search(&state, &caller, &scope, &body).await?))
    }

    /// Add a historic price method
    ///
    /// A new 'HistoricPriceMethod' value (`description` required; without `valueID` the next free id); a taken
    /// valueID answers 409. Audited.
    #[requires(TypeListAdmin, errors(404, 409))]
    #[oai(path = "/HistoricPriceMethod/Insert", method = "post", operation_id = "typePostHistoricPriceMethodInsert")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<HistoricPriceMethodInsert>) -> ApiResult<Json<TypeValueRecord>> {
        Ok(Json(service::insert(&state, &caller, &scope, &body).await?))
    }

    /// Change the historic price methods of a site
    ///
    /// Body: `site_id`, `remove` and `insert` (method valueIDs). A site where the caller does not hold TypeListAdmin
    /// answers 404; an unknown or inactive method to insert, or one in both lists, 400. Answers the methods the site
    /// offers afterwards. Audited.
    #[requires(TypeListAdmin, errors(404))]
    #[oai(path = "/HistoricPriceMethodSite/Update", method = "post", operation_id = "typePostHistoricPriceMethodSiteUpdate")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<HistoricPriceMethodSiteUpdate>) -> ApiResult<Json<Vec<TypeValue>>> {
        Ok(Json(service::update(&state, &caller, &scope, &body).await?))
    }
}
