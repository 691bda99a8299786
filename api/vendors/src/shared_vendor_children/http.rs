//! Operations of the child records of a shared vendor: insert (PUT), search and update (POST), delete.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::{AccountContactInput, BrandInput, ChildSearchRequest, CommodityInput, CompetitorBrandInput, ContactInput, GradeInput, SharedVendorAccountContact, SharedVendorAccountContactPage, SharedVendorBrand, SharedVendorBrandPage, SharedVendorCommodity, SharedVendorCommodityPage, SharedVendorCompetitorBrand, SharedVendorCompetitorBrandPage, SharedVendorContact, SharedVendorContactPage, SharedVendorGrade, SharedVendorGradePage};
use super::service;

pub struct SharedVendorChildApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/SharedVendor", tag = "ApiTags::SharedVendor")]
impl SharedVendorChildApi {
    /// Add a shared vendor contact
    ///
    /// A person at the supplier: contact type (the SharedVendorContactType list), name (required), phone (7 to 15 digits), extension (up to 6 digits), e-mail, notes. Audited. An unknown shared vendor answers 404.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Contact/Insert", method = "put", operation_id = "sharedVendorPutContactInsert")]
    async fn insert_contact(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ContactInput>) -> ApiResult<Json<SharedVendorContact>> {
        Ok(Json(service::insert_contact(&state, &caller, &body).await?))
    }

    /// Search a shared vendor's contacts
    ///
    /// By part of the name, e-mail or phone; paged, default sort by name. An unknown shared vendor answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Contact/Search", method = "post", operation_id = "sharedVendorPostContactSearch")]
    async fn search_contacts(&self, state: Data<&AppState>, body: Json<ChildSearchRequest>) -> ApiResult<Json<SharedVendorContactPage>> {
        Ok(Json(service::search_contacts(&state, &body).await?))
    }

    /// Change a shared vendor contact
    ///
    /// Every field is replaced (the same rules as the insert). An unknown id answers 404. Audited with before and
    /// after.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Contact/Update", method = "post", operation_id = "sharedVendorPostContactUpdate")]
    async fn update_contact(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ContactInput>) -> ApiResult<Json<SharedVendorContact>> {
        Ok(Json(service::update_contact(&state, &caller, &body).await?))
    }

    /// Remove a shared vendor contact
    ///
    /// An unknown id answers 404. Audited. Answers the record as it was.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Contact/Delete/:id", method = "delete", operation_id = "sharedVendorDeleteContactDeleteById")]
    async fn delete_contact(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SharedVendorContact>> {
        Ok(Json(service::delete_contact(&state, &caller, id.0).await?))
    }

    /// Add a shared vendor brand
    ///
    /// An active brand of the item master the supplier carries; a brand already listed answers 409. Audited. An unknown shared vendor answers 404.
    #[requires(SharedVendorEdit, errors(404, 409))]
    #[oai(path = "/Brand/Insert", method = "put", operation_id = "sharedVendorPutBrandInsert")]
    async fn insert_brand(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<BrandInput>) -> ApiResult<Json<SharedVendorBrand>> {
        Ok(Json(service::insert_brand(&state, &caller, &body).await?))
    }

    /// Search a shared vendor's brands
    ///
    /// By part of the brand name or manufacturer code; paged, default sort by brand name. An unknown shared vendor answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Brand/Search", method = "post", operation_id = "sharedVendorPostBrandSearch")]
    async fn search_brands(&self, state: Data<&AppState>, body: Json<ChildSearchRequest>) -> ApiResult<Json<SharedVendorBrandPage>> {
        Ok(Json(service::search_brands(&state, &body).await?))
    }

    /// Remove a shared vendor brand
    ///
    /// An unknown id answers 404. Audited. Answers the record as it was.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Brand/Delete/:id", method = "delete", operation_id = "sharedVendorDeleteBrandDeleteById")]
    async fn delete_brand(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SharedVendorBrand>> {
        Ok(Json(service::delete_brand(&state, &caller, id.0).await?))
    }

    /// Add a shared vendor commodity
    ///
    /// An active 8-digit commodity code (UNSPSC) the supplier covers; a code already listed answers 409. Audited. An unknown shared vendor answers 404.
    #[requires(SharedVendorEdit, errors(404, 409))]
    #[oai(path = "/Commodity/Insert", method = "put", operation_id = "sharedVendorPutCommodityInsert")]
    async fn insert_commodity(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<CommodityInput>) -> ApiResult<Json<SharedVendorCommodity>> {
        Ok(Json(service::insert_commodity(&state, &caller, &body).await?))
    }

    /// Search a shared vendor's commoditys
    ///
    /// By part of the code or its description; paged, default sort by code. An unknown shared vendor answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Commodity/Search", method = "post", operation_id = "sharedVendorPostCommoditySearch")]
    async fn search_commodities(&self, state: Data<&AppState>, body: Json<ChildSearchRequest>) -> ApiResult<Json<SharedVendorCommodityPage>> {
        Ok(Json(service::search_commodities(&state, &body).await?))
    }

    /// Remove a shared vendor commodity
    ///
    /// An unknown id answers 404. Audited. Answers the record as it was.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Commodity/Delete/:id", method = "delete", operation_id = "sharedVendorDeleteCommodityDeleteById")]
    async fn delete_commodity(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SharedVendorCommodity>> {
        Ok(Json(service::delete_commodity(&state, &caller, id.0).await?))
    }

    /// Add a shared vendor grade
    ///
    /// The provider's grade of the supplier in one category (SharedVendorGradeCategory list; grade from the SharedVendorGrade list), with the date and comments; a second grade in the same category answers 409. Audited. An unknown shared vendor answers 404.
    #[requires(SharedVendorEdit, errors(404, 409))]
    #[oai(path = "/Grade/Insert", method = "put", operation_id = "sharedVendorPutGradeInsert")]
    async fn insert_grade(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<GradeInput>) -> ApiResult<Json<SharedVendorGrade>> {
        Ok(Json(service::insert_grade(&state, &caller, &body).await?))
    }

    /// Search a shared vendor's grades
    ///
    /// By part of the category, grade or comments; paged, default sort by category. An unknown shared vendor answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/Grade/Search", method = "post", operation_id = "sharedVendorPostGradeSearch")]
    async fn search_grades(&self, state: Data<&AppState>, body: Json<ChildSearchRequest>) -> ApiResult<Json<SharedVendorGradePage>> {
        Ok(Json(service::search_grades(&state, &body).await?))
    }

    /// Change a shared vendor grade
    ///
    /// Every field is replaced (the same rules as the insert). An unknown id answers 404. Audited with before and
    /// after.
    #[requires(SharedVendorEdit, errors(404, 409))]
    #[oai(path = "/Grade/Update", method = "post", operation_id = "sharedVendorPostGradeUpdate")]
    async fn update_grade(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<GradeInput>) -> ApiResult<Json<SharedVendorGrade>> {
        Ok(Json(service::update_grade(&state, &caller, &body).await?))
    }

    /// Remove a shared vendor grade
    ///
    /// An unknown id answers 404. Audited. Answers the record as it was.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/Grade/Delete/:id", method = "delete", operation_id = "sharedVendorDeleteGradeDeleteById")]
    async fn delete_grade(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SharedVendorGrade>> {
        Ok(Json(service::delete_grade(&state, &caller, id.0).await?))
    }

    /// Add a shared vendor competitor brand
    ///
    /// A brand that competes with the supplier's, by name (unique per shared vendor, case-insensitive: 409 otherwise), with notes. Audited. An unknown shared vendor answers 404.
    #[requires(SharedVendorEdit, errors(404, 409))]
    #[oai(path = "/CompetitorBrand/Insert", method = "put", operation_id = "sharedVendorPutCompetitorBrandInsert")]
    async fn insert_competitor_brand(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<CompetitorBrandInput>) -> ApiResult<Json<SharedVendorCompetitorBrand>> {
        Ok(Json(service::insert_competitor_brand(&state, &caller, &body).await?))
    }

    /// Search a shared vendor's competitor brands
    ///
    /// By part of the name or notes; paged, default sort by name. An unknown shared vendor answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/CompetitorBrand/Search", method = "post", operation_id = "sharedVendorPostCompetitorBrandSearch")]
    async fn search_competitor_brands(&self, state: Data<&AppState>, body: Json<ChildSearchRequest>) -> ApiResult<Json<SharedVendorCompetitorBrandPage>> {
        Ok(Json(service::search_competitor_brands(&state, &body).await?))
    }

    /// Remove a shared vendor competitor brand
    ///
    /// An unknown id answers 404. Audited. Answers the record as it was.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/CompetitorBrand/Delete/:id", method = "delete", operation_id = "sharedVendorDeleteCompetitorBrandDeleteById")]
    async fn delete_competitor_brand(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SharedVendorCompetitorBrand>> {
        Ok(Json(service::delete_competitor_brand(&state, &caller, id.0).await?))
    }

    /// Add a shared vendor account contact
    ///
    /// One of the provider's own people who look after the supplier's account: name (required), role, phone, e-mail, notes. Audited. An unknown shared vendor answers 404.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/FergusonAccountContact/Insert", method = "put", operation_id = "sharedVendorPutFergusonAccountContactInsert")]
    async fn insert_account_contact(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<AccountContactInput>) -> ApiResult<Json<SharedVendorAccountContact>> {
        Ok(Json(service::insert_account_contact(&state, &caller, &body).await?))
    }

    /// Search a shared vendor's account contacts
    ///
    /// By part of the name, role or e-mail; paged, default sort by name. An unknown shared vendor answers 404.
    #[requires(ViewVendors, errors(404))]
    #[oai(path = "/FergusonAccountContact/Search", method = "post", operation_id = "sharedVendorPostFergusonAccountContactSearch")]
    async fn search_account_contacts(&self, state: Data<&AppState>, body: Json<ChildSearchRequest>) -> ApiResult<Json<SharedVendorAccountContactPage>> {
        Ok(Json(service::search_account_contacts(&state, &body).await?))
    }

    /// Change a shared vendor account contact
    ///
    /// Every field is replaced (the same rules as the insert). An unknown id answers 404. Audited with before and
    /// after.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/FergusonAccountContact/Update", method = "post", operation_id = "sharedVendorPostFergusonAccountContactUpdate")]
    async fn update_account_contact(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<AccountContactInput>) -> ApiResult<Json<SharedVendorAccountContact>> {
        Ok(Json(service::update_account_contact(&state, &caller, &body).await?))
    }

    /// Remove a shared vendor account contact
    ///
    /// An unknown id answers 404. Audited. Answers the record as it was.
    #[requires(SharedVendorEdit, errors(404))]
    #[oai(path = "/FergusonAccountContact/Delete/:id", method = "delete", operation_id = "sharedVendorDeleteFergusonAccountContactDeleteById")]
    async fn delete_account_contact(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SharedVendorAccountContact>> {
        Ok(Json(service::delete_account_contact(&state, &caller, id.0).await?))
    }
}
