//! Rules of the historic price methods of sites: a site's links are read where the caller may use the site, changed
//! where the caller administers lists; a method must be an active 'HistoricPriceMethod' value; changes are audited.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::listing::{dedup_ids, SortSpec};
use kernel::perm::Perm;
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::model::{HistoricPriceMethodInsert, HistoricPriceMethodSitePage, HistoricPriceMethodSiteSearch, HistoricPriceMethodSiteUpdate};
use super::repo;
use crate::type_lists::model::{TypeValueInsert, TypeValueRecord};
use crate::type_lists::service as lists;
use crate::type_values::model::TypeValue;
use crate::type_values::service::{self as values, SITE_NOT_FOUND};

pub const LIST: &str = "HistoricPriceMethod";

pub const SORT: SortSpec = SortSpec {
    fields: &[("sort_order", "sort_order"), ("description", "description_order"), ("valueID", "value_id"), ("created_at", "created_at")],
    default_field: "sort_order",
    default_descending: false,
};

/// One page of the methods linked to the site (default: the current site; one the caller may use, else 404).
pub async fn search(state: &AppState, caller: &Caller, current: &SiteScope, request: &HistoricPriceMethodSiteSearch) -> ApiResult<HistoricPriceMethodSitePage> {
    let page = request.page.resolve(&SORT)?;
    let site_id = request.site_id.unwrap_or(current.site_id());
    records::record_scope(state, caller, current, site_id, &[Perm::BasicAccess], SITE_NOT_FOUND).await?;
    let mut conn = state.pool.acquire().await?;
    let (rows, total) = repo::search(&mut conn, site_id, &page).await?;
    Ok(HistoricPriceMethodSitePage::new(rows, total))
}

/// Adds a method to the 'HistoricPriceMethod' list (the list administration's rules and audit).
pub async fn insert(state: &AppState, caller: &Caller, current: &SiteScope, input: &HistoricPriceMethodInsert) -> ApiResult<TypeValueRecord> {
    let value = TypeValueInsert {
        value_id: input.value_id,
        code: input.code.clone(),
        description: input.description.clone(),
        description2: input.description2.clone(),
        sort_order: input.sort_order,
        ..TypeValueInsert::default()
    };
    lists::insert(state, caller, current, LIST, &value).await
}

/// Unlinks `remove` and links `insert` (method valueIDs) at the site, in one audited change; answers the methods the
/// site offers afterwards. A site the caller may not administer lists at answers 404; an unknown or inactive method
/// to link, or one in both lists, 400.
pub async fn update(state: &AppState, caller: &Caller, current: &SiteScope, input: &HistoricPriceMethodSiteUpdate) -> ApiResult<Vec<TypeValue>> {
    records::record_scope(state, caller, current, input.site_id, &[Perm::TypeListAdmin], SITE_NOT_FOUND).await?;
    let remove: Vec<i32> = dedup(&input.remove);
    let insert: Vec<i32> = dedup(&input.insert);
    let mut p = Problems::default();
    if remove.iter().any(|v| insert.contains(v)) {
        p.add("insert", "invalid", "A method cannot be both removed and inserted.");
    }
    p.check()?;
    let mut tx = state.pool.begin().await?;
    let found = repo::active_methods(&mut tx, &insert).await?;
    let unknown: Vec<String> = insert.iter().filter(|v| !found.iter().any(|(f, _)| f == *v)).map(ToString::to_string).collect();
    if !unknown.is_empty() {
        return Err(ApiError::invalid("insert", "invalid", &format!("These are not active historic price methods: {}.", unknown.join(", "))));
    }
    let removed = repo::unlink(&mut tx, input.site_id, &remove).await?;
    let type_value_ids: Vec<i64> = found.iter().map(|(_, id)| *id).collect();
    let added_rows = repo::link(&mut tx, input.site_id, &type_value_ids, caller.user_id).await?;
    let added: Vec<i32> = found.iter().filter(|(_, id)| added_rows.contains(id)).map(|(v, _)| *v).collect();
    let client_id = Some(current.client_id());
    audit::record(
        &mut tx,
        Some(caller),
        AuditEntry {
            action: "historic_price_method_site.update",
            entity: "site",
            entity_id: input.site_id.to_string(),
            client_id,
            site_id: Some(input.site_id),
            changes: json!({"removed": removed, "inserted": added}),
        },
    )
    .await?;
    tx.commit().await?;
    values::historic_methods_of_site(state, caller, current, input.site_id).await
}

fn dedup(ids: &[i32]) -> Vec<i32> {
    dedup_ids(&ids.iter().map(|v| i64::from(*v)).collect::<Vec<_>>()).into_iter().filter_map(|v| i32::try_from(v).ok()).collect()
}
