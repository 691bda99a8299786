//! Fields a caller may set only with a permission beyond the operation's own (docs/security.md, "Field rules").
//!
//! A value that has its own dedicated call (the average cost: `PUT Transaction/Update/CustAvgCost`, guarded by
//! TransactionAvgCost) may also appear in the body of a broader operation (a new CID carries its starting average
//! cost). Each such field has ONE rule, declared here, and every service that accepts the field calls [`check`] with
//! the fields its body actually carried, before anything else: a caller without the field's permission is refused
//! with 403 naming the field (errorType [`ERROR_TYPE`]) and nothing is changed, whatever else the body holds. The
//! dedicated call keeps its own permission through its guard. The generated probe
//! (`api/tests/it/field_permissions.rs`) finds every operation of the document whose body carries a field named here.

use poem_openapi::payload::Json;

use crate::access::Caller;
use crate::error::{current_request_id, ApiError, ApiResult, ErrorBody, ValidationError};
use crate::perm::Perm;

/// One field and the permissions (any one) its setter needs at the site the value is set at.
#[derive(Debug, Clone, Copy)]
pub struct FieldRule {
    /// The field's name as the document spells it.
    pub field: &'static str,
    pub needs: &'static [Perm],
    /// What the field is, for the refusal's message.
    pub label: &'static str,
    /// The operation made for setting it (the refusal points the caller there).
    pub dedicated: &'static str,
    /// The request schema the field sets a value in, where the same name means something else elsewhere (an
    /// employee's `pin` is set in EmployeeInput; an issue's `pin` is the employee proving who they are). None: the
    /// field sets its value wherever it appears.
    pub object: Option<&'static str>,
}

/// The average cost of a CID/CIP: moved by receipts, corrected by its dedicated call.
pub const CUST_AVG_COST: FieldRule = FieldRule {
    field: "cust_avg_cost",
    needs: &[Perm::TransactionAvgCost],
    label: "the average cost",
    dedicated: "PUT api/V1/Transaction/Update/CustAvgCost",
    object: None,
};

/// An employee's PIN: set by its own call under EmpPinUpdate, so a new employee's first PIN needs it too.
pub const EMPLOYEE_PIN: FieldRule = FieldRule {
    field: "pin",
    needs: &[Perm::EmpPinUpdate],
    label: "an employee's PIN",
    dedicated: "PUT api/V1/Employee/Pin/Update/{id}/{pin}",
    object: Some("EmployeeInput"),
};

/// Removing an employee's PIN through the employee's edit: the same permission as setting one.
pub const CLEAR_EMPLOYEE_PIN: FieldRule = FieldRule {
    field: "clearPin",
    needs: &[Perm::EmpPinUpdate],
    label: "removing an employee's PIN",
    dedicated: "PUT api/V1/Employee/Pin/Update/{id}/{pin}",
    object: Some("EmployeeInput"),
};

/// Every field rule (the generated probe walks this table).
pub const RULES: &[FieldRule] = &[CUST_AVG_COST, EMPLOYEE_PIN, CLEAR_EMPLOYEE_PIN];

/// errorType of the refusal.
pub const ERROR_TYPE: &str = "fieldNotPermitted";

/// Refuses with 403, naming every field the body carried (`true`) that the caller may not set at the current
/// site. A field sent as null or left out is not carried.
pub fn check(caller: &Caller, carried: &[(&FieldRule, bool)]) -> ApiResult<()> {
    let refused: Vec<ValidationError> = carried
        .iter()
        .filter(|(rule, present)| *present && !caller.holds_any(rule.needs))
        .map(|(rule, _)| {
            let needs: Vec<&str> = rule.needs.iter().map(|p| p.as_str()).collect();
            ValidationError::new(
                rule.field,
                ERROR_TYPE,
                &format!("Setting {} needs {} at this site (or leave {} out; {} sets it).", rule.label, needs.join(" or "), rule.field, rule.dedicated),
            )
        })
        .collect();
    match refused.first() {
        None => Ok(()),
        Some(first) => Err(ApiError::Forbidden(Json(ErrorBody { status: 403, message: first.error.clone(), errors: refused, request_id: current_request_id() }))),
    }
}
