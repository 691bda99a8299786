//! The CIP searches: the grid, its export, the picker, Min1 and the grid's column filter, all over one validated
//! filter.

use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::export::{self, XlsxFile};
use kernel::listing;
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use tenancy::SiteScope;

use super::quick::site_scope;
use super::visibility::{mask_picks, sees_cost};
use crate::cips::model::{
    CipFilter, CipMin1Page, CipPickPage, CipRowPage, CipSearchExport, CipSearchRequest, SubFilterAnswer, SubFilterRequest, MIN1_SORT, PICK_SORT,
    ROW_SORT,
};
use crate::cips::repo::search::{self as search_repo, SearchFilter, SUB_FILTER_LIMIT};

/// `prefix%` for `like` on an upper-cased column, pattern characters escaped.
pub fn prefix_pattern(text: &str) -> String {
    let contains = listing::contains_pattern(&text.trim().to_uppercase());
    contains.get(1..).unwrap_or_default().to_owned()
}

/// The search's site scope and its filter, validated (every problem at once).
async fn resolve_filter(state: &AppState, caller: &Caller, current: &SiteScope, f: &CipFilter) -> ApiResult<(SiteScope, SearchFilter)> {
    let mut problems = Problems::default();
    if f.status_id.is_some_and(|s| !(1..=10).contains(&s)) {
        problems.add("status_id", "outOfRange", "status_id must be an item status between 1 and 10.");
    }
    if f.repl_type.is_some_and(|t| !(1..=3).contains(&t)) {
        problems.add("repl_type", "outOfRange", "repl_type must be Kanban 1, MinMax 2 or Vending 3.");
    }
    for (v, field) in [(&f.cip_code, "cip_code"), (&f.cust_item_code, "cust_item_code"), (&f.description, "description"), (&f.text, "text"), (&f.location, "location"), (&f.vend_code, "vend_code")] {
        if v.as_deref().is_some_and(|s| s.chars().any(char::is_control)) {
            problems.add(field, "invalid", &format!("Please enter a valid value for {field}."));
        }
    }
    problems.check()?;
    let scope = match trimmed(&f.site_code) {
        Some(code) => site_scope(state, caller, current, code).await?,
        None => current.clone(),
    };
    let contains = |v: &Option<String>| trimmed(v).map(|s| listing::contains_pattern(&s.to_uppercase()));
    let prefix = |v: &Option<String>| trimmed(v).map(str::to_uppercase);
    let filter = SearchFilter {
        site_id: scope.site_id(),
        cip_no: f.cip_no,
        cid_no: f.cid_no,
        item_id: f.item_id,
        status_id: f.status_id,
        cip_code: prefix(&f.cip_code),
        cust_item_code: prefix(&f.cust_item_code),
        location: prefix(&f.location),
        description: contains(&f.description),
        text: contains(&f.text),
        vend_code: trimmed(&f.vend_code).map(str::to_owned),
        repl_type: f.repl_type,
        consigned: f.consigned,
        dispensing: f.dispensing,
        keep_full: f.keep_full,
        below_min: f.below_min,
        has_on_hand: f.has_on_hand,
        words: Default::default(),
    };
    Ok((scope, filter))
}

/// The CIP search grid (Search).
pub async fn search(state: &AppState, caller: &Caller, current: &SiteScope, request: &CipSearchRequest) -> ApiResult<CipRowPage> {
    let page = request.page.resolve(&ROW_SORT)?;
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let mut tx = scope.begin_page(&state.pool).await?;
    let (mut rows, total) = search_repo::rows(&mut tx, &filter, &page).await?;
    drop(tx);
    if !sees_cost(state, caller, current, scope.site_id()).await? {
        for r in &mut rows {
            r.cust_avg_cost = None;
        }
    }
    Ok(CipRowPage::new(rows, total))
}

/// The search's rows (up to 5000) as a workbook of the requested columns.
pub async fn export(state: &AppState, caller: &Caller, current: &SiteScope, request: &CipSearchExport) -> ApiResult<XlsxFile> {
    let page = request.page.resolve(&ROW_SORT)?.export();
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let mut rows = search_repo::all_rows(&mut tx, &filter, &page).await?;
    drop(tx);
    if !sees_cost(state, caller, current, scope.site_id()).await? {
        for r in &mut rows {
            r.cust_avg_cost = None;
        }
    }
    export::respond(&request.columns, &rows)
}

/// The item picker's search (CIPSearch).
pub async fn picker_search(state: &AppState, caller: &Caller, current: &SiteScope, request: &CipSearchRequest) -> ApiResult<CipPickPage> {
    let page = request.page.resolve(&PICK_SORT)?;
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let mut tx = scope.begin_page(&state.pool).await?;
    let (mut rows, total) = search_repo::picks(&mut tx, &filter, &page).await?;
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, current, scope.site_id()).await?);
    Ok(CipPickPage::new(rows, total))
}

/// The search with the fewest fields (Min1/Search).
pub async fn min1_search(state: &AppState, caller: &Caller, current: &SiteScope, request: &CipSearchRequest) -> ApiResult<CipMin1Page> {
    let page = request.page.resolve(&MIN1_SORT)?;
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let mut tx = scope.begin_page(&state.pool).await?;
    let (rows, total) = search_repo::min1(&mut tx, &filter, &page).await?;
    Ok(CipMin1Page::new(rows, total))
}

/// Distinct values of an allow-listed column over the search's rows (the grid's column filter).
pub async fn sub_filter(state: &AppState, caller: &Caller, current: &SiteScope, request: &SubFilterRequest) -> ApiResult<SubFilterAnswer> {
    let column = request.field.column();
    let (scope, filter) = resolve_filter(state, caller, current, &request.filter).await?;
    let starts = trimmed(&request.starts_with).map(str::to_uppercase);
    let mut tx = scope.begin(&state.pool).await?;
    let mut values = search_repo::distinct_values(&mut tx, &filter, column, starts.as_deref()).await?;
    let limited = i64::try_from(values.len()).unwrap_or(i64::MAX) > SUB_FILTER_LIMIT;
    values.truncate(usize::try_from(SUB_FILTER_LIMIT).unwrap_or(500));
    Ok(SubFilterAnswer { field: column.to_owned(), values, limited })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_patterns_are_upper_case_and_escaped() {
        assert_eq!(prefix_pattern(" ab_1 "), "AB\\_1%");
        assert_eq!(prefix_pattern("50%"), "50\\%%");
    }
}
