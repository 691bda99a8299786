//! Rules of the error log filter resource: the search window and sort allow-list, the checks of a new filter, and
//! the audited insert (with its first instance count) and delete.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, XlsxFile};
use kernel::listing::{date_window, Page, SortSpec};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{ErrorFilterExport, ErrorFilterSearch, ErrorLogFilter, ErrorLogFilterInput, ErrorLogFilterPage};
use super::repo::{self, NewFilter};

/// Default search window: this many days back to tomorrow (spec 2 section 9).
pub const DEFAULT_DAYS_BACK: i64 = 7;
const MAX_TEXT: usize = 2000;
pub const NOT_FOUND: &str = "The error log filter does not exist.";

pub const FILTER_SORT: SortSpec = SortSpec {
    fields: &[
        ("asp_error_log_filter_id", "asp_error_log_filter_id"),
        ("filter_note", "filter_note"),
        ("filter_type", "filter_type"),
        ("filter_type_name", "filter_type_name"),
        ("filter_string", "filter_string"),
        ("filter_url", "filter_url"),
        ("description", "description"),
        ("created_by", "created_by"),
        ("created_date", "created_date"),
        ("instance_count", "instance_count"),
    ],
    default_field: "asp_error_log_filter_id",
    default_descending: true,
};

/// Trimmed text, `None` when empty.
fn text(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// Checks a new filter; every problem is reported at once.
pub fn check_filter(input: &ErrorLogFilterInput) -> ApiResult<NewFilter> {
    let mut problems = Problems::default();
    if !(1..=3).contains(&input.filter_type) {
        problems.add("filter_type", "invalid", "The filter type must be 1 (Developer Review), 2 (Ignore) or 3 (In Progress).");
    }
    let (note, string, url, description) = (text(&input.filter_note), text(&input.filter_string), text(&input.filter_url), text(&input.description));
    if string.is_none() && url.is_none() {
        problems.add("filter_string", "required", "Enter a filter string or a filter url.");
    }
    for (field, value) in [("filter_note", &note), ("filter_string", &string), ("filter_url", &url), ("description", &description)] {
        if value.as_ref().is_some_and(|v| v.chars().count() > MAX_TEXT) {
            problems.add(field, "tooLong", &format!("{field} must be at most {MAX_TEXT} characters."));
        }
    }
    problems.check()?;
    let filter_type = i16::try_from(input.filter_type).map_err(ApiError::internal)?;
    Ok(NewFilter { filter_type, note, string, url, description })
}

async fn matching(state: &AppState, search: &ErrorFilterSearch, page: &Page) -> ApiResult<(Vec<ErrorLogFilter>, i64)> {
    let (from, to) = date_window(search.start_date, search.end_date, DEFAULT_DAYS_BACK)?;
    let mut conn = state.pool.acquire().await?;
    Ok(repo::search(&mut conn, from, to, page).await?)
}

/// One page of the filters created in the window, in the requested order.
pub async fn search(state: &AppState, search: &ErrorFilterSearch) -> ApiResult<ErrorLogFilterPage> {
    let page = search.page.resolve(&FILTER_SORT)?;
    let (rows, total) = matching(state, search, &page).await?;
    Ok(ErrorLogFilterPage::new(rows, total))
}

/// The search's filters (up to the cap) as a workbook of the requested columns.
pub async fn export(state: &AppState, request: &ErrorFilterExport) -> ApiResult<XlsxFile> {
    let page = request.search.page.resolve(&FILTER_SORT)?.export();
    let (rows, _) = matching(state, &request.search, &page).await?;
    export::respond(&request.columns, &rows)
}

/// Saves a new filter created by the person at the keyboard, counts the rows it matches, and answers it.
pub async fn create(state: &AppState, caller: &Caller, input: &ErrorLogFilterInput) -> ApiResult<ErrorLogFilter> {
    let filter = check_filter(input)?;
    let mut tx = state.pool.begin().await?;
    let id = repo::insert(&mut tx, &filter, caller.real_user_id).await?;
    repo::recount(&mut tx, Some(id)).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "error_log_filter.insert",
            entity: "asp_error_log_filter",
            entity_id: id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({"filter_type": filter.filter_type, "filter_note": filter.note, "filter_string": filter.string, "filter_url": filter.url, "description": filter.description}),
        },
    )
    .await?;
    let saved = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("a filter just inserted could not be read back"))?;
    tx.commit().await?;
    Ok(saved)
}

pub async fn delete(state: &AppState, caller: &Caller, id: i64) -> ApiResult<()> {
    let mut tx = state.pool.begin().await?;
    let Some((filter_type, string, url)) = repo::delete(&mut tx, id).await? else {
        return Err(ApiError::not_found(NOT_FOUND));
    };
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "error_log_filter.delete",
            entity: "asp_error_log_filter",
            entity_id: id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({"filter_type": filter_type, "filter_string": string, "filter_url": url}),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn input(t: i32, s: Option<&str>, u: Option<&str>) -> ErrorLogFilterInput {
        ErrorLogFilterInput { filter_type: t, filter_note: None, filter_string: s.map(Into::into), filter_url: u.map(Into::into), description: None }
    }

    fn first_field(result: ApiResult<NewFilter>) -> String {
        match result {
            Err(ApiError::BadRequest(body)) => body.0.errors[0].field.clone(),
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn a_filter_needs_a_known_type_and_a_string_or_url() {
        assert!(check_filter(&input(1, Some("timeout"), None)).is_ok());
        assert!(check_filter(&input(3, None, Some("/api/x"))).is_ok());
        assert_eq!(first_field(check_filter(&input(4, Some("x"), None))), "filter_type");
        assert_eq!(first_field(check_filter(&input(2, Some("  "), None))), "filter_string");
        let f = check_filter(&input(2, Some(" a "), Some(""))).unwrap();
        assert_eq!((f.string.as_deref(), f.url), (Some("a"), None));
    }
}
