//! Operations of the employee resource (spec 3 Employee; shapes in docs/employees.md).

use api_macros::guarded;
use kernel::access::Caller;
use kernel::audit::AuditDetail;
use kernel::error::ApiResult;
use kernel::export::XlsxFile;
use kernel::listing::PageRequest;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::*;
use super::service;

pub struct EmployeeApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::People")]
impl EmployeeApi {
    /// The current site's active employees
    ///
    /// Fewest fields, by employee number (pickers).
    #[requires(EmpView)]
    #[oai(path = "/Employee", method = "get", operation_id = "employeeGet")]
    async fn list(&self, state: Data<&AppState>, scope: Data<&SiteScope>) -> ApiResult<Json<Vec<EmployeeMin>>> {
        Ok(Json(service::list(&state, &scope).await?))
    }

    /// Employee by id
    ///
    /// Navigation history shows lastName, firstName. Records of other clients, or of sites the caller may not use,
    /// answer 404; an employee of a site that is no longer active answers 403 'Advanced validation failure!'.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/:id", method = "get", operation_id = "employeeGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Employee>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// Employee with its relations
    ///
    /// The employee, the employees it supervises, its item limits and its workflow factor's description.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/Common/:id", method = "get", operation_id = "employeeGetCommonById")]
    async fn common(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<EmployeeCommon>> {
        Ok(Json(service::common(&state, &caller, &scope, id.0).await?))
    }

    /// Every employee of a site
    ///
    /// Active or not, by number. The site must be one of the caller's sites of the current client (404 otherwise).
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/Site/:site_id", method = "get", operation_id = "employeeGetSiteBySiteId")]
    async fn of_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>) -> ApiResult<Json<Vec<EmployeeMin>>> {
        Ok(Json(service::of_site(&state, &caller, &scope, site_id.0).await?))
    }

    /// Employee by number at a site
    ///
    /// The number matches case-insensitively.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/:number/Site/:site_id", method = "get", operation_id = "employeeGetSiteByNumberAndSiteId")]
    async fn by_number_at(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, number: Path<String>, site_id: Path<i64>) -> ApiResult<Json<Employee>> {
        Ok(Json(service::by_number(&state, &caller, &scope, &number.0, Some(site_id.0)).await?))
    }

    /// Employee by number at the current site
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/Number/:number", method = "get", operation_id = "employeeGetNumberByNumber")]
    async fn by_number(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, number: Path<String>) -> ApiResult<Json<Employee>> {
        Ok(Json(service::by_number(&state, &caller, &scope, &number.0, None).await?))
    }

    /// An employee's workflow factor
    ///
    /// Path: site id, then employee id. The factor's fields are null when the employee has none.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/WorkflowFactor/:site_id/:employee_id", method = "get", operation_id = "employeeGetWorkflowFactorByAAndB")]
    async fn workflow_factor(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>, employee_id: Path<i64>) -> ApiResult<Json<EmployeeWorkflowFactor>> {
        Ok(Json(service::workflow_factor(&state, &caller, &scope, site_id.0, employee_id.0).await?))
    }

    /// History of an employee
    ///
    /// Every change (who, acting as whom, when, what), newest first; PIN changes say only that the PIN changed.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/Audit/Detail/:id", method = "get", operation_id = "employeeGetAuditDetailById")]
    async fn history(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::history(&state, &caller, &scope, id.0).await?))
    }

    /// Change an employee
    ///
    /// Replaces the record (see EmployeeInput); `clearPin` removes the PIN. Numbers and badges are unique per site;
    /// the supervisor must be an active supervisor of the site; track1-4 codes of levels 1-4 of the site.
    #[requires(EmpEdit, errors(404))]
    #[oai(path = "/Employee", method = "put", operation_id = "employeePut")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<EmployeeInput>) -> ApiResult<Json<EmployeeSaved>> {
        Ok(Json(service::update(&state, &caller, &scope, &body).await?))
    }

    /// Set an employee's PIN
    ///
    /// 4 to 8 digits; stored hashed (argon2id), never returned.
    #[requires(EmpPinUpdate, errors(404))]
    #[oai(path = "/Employee/Pin/Update/:id/:pin", method = "put", operation_id = "employeePutPinUpdateByIdAndPin")]
    async fn set_pin(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>, pin: Path<String>) -> ApiResult<Json<EmployeeSaved>> {
        Ok(Json(service::set_pin(&state, &caller, &scope, id.0, &pin.0).await?))
    }

    /// Create an employee at the current site
    #[requires(EmpEdit)]
    #[oai(path = "/Employee", method = "post", operation_id = "employeePost")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<EmployeeInput>) -> ApiResult<Json<EmployeeSaved>> {
        Ok(Json(service::create(&state, &caller, &scope, &body).await?))
    }

    /// Employee search
    ///
    /// The paged envelope and the filters of EmployeeFilter at the current site. Sortable: employeeNumber,
    /// lastName, firstName, badgeNumber, isActive, isSuspended, supervisor, company, employeeID, updated_at.
    #[requires(EmpView)]
    #[oai(path = "/Employee/EmployeeSearch", method = "post", operation_id = "employeePostEmployeeSearch")]
    async fn search(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<EmployeeSearchRequest>) -> ApiResult<Json<EmployeePage>> {
        Ok(Json(service::search(&state, &scope, &body).await?))
    }

    /// Employee search as an Excel workbook
    ///
    /// The search's sort and filters and the given columns (fields of Employee); up to 5000 rows.
    #[requires(EmpView)]
    #[oai(path = "/Employee/EmployeeSearch/Export", method = "post", operation_id = "employeePostEmployeeSearchExport")]
    async fn export(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<EmployeeSearchExport>) -> ApiResult<XlsxFile> {
        service::export(&state, &scope, &body).await
    }

    /// Employee quick search
    ///
    /// Number, badge, last or first name starting with the text (case-insensitive), exact number or badge first.
    #[requires(EmpView)]
    #[oai(path = "/Employee/EmployeeQuickSearch", method = "post", operation_id = "employeePostEmployeeQuickSearch")]
    async fn quick(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<EmployeeQuickSearch>) -> ApiResult<Json<Vec<EmployeeMin>>> {
        Ok(Json(service::quick(&state, &scope, &body).await?))
    }

    /// Supervisor search
    ///
    /// The current site's supervisors with how many employees each supervises; `user_id` narrows to that
    /// application user's own supervisor records (employees with the user's email). Sortable: employeeNumber,
    /// lastName, firstName, supervisedCount.
    #[requires(EmpView)]
    #[oai(path = "/Employee/EmployeeSupervisorSearch", method = "post", operation_id = "employeePostEmployeeSupervisorSearch")]
    #[allow(clippy::too_many_arguments)]
    async fn supervisors(
        &self,
        state: Data<&AppState>,
        scope: Data<&SiteScope>,
        user_id: Query<Option<i64>>,
        #[oai(name = "pageNumber")] page_number: Query<Option<i64>>,
        #[oai(name = "pageSize")] page_size: Query<Option<i64>>,
        #[oai(name = "sortField")] sort_field: Query<Option<String>>,
        #[oai(name = "sortDirection")] sort_direction: Query<Option<String>>,
    ) -> ApiResult<Json<SupervisorPage>> {
        let page = PageRequest::from_query(page_number.0, page_size.0, sort_field.0, sort_direction.0);
        Ok(Json(service::supervisor_search(&state, &scope, user_id.0, &page).await?))
    }

    /// Name the supervisor of employees
    ///
    /// `employeeIds` of the current site get `supervisor_id` (an active supervisor of the site; null removes).
    #[requires(EmpEdit)]
    #[oai(path = "/Employee/AddSupervisor", method = "post", operation_id = "employeePostAddSupervisor")]
    async fn add_supervisor(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AddSupervisor>) -> ApiResult<Json<SupervisorAnswer>> {
        Ok(Json(service::add_supervisor(&state, &caller, &scope, &body).await?))
    }

    /// Set an employee's item limit
    ///
    /// The most of one CID the employee may draw in a day, week, month or year (quantity); null quantity removes
    /// the limit. Issues past it are refused unless a supervisor of the employee overrides.
    #[requires(EmpEdit, errors(404))]
    #[oai(path = "/Employee/ItemLimit", method = "post", operation_id = "employeePostItemLimit")]
    async fn item_limit(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<ItemLimitInput>) -> ApiResult<Json<ItemLimitAnswer>> {
        Ok(Json(service::item_limit(&state, &caller, &scope, &body).await?))
    }

    /// An employee's group memberships
    ///
    /// The employee groups of the employee's site, each with `inGroup`.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/EmployeeGroup", method = "post", operation_id = "employeePostEmployeeGroup")]
    async fn groups(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<EmployeeGroupRequest>) -> ApiResult<Json<Vec<EmployeeGroupMembership>>> {
        Ok(Json(service::groups(&state, &caller, &scope, body.employee_id).await?))
    }

    /// Change an employee's group memberships
    ///
    /// `insert`: groups the employee joins; `remove`: groups it leaves (groups of the employee's site). Answers the
    /// memberships after the change.
    #[requires(EmpEdit, errors(404))]
    #[oai(path = "/Employee/EmployeeGroup/Update", method = "post", operation_id = "employeePostEmployeeGroupUpdate")]
    async fn update_groups(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<EmployeeGroupUpdate>) -> ApiResult<Json<Vec<EmployeeGroupMembership>>> {
        Ok(Json(service::update_groups(&state, &caller, &scope, &body).await?))
    }

    /// Deactivate an employee
    ///
    /// The employee stays (inactive, history kept) and can be activated again by a change.
    #[requires(EmpEdit, errors(404))]
    #[oai(path = "/Employee", method = "delete", operation_id = "employeeDelete")]
    async fn delete(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Query<i64>) -> ApiResult<Json<EmployeeSaved>> {
        Ok(Json(service::deactivate(&state, &caller, &scope, id.0).await?))
    }
}
