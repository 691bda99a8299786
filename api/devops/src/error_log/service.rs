//! Rules of the error log resource: the search window, the application names, the filter groups and the sort
//! allow-list.

use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::listing::{date_window, Page, SortSpec};
use kernel::state::AppState;

use super::model::{ErrorLogExport, ErrorLogSearch, ErrorRow, ErrorRowPage};
use super::repo::{self, ErrorQuery};

/// Default search window: this many days back to tomorrow (spec 2 section 9).
pub const DEFAULT_DAYS_BACK: i64 = 7;

pub const ERROR_SORT: SortSpec = SortSpec {
    fields: &[
        ("asp_error_log_ID", "asp_error_log_id"),
        ("request_url", "request_url"),
        ("machine_name", "machine_name"),
        ("event_time", "event_time"),
        ("request_path", "request_path"),
        ("user_host_address", "user_host_address"),
        ("asP_user_name", "asp_user_name"),
        ("asP_message", "asp_message"),
        ("exception", "exception"),
        ("exception_code", "exception_code"),
        ("exception_message", "exception_message"),
        ("stack_trace", "stack_trace"),
        ("site_code", "site_code"),
        ("session_dump", "session_dump"),
        ("application_name", "application_name"),
        ("api_parameters", "api_parameters"),
    ],
    default_field: "asp_error_log_ID",
    default_descending: true,
};

/// The application filter of the log search: the values it accepts (the spec's names as aliases) and the
/// application names stored for each.
pub fn application_names(value: Option<&str>) -> Result<Option<Vec<String>>, ApiError> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let names: &[&str] = match v.to_ascii_lowercase().as_str() {
        "all" => return Ok(None),
        "aspv8" | "asp v8" | "asp v8 ui" => &["ASPv8"],
        "aspv7" | "asp v7" | "asp v7 ui" | "fisdonline" => &["ASPv7", "FISDOnline"],
        "customer portal" | "fss.portal" => &["Customer Portal", "Fss.Portal"],
        "asp api" | "webapi" => &["ASP API", "WebAPI"],
        _ => {
            return Err(ApiError::invalid(
                "application_name",
                "invalid",
                "The application must be one of ASPv8, ASPv7, Customer Portal or ASP API (WebAPI).",
            ))
        }
    };
    Ok(Some(names.iter().map(|s| (*s).to_owned()).collect()))
}

/// The validated query of a Log search form.
fn query(s: &ErrorLogSearch) -> ApiResult<ErrorQuery> {
    let (start, end) = date_window(s.start_date, s.end_date, DEFAULT_DAYS_BACK)?;
    let filter_id = s.filter_id.unwrap_or(0);
    if !(-1..=3).contains(&filter_id) {
        return Err(ApiError::invalid("filter_id", "invalid", "The log filter must be 0 (all), -1 (not assigned to a filter), 1, 2 or 3."));
    }
    Ok(ErrorQuery { start, end, filter_id, applications: application_names(s.application_name.as_deref())? })
}

async fn matching(state: &AppState, search: &ErrorLogSearch, page: &Page) -> ApiResult<(Vec<ErrorRow>, i64)> {
    let query = query(search)?;
    let mut conn = state.pool.acquire().await?;
    Ok(repo::search(&mut conn, &query, page).await?)
}

/// One page of the newest 5000 matching rows at most, in the requested order.
pub async fn search(state: &AppState, search: &ErrorLogSearch) -> ApiResult<ErrorRowPage> {
    let page = search.page.resolve(&ERROR_SORT)?;
    let (rows, total) = matching(state, search, &page).await?;
    Ok(ErrorRowPage::new(rows, total))
}

/// The search's rows (up to the cap) as a workbook of the requested columns.
pub async fn export(state: &AppState, request: &ErrorLogExport) -> ApiResult<XlsxFile> {
    let page = request.search.page.resolve(&ERROR_SORT)?.export();
    let (rows, _) = matching(state, &request.search, &page).await?;
    export::respond(&request.columns, &rows)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn application_names_accept_the_spec_names_as_aliases() {
        assert_eq!(application_names(None).unwrap(), None);
        assert_eq!(application_names(Some(" ")).unwrap(), None);
        assert_eq!(application_names(Some("WebAPI")).unwrap().unwrap()[0], "ASP API");
        assert_eq!(application_names(Some("asp api")).unwrap().unwrap()[0], "ASP API");
        assert_eq!(application_names(Some("Fss.Portal")).unwrap().unwrap()[0], "Customer Portal");
        assert_eq!(application_names(Some("ASPv8")).unwrap().unwrap(), vec!["ASPv8"]);
        assert!(application_names(Some("Excel")).is_err());
    }
}
