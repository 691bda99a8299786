//! Operations of the list administration (docs/type-lists.md): TypeListAdmin at the current site.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use tenancy::SiteScope;

use super::model::{TypeList, TypeValueInsert, TypeValuePage, TypeValueRecord, TypeValueSearch, TypeValueUpdate};
use super::service;

pub struct TypeListApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Type", tag = "ApiTags::Type")]
impl TypeListApi {
    /// Reference lists
    ///
    /// Every list with its number of values and active values; `editable` false for lists the product depends on.
    #[requires(TypeListAdmin)]
    #[oai(path = "/Lists", method = "get", operation_id = "typeGetLists")]
    async fn lists(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<TypeList>>> {
        Ok(Json(service::lists(&state).await?))
    }

    /// Values of a list
    ///
    /// Paged (`pageNumber`, zero-based; default sort: sortOrder ascending); the values for every site and those of
    /// the current client's sites where the caller holds TypeListAdmin, active and inactive unless `isActive` is sent;
    /// `q` filters on code and descriptions. An unknown list answers 404.
    #[requires(TypeListAdmin, errors(404))]
    #[oai(path = "/Lists/:typeCode/Values/Search", method = "post", operation_id = "typePostListValuesSearch")]
    async fn search(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(name = "typeCode")] type_code: Path<String>,
        body: Json<TypeValueSearch>,
    ) -> ApiResult<Json<TypeValuePage>> {
        Ok(Json(service::search(&state, &caller, &scope, &type_code.0, &body).await?))
    }

    /// Add a value to a list
    ///
    /// `description` is required; without `valueID` the next free id is taken. A value limited to a site needs a
    /// site of the current client where the caller holds TypeListAdmin (else 404); a value without a site is every
    /// client's and needs a provider administrator (403). A valueID taken in the same scope, or a list that is not
    /// editable, answers 409. Audited.
    #[requires(TypeListAdmin, errors(404, 409))]
    #[oai(path = "/Lists/:typeCode/Values/Insert", method = "post", operation_id = "typePostListValuesInsert")]
    async fn insert(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(name = "typeCode")] type_code: Path<String>,
        body: Json<TypeValueInsert>,
    ) -> ApiResult<Json<TypeValueRecord>> {
        Ok(Json(service::insert(&state, &caller, &scope, &type_code.0, &body).await?))
    }

    /// Change a value of a list
    ///
    /// Texts, sort order and `isActive` (deactivate instead of delete: records keep pointing at the value); missing
    /// fields keep their value, valueID and scope never change. A value of another list, or of a site where the
    /// caller does not hold TypeListAdmin (another client's included), answers 404; a value without a site needs a
    /// provider administrator (403); a list that is not editable answers 409. Audited with what changed.
    #[requires(TypeListAdmin, errors(404, 409))]
    #[oai(path = "/Lists/:typeCode/Values/Update", method = "post", operation_id = "typePostListValuesUpdate")]
    async fn update(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(name = "typeCode")] type_code: Path<String>,
        body: Json<TypeValueUpdate>,
    ) -> ApiResult<Json<TypeValueRecord>> {
        Ok(Json(service::update(&state, &caller, &scope, &type_code.0, &body).await?))
    }
}
