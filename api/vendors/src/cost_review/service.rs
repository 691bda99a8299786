//! Rules of the vendor cost review: the filters (column sub-filters only on allow-listed columns), paging, the
//! distinct values for the sub-filters, and the home tile's count.

use futures::future::BoxFuture;
use sqlx::PgPool;

use kernel::error::{ApiError, ApiResult};
use kernel::listing::contains_pattern;
use kernel::state::AppState;
use kernel::tiles::TileCount;
use tenancy::SiteScope;

use super::model::*;
use super::repo::{self, Arg, Where};
use crate::costs::service::today;

const DISTINCT_LIMIT: i64 = 500;

fn column_of(field: &str, param: &str) -> ApiResult<&'static str> {
    FILTER_FIELDS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(field.trim()))
        .map(|(_, col)| *col)
        .ok_or_else(|| ApiError::invalid(param, "invalidField", &format!("Filtering by {} is not supported.", field.trim())))
}

fn conditions(f: &CostReviewFilter) -> ApiResult<Where> {
    let mut w = Where::default();
    if let Some(q) = kernel::validate::trimmed(&f.q) {
        w.and("concat_ws(' ', r.cip_code, r.cust_desc1, r.mfg_part_no) ilike ?", Arg::Text(contains_pattern(q)));
    }
    if let Some(id) = f.shared_vendor_id {
        w.and("r.shared_vendor_id = ?", Arg::Int(id));
    }
    if let Some(code) = kernel::validate::trimmed(&f.vend_code) {
        w.and("lower(r.vend_code) = lower(?)", Arg::Text(code.to_owned()));
    }
    match f.direction {
        Some(CostReviewDirection::Lower) => w.and_plain("r.difference < 0"),
        Some(CostReviewDirection::Higher) => w.and_plain("r.difference > 0"),
        None => {}
    }
    if let Some(pct) = f.min_percent {
        if !pct.is_finite() || pct < 0.0 {
            return Err(ApiError::invalid("min_percent", "outOfRange", "Min Percent must be a number, zero or more."));
        }
        w.and("abs(r.difference_percent) >= ?", Arg::Float(pct));
    }
    for sub in f.filter_list.iter().flatten() {
        let column = column_of(&sub.field, "filterList")?;
        if !sub.values.is_empty() {
            w.and(&format!("r.{column}::text = any(?)"), Arg::Texts(sub.values.clone()));
        }
    }
    Ok(w)
}

/// SHV-041.
pub async fn search(state: &AppState, scope: &SiteScope, request: &CostReviewSearchRequest) -> ApiResult<CostReviewPage> {
    let page = request.page.resolve(&SORT)?;
    let w = conditions(&request.filter)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, scope.site_id(), today(), &w, &page).await?;
    Ok(CostReviewPage::new(rows, total))
}

/// SHV-042: the values a column sub-filter can offer, within the request's other filters (the column's own
/// sub-filter left out, so choosing one value does not hide the others).
pub async fn distinct_values(state: &AppState, scope: &SiteScope, request: &CostReviewDistinctValuesRequest) -> ApiResult<CostReviewDistinctValues> {
    let column = column_of(&request.field, "field")?;
    let mut filter = request.filter.clone();
    if let Some(list) = filter.filter_list.as_mut() {
        list.retain(|f| !f.field.trim().eq_ignore_ascii_case(column));
    }
    let w = conditions(&filter)?;
    let mut tx = scope.begin(&state.pool).await?;
    let values = repo::distinct(&mut tx, scope.site_id(), today(), &w, column, DISTINCT_LIMIT).await?;
    Ok(CostReviewDistinctValues { field: column.to_owned(), values })
}

/// The home tile 'Vendor Cost Review' (CDSVCR): how many review records the site has today.
pub struct CostReviewTile;

impl TileCount for CostReviewTile {
    fn asp_name(&self) -> &'static str {
        "CDSVCR"
    }

    fn count<'a>(&'a self, pool: &'a PgPool, scope: &'a SiteScope) -> BoxFuture<'a, Result<i64, ApiError>> {
        Box::pin(async move {
            let mut tx = scope.begin(pool).await?;
            Ok(repo::count(&mut tx, scope.site_id(), today()).await?)
        })
    }
}
