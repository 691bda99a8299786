//! Operations of the brands.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;

use super::model::Brand;
use super::service;

pub struct BrandApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/ItemMaster", tag = "ApiTags::ItemMaster")]
impl BrandApi {
    /// Brand by id
    ///
    /// The brand, its manufacturer, whether it is active and how many item-master parts carry it (inactive brands
    /// are answered too: parts may still carry them).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Brand/:id", method = "get", operation_id = "itemMasterGetBrandById")]
    async fn get(&self, state: Data<&AppState>, id: Path<i64>) -> ApiResult<Json<Brand>> {
        Ok(Json(service::get(&state, id.0).await?))
    }

    /// Find brands
    ///
    /// Active brands whose name, manufacturer code or manufacturer name contains `q` (ignoring case; none: every
    /// brand), only the manufacturer `mfg_code`'s when given; the first 25 by name. For pickers: a record stores the
    /// brand's id.
    #[requires(BasicAccess)]
    #[oai(path = "/Brands", method = "get", operation_id = "itemMasterGetBrands")]
    async fn search(
        &self,
        state: Data<&AppState>,
        #[oai(validator(max_length = 100))] q: Query<Option<String>>,
        #[oai(validator(max_length = 20))] mfg_code: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<Brand>>> {
        Ok(Json(service::search(&state, q.0.as_deref(), mfg_code.0.as_deref()).await?))
    }
}
