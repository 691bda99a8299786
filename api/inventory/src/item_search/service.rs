//! Rules of the free-text item search.

use kernel::error::{ApiError, ApiResult};
use kernel::num::Quantity;
use kernel::state::AppState;
use search::FreeText;
use tenancy::SiteScope;

use super::model::{FreeTextAnswer, FreeTextHit};

pub const DEFAULT_LIMIT: i64 = 20;
pub const MAX_LIMIT: i64 = 100;

pub async fn free_text(state: &AppState, scope: &SiteScope, text: &str, limit: Option<i64>) -> ApiResult<FreeTextAnswer> {
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ApiError::invalid("limit", "outOfRange", "limit must be between 1 and 100."));
    }
    let Some(query) = FreeText::parse(text) else {
        return Err(ApiError::invalid("text", "required", "Type something to search for."));
    };
    let hits = state.search.search_items(scope, &query, limit).await.map_err(ApiError::internal)?;
    Ok(FreeTextAnswer {
        searched: query.text().to_owned(),
        items: hits
            .into_iter()
            .map(|h| FreeTextHit {
                cip_no: h.cip_no,
                cid_no: h.cid_no,
                item_id: h.item_id,
                cip_code: h.cip_code,
                cust_item_code: h.cust_item_code,
                cust_desc1: h.cust_desc1,
                cust_desc2: h.cust_desc2,
                mfg_code: h.mfg_code,
                mfg_part_no: h.mfg_part_no,
                location: h.location,
                status_id: h.status_id,
                qty_on_hand: Quantity::new(h.qty_on_hand),
                matched: h.matched.to_owned(),
            })
            .collect(),
    })
}
