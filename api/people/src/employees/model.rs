//! Wire types of the employee resource (docs/employees.md). Names follow spec 3 section 3 "Employee".

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use kernel::export::ExportColumn;
use kernel::listing::{PageRequest, SortSpec};
use kernel::num::{Factor, Money, Quantity};
use kernel::page_type;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

/// Employee (the people who draw items, not application users). The PIN is never returned: `hasPin` says whether
/// one is set.
#[derive(Object, FromRow, Clone, Debug, Serialize, PartialEq)]
pub struct Employee {
    #[oai(rename = "employeeID")]
    #[serde(rename = "employeeID")]
    pub employee_id: i64,
    pub site_id: i64,
    #[oai(rename = "siteCode")]
    #[serde(rename = "siteCode")]
    pub site_code: Option<String>,
    #[oai(rename = "employeeNumber")]
    #[serde(rename = "employeeNumber")]
    pub employee_number: String,
    #[oai(rename = "lastName")]
    #[serde(rename = "lastName")]
    pub last_name: String,
    #[oai(rename = "firstName")]
    #[serde(rename = "firstName")]
    pub first_name: String,
    #[oai(rename = "badgeNumber")]
    #[serde(rename = "badgeNumber")]
    pub badge_number: Option<String>,
    /// A PIN is set (the PIN itself is stored hashed and never returned).
    #[oai(rename = "hasPin")]
    #[serde(rename = "hasPin")]
    pub has_pin: bool,
    #[oai(rename = "isActive")]
    #[serde(rename = "isActive")]
    pub is_active: bool,
    /// Start of the employee's shift (HH:MM:SS).
    #[oai(rename = "beginTime")]
    #[serde(rename = "beginTime")]
    pub begin_time: Option<NaiveTime>,
    #[oai(rename = "endTime")]
    #[serde(rename = "endTime")]
    pub end_time: Option<NaiveTime>,
    /// The employee supervises others (may be named as `supervisor_id` and override limits for them).
    pub supervisor: bool,
    /// The employee's supervisor.
    pub supervisor_id: Option<i64>,
    /// "Last, First" of the supervisor.
    #[oai(rename = "supervisorName")]
    #[serde(rename = "supervisorName")]
    pub supervisor_name: Option<String>,
    /// Default tracking code (tracking_code_id) of level 1.
    pub track1: Option<i64>,
    pub track2: Option<i64>,
    pub track3: Option<i64>,
    pub track4: Option<i64>,
    #[oai(rename = "isSuspended")]
    #[serde(rename = "isSuspended")]
    pub is_suspended: bool,
    #[oai(rename = "suspensionDate")]
    #[serde(rename = "suspensionDate")]
    pub suspension_date: Option<NaiveDate>,
    #[oai(rename = "suspensionReasonID")]
    #[serde(rename = "suspensionReasonID")]
    pub suspension_reason_id: Option<i32>,
    #[oai(rename = "canAdjust")]
    #[serde(rename = "canAdjust")]
    pub can_adjust: bool,
    #[oai(rename = "canReceive")]
    #[serde(rename = "canReceive")]
    pub can_receive: bool,
    #[oai(rename = "canChangeLocation")]
    #[serde(rename = "canChangeLocation")]
    pub can_change_location: bool,
    #[oai(rename = "canReturn")]
    #[serde(rename = "canReturn")]
    pub can_return: bool,
    #[oai(rename = "spotBuy")]
    #[serde(rename = "spotBuy")]
    pub spot_buy: bool,
    #[oai(rename = "addRequest")]
    #[serde(rename = "addRequest")]
    pub add_request: bool,
    #[oai(rename = "changeRequest")]
    #[serde(rename = "changeRequest")]
    pub change_request: bool,
    #[oai(rename = "canOverrideBuddy")]
    #[serde(rename = "canOverrideBuddy")]
    pub can_override_buddy: bool,
    #[oai(rename = "canOverrideAssetReturnRestricted")]
    #[serde(rename = "canOverrideAssetReturnRestricted")]
    pub can_override_asset_return_restricted: bool,
    #[oai(rename = "toolTouchAdmin")]
    #[serde(rename = "toolTouchAdmin")]
    pub tool_touch_admin: bool,
    #[oai(rename = "canCalibrateAssets")]
    #[serde(rename = "canCalibrateAssets")]
    pub can_calibrate_assets: bool,
    #[oai(rename = "canAdjustConsigned")]
    #[serde(rename = "canAdjustConsigned")]
    pub can_adjust_consigned: bool,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// Cost of an hour of the employee's work (US dollars).
    #[oai(rename = "laborCost")]
    #[serde(rename = "laborCost")]
    pub labor_cost: Option<Money>,
    pub comments: Option<String>,
    pub company: Option<String>,
    /// The employee's workflow factor.
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    #[serde(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: Option<i64>,
    /// Value of the employee's workflow factor (null without one).
    pub factor_value: Option<Factor>,
    #[oai(rename = "customerEmployeeNum")]
    #[serde(rename = "customerEmployeeNum")]
    pub customer_employee_num: Option<String>,
    /// When the employee was deactivated (DELETE), if inactive through it.
    #[oai(rename = "deactivatedAt")]
    #[serde(rename = "deactivatedAt")]
    pub deactivated_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

impl kernel::records::SiteRecord for Employee {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// An employee in the fewest fields (pickers, quick search, supervisors' lists).
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct EmployeeMin {
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
    #[oai(rename = "isSuspended")]
    pub is_suspended: bool,
    pub supervisor: bool,
}

/// A supervisor in the supervisor search: the employee and how many employees name them.
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct SupervisorRow {
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
    pub email: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: bool,
    /// Employees whose supervisor_id is this employee.
    #[oai(rename = "supervisedCount")]
    pub supervised_count: i64,
}

page_type!(EmployeePage, Employee, "resultList");
page_type!(SupervisorPage, SupervisorRow, "resultList");

/// An employee's limit of one CID per period, in quantity.
#[derive(Object, FromRow, Clone, Debug, Serialize, PartialEq)]
pub struct ItemLimit {
    pub employee_item_limit_id: i64,
    #[oai(rename = "employeeID")]
    #[serde(rename = "employeeID")]
    pub employee_id: i64,
    pub cid_no: i64,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    /// `day`, `week`, `month` or `year`.
    pub period: String,
    pub quantity: Quantity,
}

/// An employee with what hangs off it: supervisor, the employees it supervises, item limits, workflow factor,
/// group memberships.
#[derive(Object, Clone, Debug)]
pub struct EmployeeCommon {
    pub employee: Employee,
    /// The employees whose supervisor this employee is.
    pub supervises: Vec<EmployeeMin>,
    #[oai(rename = "itemLimits")]
    pub item_limits: Vec<ItemLimit>,
    #[oai(rename = "factorDescription")]
    pub factor_description: Option<String>,
}

/// The filters of the employee search. Empty texts count as not given; texts match case-insensitively.
#[derive(Object, Clone, Debug, Default)]
pub struct EmployeeFilter {
    /// Employee number starts with.
    #[oai(rename = "employeeNumber", validator(max_length = 40))]
    pub employee_number: Option<String>,
    /// Last name starts with.
    #[oai(rename = "lastName", validator(max_length = 60))]
    pub last_name: Option<String>,
    /// First name starts with.
    #[oai(rename = "firstName", validator(max_length = 60))]
    pub first_name: Option<String>,
    /// Badge starts with.
    #[oai(rename = "badgeNumber", validator(max_length = 40))]
    pub badge_number: Option<String>,
    /// Number, badge, names, email or company contains.
    #[oai(validator(max_length = 100))]
    pub text: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
    #[oai(rename = "isSuspended")]
    pub is_suspended: Option<bool>,
    /// Only supervisors (true) or only others (false).
    pub supervisor: Option<bool>,
    /// Only the employees this supervisor supervises.
    pub supervisor_id: Option<i64>,
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: Option<i64>,
    #[oai(validator(max_length = 100))]
    pub company: Option<String>,
}

/// Employee search (paged envelope and filters).
#[derive(Object, Clone, Debug)]
pub struct EmployeeSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: EmployeeFilter,
}

/// Employee search as an Excel workbook of the given columns (fields of Employee; up to 5000 rows).
#[derive(Object, Clone, Debug)]
pub struct EmployeeSearchExport {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(flatten)]
    pub filter: EmployeeFilter,
    pub columns: Vec<ExportColumn>,
}

/// Quick search: employees whose number, badge, last or first name starts with `searchText`.
#[derive(Object, Clone, Debug)]
pub struct EmployeeQuickSearch {
    #[oai(rename = "searchText", validator(max_length = 60))]
    pub search_text: String,
    /// Only active employees (default true).
    #[oai(rename = "activeOnly")]
    pub active_only: Option<bool>,
    /// At most this many (1-50, default 20).
    #[oai(rename = "maxResults")]
    pub max_results: Option<i64>,
}

/// An employee as created (POST) or changed (PUT, which replaces the record: flags left out are false, except
/// canReturn which is true; texts left out are cleared). The site is the current site for a new employee.
#[derive(Object, Clone, Debug, Default)]
pub struct EmployeeInput {
    /// Required for PUT, ignored for POST.
    #[oai(rename = "employeeID")]
    pub employee_id: Option<i64>,
    #[oai(rename = "employeeNumber")]
    pub employee_number: Option<String>,
    #[oai(rename = "lastName")]
    pub last_name: Option<String>,
    #[oai(rename = "firstName")]
    pub first_name: Option<String>,
    #[oai(rename = "badgeNumber")]
    pub badge_number: Option<String>,
    /// POST only: an initial PIN (4 to 8 digits); needs EmpPinUpdate. Use Pin/Update to change it.
    pub pin: Option<String>,
    /// PUT only: remove the employee's PIN; needs EmpPinUpdate.
    #[oai(rename = "clearPin")]
    pub clear_pin: Option<bool>,
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
    #[oai(rename = "beginTime")]
    pub begin_time: Option<NaiveTime>,
    #[oai(rename = "endTime")]
    pub end_time: Option<NaiveTime>,
    pub supervisor: Option<bool>,
    pub supervisor_id: Option<i64>,
    pub track1: Option<i64>,
    pub track2: Option<i64>,
    pub track3: Option<i64>,
    pub track4: Option<i64>,
    #[oai(rename = "isSuspended")]
    pub is_suspended: Option<bool>,
    #[oai(rename = "suspensionDate")]
    pub suspension_date: Option<NaiveDate>,
    #[oai(rename = "suspensionReasonID")]
    pub suspension_reason_id: Option<i32>,
    #[oai(rename = "canAdjust")]
    pub can_adjust: Option<bool>,
    #[oai(rename = "canReceive")]
    pub can_receive: Option<bool>,
    #[oai(rename = "canChangeLocation")]
    pub can_change_location: Option<bool>,
    #[oai(rename = "canReturn")]
    pub can_return: Option<bool>,
    #[oai(rename = "spotBuy")]
    pub spot_buy: Option<bool>,
    #[oai(rename = "addRequest")]
    pub add_request: Option<bool>,
    #[oai(rename = "changeRequest")]
    pub change_request: Option<bool>,
    #[oai(rename = "canOverrideBuddy")]
    pub can_override_buddy: Option<bool>,
    #[oai(rename = "canOverrideAssetReturnRestricted")]
    pub can_override_asset_return_restricted: Option<bool>,
    #[oai(rename = "toolTouchAdmin")]
    pub tool_touch_admin: Option<bool>,
    #[oai(rename = "canCalibrateAssets")]
    pub can_calibrate_assets: Option<bool>,
    #[oai(rename = "canAdjustConsigned")]
    pub can_adjust_consigned: Option<bool>,
    pub email: Option<String>,
    pub phone: Option<String>,
    #[oai(rename = "laborCost")]
    pub labor_cost: Option<Money>,
    pub comments: Option<String>,
    pub company: Option<String>,
    #[oai(rename = "customerEmployeeNum")]
    pub customer_employee_num: Option<String>,
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: Option<i64>,
}

/// The validated values written to the employee row.
#[derive(Clone, Debug, Default)]
pub struct EmployeeValues {
    pub employee_number: String,
    pub last_name: String,
    pub first_name: String,
    pub badge_number: Option<String>,
    pub is_active: bool,
    pub begin_time: Option<NaiveTime>,
    pub end_time: Option<NaiveTime>,
    pub supervisor: bool,
    pub supervisor_id: Option<i64>,
    pub track: [Option<i64>; 4],
    pub is_suspended: bool,
    pub suspension_date: Option<NaiveDate>,
    pub suspension_reason_id: Option<i32>,
    /// canAdjust, canReceive, canChangeLocation, canReturn, spotBuy, addRequest, changeRequest, canOverrideBuddy,
    /// canOverrideAssetReturnRestricted, toolTouchAdmin, canCalibrateAssets, canAdjustConsigned.
    pub flags: [bool; 12],
    pub email: Option<String>,
    pub phone: Option<String>,
    pub labor_cost: Option<Money>,
    pub comments: Option<String>,
    pub company: Option<String>,
    pub customer_employee_num: Option<String>,
    pub wfl_employee_workflow_factor_id: Option<i64>,
}

/// Who supervises the listed employees (`supervisor_id` null removes their supervisor).
#[derive(Object, Clone, Debug)]
pub struct AddSupervisor {
    #[oai(rename = "employeeIds", validator(max_items = 500))]
    pub employee_ids: Vec<i64>,
    pub supervisor_id: Option<i64>,
}

/// An employee's item limit for one CID and period; `quantity` null removes it.
#[derive(Object, Clone, Debug)]
pub struct ItemLimitInput {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    pub cid_no: i64,
    /// `day`, `week`, `month` or `year`.
    pub period: String,
    pub quantity: Option<Quantity>,
}

/// The item limits of an employee after a change.
#[derive(Object, Clone, Debug)]
pub struct ItemLimitAnswer {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    #[oai(rename = "itemLimits")]
    pub item_limits: Vec<ItemLimit>,
}

/// The answer of a change: the employee as saved.
#[derive(Object, Clone, Debug)]
pub struct EmployeeSaved {
    pub success: bool,
    pub message: String,
    pub employee: Employee,
}

/// How many employees a supervisor change touched.
#[derive(Object, Clone, Debug)]
pub struct SupervisorAnswer {
    pub success: bool,
    pub updated: i64,
    pub supervisor_id: Option<i64>,
}

/// An employee's workflow factor (EMP WorkflowFactor).
#[derive(Object, FromRow, Clone, Debug)]
pub struct EmployeeWorkflowFactor {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    pub site_id: i64,
    #[oai(rename = "wfl_employee_workflow_factor_ID")]
    pub wfl_employee_workflow_factor_id: Option<i64>,
    pub factor_value: Option<Factor>,
    pub factor_description: Option<String>,
    pub is_active: Option<bool>,
}

/// Sort fields of the employee search (name the caller sends, output column).
pub const SORT_FIELDS: &[(&str, &str)] = &[
    ("employeeNumber", "employee_number"),
    ("lastName", "last_name"),
    ("firstName", "first_name"),
    ("badgeNumber", "badge_number"),
    ("isActive", "is_active"),
    ("isSuspended", "is_suspended"),
    ("supervisor", "supervisor"),
    ("company", "company"),
    ("employeeID", "employee_id"),
    ("updated_at", "updated_at"),
];

/// An employee group of the employee's site and whether the employee belongs to it (EMP EmployeeGroup).
#[derive(Object, FromRow, Clone, Debug, Serialize)]
pub struct EmployeeGroupMembership {
    #[oai(rename = "groupID")]
    pub employee_group_id: i64,
    pub description: String,
    pub group_type: i32,
    #[oai(rename = "defaultGroup")]
    pub default_group: bool,
    #[oai(rename = "inGroup")]
    pub in_group: bool,
}

/// Whose group memberships to list.
#[derive(Object, Clone, Debug)]
pub struct EmployeeGroupRequest {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
}

/// Groups the employee joins (`insert`) and leaves (`remove`).
#[derive(Object, Clone, Debug)]
pub struct EmployeeGroupUpdate {
    #[oai(rename = "employeeID")]
    pub employee_id: i64,
    #[oai(validator(max_items = 500))]
    pub insert: Vec<i64>,
    #[oai(validator(max_items = 500))]
    pub remove: Vec<i64>,
}

/// The employee search's order (EMP-014).
pub const SORT: SortSpec = SortSpec { fields: SORT_FIELDS, default_field: "lastName", default_descending: false };

/// The supervisor search's order (EMP-016).
pub const SUPERVISOR_SORT: SortSpec = SortSpec {
    fields: &[("employeeNumber", "employee_number"), ("lastName", "last_name"), ("firstName", "first_name"), ("supervisedCount", "supervised_count")],
    default_field: "lastName",
    default_descending: false,
};
