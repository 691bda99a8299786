//! The CIP searches: SQL assembled from allow-listed parts, one condition per given filter, so that at a million
//! CIPs each search's plan uses the index of the filters it has (docs/cip.md, "Speed"). Conditions an index should
//! serve are leakproof (`=`, `starts_with` on the upper-case key columns), which row-level security lets an index
//! use. Caller text only ever travels as bound parameters.

use sqlx::Row;
use tenancy::TenantTx;

use kernel::listing::{self, Page, Search};

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

/// The search over `head` (`select ... from cip c`) with the filter's conditions, each value bound where its
/// condition names it. Every search of the grid goes through here, so the grid, its export, the picks and the
/// sub-filter values agree. Callers run it unprepared (kernel::listing): a prefix or pattern only narrows an index
/// scan in a plan made for its value, never in a cached generic plan.
fn search(head: &str, f: &SearchFilter) -> Search<'static> {
    let mut s = Search::new(head);
    s.and_bind("c.site_id = ", f.site_id);
    // The text filters through the side table (the view cip_text_visible, tenants 0021 and 0023), whose indexes no
    // condition on cip could use behind its policy: the planner joins the hits to cip by primary key and stops at the
    // cap, or, with a narrower condition on cip, looks each CIP's text up by key. With word sets the word index finds
    // the hits and the patterns are only tested on them; without, the trigram index serves the patterns.
    if f.description.is_some() || f.text.is_some() {
        if f.words.none {
            s.and().push("false");
        }
        let narrowed = !f.words.sets.is_empty();
        let q = s.and();
        q.push("exists (select 1 from cip_text_visible t where t.cip_no = c.cip_no");
        for set in &f.words.sets {
            q.push(" and t.words && ").push_bind(set.clone()).push("::text[]");
        }
        // search_text holds codes and descriptions; desc_text the descriptions alone, which the description filter
        // means. `search_text || ''` is the same test on an expression no index holds: with word sets, the trigram
        // index would only add the collection of every hit of a common text.
        let searched = if narrowed { "(t.search_text || '')" } else { "t.search_text" };
        if let Some(p) = &f.description {
            if !narrowed {
                q.push(" and t.search_text like ").push_bind(p.clone());
            }
            q.push(" and t.desc_text like ").push_bind(p.clone());
        }
        if let Some(p) = &f.text {
            q.push(" and ").push(searched).push(" like ").push_bind(p.clone());
        }
        q.push(")");
    }
    if let Some(v) = f.cip_no {
        s.and_bind("c.cip_no = ", v);
    }
    if let Some(v) = f.cid_no {
        s.and_bind("c.cid_no = ", v);
    }
    if let Some(v) = f.item_id {
        s.and_bind("c.item_id = ", v);
    }
    if let Some(v) = f.status_id {
        s.and_bind("c.status_id = ", v);
    }
    if let Some(v) = &f.cip_code {
        s.and().push("starts_with(c.cip_code_key, ").push_bind(v.clone()).push(")");
    }
    if let Some(v) = &f.cust_item_code {
        s.and().push("starts_with(c.cust_item_code_key, ").push_bind(v.clone()).push(")");
    }
    if let Some(v) = &f.location {
        s.and().push("starts_with(c.location_key, ").push_bind(v.clone()).push(")");
    }
    if let Some(v) = &f.vend_code {
        s.and_bind("c.vend_code = ", v.clone());
    }
    if let Some(v) = f.repl_type {
        s.and_bind("c.repl_type = ", v);
    }
    if let Some(v) = f.consigned {
        s.and_bind("c.consigned = ", v);
    }
    if let Some(v) = f.dispensing {
        s.and_bind("c.dispensing = ", v);
    }
    if let Some(v) = f.keep_full {
        s.and_bind("c.keep_full = ", v);
    }
    match f.below_min {
        Some(true) => {
            s.and().push("c.min_qty is not null and c.qty_on_hand < c.min_qty");
        }
        Some(false) => {
            s.and().push("(c.min_qty is null or c.qty_on_hand >= c.min_qty)");
        }
        None => {}
    }
    match f.has_on_hand {
        Some(true) => {
            s.and().push("c.qty_on_hand > 0");
        }
        Some(false) => {
            s.and().push("c.qty_on_hand <= 0");
        }
        None => {}
    }
    s
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
    c.qty_on_hand, c.qty_avail, c.qty_on_hold, c.qty_on_order, c.qty_backorder, c.min_qty, c.max_qty, c.lot_qty, c.reorder_qty,
    c.repl_type, c.keep_full, c.consigned, c.dispensing, c.vend_code, c.cust_avg_cost,
    c.usage1 + c.usage2 + c.usage3 + c.usage4 + c.usage5 + c.usage6 + c.usage7 + c.usage8 + c.usage9 + c.usage10 + c.usage11
     + c.usage12 + c.usage13 as annual_usage,
    c.last_issue_date, c.last_receipt_date, c.updated_at";

const PICK_COLUMNS: &str = "c.cip_no, c.cid_no, c.site_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.location,
    c.qty_on_hand, c.status_id, c.cust_avg_cost, c.qty_avail,
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
    let Some(key) = sort_expression(page.sort) else {
        return Err(sqlx::Error::Protocol(format!("no sort expression for {}", page.sort)));
    };
    let columns = if page.sort == "cip_no" { "c.cip_no".to_owned() } else { format!("c.cip_no, {key} as {}", page.sort) };
    let mut s = search(&format!("select {columns} from cip c"), f);
    s.push(read_order(f));
    let (keys, total): (Vec<Key>, i64) = listing::fetch_built_page(tx, s.into_builder(), page).await?;
    let ids: Vec<i64> = keys.iter().map(|k| k.cip_no).collect();
    let mut found: Vec<CipRow> = sqlx::query_as(&format!("select {ROW_COLUMNS} from cip c where c.cip_no = any($1)")).bind(&ids).fetch_all(&mut **tx).await?;
    found.sort_by_key(|r| ids.iter().position(|id| *id == r.cip_no));
    Ok((found, total))
}

/// One page of the search's rows in the columns `columns`.
async fn page_of<T>(tx: &mut TenantTx, f: &SearchFilter, columns: &str, page: &Page) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>,
{
    let f = &with_words(tx, f).await?;
    let mut s = search(&format!("select {columns} from cip c"), f);
    s.push(read_order(f));
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// Every row of the search up to the cap, whole (the export).
pub async fn all_rows(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<Vec<CipRow>, sqlx::Error> {
    Ok(page_of(tx, f, ROW_COLUMNS, page).await?.0)
}

/// The picker's rows of the search.
pub async fn picks(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<CipPick>, i64), sqlx::Error> {
    page_of(tx, f, PICK_COLUMNS, page).await
}

pub async fn min1(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<CipMin1>, i64), sqlx::Error> {
    page_of(tx, f, MIN1_COLUMNS, page).await
}

/// Most distinct values a column filter lists.
pub const SUB_FILTER_LIMIT: i64 = 500;

/// Distinct values (as text) of `column` (from the service's allow-list) over the search's rows, with their counts;
/// at most [`SUB_FILTER_LIMIT`] + 1 so the caller can tell the list was cut.
pub async fn distinct_values(tx: &mut TenantTx, f: &SearchFilter, column: &'static str, starts_with: Option<&str>) -> Result<Vec<SubFilterValue>, sqlx::Error> {
    let f = &with_words(tx, f).await?;
    let mut s = search(&format!("select c.{column}::text as value, count(*) as count from cip c"), f);
    if let Some(prefix) = starts_with {
        s.and().push(format!("starts_with(upper(c.{column}::text), ")).push_bind(prefix.to_owned()).push(")");
    }
    s.push(&format!(" group by 1 order by 1 nulls first limit {}", SUB_FILTER_LIMIT + 1));
    let rows = s.into_builder().build().persistent(false).fetch_all(&mut **tx).await?;
    rows.iter().map(|r| Ok(SubFilterValue { value: r.try_get("value")?, count: r.try_get("count")? })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sql(f: &SearchFilter) -> String {
        search("select c.cip_no from cip c", f).into_builder().sql().to_owned()
    }

    #[test]
    fn only_given_filters_become_conditions_and_values_are_parameters() {
        assert_eq!(sql(&SearchFilter { site_id: 7, ..Default::default() }), "select c.cip_no from cip c where c.site_id = $1");
        let text = sql(&SearchFilter {
            site_id: 7,
            status_id: Some(1),
            location: Some("A-01".into()),
            description: Some("%O-R%".into()),
            below_min: Some(true),
            ..Default::default()
        });
        assert_eq!(
            text,
            "select c.cip_no from cip c where c.site_id = $1 and exists (select 1 from cip_text_visible t where t.cip_no = c.cip_no \
             and t.search_text like $2 and t.desc_text like $3) \
             and c.status_id = $4 and starts_with(c.location_key, $5) \
             and c.min_qty is not null and c.qty_on_hand < c.min_qty"
        );
        assert!(!text.contains("A-01") && !text.contains("O-R"), "values never enter the text");
    }

    #[test]
    fn word_sets_narrow_the_text_filters_and_the_patterns_stay_the_test() {
        let words = Words { sets: vec![vec!["BEARING".into(), "BEARINGS".into()], vec!["SKF".into()]], none: false };
        let f = SearchFilter { site_id: 7, description: Some("%BEARING%".into()), text: Some("%SKF%".into()), words, ..Default::default() };
        let text = sql(&f);
        assert_eq!(
            text,
            "select c.cip_no from cip c where c.site_id = $1 and exists (select 1 from cip_text_visible t where t.cip_no = c.cip_no \
             and t.words && $2::text[] and t.words && $3::text[] and t.desc_text like $4 and (t.search_text || '') like $5)"
        );
        assert!(!text.contains("c.search_text") && !text.contains("upper("), "no LIKE and no case folding on the policed table");
    }

    #[test]
    fn a_run_that_no_word_contains_matches_nothing() {
        let f = SearchFilter { site_id: 7, description: Some("%QZXV%".into()), words: Words { sets: vec![], none: true }, ..Default::default() };
        assert!(sql(&f).starts_with("select c.cip_no from cip c where c.site_id = $1 and false and exists ("));
    }

    #[test]
    fn every_sortable_column_of_the_grid_has_its_expression() {
        for (_, column) in crate::cips::model::ROW_SORT.fields {
            assert!(sort_expression(column).is_some(), "{column}");
        }
        assert_eq!(sort_expression("password"), None);
    }
}
