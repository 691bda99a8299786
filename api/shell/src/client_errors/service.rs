//! Rules of client error intake: what of a report is kept.

use kernel::access::Caller;
use kernel::error::{current_request_id, ApiResult};
use kernel::state::AppState;

use super::model::ClientError;
use super::repo::{self, ClientErrorEntry};

const MAX_STACK_LINES: usize = 10;

/// Stores the report with the caller, when signed in; the page path comes from the reported URL.
pub async fn log(state: &AppState, caller: Option<&Caller>, report: &ClientError) -> ApiResult<()> {
    let stack = report.stack.as_ref().map(|s| s.iter().take(MAX_STACK_LINES).cloned().collect::<Vec<_>>().join("\n"));
    let path = report.url.as_deref().and_then(|u| url::Url::parse(u).ok()).map(|u| u.path().to_owned());
    let entry = ClientErrorEntry {
        url: report.url.as_deref(),
        path,
        user_id: caller.map(|c| c.user_id),
        site_code: report.site_code.as_deref(),
        message: &report.message,
        stack,
        request_id: current_request_id(),
    };
    let mut conn = state.pool.acquire().await?;
    repo::insert(&mut conn, &entry).await?;
    Ok(())
}
