//! Rules of addresses: required fields, object-level visibility (docs/architecture.md), audit of every change.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::{is_email, Problems};
use kernel::Perm;
use tenancy::SiteScope;

use super::model::{Address, AddressInput};
use super::repo;

pub const READ: &[Perm] = &[Perm::BasicAccess];
pub const WRITE: &[Perm] = &[Perm::BasicAccess];
pub const NOT_FOUND: &str = "The address you are trying to find does not exist.";

fn validate(input: &AddressInput) -> Problems {
    let mut problems = Problems::default();
    for (value, field, label) in [(&input.ship_to_name, "ship_to_name", "Ship To Name"), (&input.address1, "address1", "Address 1"), (&input.city, "city", "City")] {
        if value.trim().is_empty() {
            problems.add(field, "required", &format!("Please enter a valid value for {label}"));
        }
    }
    if let Some(email) = input.email.as_deref().filter(|e| !e.is_empty()) {
        if !is_email(email) {
            problems.add("email", "invalid", "Please enter a valid value for Email");
        }
    }
    problems
}

/// The address `id` of the caller's client, if the caller may use its site with [`READ`].
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Address> {
    let (_, address) = records::load_visible(state, caller, scope, READ, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    Ok(address)
}

/// A new address at the current site.
pub async fn create(state: &AppState, caller: &Caller, scope: &SiteScope, input: &AddressInput) -> ApiResult<Address> {
    validate(input).check()?;
    let mut tx = scope.begin(&state.pool).await?;
    let created = repo::insert(&mut tx, input).await?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry { action: "address.create", entity: "address", entity_id: created.address_id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes: json!({"ship_to_name": created.ship_to_name}) },
    )
    .await?;
    tx.commit().await?;
    Ok(created)
}

/// Updates an address the caller may change with [`WRITE`] at the address's own site.
pub async fn update(state: &AppState, caller: &Caller, current: &SiteScope, input: &AddressInput) -> ApiResult<Address> {
    let Some(id) = input.address_id else {
        return Err(ApiError::invalid("address_id", "required", "Please enter a valid value for Address Id"));
    };
    validate(input).check()?;
    let (scope, before) = records::load_visible(state, caller, current, WRITE, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    let mut tx = scope.begin(&state.pool).await?;
    let after = repo::update(&mut tx, id, input).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "address.update",
            entity: "address",
            entity_id: id.to_string(),
            client_id: Some(scope.client_id()),
            site_id: Some(scope.site_id()),
            changes: json!({"before": {"ship_to_name": before.ship_to_name, "address1": before.address1, "city": before.city}, "after": {"ship_to_name": after.ship_to_name, "address1": after.address1, "city": after.city}}),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}
