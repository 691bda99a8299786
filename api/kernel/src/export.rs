//! Excel export of a search (spec 2 section 9): file AspExport.xlsx, sheet Sheet1, the displayed columns in order,
//! dates and US-dollar amounts (3 decimals) formatted, at most 5000 rows. Text is always written as a string cell,
//! never as a formula. And the one CSV cell writer every CSV the product writes goes through ([`csv_cell`]).

use std::borrow::Cow;

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

/// What makes a spreadsheet read a CSV cell as a formula (OWASP "CSV injection").
pub const FORMULA_TRIGGERS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A number as a spreadsheet reads it (`-5`, `+3.25`, `.5`, `1e-3`): it cannot hold a formula.
fn is_plain_number(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    !(whole.is_empty() && fraction.is_empty()) && digits(whole) && digits(fraction) && exponent_ok
}

/// One cell of a CSV the product writes (RFC 4180 quoting). A cell a spreadsheet would run as a formula (it starts
/// with `=`, `+`, `-`, `@`, a tab or a carriage return) is neutralised: a single quote goes in front and the cell is
/// quoted, so it shows as the text it is. A plain number (`-5`) is left alone: it cannot hold a formula and stays
/// a number (docs/security.md). The imports read a neutralised cell back as it was (`kernel::import`).
pub fn csv_cell(text: &str) -> Cow<'_, str> {
    let formula = text.starts_with(FORMULA_TRIGGERS) && !is_plain_number(text);
    if formula {
        Cow::Owned(format!("\"'{}\"", text.replace('"', "\"\"")))
    } else if text.contains([',', '"', '\n', '\r']) {
        Cow::Owned(format!("\"{}\"", text.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(text)
    }
}

/// One CSV line of `cells`, each through [`csv_cell`], with CRLF.
pub fn csv_line<S: AsRef<str>>(cells: &[S]) -> String {
    let mut line = cells.iter().map(|c| csv_cell(c.as_ref())).collect::<Vec<_>>().join(",");
    line.push_str("\r\n");
    line
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
                    sheet.write_number_with_format(r, c, n.as_f64().unwrap_or_default(), &currency)?; // not money: an Excel cell is a double; the JSON number carries at most 15 digits, which a double holds exactly
                }
                (ColumnKind::Number, Value::Number(n)) => {
                    sheet.write_number(r, c, n.as_f64().unwrap_or_default())?; // not money: an Excel cell is a double (as above)
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
                    sheet.write_number(r, c, n.as_f64().unwrap_or_default())?; // not money: an Excel cell is a double (as above)
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

    #[test]
    fn csv_cells_that_a_spreadsheet_would_run_are_neutralised_and_numbers_are_not() {
        assert_eq!(csv_cell(r#"=HYPERLINK("http://evil.example","x")"#), r#""'=HYPERLINK(""http://evil.example"",""x"")""#);
        for (cell, out) in [("+1+1", "\"'+1+1\""), ("-2+3+cmd|' /C calc'!A0", "\"'-2+3+cmd|' /C calc'!A0\""), ("@SUM(A1)", "\"'@SUM(A1)\""), ("\tx", "\"'\tx\""), ("\rx", "\"'\rx\""), ("-", "\"'-\"")] {
            assert_eq!(csv_cell(cell), out, "{cell:?}");
        }
        for plain in ["-5", "+3.25", "-0.5e-3", "12", "a=b", "plain text", ""] {
            assert_eq!(csv_cell(plain), plain);
        }
        assert_eq!(csv_line(&["a,b", "say \"hi\"", "=1"]), "\"a,b\",\"say \"\"hi\"\"\",\"'=1\"\r\n");
    }

    #[test]
    fn text_that_looks_like_a_formula_is_stored_in_a_workbook_as_text() {
        let cols = vec![ExportColumn { field: "label".into(), header: "=1+1".into(), kind: None }];
        let rows = vec![serde_json::json!({"label": "=HYPERLINK(\"http://evil.example\",\"x\")"})];
        let bytes = workbook(&cols, &rows).expect("workbook");
        let read = crate::import::read_all(crate::import::ImportFile::Xlsx(bytes.clone()), &crate::import::ImportLimits {
            max_rows: 10,
            max_columns: 10,
            max_cell_bytes: 1000,
            max_row_bytes: 1000,
            max_text_bytes: 10_000,
            max_unpacked_bytes: 1 << 20,
            max_zip_entries: 50,
            max_zip_ratio: 1000,
        })
        .expect("read back");
        assert_eq!(read[1].cell(0), "=HYPERLINK(\"http://evil.example\",\"x\")");
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("zip");
        let mut sheet = String::new();
        std::io::Read::read_to_string(&mut zip.by_name("xl/worksheets/sheet1.xml").expect("sheet"), &mut sheet).expect("read");
        assert!(!sheet.contains("<f>") && !sheet.contains("<f "), "no formula in {sheet}");
    }
}
