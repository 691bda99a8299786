//! Rules of sites: which sites the caller may use and how a typed value finds them.

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

use super::model::{SiteInfo, SiteSettings};
use super::repo;

const NOT_FOUND: &str = "The site you are trying to find does not exist.";

/// The user's available sites (active sites of active clients, not ignored), by site code.
pub async fn available(state: &AppState, user_id: i64) -> ApiResult<Vec<SiteInfo>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::available(&mut conn, user_id).await?)
}

/// Spec 1 section 5: a numeric value matches site_id; otherwise a case-insensitive substring of the site code.
/// Ignored sites never appear (they are not in the available list).
pub fn lookup<'a>(sites: &'a [SiteInfo], value: &str) -> Vec<&'a SiteInfo> {
    let value = value.trim();
    if value.is_empty() {
        return Vec::new();
    }
    if let Ok(id) = value.parse::<i64>() {
        return sites.iter().filter(|s| s.site_id == id).collect();
    }
    let needle = value.to_uppercase();
    // An exact code wins, so typing a full code always selects that one site.
    if let Some(exact) = sites.iter().find(|s| s.site_code == needle) {
        return vec![exact];
    }
    sites.iter().filter(|s| s.site_code.contains(&needle)).collect()
}

/// The caller's available sites matching a typed value.
pub async fn find(state: &AppState, caller: &Caller, value: &str) -> ApiResult<Vec<SiteInfo>> {
    let sites = available(state, caller.user_id).await?;
    Ok(lookup(&sites, value).into_iter().cloned().collect())
}

/// The site id named by `id` or else by exact `code` among the caller's available sites; 403 for any other site.
pub async fn resolve(state: &AppState, caller: &Caller, code: Option<&str>, id: Option<i64>) -> ApiResult<i64> {
    let sites = available(state, caller.user_id).await?;
    let found = match (id, code) {
        (Some(id), _) => sites.iter().find(|s| s.site_id == id),
        (None, Some(code)) => {
            let code = code.trim().to_uppercase();
            sites.iter().find(|s| s.site_code == code)
        }
        (None, None) => return Err(ApiError::invalid("site_code", "required", "Please enter a valid value for Site.")),
    };
    found.map(|s| s.site_id).ok_or_else(|| ApiError::forbidden("You do not have access to this site."))
}

/// One of the caller's available sites; any other id answers 404.
pub async fn get(state: &AppState, caller: &Caller, site_id: i64) -> ApiResult<SiteInfo> {
    available(state, caller.user_id)
        .await?
        .into_iter()
        .find(|s| s.site_id == site_id)
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

pub async fn settings(state: &AppState, caller: &Caller, site_id: i64) -> ApiResult<SiteSettings> {
    let site = get(state, caller, site_id).await?;
    Ok(SiteSettings {
        site_id: site.site_id,
        show_ctb_usage: site.show_ctb_usage,
        asp8_rfq: site.asp8_rfq,
        customer_portal_catalog: site.customer_portal_catalog,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(id: i64, code: &str) -> SiteInfo {
        SiteInfo {
            site_id: id,
            site_code: code.into(),
            site_name: code.into(),
            erp_type_id: 0,
            vmi_erp_type_id: None,
            erp_company: None,
            account_login: None,
            client_id: 1,
            client_code: "C".into(),
            app_type: 0,
            show_ctb_usage: false,
            asp8_rfq: true,
            customer_portal_catalog: false,
        }
    }

    #[test]
    fn typed_site_values_follow_the_spec_rules() {
        let sites = vec![site(1, "ACME-NORTH"), site(2, "ACME-SOUTH"), site(12, "GEA-POR")];
        assert_eq!(lookup(&sites, "12").iter().map(|s| s.site_id).collect::<Vec<_>>(), vec![12]);
        assert_eq!(lookup(&sites, "acme").len(), 2);
        assert_eq!(lookup(&sites, "south").iter().map(|s| s.site_id).collect::<Vec<_>>(), vec![2]);
        assert_eq!(lookup(&sites, "acme-north").iter().map(|s| s.site_id).collect::<Vec<_>>(), vec![1]);
        assert!(lookup(&sites, "3").is_empty());
        assert!(lookup(&sites, "  ").is_empty());
    }
}
