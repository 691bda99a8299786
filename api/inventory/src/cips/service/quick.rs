//! The global search box: one exact, case-insensitive look-up at a named site (a customer part that matches none
//! exactly offers the parts that start with it).

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::records;
use kernel::state::AppState;
use tenancy::SiteScope;

use super::visibility::{mask_picks, sees_cost};
use super::{READ, SITE_NOT_FOUND};
use crate::cips::model::CipPick;
use crate::cips::repo;

pub(super) fn required_code(code: &str, field: &str, label: &str) -> ApiResult<String> {
    let c = code.trim();
    if c.is_empty() {
        return Err(ApiError::invalid(field, "required", &format!("Please enter a {label}.")));
    }
    if c.chars().count() > 100 || c.chars().any(char::is_control) {
        return Err(ApiError::invalid(field, "invalid", &format!("Please enter a valid {label}.")));
    }
    Ok(c.to_owned())
}

/// The scope of the site named by `site_code`, if the caller may use it (same client); 404 otherwise.
pub(super) async fn site_scope(state: &AppState, caller: &Caller, current: &SiteScope, site_code: &str) -> ApiResult<SiteScope> {
    let code = required_code(site_code, "site_code", "Site Code")?;
    let mut tx = current.begin(&state.pool).await?;
    let site = repo::site_by_code(&mut tx, &code).await?;
    drop(tx);
    let site = site.ok_or_else(|| ApiError::not_found(SITE_NOT_FOUND))?;
    records::record_scope(state, caller, current, site, READ, SITE_NOT_FOUND).await
}

/// How many customer parts a partial code offers at most (the picker is a list to choose from, not a search).
const PARTIAL_LIMIT: i64 = 50;

#[derive(Clone, Copy)]
pub enum QuickKind {
    CipCode,
    CipNo,
    CustItemCode,
    ErpItemCode,
}

/// One quick search of the global search box: the matching CIPs of the named site (exact, case-insensitive); an
/// empty list when none matches ('Item not found.' is the box's message).
pub async fn quick(state: &AppState, caller: &Caller, current: &SiteScope, kind: QuickKind, text: &str, site_code: &str) -> ApiResult<Vec<CipPick>> {
    let (field, label) = match kind {
        QuickKind::CipCode => ("cip_code", "CIP ID"),
        QuickKind::CipNo => ("cip_no", "CIP Number"),
        QuickKind::CustItemCode => ("code", "Customer Part"),
        QuickKind::ErpItemCode => ("erp_item_code", "ERP Item Code"),
    };
    let text = required_code(text, field, label)?;
    let number = match kind {
        QuickKind::CipNo => Some(text.parse::<i64>().map_err(|_| ApiError::invalid("cip_no", "notANumber", "CIP Id must be a number."))?),
        _ => None,
    };
    let s = site_scope(state, caller, current, site_code).await?;
    let mut tx = s.begin(&state.pool).await?;
    let site_id = s.site_id();
    let mut rows = match (kind, number) {
        (QuickKind::CipNo, Some(n)) => repo::pick_by_cip_no(&mut tx, site_id, n).await?,
        (QuickKind::CipCode, _) => repo::pick_by_cip_code(&mut tx, site_id, &text).await?,
        (QuickKind::CustItemCode, _) => {
            // A partial customer part offers the parts that start with it (the 'Select Item' picker), as the free
            // text does; an exact part still goes straight to its CIPs.
            let exact = repo::pick_by_cust_item_code(&mut tx, site_id, &text).await?;
            if exact.is_empty() {
                repo::pick_by_cust_item_code_prefix(&mut tx, site_id, &text.to_uppercase(), PARTIAL_LIMIT).await?
            } else {
                exact
            }
        }
        (QuickKind::ErpItemCode, _) => repo::pick_by_erp_item_code(&mut tx, site_id, &text).await?,
        (QuickKind::CipNo, None) => Vec::new(),
    };
    drop(tx);
    mask_picks(&mut rows, sees_cost(state, caller, current, site_id).await?);
    Ok(rows)
}
