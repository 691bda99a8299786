//! Wire types of the error log filter resource.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::listing::PageRequest;
use kernel::page_type;

/// The search form of the Filtered List tab: filters created in the window.
#[derive(Debug, Clone, Object)]
pub struct ErrorFilterSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Default 7 days back.
    pub start_date: Option<NaiveDate>,
    /// Default tomorrow; the whole day is included.
    pub end_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, Object)]
pub struct ErrorFilterExport {
    #[oai(flatten)]
    pub search: ErrorFilterSearch,
    pub columns: Vec<ExportColumn>,
}

/// An error log filter.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct ErrorLogFilter {
    pub asp_error_log_filter_id: i64,
    pub filter_note: Option<String>,
    /// 1 Developer Review, 2 Ignore, 3 In Progress.
    pub filter_type: i32,
    pub filter_type_name: String,
    pub filter_string: Option<String>,
    pub filter_url: Option<String>,
    pub description: Option<String>,
    pub created_by_id: Option<i64>,
    /// The creator's name.
    pub created_by: Option<String>,
    pub created_date: DateTime<Utc>,
    /// Error log rows matching the filter (kept current by the filter counting job).
    pub instance_count: i64,
}

page_type!(ErrorLogFilterPage, ErrorLogFilter, "itemList");

/// A new filter.
#[derive(Debug, Clone, Object)]
pub struct ErrorLogFilterInput {
    /// 1 developer review, 2 ignore, 3 in progress.
    pub filter_type: i32,
    pub filter_note: Option<String>,
    /// Part of the message or exception of the rows to group.
    pub filter_string: Option<String>,
    /// Part of the request url or path of the rows to group.
    pub filter_url: Option<String>,
    pub description: Option<String>,
}

#[derive(Object)]
pub struct ErrorLogMessage {
    pub message: String,
}
