//! The people who draw stock and what they draw against (spec 3): employees, employee groups, tracking codes,
//! workflow factors. Employees and workflow factors: docs/employees.md. Employee groups: docs/employee-groups.md.

pub mod draw;
pub mod employee_groups;
pub mod employees;
pub mod tracking_codes;
pub mod workflow;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (
    employees::http::EmployeeApi,
    employee_groups::http::EmployeeGroupApi,
    tracking_codes::http::TrackingCodeApi,
    workflow::http::WorkflowApi,
);
