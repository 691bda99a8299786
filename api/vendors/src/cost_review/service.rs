//! Rules of the vendor cost review: the filters (column sub-filters only on allow-listed columns), paging, the
//! distinct values for the sub-filters, and the home tile's count.

use futures::future::BoxFuture;
use sqlx::PgPool;

use kernel::error::{ApiError, ApiResult};
use kernel::num::Percent;
use kernel::state::AppState;
use kernel::tiles::TileCount;
use tenancy::SiteScope;

use super::model::*;
use super::repo::{self, ReviewFilter};
use crate::costs::service::today;

const DISTINCT_LIMIT: i64 = 500;

fn column_of(field: &str, param: &str) -> ApiResult<&'static str> {
    FILTER_FIELDS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(field.trim()))
        .map(|(_, col)| *col)
        .ok_or_else(|| ApiError::invalid(param, "invalidField", &format!("Filtering by {} is not supported.", field.trim())))
}

fn filter_of(f: &CostReviewFilter) -> ApiResult<ReviewFilter> {
    if f.min_percent.is_some_and(Percent::is_sign_negative) {
        return Err(ApiError::invalid("min_percent", "outOfRange", "Min Percent must be a number, zero or more."));
    }
    let mut columns = Vec::new();
    for sub in f.filter_list.iter().flatten() {
        let column = column_of(&sub.field, "filterList")?;
        if !sub.values.is_empty() {
            columns.push((column, sub.values.clone()));
        }
    }
    Ok(ReviewFilter {
        text: kernel::validate::trimmed_owned(&f.q),
        shared_vendor_id: f.shared_vendor_id,
        vend_code: kernel::validate::trimmed_owned(&f.vend_code),
        direction: f.direction,
        min_percent: f.min_percent,
        columns,
    })
}

/// SHV-041.
pub async fn search(state: &AppState, scope: &SiteScope, request: &CostReviewSearchRequest) -> ApiResult<CostReviewPage> {
    let page = request.page.resolve(&SORT)?;
    let filter = filter_of(&request.filter)?;
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, scope.site_id(), today(), &filter, &page).await?;
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
    let filter = filter_of(&filter)?;
    let mut tx = scope.begin(&state.pool).await?;
    let values = repo::distinct(&mut tx, scope.site_id(), today(), &filter, column, DISTINCT_LIMIT).await?;
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
