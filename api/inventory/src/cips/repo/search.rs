//! The CIP searches: SQL assembled from allow-listed parts, one condition per given filter, so that at a million
//! CIPs each search's plan uses the index of the filters it has (docs/cip.md, "Speed"). Conditions an index should
//! serve are leakproof (`=`, `starts_with` on the upper-case key columns), which row-level security lets an index
//! use. Caller text only ever travels as bound parameters.

use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::{Postgres, Row};
use tenancy::TenantTx;

use kernel::listing::{self, Page};

use crate::cips::model::{CipMin1, CipPick, CipRow, SubFilterValue};

/// A validated search: the site and the normalised filters (texts upper case; patterns escaped for `like`).
#[derive(Debug, Clone, Default)]
pub struct SearchFilter {
    pub site_id: i64,
    pub cip_no: Option<i64>,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    pub status_id: Option<i32>,
    /// Starts with (upper case).
    pub cip_code: Option<String>,
    pub cust_item_code: Option<String>,
    pub location: Option<String>,
    /// `like` pattern (%text%), upper case.
    pub description: Option<String>,
    pub text: Option<String>,
    pub vend_code: Option<String>,
    pub repl_type: Option<i32>,
    pub consigned: Option<bool>,
    pub dispensing: Option<bool>,
    pub keep_full: Option<bool>,
    pub below_min: Option<bool>,
    pub has_on_hand: Option<bool>,
    /// What the site's vocabulary says of the text filters' runs ([`with_words`]); empty until then.
    pub words: Words,
}

/// For each run of three or more ASCII letters and digits in the text filters (at most five per filter), the words of
/// the site's vocabulary a matching CIP must have one of (tenant 0023, `cip_word_sets`: containing the run, starting or
/// ending with it where the pattern puts a separator beside it). The sets narrow the search through the side table's
/// word index; the LIKE patterns stay the exact test.
#[derive(Debug, Clone, Default)]
pub struct Words {
    pub sets: Vec<Vec<String>>,
    /// A run no word of the site fits: nothing can match.
    pub none: bool,
}

/// A run fitting more words than this (a few digits) is not used to narrow: the trigram index serves it.
const MAX_WORDS: i32 = 200;

/// The filter with its [`Words`] looked up: one short statement per text filter, before the search itself.
pub async fn with_words(tx: &mut TenantTx, f: &SearchFilter) -> Result<SearchFilter, sqlx::Error> {
    let mut out = f.clone();
    out.words = Words::default();
    for pattern in f.description.iter().chain(f.text.iter()) {
        let sets: Vec<Option<Vec<String>>> =
            sqlx::query_scalar("select s from cip_word_sets($1, $2) s").bind(pattern).bind(MAX_WORDS).fetch_all(&mut **tx).await?;
        for set in sets.into_iter().flatten() {
            if set.is_empty() {
                out.words.none = true;
            } else if !out.words.sets.contains(&set) {
                out.words.sets.push(set);
            }
        }
    }
    Ok(out)
}

enum Arg {
    I64(i64),
    I32(i32),
    Text(String),
    Texts(Vec<String>),
    Bool(bool),
}

/// `where` text and its parameters, `$1..$n` in order.
struct Where {
    sql: String,
    args: Vec<Arg>,
}

impl Where {
    fn new(site_id: i64) -> Self {
        Self { sql: "c.site_id = $1".to_owned(), args: vec![Arg::I64(site_id)] }
    }
    /// Adds `clause` with its `?` replaced by the next parameter.
    fn and(&mut self, clause: &str, arg: Arg) {
        self.args.push(arg);
        self.sql.push_str(" and ");
        self.sql.push_str(&clause.replace('?', &format!("${}", self.args.len())));
    }
    /// Adds a clause without a parameter (from this file only).
    fn and_fixed(&mut self, clause: &str) {
        self.sql.push_str(" and ");
        self.sql.push_str(clause);
    }
    /// Binds the parameters. Callers run the statement unprepared (`persistent(false)`): a prefix or pattern only
    /// narrows an index scan in a plan made for its value, never in a cached generic plan.
    fn bind<'q>(self, mut q: Query<'q, Postgres, PgArguments>) -> Query<'q, Postgres, PgArguments> {
        for a in self.args {
            q = match a {
                Arg::I64(v) => q.bind(v),
                Arg::I32(v) => q.bind(v),
                Arg::Text(v) => q.bind(v),
                Arg::Texts(v) => q.bind(v),
                Arg::Bool(v) => q.bind(v),
            };
        }
        q
    }
}

/// The search's conditions. Every search of the grid goes through here, so the grid, its export, the picks and the
/// sub-filter values agree.
fn conditions(f: &SearchFilter) -> Where {
    let mut w = Where::new(f.site_id);
    // The text filters through the side table (the view cip_text_visible, tenants 0021 and 0023), whose indexes no
    // condition on cip could use behind its policy: the planner joins the hits to cip by primary key and stops at the
    // cap, or, with a narrower condition on cip, looks each CIP's text up by key. With word sets the word index finds
    // the hits and the patterns are only tested on them; without, the trigram index serves the patterns.
    if f.description.is_some() || f.text.is_some() {
        if f.words.none {
            w.and_fixed("false");
        }
        let narrowed = !f.words.sets.is_empty();
        let mut text = String::from("exists (select 1 from cip_text_visible t where t.cip_no = c.cip_no");
        for set in &f.words.sets {
            w.args.push(Arg::Texts(set.clone()));
            text.push_str(&format!(" and t.words && ${}::text[]", w.args.len()));
        }
        // search_text holds codes and descriptions; desc_text the descriptions alone, which the description filter
        // means. `search_text || ''` is the same test on an expression no index holds: with word sets, the trigram
        // index would only add the collection of every hit of a common text.
        let searched = if narrowed { "(t.search_text || '')" } else { "t.search_text" };
        if let Some(p) = &f.description {
            w.args.push(Arg::Text(p.clone()));
            let n = w.args.len();
            if narrowed {
                text.push_str(&format!(" and t.desc_text like ${n}"));
            } else {
                text.push_str(&format!(" and t.search_text like ${n} and t.desc_text like ${n}"));
            }
        }
        if let Some(p) = &f.text {
            w.args.push(Arg::Text(p.clone()));
            text.push_str(&format!(" and {searched} like ${}", w.args.len()));
        }
        text.push(')');
        w.and_fixed(&text);
    }
    if let Some(v) = f.cip_no {
        w.and("c.cip_no = ?", Arg::I64(v));
    }
    if let Some(v) = f.cid_no {
        w.and("c.cid_no = ?", Arg::I64(v));
    }
    if let Some(v) = f.item_id {
        w.and("c.item_id = ?", Arg::I64(v));
    }
    if let Some(v) = f.status_id {
        w.and("c.status_id = ?", Arg::I32(v));
    }
    if let Some(v) = &f.cip_code {
        w.and("starts_with(c.cip_code_key, ?)", Arg::Text(v.clone()));
    }
    if let Some(v) = &f.cust_item_code {
        w.and("starts_with(c.cust_item_code_key, ?)", Arg::Text(v.clone()));
    }
    if let Some(v) = &f.location {
        w.and("starts_with(c.location_key, ?)", Arg::Text(v.clone()));
    }
    if let Some(v) = &f.vend_code {
        w.and("c.vend_code = ?", Arg::Text(v.clone()));
    }
    if let Some(v) = f.repl_type {
        w.and("c.repl_type = ?", Arg::I32(v));
    }
    if let Some(v) = f.consigned {
        w.and("c.consigned = ?", Arg::Bool(v));
    }
    if let Some(v) = f.dispensing {
        w.and("c.dispensing = ?", Arg::Bool(v));
    }
    if let Some(v) = f.keep_full {
        w.and("c.keep_full = ?", Arg::Bool(v));
    }
    match f.below_min {
        Some(true) => w.and_fixed("c.min_qty is not null and c.qty_on_hand < c.min_qty"),
        Some(false) => w.and_fixed("(c.min_qty is null or c.qty_on_hand >= c.min_qty)"),
        None => {}
    }
    match f.has_on_hand {
        Some(true) => w.and_fixed("c.qty_on_hand > 0"),
        Some(false) => w.and_fixed("c.qty_on_hand <= 0"),
        None => {}
    }
    w
}

/// The order the capped set is read in. With a code prefix it is that key's index order (`using ~<~`, the order of the
/// `text_pattern_ops` index), so the index range of the prefix gives the first matches: codes follow the order rows
/// were added in, and a scan in table order could read most of the site before reaching them. Locations are spread
/// over the table; without an order the planner picks the index for a narrow prefix and a scan for a broad one.
fn read_order(f: &SearchFilter) -> &'static str {
    if f.cip_code.is_some() {
        " order by c.cip_code_key using ~<~"
    } else if f.cust_item_code.is_some() {
        " order by c.cust_item_code_key using ~<~"
    } else {
        ""
    }
}

const ROW_COLUMNS: &str = "c.cip_no, c.cid_no, c.item_id, c.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.status_id,
    c.location, c.loc_seg1, c.loc_seg2, c.loc_seg3, c.loc_seg4, c.loc_seg5,
    c.qty_on_hand::float8 as qty_on_hand, c.qty_avail::float8 as qty_avail, c.qty_on_hold::float8 as qty_on_hold,
    c.qty_on_order::float8 as qty_on_order, c.qty_backorder::float8 as qty_backorder,
    c.min_qty::float8 as min_qty, c.max_qty::float8 as max_qty, c.lot_qty::float8 as lot_qty, c.reorder_qty::float8 as reorder_qty,
    c.repl_type, c.keep_full, c.consigned, c.dispensing, c.vend_code, c.cust_avg_cost::float8 as cust_avg_cost,
    (c.usage1 + c.usage2 + c.usage3 + c.usage4 + c.usage5 + c.usage6 + c.usage7 + c.usage8 + c.usage9 + c.usage10 + c.usage11
     + c.usage12 + c.usage13)::float8 as annual_usage,
    c.last_issue_date, c.last_receipt_date, c.updated_at";

const PICK_COLUMNS: &str = "c.cip_no, c.cid_no, c.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.location,
    c.qty_on_hand::float8 as qty_on_hand, c.status_id, c.cust_avg_cost::float8 as cust_avg_cost, c.qty_avail::float8 as qty_avail,
    c.consigned, (select i.asp_upc from asp.item_master i where i.item_id = c.item_id) as like_upc";

const MIN1_COLUMNS: &str = "c.cip_no, c.cip_code, c.cust_item_code, c.cust_desc1, c.location, c.status_id";

/// The expression behind a sortable column of the grid (the service's allow-list `ROW_SORT` names these).
pub fn sort_expression(column: &str) -> Option<&'static str> {
    Some(match column {
        "cip_no" => "c.cip_no",
        "cip_code" => "c.cip_code",
        "cust_item_code" => "c.cust_item_code",
        "cust_desc1" => "c.cust_desc1",
        "cust_desc2" => "c.cust_desc2",
        "status_id" => "c.status_id",
        "location" => "c.location",
        "qty_on_hand" => "c.qty_on_hand",
        "qty_avail" => "c.qty_avail",
        "qty_on_order" => "c.qty_on_order",
        "min_qty" => "c.min_qty",
        "max_qty" => "c.max_qty",
        "repl_type" => "c.repl_type",
        "vend_code" => "c.vend_code",
        "annual_usage" => {
            "(c.usage1 + c.usage2 + c.usage3 + c.usage4 + c.usage5 + c.usage6 + c.usage7 + c.usage8 + c.usage9 + c.usage10 + c.usage11 + c.usage12 + c.usage13)"
        }
        "last_issue_date" => "c.last_issue_date",
        "last_receipt_date" => "c.last_receipt_date",
        "updated_at" => "c.updated_at",
        _ => return None,
    })
}

#[derive(sqlx::FromRow)]
struct Key {
    cip_no: i64,
}

/// The search grid: one page and the total (up to the cap). The capped set carries only each row's number and sort
/// key; the page's rows are read whole afterwards (at most one page of them instead of 5000).
pub async fn rows(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<CipRow>, i64), sqlx::Error> {
    let f = &with_words(tx, f).await?;
    let w = conditions(f);
    let Some(key) = sort_expression(page.sort) else {
        return Err(sqlx::Error::Protocol(format!("no sort expression for {}", page.sort)));
    };
    let columns = if page.sort == "cip_no" { "c.cip_no".to_owned() } else { format!("c.cip_no, {key} as {}", page.sort) };
    let base = format!("select {columns} from cip c where {}{}", w.sql, read_order(f));
    let (keys, total): (Vec<Key>, i64) = listing::fetch_page(tx, &base, page, |q| w.bind(q)).await?;
    let ids: Vec<i64> = keys.iter().map(|k| k.cip_no).collect();
    let mut found: Vec<CipRow> = sqlx::query_as(&format!("select {ROW_COLUMNS} from cip c where c.cip_no = any($1)")).bind(&ids).fetch_all(&mut **tx).await?;
    found.sort_by_key(|r| ids.iter().position(|id| *id == r.cip_no));
    Ok((found, total))
}

/// Every row of the search up to the cap, whole (the export).
pub async fn all_rows(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<Vec<CipRow>, sqlx::Error> {
    let f = &with_words(tx, f).await?;
    let w = conditions(f);
    let base = format!("select {ROW_COLUMNS} from cip c where {}{}", w.sql, read_order(f));
    Ok(listing::fetch_page(tx, &base, page, |q| w.bind(q)).await?.0)
}

/// The picker's rows of the search.
pub async fn picks(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<CipPick>, i64), sqlx::Error> {
    let f = &with_words(tx, f).await?;
    let w = conditions(f);
    let base = format!("select {PICK_COLUMNS} from cip c where {}{}", w.sql, read_order(f));
    listing::fetch_page(tx, &base, page, |q| w.bind(q)).await
}

pub async fn min1(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<CipMin1>, i64), sqlx::Error> {
    let f = &with_words(tx, f).await?;
    let w = conditions(f);
    let base = format!("select {MIN1_COLUMNS} from cip c where {}{}", w.sql, read_order(f));
    listing::fetch_page(tx, &base, page, |q| w.bind(q)).await
}

/// Most distinct values a column filter lists.
pub const SUB_FILTER_LIMIT: i64 = 500;

/// Distinct values (as text) of `column` (from the service's allow-list) over the search's rows, with their counts;
/// at most [`SUB_FILTER_LIMIT`] + 1 so the caller can tell the list was cut.
pub async fn distinct_values(tx: &mut TenantTx, f: &SearchFilter, column: &'static str, starts_with: Option<&str>) -> Result<Vec<SubFilterValue>, sqlx::Error> {
    let f = &with_words(tx, f).await?;
    let mut w = conditions(f);
    if let Some(prefix) = starts_with {
        w.and(&format!("starts_with(upper(c.{column}::text), ?)"), Arg::Text(prefix.to_owned()));
    }
    let sql = format!(
        "select c.{column}::text as value, count(*) as count from cip c where {} group by 1 order by 1 nulls first limit {}",
        w.sql,
        SUB_FILTER_LIMIT + 1
    );
    let rows = w.bind(sqlx::query(&sql).persistent(false)).fetch_all(&mut **tx).await?;
    rows.iter().map(|r| Ok(SubFilterValue { value: r.try_get("value")?, count: r.try_get("count")? })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_given_filters_become_conditions_and_values_are_parameters() {
        let w = conditions(&SearchFilter { site_id: 7, ..Default::default() });
        assert_eq!(w.sql, "c.site_id = $1");
        let w = conditions(&SearchFilter {
            site_id: 7,
            status_id: Some(1),
            location: Some("A-01".into()),
            description: Some("%O-R%".into()),
            below_min: Some(true),
            ..Default::default()
        });
        assert_eq!(
            w.sql,
            "c.site_id = $1 and exists (select 1 from cip_text_visible t where t.cip_no = c.cip_no \
             and t.search_text like $2 and t.desc_text like $2) \
             and c.status_id = $3 and starts_with(c.location_key, $4) \
             and c.min_qty is not null and c.qty_on_hand < c.min_qty"
        );
        assert_eq!(w.args.len(), 4);
        assert!(!w.sql.contains("A-01"), "values never enter the text");
    }

    #[test]
    fn word_sets_narrow_the_text_filters_and_the_patterns_stay_the_test() {
        let words = Words { sets: vec![vec!["BEARING".into(), "BEARINGS".into()], vec!["SKF".into()]], none: false };
        let f = SearchFilter { site_id: 7, description: Some("%BEARING%".into()), text: Some("%SKF%".into()), words, ..Default::default() };
        let w = conditions(&f);
        assert_eq!(
            w.sql,
            "c.site_id = $1 and exists (select 1 from cip_text_visible t where t.cip_no = c.cip_no \
             and t.words && $2::text[] and t.words && $3::text[] and t.desc_text like $4 and (t.search_text || '') like $5)"
        );
        assert!(!w.sql.contains("c.search_text") && !w.sql.contains("upper("), "no LIKE and no case folding on the policed table");
        assert_eq!(w.args.len(), 5);
    }

    #[test]
    fn a_run_that_no_word_contains_matches_nothing() {
        let f = SearchFilter { site_id: 7, description: Some("%QZXV%".into()), words: Words { sets: vec![], none: true }, ..Default::default() };
        assert!(conditions(&f).sql.starts_with("c.site_id = $1 and false and exists ("));
    }

    #[test]
    fn every_sortable_column_of_the_grid_has_its_expression() {
        for (_, column) in crate::cips::model::ROW_SORT.fields {
            assert!(sort_expression(column).is_some(), "{column}");
        }
        assert_eq!(sort_expression("password"), None);
    }
}
