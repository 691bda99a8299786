//! Wire types of workflow factors and approver groups (docs/employees.md).

use chrono::{DateTime, Utc};
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::Factor;
use kernel::page_type;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

/// An employee workflow factor.
#[derive(Object, FromRow, Clone, Debug, Serialize, PartialEq)]
pub struct WorkflowFactor {
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    #[serde(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: i64,
    pub site_id: i64,
    pub factor_value: Factor,
    pub factor_description: String,
    pub is_active: bool,
    /// Employees assigned this factor.
    #[oai(rename = "assignedCount")]
    #[serde(skip)]
    pub assigned_count: i64,
    #[serde(skip)]
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for WorkflowFactor {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// A workflow factor as created (POST, without id) or changed (PUT, with id). `is_active` defaults to true.
#[derive(Object, Clone, Debug, Default)]
pub struct WorkflowFactorInput {
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: Option<i64>,
    pub factor_value: Option<Factor>,
    pub factor_description: Option<String>,
    pub is_active: Option<bool>,
}

/// An approver group of a site: the active employees whose active workflow factor reaches `min_factor_value`
/// approve requisitions of `type_workflow_id` (ItemAdd 1 ... CustomerQuote 9).
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct ApproverGroup {
    pub approver_group_id: i64,
    pub site_id: i64,
    pub description: String,
    pub type_workflow_id: i32,
    pub min_factor_value: Factor,
    pub is_active: bool,
    /// Active employees of the site who qualify.
    #[oai(rename = "approverCount")]
    pub approver_count: i64,
}

/// An employee who approves for a group.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct Approver {
    pub approver_group_id: i64,
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    #[oai(rename = "employeeNumber")]
    pub employee_number: String,
    #[oai(rename = "lastName")]
    pub last_name: String,
    #[oai(rename = "firstName")]
    pub first_name: String,
    pub factor_value: Factor,
}

/// The approver groups of a workflow type with their approvers.
#[derive(Object, Clone, Debug)]
pub struct ItemWorkflowGroup {
    pub group: ApproverGroup,
    pub approvers: Vec<Approver>,
}

/// The employee workflow factor search: employees of the factor's site with whether they are assigned to it.
#[derive(Object, Clone, Debug)]
pub struct AssignedSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: i64,
    /// Must be the factor's site when given.
    pub site_id: Option<i64>,
    /// Starts with (case-insensitive), as the other texts.
    #[oai(rename = "employeeNumber", validator(max_length = 40))]
    pub employee_number: Option<String>,
    #[oai(rename = "lastName", validator(max_length = 60))]
    pub last_name: Option<String>,
    #[oai(rename = "firstName", validator(max_length = 60))]
    pub first_name: Option<String>,
    #[oai(rename = "badgeNumber", validator(max_length = 40))]
    pub badge_number: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
    #[oai(rename = "employeeID")]
    pub employee_id: Option<i64>,
    pub supervisor: Option<bool>,
    /// Only assigned (true) or only not assigned (false) employees.
    pub assigned: Option<bool>,
}

/// An employee in the assignment search.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct AssignedRow {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    pub site_id: i64,
    #[oai(rename = "employeeNumber")]
    pub employee_number: String,
    #[oai(rename = "lastName")]
    pub last_name: String,
    #[oai(rename = "firstName")]
    pub first_name: String,
    #[oai(rename = "badgeNumber")]
    pub badge_number: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    pub supervisor: bool,
    /// The factor the employee has now (any).
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: Option<i64>,
    pub factor_description: Option<String>,
    pub factor_value: Option<Factor>,
    /// Assigned to the searched factor.
    pub assigned: bool,
}

page_type!(AssignedPage, AssignedRow, "resultList");

/// Assign employees to a factor (`insert`, moving them from any other factor) and take it from others (`remove`).
#[derive(Object, Clone, Debug)]
pub struct AssignedUpdate {
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: i64,
    #[oai(validator(max_items = 1000))]
    pub insert: Vec<i64>,
    #[oai(validator(max_items = 1000))]
    pub remove: Vec<i64>,
}

#[derive(Object, Clone, Debug)]
pub struct AssignedAnswer {
    pub success: bool,
    pub assigned: i64,
    pub removed: i64,
}

/// The factor assignments of an application user's own employee records (employees with the user's email) at the
/// current site.
#[derive(Object, Clone, Debug)]
pub struct UserAssignmentsRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub user_id: i64,
}

/// The answer of a factor change.
#[derive(Object, Clone, Debug)]
pub struct WorkflowFactorSaved {
    pub success: bool,
    pub message: String,
    pub factor: WorkflowFactor,
}

/// The assignment searches' order (WFL-007, WFL-009).
pub const ASSIGNED_SORT: SortSpec = SortSpec {
    fields: &[
        ("employeeNumber", "employee_number"),
        ("lastName", "last_name"),
        ("firstName", "first_name"),
        ("badgeNumber", "badge_number"),
        ("isActive", "is_active"),
        ("supervisor", "supervisor"),
        ("assigned", "assigned"),
        ("factor_value", "factor_value"),
    ],
    default_field: "lastName",
    default_descending: false,
};
