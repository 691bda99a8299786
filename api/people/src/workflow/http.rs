//! Operations of employee workflow factors (spec 4 "Workflow factors"; docs/employees.md) and of approver groups,
//! including the two under /Employee that answer an employee's or a site's approver groups: they are workflow's
//! answers (the employee resource never asks workflow, workflow asks employees through their service).

use api_macros::guarded;
use kernel::access::Caller;
use kernel::audit::AuditDetail;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::*;
use super::service;

pub struct WorkflowApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::People")]
impl WorkflowApi {
    /// A site's employee workflow factors
    ///
    /// Each with how many employees are assigned; the site must be one of the caller's sites (404 otherwise).
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Workflow/Employee/Site/:site_id", method = "get", operation_id = "workflowGetEmployeeSiteBySiteId")]
    async fn of_site(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>) -> ApiResult<Json<Vec<WorkflowFactor>>> {
        Ok(Json(service::of_site(&state, &caller, &scope, site_id.0).await?))
    }

    /// Employee workflow factor by id
    ///
    /// The route guard of /workflow/employee: a missing factor answers 404 'The workflow factor you are trying to
    /// find does not exist.'
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Workflow/Employee/:id", method = "get", operation_id = "workflowGetEmployeeById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<WorkflowFactor>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// Approver groups of a workflow type with their approvers
    ///
    /// Path: site id, then requisition workflow type (1-9). The active approver groups of that type and the active
    /// employees whose active factor reaches each group's threshold.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Workflow/ItemWorkflowGroups/:site_id/:type_workflow_id", method = "get", operation_id = "workflowGetItemWorkflowGroupsByAAndB")]
    async fn item_workflow_groups(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>, type_workflow_id: Path<i32>) -> ApiResult<Json<Vec<ItemWorkflowGroup>>> {
        Ok(Json(service::item_workflow_groups(&state, &caller, &scope, site_id.0, type_workflow_id.0).await?))
    }

    /// The approver groups an employee belongs to
    ///
    /// Path: site id, then employee id. The active groups of the site whose threshold the employee's active
    /// workflow factor reaches (the employee must be active).
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/ApproverGroup/:site_id/:employee_id", method = "get", operation_id = "employeeGetApproverGroupByAAndB")]
    async fn approver_groups_of(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>, employee_id: Path<i64>) -> ApiResult<Json<Vec<ApproverGroup>>> {
        Ok(Json(service::approver_groups_of(&state, &caller, &scope, site_id.0, employee_id.0).await?))
    }

    /// A site's approver groups
    ///
    /// Each with its workflow type, threshold and how many active employees qualify.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Employee/EmployeeApproverGroup/:site_id", method = "get", operation_id = "employeeGetEmployeeApproverGroupBySiteId")]
    async fn approver_groups(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, site_id: Path<i64>) -> ApiResult<Json<Vec<ApproverGroup>>> {
        Ok(Json(service::approver_groups(&state, &caller, &scope, site_id.0).await?))
    }

    /// History of a workflow factor
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Workflow/Employee/Audit/Detail/:audit_id", method = "get", operation_id = "workflowGetEmployeeAuditDetailByAuditId")]
    async fn history(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, audit_id: Path<i64>) -> ApiResult<Json<Vec<AuditDetail>>> {
        Ok(Json(service::history(&state, &caller, &scope, audit_id.0).await?))
    }

    /// Change a workflow factor
    #[requires(EmpWorkflowFactorEdit, errors(404))]
    #[oai(path = "/Workflow/Employee", method = "put", operation_id = "workflowPutEmployee")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<WorkflowFactorInput>) -> ApiResult<Json<WorkflowFactorSaved>> {
        Ok(Json(service::update(&state, &caller, &scope, &body).await?))
    }

    /// Create a workflow factor at the current site
    #[requires(EmpWorkflowFactorEdit)]
    #[oai(path = "/Workflow/Employee", method = "post", operation_id = "workflowPostEmployee")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<WorkflowFactorInput>) -> ApiResult<Json<WorkflowFactorSaved>> {
        Ok(Json(service::create(&state, &caller, &scope, &body).await?))
    }

    /// Employees of a factor's site with whether they are assigned to it
    ///
    /// Texts match as prefixes. Sortable: employeeNumber, lastName, firstName, badgeNumber, isActive, supervisor,
    /// assigned, factor_value.
    #[requires(EmpView, errors(404))]
    #[oai(path = "/Workflow/Employee/Assigned/Search", method = "post", operation_id = "workflowPostEmployeeAssignedSearch")]
    async fn assigned_search(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AssignedSearchRequest>) -> ApiResult<Json<AssignedPage>> {
        Ok(Json(service::assigned_search(&state, &caller, &scope, &body).await?))
    }

    /// Assign a factor to employees and take it from others
    ///
    /// `insert` employees get the factor (an employee has one factor: it replaces theirs); `remove` employees that
    /// have it lose it. Every employee changed is audited.
    #[requires(EmpWorkflowFactorEdit, errors(404))]
    #[oai(path = "/Workflow/Employee/Assigned/Update", method = "post", operation_id = "workflowPostEmployeeAssignedUpdate")]
    async fn assigned_update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AssignedUpdate>) -> ApiResult<Json<AssignedAnswer>> {
        Ok(Json(service::assigned_update(&state, &caller, &scope, &body).await?))
    }

    /// The workflow factors of an application user's employee records
    ///
    /// Employees of the current site whose email is the user's; `assigned` says the employee has a factor.
    #[requires(EmpView)]
    #[oai(path = "/Workflow/UserAssignments", method = "post", operation_id = "workflowPostUserAssignments")]
    async fn user_assignments(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<UserAssignmentsRequest>) -> ApiResult<Json<AssignedPage>> {
        Ok(Json(service::user_assignments(&state, &scope, &body).await?))
    }
}
