//! Context and site calls under `/api/V1/Site`.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::ApiTags;
use crate::context::{self, SiteInfo, UserContext};
use kernel::state::AppState;

#[derive(Object)]
pub struct ChangeSiteRequest {
    #[oai(validator(max_length = 40))]
    pub site_code: Option<String>,
    pub site_id: Option<i64>,
}

#[derive(Object)]
pub struct SiteSettings {
    pub site_id: i64,
    pub show_ctb_usage: bool,
    pub asp8_rfq: bool,
    pub customer_portal_catalog: bool,
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

async fn resolve_site(state: &AppState, caller: &Caller, code: Option<&str>, id: Option<i64>) -> ApiResult<i64> {
    let sites = context::available_sites(state, caller.user_id).await?;
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

pub struct SiteApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Site", tag = "ApiTags::Shell")]
impl SiteApi {
    /// Get the user context by site code
    ///
    /// When `site_code` names one of the caller's available sites it becomes the current site; without it the
    /// stored current site is used. A site the caller may not use gives 403.
    #[requires(password_change)]
    #[oai(path = "/UserContext", method = "get", operation_id = "getUserContextBySiteCode")]
    async fn user_context(&self, state: Data<&AppState>, caller: Data<&Caller>, site_code: Query<Option<String>>) -> ApiResult<Json<UserContext>> {
        let requested = site_code.0.filter(|c| !c.trim().is_empty());
        let caller = match requested {
            Some(code) if !caller.session.password_expired => {
                let site = resolve_site(&state, &caller, Some(&code), None).await?;
                context::change_site(&state, &caller, site, false).await?
            }
            _ => caller.clone(),
        };
        Ok(Json(context::build(&state, &caller).await?))
    }

    /// Change the current site
    ///
    /// Answers the new context. Punch-in users cannot change site; a site the caller may not use gives 403.
    #[requires(signed_in)]
    #[oai(path = "/CurrentSite", method = "put", operation_id = "changeCurrentSite")]
    async fn change_current_site(&self, state: Data<&AppState>, caller: Data<&Caller>, body: Json<ChangeSiteRequest>) -> ApiResult<Json<UserContext>> {
        let site = resolve_site(&state, &caller, body.site_code.as_deref(), body.site_id).await?;
        let caller = context::change_site(&state, &caller, site, false).await?;
        Ok(Json(context::build(&state, &caller).await?))
    }

    /// Find sites by typed value
    ///
    /// Numeric values match the site id, other values a case-insensitive part of the site code, among the caller's
    /// available sites.
    #[requires(signed_in)]
    #[oai(path = "/Lookup", method = "get", operation_id = "siteGetLookup")]
    async fn lookup(&self, state: Data<&AppState>, caller: Data<&Caller>, #[oai(validator(max_length = 40))] value: Query<String>) -> ApiResult<Json<Vec<SiteInfo>>> {
        let sites = context::available_sites(&state, caller.user_id).await?;
        Ok(Json(lookup(&sites, &value.0).into_iter().cloned().collect()))
    }

    /// Site settings by site id
    #[requires(signed_in, errors(404))]
    #[oai(path = "/SiteSettingsBySiteId", method = "get", operation_id = "siteGetSiteSettingsBySiteId")]
    async fn site_settings(&self, state: Data<&AppState>, caller: Data<&Caller>, site_id: Query<i64>) -> ApiResult<Json<SiteSettings>> {
        let site = self.site_by_id(&state, &caller, site_id.0).await?;
        Ok(Json(SiteSettings {
            site_id: site.site_id,
            show_ctb_usage: site.show_ctb_usage,
            asp8_rfq: site.asp8_rfq,
            customer_portal_catalog: site.customer_portal_catalog,
        }))
    }

    /// Site by id
    ///
    /// Only the caller's available sites are found; any other id answers 404.
    #[requires(signed_in, errors(404))]
    #[oai(path = "/:id", method = "get", operation_id = "siteGetById")]
    async fn get_by_id(&self, state: Data<&AppState>, caller: Data<&Caller>, id: Path<i64>) -> ApiResult<Json<SiteInfo>> {
        Ok(Json(self.site_by_id(&state, &caller, id.0).await?))
    }
}

impl SiteApi {
    async fn site_by_id(&self, state: &AppState, caller: &Caller, site_id: i64) -> ApiResult<SiteInfo> {
        context::available_sites(state, caller.user_id)
            .await?
            .into_iter()
            .find(|s| s.site_id == site_id)
            .ok_or_else(|| ApiError::not_found("The site you are trying to find does not exist."))
    }
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
