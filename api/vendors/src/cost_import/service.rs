//! Rules of the cost catalogue import: the template's columns, reading the file, checking every row, the
//! all-or-nothing rule, progress, the report; the template download and the export in the same columns.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use chrono::NaiveDate;
use poem_openapi::payload::Binary;
use serde_json::{json, Value};
use sqlx::PgPool;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::export::{self, ColumnKind, ExportColumn, XlsxFile};
use kernel::import::{ImportFile, ImportLimits, StringRecord};
use kernel::notify::{types, Notice};
use kernel::num::{to_json_number, NumError, Quantity, UnitCost};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::*;
use super::repo::{self, Batch};
use crate::costs::model::{break_columns, CostBreak, CostFields, CostSearchRequest, CostValues, SORT};
use crate::costs::repo as cost_repo;
use crate::costs::service::{map_overlap, today, values_of, SHARED_VENDOR_NOT_FOUND};

/// The template's columns, in order; the required ones are marked in the template's notes sheet.
pub const COLUMNS: [&str; 32] = [
    "mfg_code", "mfg_part_no", "vendor_part_no", "alternate_part_no", "description", "unspsc", "commodity_code", "brand_id",
    "special_pricing_agreement_id", "start_date", "end_date", "min_order_qty", "purch_factor", "type_pack_id",
    "qty_per_type_pack", "list_price", "qty_break_1", "cost_1", "qty_break_2", "cost_2", "qty_break_3", "cost_3",
    "qty_break_4", "cost_4", "qty_break_5", "cost_5", "qty_break_6", "cost_6", "qty_break_7", "cost_7", "qty_break_8", "cost_8",
];
pub const REQUIRED: [&str; 6] = ["mfg_code", "mfg_part_no", "start_date", "end_date", "qty_break_1", "cost_1"];
pub const MAX_ROWS: usize = 200_000;
pub const NOT_FOUND: &str = "The import you are trying to find does not exist.";
const PROGRESS_EVERY: usize = 5_000;
const BATCH_ROWS: usize = 2_000;
/// Problems kept with the import (the first ones by row); the count says how many there were.
const MAX_STORED_PROBLEMS: usize = 10_000;
const SHOWN_PROBLEMS: usize = 1_000;

fn file_problem(why: impl Into<String>) -> ApiError {
    ApiError::invalid("file", "unreadable", &why.into())
}

/// The file's header: the template column each position holds. Unknown and missing required columns refuse the
/// file before anything starts (a typo in a header would otherwise drop a column silently).
fn header_of(header: &[String]) -> ApiResult<Vec<Option<usize>>> {
    let mut at = vec![None; COLUMNS.len()];
    let mut unknown = Vec::new();
    for (pos, name) in header.iter().enumerate() {
        let name = name.trim().trim_end_matches('*').trim().to_ascii_lowercase();
        if name.is_empty() {
            continue;
        }
        match COLUMNS.iter().position(|c| *c == name) {
            Some(i) if at[i].is_none() => at[i] = Some(pos),
            Some(_) => return Err(file_problem(format!("The column {name} appears twice."))),
            None => unknown.push(name),
        }
    }
    if !unknown.is_empty() {
        return Err(file_problem(format!("Unknown columns: {}. The template names the columns.", unknown.join(", "))));
    }
    let missing: Vec<&str> = REQUIRED.iter().filter(|r| at[COLUMNS.iter().position(|c| c == *r).unwrap_or(0)].is_none()).copied().collect();
    if !missing.is_empty() {
        return Err(file_problem(format!("Required columns missing: {}.", missing.join(", "))));
    }
    Ok(at)
}

/// One data row: its row number in the file and its cells by template column (one buffer a row: a file may hold
/// 200,000 of them).
struct Row {
    number: i64,
    cells: StringRecord,
}

impl Row {
    fn get(&self, column: &str) -> Option<&str> {
        let i = COLUMNS.iter().position(|c| *c == column)?;
        self.cells.get(i).map(str::trim).filter(|s| !s.is_empty())
    }
}

/// What the checks need from the provider's lists, loaded once per import.
struct Lists {
    packs: HashMap<String, i32>,
    pack_ids: HashSet<i32>,
    brands: HashSet<i64>,
    commodities: HashSet<String>,
}

struct Parsed {
    number: i64,
    agreement: Option<String>,
    values: CostValues,
}

/// A number cell read as its kind, from its text: `19.99` is 19.99 exactly, and a cell with more decimals than
/// the kind keeps is refused rather than rounded (a catalogue's price is what the file says, or nothing).
fn parse_number<T>(row: &Row, column: &str, parse: fn(&str) -> Result<T, NumError>, out: &mut Vec<CostImportProblem>) -> Option<T> {
    let text = row.get(column)?;
    match parse(&text.replace([',', '$'], "")) {
        Ok(v) => Some(v),
        Err(e) => {
            out.push(CostImportProblem { row: row.number, column: column.into(), reason: format!("'{text}' {e}.") });
            None
        }
    }
}

fn parse_date(row: &Row, column: &str, out: &mut Vec<CostImportProblem>) -> Option<NaiveDate> {
    let Some(text) = row.get(column) else {
        out.push(CostImportProblem { row: row.number, column: column.into(), reason: "Required.".into() });
        return None;
    };
    let text = text.split(['T', ' ']).next().unwrap_or(text);
    let parsed = NaiveDate::parse_from_str(text, "%Y-%m-%d").or_else(|_| NaiveDate::parse_from_str(text, "%m/%d/%Y"));
    match parsed {
        Ok(d) => Some(d),
        Err(_) => {
            out.push(CostImportProblem { row: row.number, column: column.into(), reason: format!("'{text}' is not a date (YYYY-MM-DD).") });
            None
        }
    }
}

/// Checks one row; its problems go to `out`.
fn parse_row(row: &Row, lists: &Lists, out: &mut Vec<CostImportProblem>) -> Option<Parsed> {
    let before = out.len();
    let text = |c: &str| row.get(c).map(str::to_owned);
    let start = parse_date(row, "start_date", out);
    let end = parse_date(row, "end_date", out);
    let min_order_qty = parse_number(row, "min_order_qty", Quantity::parse, out);
    let purch_factor = parse_number(row, "purch_factor", Quantity::parse, out);
    let qty_per_type_pack = parse_number(row, "qty_per_type_pack", Quantity::parse, out);
    let list_price = parse_number(row, "list_price", UnitCost::parse, out);
    let type_pack_id = row.get("type_pack_id").and_then(|t| {
        let found = t.parse::<i32>().ok().filter(|id| lists.pack_ids.contains(id)).or_else(|| lists.packs.get(&t.to_ascii_uppercase()).copied());
        if found.is_none() {
            out.push(CostImportProblem { row: row.number, column: "type_pack_id".into(), reason: format!("'{t}' is not a known pack.") });
        }
        found
    });
    let brand_id = row.get("brand_id").and_then(|t| {
        let found = t.parse::<i64>().ok().filter(|id| lists.brands.contains(id));
        if found.is_none() {
            out.push(CostImportProblem { row: row.number, column: "brand_id".into(), reason: format!("'{t}' is not a known brand.") });
        }
        found
    });
    if let Some(c) = row.get("commodity_code") {
        if !lists.commodities.contains(c) {
            out.push(CostImportProblem { row: row.number, column: "commodity_code".into(), reason: format!("'{c}' is not a known commodity.") });
        }
    }
    let mut breaks = Vec::new();
    let mut gap_at: Option<usize> = None;
    for n in 1..=8 {
        let (qc, cc) = (format!("qty_break_{n}"), format!("cost_{n}"));
        let q = parse_number(row, &qc, Quantity::parse, out);
        let c = parse_number(row, &cc, UnitCost::parse, out);
        match (row.get(&qc).is_some(), row.get(&cc).is_some()) {
            (false, false) => {
                gap_at.get_or_insert(n);
            }
            (true, false) => out.push(CostImportProblem { row: row.number, column: cc, reason: format!("Quantity break {n} has no cost.") }),
            (false, true) => out.push(CostImportProblem { row: row.number, column: qc, reason: format!("Cost {n} has no quantity break.") }),
            (true, true) => {
                if let Some(g) = gap_at {
                    out.push(CostImportProblem { row: row.number, column: qc, reason: format!("Breaks fill from 1 without gaps: break {g} is empty.") });
                }
                if let (Some(qty), Some(cost)) = (q, c) {
                    breaks.push(CostBreak { qty, cost });
                }
            }
        }
    }
    let fields = CostFields {
        mfg_code: text("mfg_code").unwrap_or_default(),
        mfg_part_no: text("mfg_part_no").unwrap_or_default(),
        vendor_part_no: text("vendor_part_no"),
        alternate_part_no: text("alternate_part_no"),
        description: text("description"),
        unspsc: text("unspsc"),
        commodity_code: text("commodity_code"),
        brand_id,
        start_date: start.unwrap_or_default(),
        end_date: end.unwrap_or_default(),
        min_order_qty,
        purch_factor,
        type_pack_id,
        qty_per_type_pack,
        list_price,
        breaks,
    };
    let mut p = Problems::default();
    let agreement = p.optional_text("special_pricing_agreement_id", "Special Pricing Agreement", row.get("special_pricing_agreement_id"), 50);
    let values = values_of(&fields, &mut p);
    for e in p.0 {
        // Dates already reported as missing or unreadable are not reported again as out of order.
        if e.field == "end_date" && (start.is_none() || end.is_none()) {
            continue;
        }
        // A break already refused for its own cell is not reported again as a missing break.
        if e.field == "breaks" && out[before..].iter().any(|x| x.column.starts_with("qty_break_") || x.column.starts_with("cost_")) {
            continue;
        }
        let column = if e.field == "breaks" { "qty_break_1".to_owned() } else { e.field };
        if !out[before..].iter().any(|x| x.column == column) {
            out.push(CostImportProblem { row: row.number, column, reason: e.error });
        }
    }
    if out.len() > before {
        return None;
    }
    values.map(|values| Parsed { number: row.number, agreement, values })
}

fn key(v: &CostValues) -> PartKey {
    (v.mfg_code.to_lowercase(), v.mfg_part_no.to_lowercase())
}

/// A part: lower-case manufacturer code and part number.
type PartKey = (String, String);

/// Duplicates inside the file (same part, overlapping dates) and against the shared vendor's active costs.
fn duplicates(parsed: &[Parsed], existing: &[(i64, String, String, NaiveDate, NaiveDate)], out: &mut Vec<CostImportProblem>) {
    let mut by_part: HashMap<PartKey, Vec<&Parsed>> = HashMap::new();
    for p in parsed {
        by_part.entry(key(&p.values)).or_default().push(p);
    }
    for rows in by_part.values_mut() {
        rows.sort_by_key(|p| (p.values.start_date, p.number));
        let mut reach: Option<(NaiveDate, i64)> = None;
        for p in rows.iter() {
            if let Some((end, number)) = reach {
                if p.values.start_date <= end {
                    out.push(CostImportProblem {
                        row: p.number,
                        column: "start_date".into(),
                        reason: format!("Row {number} has the same part with overlapping dates."),
                    });
                }
            }
            if reach.is_none_or(|(end, _)| p.values.end_date > end) {
                reach = Some((p.values.end_date, p.number));
            }
        }
    }
    let mut catalogue: HashMap<PartKey, Vec<(i64, NaiveDate, NaiveDate)>> = HashMap::new();
    for (id, code, part, start, end) in existing {
        catalogue.entry((code.clone(), part.clone())).or_default().push((*id, *start, *end));
    }
    for p in parsed {
        if let Some(costs) = catalogue.get(&key(&p.values)) {
            if let Some((id, start, end)) = costs.iter().find(|(_, s, e)| *s <= p.values.end_date && p.values.start_date <= *e) {
                out.push(CostImportProblem {
                    row: p.number,
                    column: "start_date".into(),
                    reason: format!("The catalogue already has an active cost of this part from {start} to {end} (cost {id})."),
                });
            }
        }
    }
}

/// POST Cost/Import: reads the file, checks its columns, records the import and starts it; answers at once with the
/// import to poll.
pub async fn start(state: &AppState, caller: &Caller, shared_vendor_id: i64, file_name: Option<String>, file: ImportFile) -> ApiResult<CostImport> {
    // Held until the background run ends: the file's rows stay in memory until then.
    let permit = state.imports.admit().await?;
    let mut conn = state.pool.acquire().await?;
    if cost_repo::shared_vendor_name(&mut conn, shared_vendor_id).await?.is_none() {
        return Err(ApiError::invalid("shared_vendor_id", "invalid", SHARED_VENDOR_NOT_FOUND));
    }
    let file_name = kernel::validate::trimmed(&file_name).map(|f| f.chars().take(200).collect::<String>()).unwrap_or_else(|| "catalogue".to_owned());
    let rows = kernel::import::read_all_blocking(file, ImportLimits::new(&state.settings, MAX_ROWS)).await?;
    let mut rows = rows.into_iter();
    let Some(header) = rows.next() else {
        return Err(file_problem("The file is empty: row 1 names the columns (download the template)."));
    };
    let header = header_of(&header.cells.iter().map(str::to_owned).collect::<Vec<_>>())?;
    let data: Vec<Row> = rows
        .map(|r| Row { number: i64::try_from(r.number).unwrap_or(i64::MAX), cells: header.iter().map(|at| at.map_or("", |p| r.cell(p))).collect() })
        .collect();
    if data.is_empty() {
        return Err(file_problem("The file has no rows under its header."));
    }
    let total = i32::try_from(data.len()).unwrap_or(i32::MAX);
    let id = repo::create(&mut conn, shared_vendor_id, &file_name, total, caller.user_id).await?;
    drop(conn);
    let pool = state.pool.clone();
    let (real, effective) = (caller.real_user_id, caller.user_id);
    let request_id = kernel::error::current_request_id();
    tokio::spawn(async move {
        let _permit = permit;
        if let Err(e) = run(&pool, id, shared_vendor_id, &file_name, real, effective, data).await {
            tracing::error!(import = id, request_id = %request_id, error = %e, "cost import failed");
            let problem = CostImportProblem { row: 0, column: String::new(), reason: "The import stopped on an unexpected error; nothing was applied.".into() };
            if let Ok(mut conn) = pool.acquire().await {
                let _ = repo::finish(&mut conn, id, "failed", 0, &[problem], 1).await;
            }
        }
    });
    get(state, id).await
}

/// The import itself: check every row, then apply all of them in one transaction, or none.
async fn run(pool: &PgPool, id: i64, shared_vendor_id: i64, file_name: &str, real: i64, effective: i64, data: Vec<Row>) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut conn = pool.acquire().await?;
    let packs = repo::packs(&mut conn).await?;
    let lists = Lists {
        pack_ids: packs.iter().map(|(id, _)| *id).collect(),
        packs: packs.into_iter().filter_map(|(id, code)| code.map(|c| (c.to_ascii_uppercase(), id))).collect(),
        brands: repo::brands(&mut conn).await?.into_iter().collect(),
        commodities: repo::commodities(&mut conn).await?.into_iter().collect(),
    };
    let mut problems = Vec::new();
    let mut parsed = Vec::with_capacity(data.len());
    for (i, row) in data.iter().enumerate() {
        if let Some(p) = parse_row(row, &lists, &mut problems) {
            parsed.push(p);
        }
        if (i + 1) % PROGRESS_EVERY == 0 {
            repo::progress(&mut conn, id, "reading", i32::try_from(i + 1).unwrap_or(i32::MAX)).await?;
        }
    }
    let (codes, parts): (Vec<String>, Vec<String>) = parsed.iter().map(|p| key(&p.values)).unzip();
    let existing = repo::existing(&mut conn, shared_vendor_id, &codes, &parts).await?;
    duplicates(&parsed, &existing, &mut problems);
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.row);
        let count = i32::try_from(problems.len()).unwrap_or(i32::MAX);
        problems.truncate(MAX_STORED_PROBLEMS);
        repo::finish(&mut conn, id, "refused", 0, &problems, count).await?;
        return Ok(());
    }
    let items: HashMap<(String, String), i64> = repo::items_for(&mut conn, &codes, &parts).await?.into_iter().map(|(id, c, p)| ((c, p), id)).collect();
    repo::progress(&mut conn, id, "applying", 0).await?;

    let mut tx = pool.begin().await?;
    let mut headers: HashMap<Option<String>, i64> = HashMap::new();
    let mut written = 0usize;
    for chunk in parsed.chunks(BATCH_ROWS) {
        let mut b = Batch::default();
        for p in chunk {
            let header = match headers.get(&p.agreement) {
                Some(h) => *h,
                None => {
                    let h = cost_repo::header_for(&mut tx, shared_vendor_id, p.agreement.as_deref(), Some(effective)).await?;
                    headers.insert(p.agreement.clone(), h);
                    h
                }
            };
            let v = &p.values;
            b.header.push(header);
            b.item_id.push(items.get(&key(v)).copied());
            b.mfg_code.push(v.mfg_code.clone());
            b.mfg_part_no.push(v.mfg_part_no.clone());
            b.vendor_part_no.push(v.vendor_part_no.clone());
            b.alternate_part_no.push(v.alternate_part_no.clone());
            b.description.push(v.description.clone());
            b.unspsc.push(v.unspsc.clone());
            b.commodity_code.push(v.commodity_code.clone());
            b.brand_id.push(v.brand_id);
            b.start_date.push(v.start_date);
            b.end_date.push(v.end_date);
            b.min_order_qty.push(v.min_order_qty);
            b.purch_factor.push(v.purch_factor);
            b.type_pack_id.push(v.type_pack_id);
            b.qty_per_type_pack.push(v.qty_per_type_pack);
            b.list_price.push(v.list_price);
            for n in 0..8 {
                b.qty[n].push(v.qty[n]);
                b.cost[n].push(v.cost[n]);
            }
        }
        match repo::insert_batch(&mut tx, shared_vendor_id, id, effective, &b).await {
            Ok(_) => {}
            Err(e) => {
                // A cost saved meanwhile (by hand or another import) now overlaps: the constraint refuses, nothing of
                // this file is kept.
                if matches!(map_overlap(e), ApiError::Conflict(_)) {
                    drop(tx);
                    let problem = CostImportProblem {
                        row: 0,
                        column: String::new(),
                        reason: "A cost of the same part and dates was saved while the file was imported; nothing was applied. Import the file again.".into(),
                    };
                    repo::finish(&mut conn, id, "refused", 0, &[problem], 1).await?;
                    return Ok(());
                }
                anyhow::bail!("inserting costs failed");
            }
        }
        written += b.len();
        repo::progress(&mut conn, id, "applying", i32::try_from(written).unwrap_or(i32::MAX)).await?;
    }
    let applied = i32::try_from(written).unwrap_or(i32::MAX);
    audit::record_as(
        &mut tx,
        Some(real),
        Some(effective),
        AuditEntry {
            action: "import",
            entity: "shared_vendor_cost_import",
            entity_id: id.to_string(),
            client_id: None,
            site_id: None,
            changes: json!({"shared_vendor_id": shared_vendor_id, "file_name": file_name, "rows": applied}),
        },
    )
    .await?;
    repo::finish(&mut tx, id, "done", applied, &[], 0).await?;
    // Sites buying from this catalogue hear that its costs changed (their cost review may show new differences).
    let (vendor_name, sites) = repo::sites_buying_from(&mut tx, shared_vendor_id).await?;
    if applied > 0 && !sites.is_empty() {
        let notice = Notice {
            type_id: types::CATALOGUE_COSTS_CHANGED,
            subject: format!("Catalogue costs changed: {vendor_name}"),
            text: format!("{applied} cost(s) of the {vendor_name} catalogue were imported. Review the costs that now differ from what the site pays."),
            link: Some("/vendors/ReviewCost".to_owned()),
            created_by: Some(effective),
            ..Notice::default()
        };
        kernel::notify::raise_at_sites(&mut tx, &sites, &notice).await?;
    }
    tx.commit().await?;
    tracing::info!(import = id, rows = applied, seconds = started.elapsed().as_secs_f64(), "cost import applied"); // not money: a duration in seconds
    Ok(())
}

/// GET Cost/Import/{id}.
pub async fn get(state: &AppState, id: i64) -> ApiResult<CostImport> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?.into_wire(SHOWN_PROBLEMS))
}

fn columns(names: &[&str], kind: impl Fn(&str) -> Option<ColumnKind>) -> Vec<ExportColumn> {
    names.iter().map(|n| ExportColumn { field: (*n).to_owned(), header: (*n).to_owned(), kind: kind(n) }).collect()
}

fn template_kind(name: &str) -> Option<ColumnKind> {
    match name {
        "start_date" | "end_date" => Some(ColumnKind::Date),
        "brand_id" | "min_order_qty" | "purch_factor" | "type_pack_id" | "qty_per_type_pack" | "list_price" => Some(ColumnKind::Number),
        n if n.starts_with("qty_break_") || n.starts_with("cost_") => Some(ColumnKind::Number),
        _ => Some(ColumnKind::Text),
    }
}

fn xlsx(bytes: Vec<u8>, name: &str) -> XlsxFile {
    XlsxFile::Ok(Binary(bytes), format!("attachment; filename=\"{name}\""))
}

/// GET Cost/Template: the columns and one example row.
pub fn template() -> ApiResult<XlsxFile> {
    let today = today();
    let example = json!({
        "mfg_code": "SKF", "mfg_part_no": "6205-2RS", "vendor_part_no": "V-6205", "description": "Deep groove ball bearing",
        "unspsc": "31171504", "start_date": today.to_string(), "end_date": (today + chrono::Duration::days(364)).to_string(),
        "purch_factor": 1, "type_pack_id": 1, "qty_per_type_pack": 1, "list_price": 12.5,
        "qty_break_1": 1, "cost_1": 9.75, "qty_break_2": 10, "cost_2": 9.1, "qty_break_3": 50, "cost_3": 8.4
    });
    let bytes = export::workbook(&columns(&COLUMNS, template_kind), &[example]).map_err(ApiError::internal)?;
    Ok(xlsx(bytes, "cost-catalogue-template.xlsx"))
}

/// GET Cost/Import/{id}/Report: the refused rows as a workbook (row, column, reason).
pub async fn report(state: &AppState, id: i64) -> ApiResult<XlsxFile> {
    let import = {
        let mut conn = state.pool.acquire().await?;
        repo::find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?
    };
    let rows: Vec<Value> = import.problems.0.iter().map(|p| json!({"row": p.row, "column": p.column, "reason": p.reason})).collect();
    let cols = vec![
        ExportColumn { field: "row".into(), header: "Row".into(), kind: Some(ColumnKind::Number) },
        ExportColumn { field: "column".into(), header: "Column".into(), kind: None },
        ExportColumn { field: "reason".into(), header: "Reason".into(), kind: None },
    ];
    let bytes = export::workbook(&cols, &rows).map_err(ApiError::internal)?;
    Ok(xlsx(bytes, &format!("cost-import-{id}-report.xlsx")))
}

/// POST Cost/Export: the search's costs (up to 5,000) in the template's columns, so the file imports again.
pub async fn export(state: &AppState, request: &CostSearchRequest) -> ApiResult<XlsxFile> {
    let page = request.page.resolve(&SORT)?.export();
    let part = kernel::validate::trimmed(&request.filter.part);
    let mut conn = state.pool.acquire().await?;
    let (rows, _) = cost_repo::search(&mut conn, &request.filter, part, today(), &page).await?;
    drop(conn);
    let values: Vec<Value> = rows
        .iter()
        .map(|r| {
            let mut v = json!({
                "mfg_code": r.mfg_code, "mfg_part_no": r.mfg_part_no, "vendor_part_no": r.vendor_part_no,
                "alternate_part_no": r.alternate_part_no, "description": r.description, "unspsc": r.unspsc,
                "commodity_code": r.commodity_code, "brand_id": r.brand_id,
                "special_pricing_agreement_id": r.special_pricing_agreement_id, "start_date": r.start_date.to_string(),
                "end_date": r.end_date.to_string(), "min_order_qty": to_json_number(r.min_order_qty.value()),
                "purch_factor": to_json_number(r.purch_factor.value()), "type_pack_id": r.type_pack_id,
                "qty_per_type_pack": r.qty_per_type_pack.map(|v| to_json_number(v.value())),
                "list_price": r.list_price.map(|v| to_json_number(v.value())),
            });
            for (n, b) in r.slots().iter().enumerate() {
                if let Some(b) = b {
                    let (qty, cost) = break_columns(n + 1);
                    v[qty] = to_json_number(b.qty.value());
                    v[cost] = to_json_number(b.cost.value());
                }
            }
            v
        })
        .collect();
    let bytes = export::workbook(&columns(&COLUMNS, template_kind), &values).map_err(ApiError::internal)?;
    Ok(xlsx(bytes, "cost-catalogue.xlsx"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists() -> Lists {
        Lists { packs: HashMap::from([("BX".into(), 2)]), pack_ids: HashSet::from([1, 2]), brands: HashSet::from([7]), commodities: HashSet::from(["C1".into()]) }
    }

    fn row(pairs: &[(&str, &str)]) -> Row {
        let mut cells = vec![String::new(); COLUMNS.len()];
        for (k, v) in pairs {
            cells[COLUMNS.iter().position(|c| c == k).expect("column")] = (*v).to_owned();
        }
        Row { number: 2, cells: StringRecord::from(cells) }
    }

    const GOOD: [(&str, &str); 8] = [
        ("mfg_code", "skf"),
        ("mfg_part_no", "6205"),
        ("start_date", "2026-01-01"),
        ("end_date", "12/31/2026"),
        ("qty_break_1", "1"),
        ("cost_1", "$9.50"),
        ("qty_break_2", "10"),
        ("cost_2", "9"),
    ];

    #[test]
    fn a_good_row_is_read_with_its_breaks_and_an_upper_case_manufacturer() {
        let mut out = Vec::new();
        let p = parse_row(&row(&GOOD), &lists(), &mut out).expect("parsed");
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(p.values.mfg_code, "SKF");
        assert_eq!(p.values.qty[1], Some(Quantity::from(10)));
        assert_eq!(p.values.cost[0].map(|c| c.to_string()), Some("9.5".to_owned()));
        assert_eq!(p.values.min_order_qty, Quantity::from(1));
        assert_eq!(p.values.end_date, NaiveDate::from_ymd_opt(2026, 12, 31).expect("date"));
    }

    #[test]
    fn numbers_are_read_from_their_text_exactly_and_finer_ones_are_refused() {
        let mut r = GOOD.to_vec();
        r[5] = ("cost_1", "19.99");
        r.push(("list_price", "1,234.5678"));
        let mut out = Vec::new();
        let p = parse_row(&row(&r), &lists(), &mut out).expect("parsed");
        assert_eq!(p.values.cost[0].map(|c| c.to_string()), Some("19.99".to_owned()));
        assert_eq!(p.values.list_price.map(|c| c.to_string()), Some("1234.5678".to_owned()));
        r[5] = ("cost_1", "19.99999");
        r.push(("qty_per_type_pack", "2.0005"));
        let mut out = Vec::new();
        assert!(parse_row(&row(&r), &lists(), &mut out).is_none());
        let reasons: Vec<(&str, &str)> = out.iter().map(|p| (p.column.as_str(), p.reason.as_str())).collect();
        assert!(reasons.contains(&("cost_1", "'19.99999' has more than 4 decimal places.")), "{reasons:?}");
        assert!(reasons.contains(&("qty_per_type_pack", "'2.0005' has more than 3 decimal places.")), "{reasons:?}");
    }

    #[test]
    fn a_bad_row_names_each_column_and_its_reason() {
        let mut r = GOOD.to_vec();
        r.retain(|(k, _)| *k != "mfg_part_no");
        r.push(("qty_break_3", "5"));
        r.push(("cost_3", "x"));
        r.push(("type_pack_id", "ZZ"));
        r.push(("brand_id", "99"));
        let mut out = Vec::new();
        assert!(parse_row(&row(&r), &lists(), &mut out).is_none());
        let cols: Vec<&str> = out.iter().map(|p| p.column.as_str()).collect();
        for c in ["mfg_part_no", "cost_3", "type_pack_id", "brand_id"] {
            assert!(cols.contains(&c), "{c} missing from {out:?}");
        }
    }

    #[test]
    fn breaks_must_increase_and_leave_no_gaps() {
        let mut r = GOOD.to_vec();
        r.push(("qty_break_4", "20"));
        r.push(("cost_4", "8"));
        let mut out = Vec::new();
        assert!(parse_row(&row(&r), &lists(), &mut out).is_none());
        assert_eq!(out[0].column, "qty_break_4");
        let mut r = GOOD.to_vec();
        r[6] = ("qty_break_2", "1");
        let mut out = Vec::new();
        assert!(parse_row(&row(&r), &lists(), &mut out).is_none());
        assert_eq!(out[0].column, "qty_break_2");
    }

    #[test]
    fn the_same_part_twice_with_overlapping_dates_refuses_the_later_row() {
        let mut out = Vec::new();
        let a = parse_row(&row(&GOOD), &lists(), &mut out).expect("a");
        let mut b = parse_row(&row(&GOOD), &lists(), &mut out).expect("b");
        b.number = 3;
        duplicates(&[a, b], &[], &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].row, 3);
    }

    #[test]
    fn unknown_or_missing_columns_refuse_the_file() {
        assert!(header_of(&["mfg_code".into(), "mfg_part_no".into()]).is_err());
        let mut h: Vec<String> = REQUIRED.iter().map(|s| s.to_string()).collect();
        assert!(header_of(&h).is_ok());
        h.push("colour".into());
        assert!(header_of(&h).is_err());
    }
}
