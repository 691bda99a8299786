//! The people who draw stock and what they draw against (spec 3): employees, employee groups, tracking codes,
//! workflow factors. Employees and workflow factors: docs/employees.md.

pub mod draw;
pub mod employees;
pub mod tracking_codes;
pub mod workflow;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (employees::http::EmployeeApi, tracking_codes::http::TrackingCodeApi, workflow::http::WorkflowApi);
