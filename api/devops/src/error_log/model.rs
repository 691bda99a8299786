//! Wire types of the error log resource.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::listing::PageRequest;
use kernel::page_type;

/// The search form of the Log tab.
#[derive(Debug, Clone, Object)]
pub struct ErrorLogSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Default 7 days back.
    pub start_date: Option<NaiveDate>,
    /// Default tomorrow; the whole day is included.
    pub end_date: Option<NaiveDate>,
    /// null or 0 all rows; -1 rows matching no filter; 1, 2, 3 rows matching a filter of that type (Developer
    /// Review, Ignore, In Progress).
    pub filter_id: Option<i32>,
    /// ASPv8, ASPv7, Customer Portal, ASP API (also accepted as WebAPI); null for all.
    pub application_name: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct ErrorLogExport {
    #[oai(flatten)]
    pub search: ErrorLogSearch,
    pub columns: Vec<ExportColumn>,
}

/// One row of the error log, named as in the spec.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct ErrorRow {
    #[oai(rename = "asp_error_log_ID")]
    #[serde(rename = "asp_error_log_ID")]
    pub asp_error_log_id: i64,
    pub request_url: Option<String>,
    pub machine_name: Option<String>,
    pub event_time: DateTime<Utc>,
    pub request_path: Option<String>,
    pub user_host_address: Option<String>,
    /// The user's login when known, else the name stored with the row.
    #[oai(rename = "asP_user_name")]
    #[serde(rename = "asP_user_name")]
    pub asp_user_name: Option<String>,
    #[oai(rename = "asP_message")]
    #[serde(rename = "asP_message")]
    pub asp_message: String,
    pub exception: Option<String>,
    pub exception_code: Option<String>,
    pub exception_message: Option<String>,
    pub stack_trace: Option<String>,
    pub site_code: Option<String>,
    pub session_dump: Option<String>,
    pub application_name: String,
    pub api_parameters: Option<String>,
}

page_type!(ErrorRowPage, ErrorRow, "itemList");
