//! Excel export of a search (spec 2 section 9): file AspExport.xlsx, sheet Sheet1, the displayed columns in order,
//! dates and US-dollar amounts (3 decimals) formatted, at most 5000 rows.

use poem_openapi::payload::Binary;
use poem_openapi::{ApiResponse, Enum, Object};
use rust_xlsxwriter::{Format, Workbook};
use serde_json::Value;

use crate::error::{ApiError, ApiResult};
use crate::listing::ROW_CAP;

pub const FILE_NAME: &str = "AspExport.xlsx";
pub const CONTENT_TYPE: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum ColumnKind {
    Text,
    Number,
    /// US dollars, 3 decimals.
    Currency,
    Date,
    DateTime,
    Boolean,
}

/// One displayed column: the row field it shows, its header, and how to format it.
#[derive(Debug, Clone, Object)]
pub struct ExportColumn {
    #[oai(validator(max_length = 100))]
    pub field: String,
    #[oai(validator(max_length = 200))]
    pub header: String,
    pub kind: Option<ColumnKind>,
}

#[derive(ApiResponse)]
pub enum XlsxFile {
    /// The workbook.
    #[oai(status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")]
    Ok(Binary<Vec<u8>>, #[oai(header = "Content-Disposition")] String),
}

fn parse_datetime(s: &str) -> Option<chrono::NaiveDateTime> {
    chrono::DateTime::parse_from_rfc3339(s)
        .map(|d| d.naive_utc())
        .ok()
        .or_else(|| chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f").ok())
        .or_else(|| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").ok().and_then(|d| d.and_hms_opt(0, 0, 0)))
}

/// Builds the workbook from rows serialised as JSON objects.
pub fn workbook(columns: &[ExportColumn], rows: &[Value]) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Sheet1")?;
    let bold = Format::new().set_bold();
    let currency = Format::new().set_num_format("$#,##0.000");
    let date = Format::new().set_num_format("mm/dd/yyyy");
    let datetime = Format::new().set_num_format("mm/dd/yyyy hh:mm:ss");
    for (c, col) in columns.iter().enumerate() {
        let c = u16::try_from(c).unwrap_or(u16::MAX);
        sheet.write_string_with_format(0, c, &col.header, &bold)?;
    }
    for (r, row) in rows.iter().take(usize::try_from(ROW_CAP).unwrap_or(5000)).enumerate() {
        let r = u32::try_from(r + 1).unwrap_or(u32::MAX);
        for (c, col) in columns.iter().enumerate() {
            let c = u16::try_from(c).unwrap_or(u16::MAX);
            let value = row.get(&col.field).unwrap_or(&Value::Null);
            match (col.kind.unwrap_or(ColumnKind::Text), value) {
                (_, Value::Null) => {}
                (ColumnKind::Currency, Value::Number(n)) => {
                    sheet.write_number_with_format(r, c, n.as_f64().unwrap_or_default(), &currency)?;
                }
                (ColumnKind::Number, Value::Number(n)) => {
                    sheet.write_number(r, c, n.as_f64().unwrap_or_default())?;
                }
                (ColumnKind::Date | ColumnKind::DateTime, Value::String(s)) => match parse_datetime(s) {
                    // The empty date 0001-01-01 is shown blank (spec 1 section 9).
                    Some(d) if d.date() > chrono::NaiveDate::from_ymd_opt(1, 1, 1).unwrap_or_default() => {
                        let f = if col.kind == Some(ColumnKind::Date) { &date } else { &datetime };
                        sheet.write_datetime_with_format(r, c, d, f)?;
                    }
                    Some(_) => {}
                    None => {
                        sheet.write_string(r, c, s)?;
                    }
                },
                (_, Value::Bool(b)) => {
                    sheet.write_boolean(r, c, *b)?;
                }
                (_, Value::String(s)) => {
                    sheet.write_string(r, c, s)?;
                }
                (_, Value::Number(n)) => {
                    sheet.write_number(r, c, n.as_f64().unwrap_or_default())?;
                }
                (_, other) => {
                    sheet.write_string(r, c, other.to_string())?;
                }
            }
        }
    }
    sheet.autofit();
    book.save_to_buffer()
}

/// Serialises rows and answers the workbook download. An empty column list is a 400.
pub fn respond<T: serde::Serialize>(columns: &[ExportColumn], rows: &[T]) -> ApiResult<XlsxFile> {
    if columns.is_empty() || columns.len() > 100 {
        return Err(ApiError::invalid("columns", "invalid", "Choose between 1 and 100 columns to export."));
    }
    let rows: Vec<Value> = rows.iter().map(serde_json::to_value).collect::<Result<_, _>>().map_err(ApiError::internal)?;
    let bytes = workbook(columns, &rows).map_err(ApiError::internal)?;
    Ok(XlsxFile::Ok(Binary(bytes), format!("attachment; filename=\"{FILE_NAME}\"")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workbook_has_a_header_row_and_starts_like_a_zip() {
        let cols = vec![
            ExportColumn { field: "name".into(), header: "Name".into(), kind: None },
            ExportColumn { field: "cost".into(), header: "Cost".into(), kind: Some(ColumnKind::Currency) },
            ExportColumn { field: "when".into(), header: "When".into(), kind: Some(ColumnKind::Date) },
        ];
        let rows = vec![serde_json::json!({"name": "a", "cost": 1.2345, "when": "2026-01-02T00:00:00Z"}), serde_json::json!({"name": "b", "cost": null, "when": "0001-01-01"})];
        let bytes = workbook(&cols, &rows).expect("workbook");
        assert_eq!(&bytes[..2], b"PK");
    }
}
