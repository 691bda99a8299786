//! Employee workflow factors (spec 4 "Workflow factors"): a factor is a named weight given to employees; approver
//! groups of a site say which workflow type an employee approves once their factor reaches the group's threshold.
//! Layout: `model` (wire types), `repo` (SQL), `service` (rules and transactions), `http` (thin operations). See
//! docs/employees.md.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
