//! Rules of the reference lists: which values a list answers (active only unless "All"), the per-site, per-ERP-type
//! and per-ecs variants, and the lists read from the product's own tables.

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::listing::contains_pattern;
use kernel::perm::Perm;
use kernel::reach::Reach;
use kernel::records;
use kernel::state::AppState;
use tenancy::SiteScope;

use super::model::TypeValue;
use super::repo::{self, Applies};

pub const SITE_NOT_FOUND: &str = "The site you are trying to find does not exist.";
pub const ERP_TYPE_NOT_FOUND: &str = "The ERP type you are trying to find does not exist.";

/// Reading a list at another site needs only basic access there.
const READ: &[Perm] = &[Perm::BasicAccess];

/// Whether a list answers its deactivated values too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Include {
    Active,
    /// The "All" operations: values older records may still carry.
    All,
}

/// The values of `type_code` that apply everywhere (no site, ERP type or ecs limit).
pub async fn list(state: &AppState, type_code: &str, include: Include) -> ApiResult<Vec<TypeValue>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::values(&mut conn, type_code, Applies { include_inactive: include == Include::All, ..Applies::default() }).await?)
}

/// The values of `type_code` at `site_id` (a site of the caller's client the caller may use, else 404): those for
/// every site plus the site's own, for every ERP type plus the site's.
pub async fn at_site(state: &AppState, caller: &Caller, current: &SiteScope, type_code: &str, site_id: i64) -> ApiResult<Vec<TypeValue>> {
    records::record_scope(state, caller, current, site_id, READ, SITE_NOT_FOUND).await?;
    let mut conn = state.pool.acquire().await?;
    let erp_type_id = repo::site_erp_type(&mut conn, site_id).await?.ok_or_else(|| ApiError::not_found(SITE_NOT_FOUND))?;
    Ok(repo::values(&mut conn, type_code, Applies { site_id: Some(site_id), erp_type_id: Some(erp_type_id), ..Applies::default() }).await?)
}

/// The values of `type_code` for every ERP type plus those of `erp_type_id` (one of the 'ERPType' values, else 404).
pub async fn for_erp_type(state: &AppState, type_code: &str, erp_type_id: i32) -> ApiResult<Vec<TypeValue>> {
    let mut conn = state.pool.acquire().await?;
    if !repo::erp_type_exists(&mut conn, erp_type_id).await? {
        return Err(ApiError::not_found(ERP_TYPE_NOT_FOUND));
    }
    Ok(repo::values(&mut conn, type_code, Applies { erp_type_id: Some(erp_type_id), ..Applies::default() }).await?)
}

/// The values of `type_code` for every ecs plus those of `ecs_id`.
pub async fn for_ecs(state: &AppState, type_code: &str, ecs_id: i64) -> ApiResult<Vec<TypeValue>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::values(&mut conn, type_code, Applies { ecs_id: Some(ecs_id), ..Applies::default() }).await?)
}

/// Every value of every shared-vendor list ('SharedVendor...'), list by list (`typeID` tells them apart).
pub async fn shared_vendor_lists(state: &AppState) -> ApiResult<Vec<TypeValue>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::values_of_lists(&mut conn, "SharedVendor").await?)
}

/// Packs whose code starts with `prefix` (ignoring case).
pub async fn packs_by_code(state: &AppState, prefix: &str) -> ApiResult<Vec<TypeValue>> {
    let prefix = escape_like(prefix.trim());
    let mut conn = state.pool.acquire().await?;
    Ok(repo::packs(&mut conn, Some(&prefix), None).await?)
}

/// Packs whose description contains `text` (ignoring case).
pub async fn packs_by_description(state: &AppState, text: &str) -> ApiResult<Vec<TypeValue>> {
    let pattern = contains_pattern(text.trim());
    let mut conn = state.pool.acquire().await?;
    Ok(repo::packs(&mut conn, None, Some(&pattern)).await?)
}

/// Clients: every active one for a provider administrator, else the clients of the caller's sites.
pub async fn clients(state: &AppState, caller: &Caller) -> ApiResult<Vec<TypeValue>> {
    let mut conn = state.pool.acquire().await?;
    let reach = Reach::of(&mut conn, caller).await?;
    Ok(repo::clients(&mut conn, reach.site_ids()).await?)
}

/// The ERP companies of the current site's client.
pub async fn companies(state: &AppState, current: &SiteScope) -> ApiResult<Vec<TypeValue>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::companies(&mut conn, current.client_id()).await?)
}

/// The historic price methods `site_id` offers (a site the caller may use, else 404).
pub async fn historic_methods_of_site(state: &AppState, caller: &Caller, current: &SiteScope, site_id: i64) -> ApiResult<Vec<TypeValue>> {
    records::record_scope(state, caller, current, site_id, READ, SITE_NOT_FOUND).await?;
    let mut conn = state.pool.acquire().await?;
    Ok(repo::historic_methods_of_site(&mut conn, site_id).await?)
}

/// `text` for the start of a `like` pattern: `\`, `%` and `_` taken literally.
fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_prefix_matches_its_characters_literally() {
        assert_eq!(escape_like("B_%\\"), "B\\_\\%\\\\");
        assert_eq!(escape_like("EA"), "EA");
    }
}
