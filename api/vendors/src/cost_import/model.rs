//! Wire types of the cost catalogue import.

use chrono::{DateTime, Utc};
use poem_openapi::{ApiRequest, Enum, Object};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

/// The uploaded catalogue: CSV text or an .xlsx workbook (its first sheet).
#[derive(ApiRequest, Debug)]
pub enum CostImportFile {
    #[oai(content_type = "text/csv")]
    Csv(poem_openapi::payload::PlainText<String>),
    #[oai(content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")]
    Xlsx(poem_openapi::payload::Binary<Vec<u8>>),
}

/// Why a row (or the file: row 0) was refused.
#[derive(Object, Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct CostImportProblem {
    /// The row in the file (the header is row 1); 0 for the file as a whole.
    pub row: i64,
    /// The template column, empty for the row as a whole.
    pub column: String,
    pub reason: String,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum CostImportStatus {
    /// Still reading or applying.
    Running,
    /// Every row was applied.
    Done,
    /// Some rows were refused: nothing was applied (see `problems`).
    Refused,
    /// An unexpected error: nothing was applied.
    Failed,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum CostImportPhase {
    Reading,
    Applying,
}

/// An import and where it stands.
#[derive(Object, Clone, Debug)]
pub struct CostImport {
    pub cost_import_id: i64,
    pub shared_vendor_id: i64,
    pub file_name: String,
    pub status: CostImportStatus,
    pub phase: CostImportPhase,
    pub total_rows: i32,
    /// Rows checked so far (reading) and rows written so far (applying).
    pub processed_rows: i32,
    pub applied_rows: i32,
    pub problem_count: i32,
    /// The first 1,000 problems (all of them, up to 10,000, in the report download).
    pub problems: Vec<CostImportProblem>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(FromRow, Debug)]
pub struct CostImportRow {
    pub cost_import_id: i64,
    pub shared_vendor_id: i64,
    pub file_name: String,
    pub status: String,
    pub phase: String,
    pub total_rows: i32,
    pub processed_rows: i32,
    pub applied_rows: i32,
    pub problem_count: i32,
    pub problems: sqlx::types::Json<Vec<CostImportProblem>>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl CostImportRow {
    pub fn into_wire(self, max_problems: usize) -> CostImport {
        let status = match self.status.as_str() {
            "done" => CostImportStatus::Done,
            "refused" => CostImportStatus::Refused,
            "failed" => CostImportStatus::Failed,
            _ => CostImportStatus::Running,
        };
        let phase = if self.phase == "applying" { CostImportPhase::Applying } else { CostImportPhase::Reading };
        let mut problems = self.problems.0;
        problems.truncate(max_problems);
        CostImport {
            cost_import_id: self.cost_import_id,
            shared_vendor_id: self.shared_vendor_id,
            file_name: self.file_name,
            status,
            phase,
            total_rows: self.total_rows,
            processed_rows: self.processed_rows,
            applied_rows: self.applied_rows,
            problem_count: self.problem_count,
            problems,
            created_at: self.created_at,
            finished_at: self.finished_at,
        }
    }
}
