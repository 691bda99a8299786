//! Wire types of the database tools.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::listing::PageRequest;
use kernel::page_type;

#[derive(Debug, Clone, Object)]
pub struct DbToolsEnvironment {
    pub environment_name: String,
    pub database_name: String,
}

#[derive(Debug, Clone, Object, FromRow)]
pub struct DbToolsUser {
    /// The database role that made changes.
    pub network_name: String,
    /// Its display name (the role name when unknown).
    pub friendly_name: String,
}

/// The Database Tools search. Empty strings count as absent.
#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsChangedObjectsRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// `YYYY-MM-DD` (the date part of an ISO date-time is accepted); default 90 days back.
    #[oai(rename = "startDate")]
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`, inclusive; default tomorrow.
    #[oai(rename = "endDate")]
    pub end_date: Option<String>,
    /// Part of the object's name (or of `schema.name`), any case.
    pub object_name: Option<String>,
    /// Only changes by this database role (or friendly name); absent for all users.
    pub network_name: Option<String>,
    /// DEV, QA, STAGE or PROD (any case).
    pub environment_name: Option<String>,
    /// Picks the environment by its database name when `environment_name` is absent.
    pub database_name: Option<String>,
    /// Only objects of this schema.
    pub schema_name: Option<String>,
}

/// One change of a database object (the latest one per object in a search; every one in a history).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct DbToolsObjectChange {
    #[oai(rename = "objectAuditLog_ID")]
    #[serde(rename = "objectAuditLog_ID")]
    pub object_audit_log_id: i64,
    pub schema_name: String,
    pub object_name: String,
    pub database_name: String,
    /// function, procedure, view, materialized view or table.
    pub object_type: String,
    /// The command that made the change: CREATE FUNCTION, ALTER TABLE, DROP VIEW, ...
    pub command_tag: String,
    /// The database role that made the change.
    pub network_name: String,
    /// Its display name.
    pub friendly_name: String,
    pub last_modified_date: DateTime<Utc>,
}

page_type!(DbToolsObjectChangePage, DbToolsObjectChange, "resultList");

#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsHistoryRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub schema_name: String,
    pub object_name: String,
    pub database_name: Option<String>,
    pub environment_name: Option<String>,
}

#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsSourceRequest {
    pub schema_name: String,
    pub object_name: String,
    pub database_name: Option<String>,
    pub environment_name: Option<String>,
}

#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsHistorySourceRequest {
    #[oai(rename = "objectAuditLog_ID")]
    pub object_audit_log_id: i64,
    /// When given, must be the schema of that audit row.
    pub schema_name: Option<String>,
    /// When given, must be the object of that audit row.
    pub object_name: Option<String>,
    pub database_name: Option<String>,
    pub environment_name: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct DbToolsSource {
    /// The definition: `create or replace function ...`, `create or replace view ... as ...` or `create table ...`;
    /// empty for a history row that records a drop.
    pub object_source: String,
}

#[derive(Debug, Clone, Default, Object)]
pub struct DbToolsDiffRequest {
    /// Must be `character`.
    pub diff_level: Option<String>,
    /// The older text (left), at most 1 MB.
    pub left: Option<String>,
    /// The newer text (right), at most 1 MB.
    pub right: Option<String>,
}

#[derive(Debug, Clone, Object)]
pub struct DbToolsDiff {
    /// The text with removed runs in `<del>` and inserted runs in `<ins>`, HTML-escaped, in `<pre class="asp-diff">`.
    pub html: String,
    /// Styles for `html`: `del` red, `ins` green.
    pub css: String,
}

/// The object and definition recorded with one audit row.
#[derive(Debug, Clone, FromRow)]
pub struct HistorySourceRow {
    pub schema_name: String,
    pub object_name: String,
    pub object_source: Option<String>,
}
