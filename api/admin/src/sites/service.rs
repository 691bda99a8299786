//! Rules of the sites resource: code and ERP-type checks, unique codes, a site stays with its client, transactions
//! with their audit rows.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::Criteria;
use kernel::reach::{self, Reach};
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::{SiteFilters, SiteInput, SiteRecord};
use super::repo::{self, SiteValues};

/// The ERP types of spec 1 section 4 (0 None ... 7 NetSuite).
pub const ERP_TYPES: std::ops::RangeInclusive<i32> = 0..=7;

const NOT_FOUND: &str = "The site you are trying to find does not exist.";
const CLIENT_REQUIRED: &str = "Please enter a value for Client.";

/// Matching sites within the caller's reach (one page) and how many match in all (up to the cap, when one is set).
pub async fn search(state: &AppState, caller: &Caller, c: &Criteria<SiteFilters>) -> ApiResult<(Vec<SiteRecord>, i64)> {
    let mut conn = state.pool.acquire().await?;
    let reach = Reach::of(&mut conn, caller).await?;
    Ok(repo::search(&mut conn, c, reach.site_ids()).await?)
}

/// One site within the caller's reach; 404 otherwise.
pub async fn get(state: &AppState, caller: &Caller, id: i64) -> ApiResult<SiteRecord> {
    let mut conn = state.pool.acquire().await?;
    if !Reach::of(&mut conn, caller).await?.covers_site(id) {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    repo::find(&mut conn, id, false).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// Sites are created, changed and deactivated by provider administrators only: a site decides which client's data
/// its users reach.
fn ensure_provider(caller: &Caller) -> ApiResult<()> {
    if reach::is_provider_admin(caller) {
        Ok(())
    } else {
        Err(ApiError::forbidden("Only a provider administrator can create, change or deactivate sites."))
    }
}

/// Site codes are stored upper-case: letters, digits, `-`, `_` and `.`, starting with a letter or digit, at most 40.
fn check_code(p: &mut Problems, raw: &str) -> String {
    let code = p.required_text("site_code", "Site code", raw, 40).to_uppercase();
    let valid = code.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !code.is_empty() && !valid {
        p.add("site_code", "invalid", "A site code has only letters, digits, -, _ and . and starts with a letter or digit.");
    }
    code
}

fn check_erp(p: &mut Problems, erp: Option<i32>) {
    if erp.is_some_and(|e| !ERP_TYPES.contains(&e)) {
        p.add("erp_type_id", "invalid", "Please choose a valid ERP type.");
    }
}

fn taken(code: &str) -> ApiError {
    ApiError::conflict(&format!("The site code {code} is already used."))
}

fn audit_entry(action: &'static str, site: &SiteRecord, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "site", entity_id: site.id.to_string(), client_id: Some(site.client_id), site_id: Some(site.id), changes }
}

pub async fn create(state: &AppState, actor: &Caller, input: &SiteInput) -> ApiResult<SiteRecord> {
    ensure_provider(actor)?;
    let mut p = Problems::default();
    let code = check_code(&mut p, input.site_code.as_deref().unwrap_or_default());
    let name = p.required_text("site_name", "Name", input.site_name.as_deref().unwrap_or_default(), 200);
    check_erp(&mut p, input.erp_type_id);
    let mut tx = state.pool.begin().await?;
    match input.client_id {
        None => p.add("client_id", "required", CLIENT_REQUIRED),
        Some(client) => {
            if !repo::client_exists(&mut tx, client).await? {
                p.add("client_id", "unknownClient", &format!("Client {client} does not exist."));
            }
        }
    }
    p.check()?;
    let Some(client_id) = input.client_id else {
        return Err(ApiError::invalid("client_id", "required", CLIENT_REQUIRED));
    };
    if repo::code_taken(&mut tx, &code, None).await? {
        return Err(taken(&code));
    }
    let values = SiteValues {
        site_code: &code,
        site_name: &name,
        erp_type_id: input.erp_type_id.unwrap_or(0),
        is_active: input.is_active.unwrap_or(true),
        customer_portal_catalog: input.customer_portal_catalog.unwrap_or(false),
        asp8_rfq: input.asp8_rfq.unwrap_or(true),
        show_ctb_usage: input.show_ctb_usage.unwrap_or(false),
    };
    let id = repo::insert(&mut tx, client_id, &values).await?;
    let created = repo::find(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("created site vanished"))?;
    audit::record(&mut tx, Some(actor), audit_entry("site.create", &created, json!({"created": audit::snapshot(&created)}))).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(state: &AppState, actor: &Caller, id: i64, input: &SiteInput) -> ApiResult<SiteRecord> {
    ensure_provider(actor)?;
    let mut p = Problems::default();
    let code = input.site_code.as_deref().map(|v| check_code(&mut p, v));
    let name = input.site_name.as_deref().map(|v| p.required_text("site_name", "Name", v, 200));
    check_erp(&mut p, input.erp_type_id);
    let mut tx = state.pool.begin().await?;
    let before = repo::find(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    if input.client_id.is_some_and(|c| c != before.client_id) {
        p.add("client_id", "immutable", "A site cannot move to another client: its data lives with its client.");
    }
    p.check()?;
    let code = code.unwrap_or_else(|| before.site_code.clone());
    if code != before.site_code && repo::code_taken(&mut tx, &code, Some(id)).await? {
        return Err(taken(&code));
    }
    let name = name.unwrap_or_else(|| before.site_name.clone());
    let values = SiteValues {
        site_code: &code,
        site_name: &name,
        erp_type_id: input.erp_type_id.unwrap_or(before.erp_type_id),
        is_active: input.is_active.unwrap_or(before.is_active),
        customer_portal_catalog: input.customer_portal_catalog.unwrap_or(before.customer_portal_catalog),
        asp8_rfq: input.asp8_rfq.unwrap_or(before.asp8_rfq),
        show_ctb_usage: input.show_ctb_usage.unwrap_or(before.show_ctb_usage),
    };
    repo::update(&mut tx, id, &values).await?;
    let after = repo::find(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("updated site vanished"))?;
    let changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("site.update", &after, changes)).await?;
    tx.commit().await?;
    Ok(after)
}

/// Deactivates the site (nobody can use it any more; its data and history stay).
pub async fn delete(state: &AppState, actor: &Caller, id: i64) -> ApiResult<SiteRecord> {
    ensure_provider(actor)?;
    let mut tx = state.pool.begin().await?;
    let before = repo::find(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    repo::deactivate(&mut tx, id).await?;
    let after = repo::find(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("deactivated site vanished"))?;
    let changes = audit::diff(&audit::snapshot(&before), &audit::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("site.deactivate", &after, changes)).await?;
    tx.commit().await?;
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_codes_are_upper_cased_and_checked() {
        let mut p = Problems::default();
        assert_eq!(check_code(&mut p, " acme-west "), "ACME-WEST");
        assert!(p.is_empty());
        for bad in ["", "-LEAD", "WITH SPACE", "DROP;TABLE", "ÄRGER"] {
            let mut p = Problems::default();
            check_code(&mut p, bad);
            assert!(!p.is_empty(), "{bad}");
        }
        let mut p = Problems::default();
        check_erp(&mut p, Some(8));
        check_erp(&mut p, Some(-1));
        check_erp(&mut p, Some(7));
        assert_eq!(p.0.len(), 2);
    }
}
