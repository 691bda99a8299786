//! Rules of the vendor buyer settings (docs/vendor-sites.md): the search with ViewVendors, setting a buyer's
//! vendors with EditVendorSite, audited.

use std::collections::BTreeSet;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::validate::{trimmed, Problems};
use serde_json::json;
use tenancy::SiteScope;

use super::model::*;
use super::repo::{self, SearchFilter};
use crate::vendors::repo::Sight;

/// Audit entity of a buyer's vendor list (the entity id is the buyer's user id).
pub const ENTITY: &str = "vendor_buyer_settings";

/// The search (VND-042) over the current client's settings.
pub async fn search(state: &AppState, scope: &SiteScope, request: &VendorBuyerSettingsSearchRequest) -> ApiResult<VendorBuyerSettingsPage> {
    let page = request.page.resolve(&SORT)?;
    let f = &request.filter;
    let filter = SearchFilter {
        client_id: scope.client_id(),
        site_id: scope.site_id(),
        asp_users_id: f.asp_users_id,
        vend_code: trimmed(&f.vend_code).map(str::to_owned),
        text: kernel::validate::trimmed_owned(&f.text),
    };
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search(&mut tx, &filter, &page).await?;
    Ok(VendorBuyerSettingsPage::new(rows, total))
}

/// Replaces the vendors a buyer handles at the current client (VND-043). The user must be a buyer of the client
/// and every code a vendor the vendor rule shows at the current site (400 naming each problem otherwise).
pub async fn set_vendors(state: &AppState, caller: &Caller, scope: &SiteScope, input: &BuyerSettingsVendors) -> ApiResult<BuyerSettingsVendorsSaved> {
    let (client, site) = (scope.client_id(), scope.site_id());
    let mut tx = scope.begin(&state.pool).await?;
    let mut p = Problems::default();
    if !repo::is_buyer(&mut tx, client, input.asp_users_id).await? {
        p.add("asp_users_id", "notBuyer", "The user is not a buyer of this client.");
    }
    let mut wanted = BTreeSet::new();
    for (i, raw) in input.vend_codes.iter().enumerate() {
        let field = format!("vend_codes[{i}]");
        let code = p.required_text(&field, "Vendor Code", raw, 40);
        if code.is_empty() {
            continue;
        }
        if let Some((_, c)) = crate::vendors::service::referenced_vendor(&mut tx, Sight::site(site, client), &field, &code, &mut p).await? {
            wanted.insert(c);
        }
    }
    p.check()?;
    let before: BTreeSet<String> = repo::of_buyer(&mut tx, client, site, input.asp_users_id).await?.into_iter().map(|b| b.vend_code).collect();
    let added: Vec<String> = wanted.difference(&before).cloned().collect();
    let removed: Vec<String> = before.difference(&wanted).cloned().collect();
    for code in &added {
        repo::insert(&mut tx, client, input.asp_users_id, code, caller.user_id).await?;
    }
    for code in &removed {
        repo::delete(&mut tx, client, input.asp_users_id, code).await?;
    }
    if !added.is_empty() || !removed.is_empty() {
        audit::record(
            &mut tx,
            Some(caller),
            AuditEntry {
                action: "update",
                entity: ENTITY,
                entity_id: input.asp_users_id.to_string(),
                client_id: Some(client),
                site_id: Some(site),
                changes: json!({"vend_codes": {"from": before, "to": wanted}}),
            },
        )
        .await?;
    }
    let vendors = repo::of_buyer(&mut tx, client, site, input.asp_users_id).await?;
    tx.commit().await?;
    if vendors.len() != wanted.len() {
        return Err(ApiError::internal("buyer settings differ from what was set"));
    }
    Ok(BuyerSettingsVendorsSaved { success: true, message: format!("{} vendors added, {} removed.", added.len(), removed.len()), added, removed, vendors })
}
