//! Wire types of the release resource.

use chrono::NaiveDate;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::listing::PageRequest;
use kernel::page_type;

/// One release and its notes: up to 10 pairs of bug number (linked to the bug tracker) and description.
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct Release {
    pub release_id: i64,
    /// Dotted number, e.g. `8.67`.
    pub release_number: String,
    pub release_title: String,
    pub release_date: Option<NaiveDate>,
    pub released_by_user: Option<String>,
    pub approval_date: Option<NaiveDate>,
    pub approved_by_user: Option<String>,
    pub major_release: bool,
    /// Link to the release notes in the team-collaboration tool.
    pub teams_link: Option<String>,
    pub release_bug_number: Option<String>,
    pub release_bug_number2: Option<String>,
    pub release_bug_number3: Option<String>,
    pub release_bug_number4: Option<String>,
    pub release_bug_number5: Option<String>,
    pub release_bug_number6: Option<String>,
    pub release_bug_number7: Option<String>,
    pub release_bug_number8: Option<String>,
    pub release_bug_number9: Option<String>,
    pub release_bug_number10: Option<String>,
    pub release_text: Option<String>,
    pub release_text2: Option<String>,
    pub release_text3: Option<String>,
    pub release_text4: Option<String>,
    pub release_text5: Option<String>,
    pub release_text6: Option<String>,
    pub release_text7: Option<String>,
    pub release_text8: Option<String>,
    pub release_text9: Option<String>,
    pub release_text10: Option<String>,
}

/// A new release. `release_id` must be 0 (or absent); `major_release` is ignored: new releases are major releases.
/// Empty texts are stored as null.
#[derive(Debug, Clone, Default, Object)]
pub struct ReleaseInput {
    pub release_id: Option<i64>,
    /// Required; a dotted number such as `8.67` (at most 4 parts).
    pub release_number: Option<String>,
    /// Required; at most 200 characters.
    pub release_title: Option<String>,
    pub release_date: Option<NaiveDate>,
    pub released_by_user: Option<String>,
    pub approval_date: Option<NaiveDate>,
    pub approved_by_user: Option<String>,
    pub major_release: Option<bool>,
    /// An http(s) address.
    pub teams_link: Option<String>,
    pub release_bug_number: Option<String>,
    pub release_bug_number2: Option<String>,
    pub release_bug_number3: Option<String>,
    pub release_bug_number4: Option<String>,
    pub release_bug_number5: Option<String>,
    pub release_bug_number6: Option<String>,
    pub release_bug_number7: Option<String>,
    pub release_bug_number8: Option<String>,
    pub release_bug_number9: Option<String>,
    pub release_bug_number10: Option<String>,
    pub release_text: Option<String>,
    pub release_text2: Option<String>,
    pub release_text3: Option<String>,
    pub release_text4: Option<String>,
    pub release_text5: Option<String>,
    pub release_text6: Option<String>,
    pub release_text7: Option<String>,
    pub release_text8: Option<String>,
    pub release_text9: Option<String>,
    pub release_text10: Option<String>,
}

#[derive(Debug, Object)]
pub struct ReleaseSaved {
    pub success: bool,
    /// 'Release 8.67 saved.', or why it was not saved.
    pub message: String,
    /// The new release's id; null when nothing was saved.
    pub release_id: Option<i64>,
}

#[derive(Debug, Object)]
pub struct ReleaseExportRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub columns: Vec<ExportColumn>,
}

page_type!(ReleasePage, Release, "itemList");
