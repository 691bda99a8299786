//! The first sheet of an .xlsx workbook, streamed. The zip's directory is checked first (entry count), each entry
//! before it is opened (declared size and ratio) and while it is unpacked (actual size and ratio, against what is
//! left of the file's budget); its XML is parsed event by event, and no event may be larger than a cell can be
//! (`max_event`), so the parser's buffer never outgrows it. A DOCTYPE is refused outright (entity declarations are
//! how an XML file multiplies itself), and so is any entity reference beyond XML's five and character references.
//! What is kept: the shared strings (counted against the memory limit) and the number formats that are dates.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{BufReader, Cursor, Read};

use chrono::NaiveDate;
use quick_xml::events::{BytesStart, Event};
use quick_xml::XmlVersion;
use zip::read::ZipFile;
use zip::ZipArchive;

use super::{mb, unreadable, ImportError, Sink, StringRecord};

/// Entries that unpack to less than this are not held to the ratio: small parts (styles, a short sheet) compress
/// far better than data does, and cost nothing.
const RATIO_FLOOR: u64 = 1 << 20;

/// An entry's bytes on their way to the parser, counted.
struct Capped<R> {
    inner: R,
    name: String,
    read: u64,
    /// What is left of the file's unpacked budget, and the whole of it.
    limit: u64,
    total: u64,
    packed: u64,
    ratio: u64,
    /// Bytes read since the parser was asked for its current event.
    event: u64,
    max_event: u64,
    max_cell: usize,
    breach: Option<ImportError>,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        self.event += n as u64;
        let breach = if self.read > self.limit {
            Some(ImportError::Limit("unpackedTooLarge", format!("The workbook unpacks to more than {}: too large to import.", mb(self.total))))
        } else if self.read > RATIO_FLOOR && self.read > self.packed.saturating_mul(self.ratio) {
            Some(ImportError::Limit(
                "compressionRatio",
                format!("The workbook's part {} unpacks to more than {} times its packed size: refused as a zip bomb.", self.name, self.ratio),
            ))
        } else if self.event > self.max_event {
            Some(ImportError::Limit(
                "cellTooLarge",
                format!("The workbook's part {} holds a piece of text larger than a cell may be (at most {} bytes).", self.name, self.max_cell),
            ))
        } else {
            None
        };
        if let Some(b) = breach {
            self.breach = Some(b);
            return Err(std::io::Error::other("import limit"));
        }
        Ok(n)
    }
}

type Entry<'z, 'a> = quick_xml::Reader<BufReader<Capped<ZipFile<'z, Cursor<&'a [u8]>>>>>;

/// An element the reader cares about, with the attributes it reads.
#[derive(Debug)]
enum El {
    Row(Option<u64>),
    Cell { column: Option<usize>, kind: Option<String>, style: Option<usize> },
    V,
    Is,
    T { preserve: bool },
    Rph,
    F,
    Si,
    Sheet(Option<String>),
    Relationship { id: String, target: String, kind: String },
    NumFmt(u32, String),
    CellXfs,
    Xf(u32),
    WorkbookPr(bool),
    Other,
}

enum Ev {
    Open(El, bool),
    Close(El),
    Text,
    Eof,
}

fn attrs(e: &BytesStart<'_>) -> Result<Vec<(String, bool, String)>, ImportError> {
    let mut out = Vec::new();
    for a in e.attributes() {
        let a = a.map_err(|err| unreadable(format!("The workbook's XML has a bad attribute ({err}).")))?;
        let value = a.normalized_value(XmlVersion::Implicit1_0).map_err(|err| unreadable(format!("The workbook's XML has a bad attribute value ({err}).")))?;
        out.push((a.key.local_name().as_ref().to_owned(), a.key.prefix().is_some(), value.into_owned()))
    }
    Ok(out)
}

fn attr<'v>(list: &'v [(String, bool, String)], name: &str) -> Option<&'v str> {
    list.iter().find(|(k, _, _)| k == name).map(|(_, _, v)| v.as_str())
}

/// `AB12` -> column 27 (0-based).
fn column_of(reference: &str) -> Option<usize> {
    let letters: Vec<u8> = reference.bytes().take_while(u8::is_ascii_alphabetic).collect();
    if letters.is_empty() || letters.len() > 3 {
        return None;
    }
    Some(letters.iter().fold(0usize, |n, c| n * 26 + usize::from(c.to_ascii_uppercase() - b'A') + 1) - 1)
}

fn element(e: &BytesStart<'_>) -> Result<El, ImportError> {
    Ok(match e.local_name().as_ref() {
        "row" => El::Row(attr(&attrs(e)?, "r").and_then(|r| r.parse().ok())),
        "c" => {
            let a = attrs(e)?;
            El::Cell { column: attr(&a, "r").and_then(column_of), kind: attr(&a, "t").map(str::to_owned), style: attr(&a, "s").and_then(|s| s.parse().ok()) }
        }
        "t" => El::T { preserve: attr(&attrs(e)?, "space") == Some("preserve") },
        "sheet" => El::Sheet(attrs(e)?.into_iter().find(|(k, prefixed, _)| k == "id" && *prefixed).map(|(_, _, v)| v)),
        "Relationship" => {
            let a = attrs(e)?;
            let get = |n: &str| attr(&a, n).unwrap_or_default().to_owned();
            El::Relationship { id: get("Id"), target: get("Target"), kind: get("Type") }
        }
        "numFmt" => {
            let a = attrs(e)?;
            El::NumFmt(attr(&a, "numFmtId").and_then(|v| v.parse().ok()).unwrap_or(0), attr(&a, "formatCode").unwrap_or_default().to_owned())
        }
        "xf" => El::Xf(attr(&attrs(e)?, "numFmtId").and_then(|v| v.parse().ok()).unwrap_or(0)),
        "workbookPr" => El::WorkbookPr(matches!(attr(&attrs(e)?, "date1904"), Some("1" | "true"))),
        other => end_element(other),
    })
}

fn end_element(name: &str) -> El {
    match name {
        "row" => El::Row(None),
        "c" => El::Cell { column: None, kind: None, style: None },
        "v" => El::V,
        "is" => El::Is,
        "t" => El::T { preserve: false },
        "rPh" => El::Rph,
        "f" => El::F,
        "si" => El::Si,
        "cellXfs" => El::CellXfs,
        _ => El::Other,
    }
}

/// One part of the workbook being read.
struct Xml<'z, 'a> {
    reader: Entry<'z, 'a>,
    buf: Vec<u8>,
}

impl<'z, 'a> Xml<'z, 'a> {
    fn capped(&mut self) -> &mut Capped<ZipFile<'z, Cursor<&'a [u8]>>> {
        self.reader.get_mut().get_mut()
    }

    /// The next event; text (decoded, entities resolved) is appended to `text` when given.
    fn next(&mut self, text: Option<&mut String>) -> Result<Ev, ImportError> {
        self.buf.clear();
        self.capped().event = 0;
        let event = match self.reader.read_event_into(&mut self.buf) {
            Ok(e) => e,
            Err(err) => {
                let capped = self.reader.get_mut().get_mut();
                if let Some(breach) = capped.breach.take() {
                    return Err(breach);
                }
                return Err(unreadable(format!("The workbook's part {} is not readable XML ({err}).", capped.name)));
            }
        };
        Ok(match event {
            Event::Start(e) => Ev::Open(element(&e)?, false),
            Event::Empty(e) => Ev::Open(element(&e)?, true),
            Event::End(e) => Ev::Close(end_element(e.local_name().as_ref())),
            Event::Text(t) => {
                if let Some(out) = text {
                    out.push_str(&t.xml10_content());
                }
                Ev::Text
            }
            Event::CData(t) => {
                if let Some(out) = text {
                    out.push_str(&t.xml10_content());
                }
                Ev::Text
            }
            Event::GeneralRef(r) => {
                let resolved = match quick_xml::escape::resolve_xml_entity(&r) {
                    Some(s) => Some(Cow::Borrowed(s)),
                    None => r.resolve_char_ref().ok().flatten().map(|c| Cow::Owned(c.to_string())),
                };
                let Some(resolved) = resolved else {
                    return Err(ImportError::Unreadable(
                        "xmlEntity",
                        format!("The workbook refers to the XML entity &{}; that XML does not define: entities are refused.", r.chars().take(40).collect::<String>()),
                    ));
                };
                if let Some(out) = text {
                    out.push_str(&resolved);
                }
                Ev::Text
            }
            Event::DocType(_) => {
                return Err(ImportError::Unreadable("xmlDoctype", "The workbook's XML declares a DOCTYPE (entities): refused, Excel never writes one.".into()));
            }
            Event::Eof => Ev::Eof,
            _ => Ev::Text,
        })
    }

    /// Text up to the end of the current element (`<v>`, `<t>`), refused past `max` bytes as it grows.
    fn text_until(&mut self, out: &mut String, max: usize, too_large: &dyn Fn() -> ImportError) -> Result<(), ImportError> {
        let mut depth = 0usize;
        loop {
            match self.next(Some(out))? {
                Ev::Open(_, false) => depth += 1,
                Ev::Close(_) if depth == 0 => return Ok(()),
                Ev::Close(_) => depth -= 1,
                Ev::Eof => return Err(unreadable("The workbook's XML ends inside a cell.")),
                _ => {}
            }
            if out.len() > max {
                return Err(too_large());
            }
        }
    }

    /// A rich text (`<si>`, `<is>`): its runs' `<t>` joined, phonetic runs left out; up to the element's end.
    fn rich_text(&mut self, max: usize, too_large: &dyn Fn() -> ImportError) -> Result<String, ImportError> {
        let mut out = String::new();
        let mut phonetic = 0usize;
        loop {
            match self.next(None)? {
                Ev::Open(El::Rph, false) => phonetic += 1,
                Ev::Close(El::Rph) => phonetic = phonetic.saturating_sub(1),
                Ev::Open(El::T { preserve }, false) if phonetic == 0 => {
                    let mut run = String::new();
                    self.text_until(&mut run, max, too_large)?;
                    let run = if preserve { run.as_str() } else { run.trim_matches([' ', '\t', '\r', '\n']) };
                    out.push_str(&excel_unescape(run));
                    if out.len() > max {
                        return Err(too_large());
                    }
                }
                Ev::Close(El::Si | El::Is) => return Ok(out),
                Ev::Eof => return Err(unreadable("The workbook's XML ends inside a text.")),
                _ => {}
            }
        }
    }
}

/// Excel writes characters XML cannot hold as `_xHHHH_` (UTF-16 units); `_x005F_` is a literal underscore.
fn excel_unescape(s: &str) -> Cow<'_, str> {
    if !s.contains("_x") {
        return Cow::Borrowed(s);
    }
    let unit = |at: &str| -> Option<u16> {
        let b = at.as_bytes();
        (b.len() >= 7 && b[0] == b'_' && b[1] == b'x' && b[6] == b'_').then(|| u16::from_str_radix(&at[2..6], 16).ok()).flatten()
    };
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("_x") {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let mut units = Vec::new();
        while let Some(u) = unit(rest) {
            units.push(u);
            rest = &rest[7..];
        }
        if units.is_empty() {
            out.push_str("_x");
            rest = &rest[2..];
        } else {
            out.extend(char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)));
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// What is left of the file's budget, and the per-event cap, for every part opened.
struct Budget {
    left: u64,
    total: u64,
    ratio: u64,
    max_event: u64,
    max_cell: usize,
}

fn open<'z, 'a>(zip: &'z mut ZipArchive<Cursor<&'a [u8]>>, name: &str, budget: &Budget) -> Result<Option<Xml<'z, 'a>>, ImportError> {
    let entry = match zip.by_name(name) {
        Ok(e) => e,
        Err(zip::result::ZipError::FileNotFound) => return Ok(None),
        Err(e) => return Err(unreadable(format!("The workbook's part {name} cannot be read ({e})."))),
    };
    let (size, packed) = (entry.size(), entry.compressed_size());
    if size > budget.left {
        return Err(ImportError::Limit("unpackedTooLarge", format!("The workbook's part {name} unpacks to {}: a workbook may unpack to at most {}.", mb(size), mb(budget.total))));
    }
    if size > RATIO_FLOOR && size > packed.saturating_mul(budget.ratio) {
        return Err(ImportError::Limit(
            "compressionRatio",
            format!("The workbook's part {name} unpacks to more than {} times its packed size: refused as a zip bomb.", budget.ratio),
        ));
    }
    let capped = Capped {
        inner: entry,
        name: name.to_owned(),
        read: 0,
        limit: budget.left,
        total: budget.total,
        packed,
        ratio: budget.ratio,
        event: 0,
        max_event: budget.max_event,
        max_cell: budget.max_cell,
        breach: None,
    };
    let mut reader = quick_xml::Reader::from_reader(BufReader::with_capacity(8 * 1024, capped));
    reader.config_mut().trim_text(false);
    Ok(Some(Xml { reader, buf: Vec::new() }))
}

fn close(budget: &mut Budget, mut xml: Xml<'_, '_>) {
    budget.left = budget.left.saturating_sub(xml.capped().read);
}

/// The central directory's entry count, read from its end record before the directory is parsed: a directory of a
/// million entries would otherwise be parsed (and held) first.
fn declared_entries(bytes: &[u8]) -> Option<u16> {
    let from = bytes.len().saturating_sub(22 + 65_535);
    let tail = &bytes[from..];
    let at = tail.windows(4).rposition(|w| w == b"PK\x05\x06")?;
    tail.get(at + 10..at + 12).map(|n| u16::from_le_bytes([n[0], n[1]]))
}

/// The path of a relationship's target inside the zip.
fn part_path(target: &str) -> String {
    match target.strip_prefix('/') {
        Some(absolute) => absolute.to_owned(),
        None => format!("xl/{target}"),
    }
}

/// The shared strings table: one buffer and where each string ends.
struct Shared {
    text: String,
    ends: Vec<usize>,
}

impl Shared {
    fn get(&self, i: usize) -> Option<&str> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        self.text.get(start..end)
    }
}

/// Built-in number formats that show dates (ECMA-376 18.8.30 and the East Asian ones Excel also uses).
fn builtin_date(id: u32) -> bool {
    matches!(id, 14..=22 | 27..=36 | 45..=47 | 50..=58 | 71..=81)
}

/// A custom format shows a date or time when its first section uses d, m, y, h or s outside quotes, brackets and
/// escapes.
fn is_date_format(code: &str) -> bool {
    let mut quoted = false;
    let mut bracket = false;
    let mut skip = false;
    for c in code.chars() {
        if skip {
            skip = false;
            continue;
        }
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '\\' | '_' | '*' => skip = true,
            '[' => bracket = true,
            ']' => bracket = false,
            _ if bracket => {}
            ';' => return false,
            'd' | 'D' | 'm' | 'M' | 'y' | 'Y' | 'h' | 'H' | 's' | 'S' => return true,
            _ => {}
        }
    }
    false
}

/// An Excel date serial as a day (1900 system with its phantom 29 February 1900, or the 1904 system).
fn serial_date(serial: f64, date1904: bool) -> Option<NaiveDate> { // not money: an Excel date serial is a double
    if !serial.is_finite() || !(0.0..2_958_466.0).contains(&serial) {
        return None;
    }
    let days = serial.floor() as i64;
    let base = if date1904 {
        NaiveDate::from_ymd_opt(1904, 1, 1)
    } else if days < 60 {
        NaiveDate::from_ymd_opt(1899, 12, 31)
    } else {
        NaiveDate::from_ymd_opt(1899, 12, 30)
    }?;
    base.checked_add_signed(chrono::Duration::days(days))
}

/// A number as a user typed it: whole numbers without `.0`.
fn number_text(raw: &str) -> String {
    // Excel stores a typed 19.99 as the double 19.989999999999998; the shortest text that reads back to the same
    // double is what the user typed, and the importer then reads that text exactly (kernel::num).
    match raw.trim().parse::<f64>() { // not money: reading Excel's double back to the text the user typed
        Ok(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", f as i64),
        Ok(f) if f.is_finite() => f.to_string(),
        _ => raw.trim().to_owned(),
    }
}

pub(super) fn read<F: FnMut(super::ImportRow) -> Result<(), ImportError>>(bytes: &[u8], sink: &mut Sink<'_, F>) -> Result<(), ImportError> {
    let limits = sink.limits.clone();
    let Some(entries) = declared_entries(bytes) else {
        return Err(unreadable("The file is not a readable .xlsx workbook (no zip directory)."));
    };
    let too_many_entries = || ImportError::Limit("zipEntries", format!("A workbook may hold at most {} parts.", limits.max_zip_entries));
    if entries != u16::MAX && usize::from(entries) > limits.max_zip_entries {
        return Err(too_many_entries());
    }
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(|e| unreadable(format!("The file is not a readable .xlsx workbook ({e}).")))?;
    if zip.len() > limits.max_zip_entries {
        return Err(too_many_entries());
    }
    // A cell's text may be escaped (`&amp;`, `_x000D_`, character references): its XML is up to 8 times longer.
    let max_event = (limits.max_cell_bytes as u64).saturating_mul(8).saturating_add(64 * 1024);
    let mut budget = Budget { left: limits.max_unpacked_bytes, total: limits.max_unpacked_bytes, ratio: limits.max_zip_ratio.max(1), max_event, max_cell: limits.max_cell_bytes };

    // The workbook: its first sheet and its date system.
    let mut first_sheet = None;
    let mut date1904 = false;
    let Some(mut xml) = open(&mut zip, "xl/workbook.xml", &budget)? else {
        return Err(unreadable("The file is not an .xlsx workbook (it has no xl/workbook.xml)."));
    };
    loop {
        match xml.next(None)? {
            Ev::Open(El::Sheet(id), _) if first_sheet.is_none() => first_sheet = Some(id),
            Ev::Open(El::WorkbookPr(d), _) => date1904 = d,
            Ev::Eof => break,
            _ => {}
        }
    }
    close(&mut budget, xml);
    let Some(first_sheet) = first_sheet else {
        return Err(unreadable("The workbook has no sheet."));
    };

    // Where its parts are.
    let mut targets: HashMap<String, String> = HashMap::new();
    let (mut sheet_path, mut strings_path, mut styles_path) = (None, "xl/sharedStrings.xml".to_owned(), "xl/styles.xml".to_owned());
    if let Some(mut xml) = open(&mut zip, "xl/_rels/workbook.xml.rels", &budget)? {
        loop {
            match xml.next(None)? {
                Ev::Open(El::Relationship { id, target, kind }, _) => {
                    if kind.ends_with("/sharedStrings") {
                        strings_path = part_path(&target);
                    } else if kind.ends_with("/styles") {
                        styles_path = part_path(&target);
                    }
                    if targets.len() < limits.max_zip_entries {
                        targets.insert(id, target);
                    }
                }
                Ev::Eof => break,
                _ => {}
            }
        }
        close(&mut budget, xml);
    }
    if let Some(target) = first_sheet.and_then(|id| targets.get(&id).cloned()) {
        sheet_path = Some(part_path(&target));
    }
    let sheet_path = sheet_path.unwrap_or_else(|| "xl/worksheets/sheet1.xml".to_owned());

    // The shared strings, held for the sheet: counted against the memory limit like the cells.
    let mut shared = Shared { text: String::new(), ends: Vec::new() };
    let max_cell = limits.max_cell_bytes;
    if let Some(mut xml) = open(&mut zip, &strings_path, &budget)? {
        let too_large = || ImportError::Limit("cellTooLarge", format!("A shared string of the workbook is longer than a cell may be (at most {max_cell} bytes)."));
        loop {
            match xml.next(None)? {
                Ev::Open(El::Si, false) => {
                    let s = xml.rich_text(max_cell, &too_large)?;
                    shared.text.push_str(&s);
                }
                Ev::Open(El::Si, true) => {}
                Ev::Eof => break,
                _ => continue,
            }
            shared.ends.push(shared.text.len());
            if shared.text.len().saturating_add(8 * shared.ends.len()) > limits.max_text_bytes {
                return Err(ImportError::Limit("textTooLarge", format!("The workbook's shared strings take more than {} once read.", mb(limits.max_text_bytes as u64))));
            }
        }
        close(&mut budget, xml);
    }

    // Which cell styles show dates.
    let mut date_styles: Vec<bool> = Vec::new();
    if let Some(mut xml) = open(&mut zip, &styles_path, &budget)? {
        let mut custom: HashMap<u32, bool> = HashMap::new();
        let mut in_cell_xfs = false;
        loop {
            match xml.next(None)? {
                Ev::Open(El::NumFmt(id, code), _) => {
                    custom.insert(id, is_date_format(&code));
                }
                Ev::Open(El::CellXfs, empty) => in_cell_xfs = !empty,
                Ev::Close(El::CellXfs) => in_cell_xfs = false,
                Ev::Open(El::Xf(id), _) if in_cell_xfs => date_styles.push(custom.get(&id).copied().unwrap_or_else(|| builtin_date(id))),
                Ev::Eof => break,
                _ => {}
            }
        }
        close(&mut budget, xml);
    }

    // The sheet, row by row.
    let Some(mut xml) = open(&mut zip, &sheet_path, &budget)? else {
        return Err(unreadable(format!("The workbook's first sheet ({sheet_path}) is missing.")));
    };
    let mut number = 0u64;
    let mut cells: Vec<(usize, String)> = Vec::new();
    let mut row_bytes = 0usize;
    let mut next_column = 0usize;
    let mut in_row = false;
    loop {
        match xml.next(None)? {
            Ev::Open(El::Row(r), empty) => {
                number = r.unwrap_or(number + 1);
                cells.clear();
                row_bytes = 0;
                next_column = 0;
                in_row = !empty;
            }
            Ev::Open(El::Cell { column, kind, style }, empty) => {
                let column = column.unwrap_or(next_column);
                next_column = column + 1;
                if empty {
                    continue;
                }
                let at = number;
                let too_large = move || {
                    ImportError::Limit("cellTooLarge", format!("Row {at}, column {}: a cell may hold at most {max_cell} bytes.", super::column_name(column)))
                };
                let mut raw = String::new();
                let mut inline = None;
                loop {
                    match xml.next(None)? {
                        Ev::Open(El::V, false) => xml.text_until(&mut raw, max_cell, &too_large)?,
                        Ev::Open(El::Is, false) => inline = Some(xml.rich_text(max_cell, &too_large)?),
                        Ev::Open(El::F, false) => xml.text_until(&mut String::new(), max_cell, &too_large)?,
                        Ev::Close(El::Cell { .. }) => break,
                        Ev::Eof => return Err(unreadable("The workbook's sheet ends inside a cell.")),
                        _ => {}
                    }
                }
                let text = match kind.as_deref() {
                    Some("s") => {
                        let i: usize = raw.trim().parse().map_err(|_| unreadable(format!("Row {at}: a cell names no shared string.")))?;
                        shared.get(i).ok_or_else(|| unreadable(format!("Row {at}: a cell names shared string {i}, which the workbook does not hold.")))?.to_owned()
                    }
                    Some("inlineStr") => inline.unwrap_or_default(),
                    Some("str" | "e") => excel_unescape(&raw).into_owned(),
                    Some("b") => match raw.trim() {
                        "1" => "true".to_owned(),
                        "0" => "false".to_owned(),
                        other => other.to_owned(),
                    },
                    Some("d") => raw.trim().get(..10).filter(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok()).map_or_else(|| raw.trim().to_owned(), str::to_owned),
                    _ if raw.trim().is_empty() => String::new(),
                    _ => {
                        let date = style.filter(|s| date_styles.get(*s).copied().unwrap_or(false)).and_then(|_| raw.trim().parse::<f64>().ok()).and_then(|f| serial_date(f, date1904)); // not money: a date serial
                        date.map_or_else(|| number_text(&raw), |d| d.format("%Y-%m-%d").to_string())
                    }
                };
                if text.is_empty() {
                    continue;
                }
                sink.check_column(at, column)?;
                row_bytes += text.len();
                sink.check_row_bytes(at, row_bytes)?;
                cells.push((column, text));
            }
            Ev::Close(El::Row(_)) if in_row => {
                in_row = false;
                if cells.is_empty() {
                    continue;
                }
                cells.sort_by_key(|(c, _)| *c);
                let mut record = StringRecord::new();
                for (c, text) in cells.drain(..) {
                    while record.len() < c {
                        record.push_field("");
                    }
                    // A column given twice: the later cell wins.
                    if record.len() > c {
                        let mut fields: Vec<String> = record.iter().map(str::to_owned).collect();
                        fields[c] = text;
                        record = fields.into_iter().collect();
                    } else {
                        record.push_field(&text);
                    }
                }
                sink.row(number, record)?;
            }
            Ev::Eof => break,
            _ => {}
        }
    }
    close(&mut budget, xml);
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::io::Write;

    use super::super::{read_all, ImportError, ImportFile};
    use super::*;

    fn workbook(parts: &[(&str, &str)]) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, body) in parts {
            zip.start_file(*name, options).unwrap();
            zip.write_all(body.as_bytes()).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    const BOOK: &str = r#"<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>"#;
    const RELS: &str = r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/data.xml"/></Relationships>"#;

    fn sheet(rows: &str) -> String {
        format!(r#"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{rows}</sheetData></worksheet>"#)
    }

    fn rows(bytes: Vec<u8>) -> Result<Vec<(u64, Vec<String>)>, ImportError> {
        Ok(read_all(ImportFile::Xlsx(bytes), &super::super::tests::limits())?.into_iter().map(|r| (r.number, r.cells.iter().map(str::to_owned).collect())).collect())
    }

    fn kind(r: Result<Vec<(u64, Vec<String>)>, ImportError>) -> String {
        match r {
            Err(ImportError::Limit(k, _) | ImportError::Unreadable(k, _)) => k.to_owned(),
            Ok(r) => format!("ok {r:?}"),
        }
    }

    #[test]
    fn a_workbook_written_by_rust_xlsxwriter_reads_as_text_with_dates_and_whole_numbers() {
        let mut book = rust_xlsxwriter::Workbook::new();
        let s = book.add_worksheet();
        let date = rust_xlsxwriter::Format::new().set_num_format("mm/dd/yyyy");
        s.write_string(0, 0, "key").unwrap();
        s.write_string(0, 2, "when").unwrap();
        s.write_number(2, 0, 42.0).unwrap();
        s.write_number(2, 1, 1.25).unwrap();
        s.write_datetime_with_format(2, 2, NaiveDate::from_ymd_opt(2026, 3, 4).unwrap().and_hms_opt(0, 0, 0).unwrap(), &date).unwrap();
        s.write_boolean(3, 0, true).unwrap();
        s.write_string(3, 1, "a & b\r").unwrap();
        let got = rows(book.save_to_buffer().unwrap()).unwrap();
        assert_eq!(got[0], (1, vec!["key".into(), String::new(), "when".into()]));
        assert_eq!(got[1], (3, vec!["42".into(), "1.25".into(), "2026-03-04".into()]));
        assert_eq!(got[2], (4, vec!["true".into(), "a & b\r".into()]));
    }

    #[test]
    fn inline_strings_shared_strings_and_gaps_are_read() {
        let strings = r#"<sst><si><t>shared</t></si><si><r><t>ri</t></r><r><t xml:space="preserve">ch </t></r><rPh><t>x</t></rPh></si></sst>"#;
        let rows_xml = r#"<row r="2"><c r="B2" t="inlineStr"><is><t>in &amp; line</t></is></c><c r="D2" t="s"><v>1</v></c></row><row><c t="s"><v>0</v></c></row>"#;
        let got = rows(workbook(&[("xl/workbook.xml", BOOK), ("xl/_rels/workbook.xml.rels", RELS), ("xl/sharedStrings.xml", strings), ("xl/worksheets/data.xml", &sheet(rows_xml))])).unwrap();
        assert_eq!(got, vec![(2, vec![String::new(), "in & line".into(), String::new(), "rich ".into()]), (3, vec!["shared".into()])]);
    }

    #[test]
    fn a_doctype_and_undefined_entities_are_refused() {
        let laughs = r#"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><sst><si><t>&lol2;</t></si></sst>"#;
        let parts = [("xl/workbook.xml", BOOK), ("xl/_rels/workbook.xml.rels", RELS), ("xl/sharedStrings.xml", laughs), ("xl/worksheets/data.xml", &sheet(""))];
        assert_eq!(kind(rows(workbook(&parts))), "xmlDoctype");
        let undefined = sheet(r#"<row r="1"><c t="inlineStr"><is><t>&lol;</t></is></c></row>"#);
        assert_eq!(kind(rows(workbook(&[("xl/workbook.xml", BOOK), ("xl/_rels/workbook.xml.rels", RELS), ("xl/worksheets/data.xml", &undefined)]))), "xmlEntity");
    }

    #[test]
    fn limits_are_named_before_anything_large_is_held() {
        let book = |rows_xml: &str| workbook(&[("xl/workbook.xml", BOOK), ("xl/_rels/workbook.xml.rels", RELS), ("xl/worksheets/data.xml", &sheet(rows_xml))]);
        let cell = |r: usize, text: &str| format!(r#"<row r="{r}"><c t="inlineStr"><is><t>{text}</t></is></c></row>"#);
        assert_eq!(kind(rows(book(&cell(1, &"x".repeat(17))))), "cellTooLarge");
        // Far past the cell limit: refused by the XML reader before the text is parsed.
        assert_eq!(kind(rows(book(&cell(1, &"x".repeat(400_000))))), "cellTooLarge");
        let many: String = (1..=7).map(|r| cell(r, "a")).collect();
        assert_eq!(kind(rows(book(&many))), "tooManyRows");
        assert_eq!(kind(rows(book(r#"<row r="1"><c r="I1" t="inlineStr"><is><t>far</t></is></c></row>"#))), "tooManyColumns");
        let wide: String = (0..5).map(|c| format!(r#"<c r="{}1" t="inlineStr"><is><t>{}</t></is></c>"#, super::super::column_name(c), "y".repeat(15))).collect();
        assert_eq!(kind(rows(book(&format!(r#"<row r="1">{wide}</row>"#)))), "rowTooLarge");
        // A sheet that unpacks far beyond its packed size.
        let bomb = cell(1, "a") + "<row/>".repeat(400_000).as_str();
        assert_eq!(kind(rows(book(&bomb))), "compressionRatio");
        let mut small = super::super::tests::limits();
        small.max_unpacked_bytes = (BOOK.len() + RELS.len() + 100) as u64;
        assert!(matches!(read_all(ImportFile::Xlsx(book(&many)), &small), Err(ImportError::Limit("unpackedTooLarge", _))));
        small.max_zip_entries = 2;
        assert!(matches!(read_all(ImportFile::Xlsx(book(&many)), &small), Err(ImportError::Limit("zipEntries", _))));
        assert_eq!(kind(rows(b"not a workbook".to_vec())), "unreadable");
    }

    #[test]
    fn date_formats_are_told_from_number_formats() {
        for code in ["mm/dd/yyyy", "d-mmm", "yyyy-mm-dd hh:mm", "[$-409]d/m/yy"] {
            assert!(is_date_format(code), "{code}");
        }
        for code in ["General", "0.00", "#,##0.000", "\"$\"#,##0", "0.00E+00", "[Red]0.00", "@"] {
            assert!(!is_date_format(code), "{code}");
        }
        assert_eq!(serial_date(46085.0, false), NaiveDate::from_ymd_opt(2026, 3, 4));
        assert_eq!(excel_unescape("a_x000D_b_x005F_x000D_"), "a\rb_x000D_");
    }
}
