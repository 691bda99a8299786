//! Rules of bug reports: subject and description are required; the report names the person at the keyboard (the
//! support user while impersonating).

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{BugReport, BugReportAnswer};
use super::repo::{self, NewBugReport};
use crate::context;

/// The BugTracker project reports from the shell are filed under.
const PROJECT: i32 = 18;

pub async fn submit(state: &AppState, caller: &Caller, report: &BugReport) -> ApiResult<BugReportAnswer> {
    let mut problems = Problems::default();
    if report.subject.trim().is_empty() {
        problems.add("subject", "required", "Please enter a valid value for Bug Subject");
    }
    if report.message.trim().is_empty() {
        problems.add("message", "required", "Please enter a valid value for Bug Description");
    }
    problems.check()?;
    let user = context::service::load_user(state, caller.real_user_id).await?;
    let screenshot = report.screenshot.unwrap_or(true);
    let mut tx = state.pool.begin().await?;
    let id = repo::insert(
        &mut tx,
        &NewBugReport {
            subject: report.subject.trim(),
            message: &report.message,
            screenshot,
            html: if screenshot { report.html.as_deref() } else { None },
            site_code: report.site_code.as_deref(),
            reported_user: &user.user_id,
            asp_users_id: caller.real_user_id,
            project: PROJECT,
            url: report.url.as_deref(),
        },
    )
    .await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "bug.submit", entity: "bug_report", entity_id: id.to_string(), client_id: None, site_id: caller.current_site_id(), changes: json!({"subject": report.subject}) },
    )
    .await?;
    tx.commit().await?;
    Ok(BugReportAnswer { identity_id: id, message: format!("Your BugTracker Ticket Number is {id}") })
}
