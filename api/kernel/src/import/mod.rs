//! The one reader of every uploaded data file: CSV text or the first sheet of an .xlsx workbook, handed to the
//! import row by row (header first) with every cell as text. A file is read as a stream and refused at the first
//! limit it passes, before anything larger is held: a small file must not become gigabytes in memory (an .xlsx is a
//! zip of XML that unpacks to any size, and one shared string can stand in for a million cells). The limits are
//! settings (`import_max_*`, docs/security.md "Imports"); a limit passed answers 413 naming it, a file that is not
//! readable 400. Imports also pass one gate ([`ImportGate`]): only so many run at once in a process.

mod xlsx;

use std::io::Read;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::config::Settings;
use crate::error::{ApiError, ApiResult};

pub use csv::StringRecord;

/// Where the limits of one import come from: the settings, with the import's own (lower) row limit.
#[derive(Debug, Clone)]
pub struct ImportLimits {
    /// Rows of data under the header.
    pub max_rows: usize,
    pub max_columns: usize,
    pub max_cell_bytes: usize,
    pub max_row_bytes: usize,
    /// Memory the cells of the whole file may take: their text plus 8 bytes a cell (the record's bounds).
    pub max_text_bytes: usize,
    /// XML a workbook may unpack, all entries together.
    pub max_unpacked_bytes: u64,
    pub max_zip_entries: usize,
    pub max_zip_ratio: u64,
}

impl ImportLimits {
    /// The settings' limits; `max_rows` is the import's own limit of data rows (the settings' is the ceiling).
    pub fn new(settings: &Settings, max_rows: usize) -> Self {
        Self {
            max_rows: max_rows.min(settings.import_max_rows),
            max_columns: settings.import_max_columns,
            max_cell_bytes: settings.import_max_cell_bytes,
            max_row_bytes: settings.import_max_row_bytes,
            max_text_bytes: settings.import_max_text_bytes,
            max_unpacked_bytes: settings.import_max_unpacked_bytes,
            max_zip_entries: settings.import_max_zip_entries,
            max_zip_ratio: settings.import_max_zip_ratio,
        }
    }
}

/// An uploaded file.
pub enum ImportFile {
    Csv(String),
    Xlsx(Vec<u8>),
}

/// One row that holds something: its number in the file (a CSV line, a sheet row) and its cells, left to right.
#[derive(Debug, Clone)]
pub struct ImportRow {
    pub number: u64,
    pub cells: StringRecord,
}

impl ImportRow {
    /// The cell at `column` (0-based), empty past the row's end.
    pub fn cell(&self, column: usize) -> &str {
        self.cells.get(column).unwrap_or("")
    }
}

/// Why a file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// A limit: its error type (`tooManyRows`, `cellTooLarge`, ...) and a message naming the limit.
    Limit(&'static str, String),
    /// Not readable as what it claims to be (or a construct refused outright, such as an XML DOCTYPE).
    Unreadable(&'static str, String),
}

impl From<ImportError> for ApiError {
    fn from(e: ImportError) -> Self {
        match e {
            ImportError::Limit(kind, why) => ApiError::too_large("file", kind, &why),
            ImportError::Unreadable(kind, why) => ApiError::invalid("file", kind, &why),
        }
    }
}

fn unreadable(why: impl Into<String>) -> ImportError {
    ImportError::Unreadable("unreadable", why.into())
}

fn mb(bytes: u64) -> String {
    if bytes >= 1024 * 1024 {
        format!("{} MB", bytes / (1024 * 1024))
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

/// Counts what the file yields against the row, column, row-size and memory limits, and skips rows with nothing in
/// them. Both formats hand their rows through here.
struct Sink<'a, F> {
    limits: &'a ImportLimits,
    each: F,
    rows: usize,
    text: usize,
}

impl<F: FnMut(ImportRow) -> Result<(), ImportError>> Sink<'_, F> {
    /// A cell's text so far: refused past the cell limit (called as text accumulates, so nothing larger is held).
    fn check_cell(&self, number: u64, column: usize, len: usize) -> Result<(), ImportError> {
        if len > self.limits.max_cell_bytes {
            return Err(ImportError::Limit(
                "cellTooLarge",
                format!("Row {number}, column {}: a cell may hold at most {} bytes.", column_name(column), self.limits.max_cell_bytes),
            ));
        }
        Ok(())
    }

    fn check_column(&self, number: u64, column: usize) -> Result<(), ImportError> {
        if column >= self.limits.max_columns {
            return Err(ImportError::Limit("tooManyColumns", format!("Row {number}: a file may have at most {} columns.", self.limits.max_columns)));
        }
        Ok(())
    }

    fn check_row_bytes(&self, number: u64, len: usize) -> Result<(), ImportError> {
        if len > self.limits.max_row_bytes {
            return Err(ImportError::Limit("rowTooLarge", format!("Row {number}: a row may hold at most {}.", mb(self.limits.max_row_bytes as u64))));
        }
        Ok(())
    }

    fn row(&mut self, number: u64, cells: StringRecord) -> Result<(), ImportError> {
        if cells.iter().all(|c| c.trim().is_empty()) {
            return Ok(());
        }
        if cells.len() > self.limits.max_columns {
            return self.check_column(number, cells.len() - 1);
        }
        self.check_row_bytes(number, cells.as_slice().len())?;
        for (i, c) in cells.iter().enumerate() {
            self.check_cell(number, i, c.len())?;
        }
        self.rows += 1;
        // The header is not a data row.
        if self.rows > self.limits.max_rows + 1 {
            return Err(ImportError::Limit("tooManyRows", format!("A file may hold at most {} rows under its header.", self.limits.max_rows)));
        }
        self.text = self.text.saturating_add(cells.as_slice().len() + 8 * cells.len());
        if self.text > self.limits.max_text_bytes {
            return Err(ImportError::Limit("textTooLarge", format!("The file's cells may take at most {} once read.", mb(self.limits.max_text_bytes as u64))));
        }
        (self.each)(ImportRow { number, cells })
    }
}

/// `A`, `B`, ..., `Z`, `AA`: a column as a spreadsheet names it (0-based).
pub fn column_name(mut column: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (column % 26) as u8);
        if column < 26 {
            break;
        }
        column = column / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// Reads `file` and hands every row that holds something to `each`, the header first. Stops at the first limit
/// passed, unreadable part, or error of `each`. CPU work: call it off the request threads (`spawn_blocking`).
pub fn read_rows(file: ImportFile, limits: &ImportLimits, each: impl FnMut(ImportRow) -> Result<(), ImportError>) -> Result<(), ImportError> {
    let mut sink = Sink { limits, each, rows: 0, text: 0 };
    match file {
        ImportFile::Csv(text) => read_csv(&text, &mut sink),
        ImportFile::Xlsx(bytes) => xlsx::read(&bytes, &mut sink),
    }
}

/// Every row that holds something, the header first.
pub fn read_all(file: ImportFile, limits: &ImportLimits) -> Result<Vec<ImportRow>, ImportError> {
    let mut rows = Vec::new();
    read_rows(file, limits, |r| {
        rows.push(r);
        Ok(())
    })?;
    Ok(rows)
}

/// [`read_all`] on a blocking thread (reading is CPU work), refusals as the API's errors.
pub async fn read_all_blocking(file: ImportFile, limits: ImportLimits) -> ApiResult<Vec<ImportRow>> {
    Ok(tokio::task::spawn_blocking(move || read_all(file, &limits)).await.map_err(ApiError::internal)??)
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

/// The CSV text handed to the parser, refused once one record (quotes and line breaks inside quotes included) is
/// longer than the row limit: the parser grows its record buffer to the longest record, so this is what bounds it.
/// Follows the parser's quoting: a quote opens only at the start of a field, `""` inside quotes is a quote.
struct RecordCap<'a> {
    rest: &'a [u8],
    max: usize,
    len: usize,
    line: u64,
    state: Quote,
    breach: Option<ImportError>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Quote {
    FieldStart,
    Unquoted,
    Quoted,
    /// A quote inside a quoted field: the closing one, or the first of `""`.
    ClosingOrEscaped,
}

impl Read for RecordCap<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.rest.len());
        for &b in &self.rest[..n] {
            self.state = match (self.state, b) {
                (Quote::FieldStart, b'"') => Quote::Quoted,
                (Quote::Quoted, b'"') => Quote::ClosingOrEscaped,
                (Quote::ClosingOrEscaped, b'"') => Quote::Quoted,
                (Quote::Quoted, _) => Quote::Quoted,
                (_, b',') => Quote::FieldStart,
                (_, b'\n' | b'\r') => {
                    if b == b'\n' {
                        self.line += 1;
                    }
                    self.len = 0;
                    Quote::FieldStart
                }
                _ => Quote::Unquoted,
            };
            if self.state == Quote::Quoted && b == b'\n' {
                self.line += 1;
            }
            self.len += 1;
            if self.len > self.max {
                let why = format!("Line {}: a row may hold at most {}.", self.line, mb(self.max as u64));
                self.breach = Some(ImportError::Limit("rowTooLarge", why));
                self.rest = &[];
                return Err(std::io::Error::other("row limit"));
            }
        }
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

/// A cell the product's own CSV writer neutralised (`'=...`, see `export::csv_cell`) reads back as it was.
fn restore_neutralised(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(crate::export::FORMULA_TRIGGERS) => rest,
        _ => cell,
    }
}

fn read_csv<F: FnMut(ImportRow) -> Result<(), ImportError>>(text: &str, sink: &mut Sink<'_, F>) -> Result<(), ImportError> {
    let text = text.trim_start_matches('\u{feff}');
    let cap = RecordCap { rest: text.as_bytes(), max: sink.limits.max_row_bytes, len: 0, line: 1, state: Quote::FieldStart, breach: None };
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(cap);
    let mut record = StringRecord::new();
    // The parser's own line count leaves out blank lines; a user looks for the line in an editor.
    let (mut seen_byte, mut seen_line) = (0usize, 1u64);
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => return Ok(()),
            Ok(true) => {
                let mut byte = record.position().map_or(seen_byte, |p| usize::try_from(p.byte()).unwrap_or(usize::MAX)).clamp(seen_byte, text.len());
                // The position is where the parser stood: before any blank lines it skipped.
                while matches!(text.as_bytes().get(byte), Some(b'\n' | b'\r')) {
                    byte += 1;
                }
                seen_line += text.as_bytes()[seen_byte..byte].iter().filter(|b| **b == b'\n').count() as u64;
                seen_byte = byte;
                let number = seen_line;
                let cells: StringRecord = if record.iter().any(|c| c.starts_with('\'')) { record.iter().map(restore_neutralised).collect() } else { record.clone() };
                sink.row(number, cells)?;
            }
            Err(e) => {
                if let Some(breach) = reader.get_mut().breach.take() {
                    return Err(breach);
                }
                let line = e.position().map_or(0, csv::Position::line);
                return Err(unreadable(format!("Line {line} of the file could not be read: {e}")));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The gate

/// How many imports one process reads or applies at once: a file's rows are held while it is checked and applied,
/// so ten large files at once must queue rather than add up. A further import waits a short while for its turn,
/// then answers 429.
#[derive(Clone)]
pub struct ImportGate {
    slots: Arc<Semaphore>,
    wait: Duration,
}

/// A turn at the gate; the import holds it until it is done (also in the background).
pub struct ImportPermit(#[allow(dead_code)] OwnedSemaphorePermit);

pub const BUSY_MESSAGE: &str = "Other imports are being read right now; try again in a minute.";

impl ImportGate {
    pub fn new(settings: &Settings) -> Self {
        Self { slots: Arc::new(Semaphore::new(settings.import_max_concurrent.max(1))), wait: Duration::from_millis(settings.import_wait_ms) }
    }

    pub async fn admit(&self) -> ApiResult<ImportPermit> {
        match tokio::time::timeout(self.wait, self.slots.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(ImportPermit(permit)),
            _ => Err(ApiError::too_many(BUSY_MESSAGE)),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    pub(super) fn limits() -> ImportLimits {
        ImportLimits {
            max_rows: 5,
            max_columns: 8,
            max_cell_bytes: 16,
            max_row_bytes: 64,
            max_text_bytes: 1000,
            max_unpacked_bytes: 64 << 20,
            max_zip_entries: 20,
            max_zip_ratio: 100,
        }
    }

    fn csv(text: &str) -> Result<Vec<(u64, Vec<String>)>, ImportError> {
        Ok(read_all(ImportFile::Csv(text.into()), &limits())?.into_iter().map(|r| (r.number, r.cells.iter().map(str::to_owned).collect())).collect())
    }

    fn kind(e: Result<Vec<(u64, Vec<String>)>, ImportError>) -> &'static str {
        match e {
            Err(ImportError::Limit(k, _) | ImportError::Unreadable(k, _)) => k,
            Ok(_) => "ok",
        }
    }

    #[test]
    fn csv_rows_come_with_their_line_numbers_and_blank_rows_are_skipped() {
        let rows = csv("\u{feff}key,Grade\n\"CP-1, a\",Gold\n,\n\n\"two\nlines\",x\nCP-2\n").unwrap();
        assert_eq!(rows[0], (1, vec!["key".into(), "Grade".into()]));
        assert_eq!(rows[1], (2, vec!["CP-1, a".into(), "Gold".into()]));
        assert_eq!(rows[2], (5, vec!["two\nlines".into(), "x".into()]));
        assert_eq!(rows[3], (7, vec!["CP-2".into()]));
    }

    #[test]
    fn csv_limits_are_named() {
        assert_eq!(kind(csv("a\n1\n2\n3\n4\n5\n")), "ok");
        assert_eq!(kind(csv("a\n1\n2\n3\n4\n5\n6\n")), "tooManyRows");
        assert_eq!(kind(csv(&format!("a,{}\n", "x".repeat(17)))), "cellTooLarge");
        assert_eq!(kind(csv(&format!("a,{}\n", ",".repeat(9)))), "tooManyColumns");
        assert_eq!(kind(csv(&format!("a,\"{}\"\n", "x\n".repeat(40)))), "rowTooLarge");
        assert_eq!(kind(csv(&format!("{}\n", "y".repeat(100)))), "rowTooLarge");
        // Quotes in the middle of an unquoted field are text: they do not join the lines after them.
        assert_eq!(kind(csv(&format!("a\"b\n{}", "c\n".repeat(5)))), "ok");
    }

    #[test]
    fn cells_the_csv_writer_neutralised_read_back_as_they_were() {
        let rows = csv("'=SUM(A1),'@x,'plain,'-5\n").unwrap();
        assert_eq!(rows[0].1, ["=SUM(A1)", "@x", "'plain", "-5"]);
    }

    #[test]
    fn columns_are_named_like_a_spreadsheet() {
        assert_eq!([column_name(0), column_name(25), column_name(26), column_name(701), column_name(702)], ["A", "Z", "AA", "ZZ", "AAA"]);
    }
}
