//! Operations of the employee resource.

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

use super::model::Employee;
use super::service;

pub struct EmployeeApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl EmployeeApi {
    /// Employee by id
    ///
    /// Navigation history shows lastName, firstName. Records of other clients, or of sites the caller may not use,
    /// answer 404.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/:id", method = "get", operation_id = "employeeGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Employee>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }
}
