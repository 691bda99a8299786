//! Wire types of the glossary resource.

use chrono::{DateTime, Utc};
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::export::ExportColumn;
use kernel::listing::PageRequest;
use kernel::page_type;

/// A glossary term. `abbrevation` is spelt so on purpose (the screens use that name).
#[derive(Debug, Clone, Object, FromRow, Serialize)]
pub struct GlossaryTerm {
    pub glossary_id: i64,
    pub label: String,
    pub description: Option<String>,
    pub abbrevation: Option<String>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub status: Option<String>,
    pub created_by_user: Option<String>,
    pub created_date: DateTime<Utc>,
    pub last_modified_by_user: Option<String>,
    pub last_modified_date: Option<DateTime<Utc>>,
    pub approved_by_user: Option<String>,
    pub approved_date: Option<DateTime<Utc>>,
}

/// A new glossary term; the label is required and unique regardless of case. Empty texts are stored as null.
#[derive(Debug, Clone, Default, Object)]
pub struct GlossaryInput {
    pub label: Option<String>,
    pub description: Option<String>,
    pub abbrevation: Option<String>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub status: Option<String>,
}

#[derive(Debug, Object)]
pub struct GlossaryExportRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    pub columns: Vec<ExportColumn>,
}

page_type!(GlossaryPage, GlossaryTerm, "itemList");
