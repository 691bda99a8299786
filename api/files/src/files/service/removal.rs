//! Removing files: the soft delete of one version or of every version of a name (rows and content stay), and the
//! purge that removes the content from the object store for good.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use super::access::{changeable, changeable_target, Located, Target};
use super::{described, entry, store, NOT_FOUND};
use crate::files::model::{DeletedFiles, FileEntityType, FileRecord};
use crate::files::repo;
use crate::storage::ObjectKey;

/// `File/ID/{id}/EntityType/{type}` (DELETE): soft delete of one version; `type` must be the file's record kind.
pub async fn delete(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, entity: FileEntityType) -> ApiResult<FileRecord> {
    let found = changeable(state, caller, scope, id).await?;
    let row = found.row().clone();
    if !row.active_yn || row.entity() != entity {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let after = match &found {
        Located::Client(scope, _) => {
            let mut tx = scope.begin(&state.pool).await?;
            repo::deactivate(&mut tx, id, caller.user_id).await?;
            let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            audit::record(&mut tx, Some(caller), entry("file.delete", &after, Some(scope), described(&row))).await?;
            tx.commit().await?;
            after
        }
        Located::Provider(_) => {
            let mut tx = state.pool.begin().await?;
            repo::item_deactivate(&mut tx, id, caller.user_id).await?;
            let after = repo::item_find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            audit::record(&mut tx, Some(caller), entry("file.delete", &after, None, described(&row))).await?;
            tx.commit().await?;
            after
        }
    };
    Ok(after.into())
}

/// `File/DeleteFromEntity`: soft delete of every version of a name on a record.
pub async fn delete_from_entity(state: &AppState, caller: &Caller, scope: &SiteScope, entity: FileEntityType, entity_id: i64, file_name: &str) -> ApiResult<DeletedFiles> {
    let name = file_name.trim();
    if name.is_empty() {
        return Err(ApiError::invalid("file_name", "required", "Please enter the name of the file to delete."));
    }
    let target = changeable_target(state, caller, scope, entity, entity_id).await?;
    let none = || ApiError::not_found("No file of that name is attached to this record.");
    let ids = match &target {
        Target::Client { scope, entity, entity_id, .. } => {
            let mut tx = scope.begin(&state.pool).await?;
            let ids = repo::deactivate_name(&mut tx, entity.code(), *entity_id, name, caller.user_id).await?;
            if ids.is_empty() {
                return Err(none());
            }
            for id in &ids {
                let e = AuditEntry { action: "file.delete", entity: "file", entity_id: id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()),
                                     changes: json!({"entityType": entity.as_str(), "entityID": entity_id, "file_name": name}) };
                audit::record(&mut tx, Some(caller), e).await?;
            }
            tx.commit().await?;
            ids
        }
        Target::Provider { item_id } => {
            let mut tx = state.pool.begin().await?;
            let ids = repo::item_deactivate_name(&mut tx, *item_id, name, caller.user_id).await?;
            if ids.is_empty() {
                return Err(none());
            }
            for id in &ids {
                let e = AuditEntry { action: "file.delete", entity: "file", entity_id: id.to_string(), client_id: None, site_id: None,
                                     changes: json!({"entityType": "ItemMaster", "entityID": item_id, "file_name": name}) };
                audit::record(&mut tx, Some(caller), e).await?;
            }
            tx.commit().await?;
            ids
        }
    };
    Ok(DeletedFiles { file_ids: ids })
}

/// `File/Azure/{id}` (DELETE): the content (original and thumbnail) is removed from the object store for good; the
/// row stays, inactive, with `in_azure` false. Also for a file already deleted.
pub async fn purge(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<FileRecord> {
    let found = changeable(state, caller, scope, id).await?;
    let row = found.row().clone();
    if row.in_azure {
        let store = store(state)?;
        for raw in std::iter::once(row.storage_key.as_str()).chain(row.thumbnail_key.as_deref()) {
            if let Some(key) = ObjectKey::parse(raw) {
                store.delete(&key).await.map_err(ApiError::internal)?;
            }
        }
    }
    let after = match &found {
        Located::Client(scope, _) => {
            let mut tx = scope.begin(&state.pool).await?;
            repo::mark_purged(&mut tx, id, caller.user_id).await?;
            let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            audit::record(&mut tx, Some(caller), entry("file.purge", &after, Some(scope), described(&row))).await?;
            tx.commit().await?;
            after
        }
        Located::Provider(_) => {
            let mut tx = state.pool.begin().await?;
            repo::item_mark_purged(&mut tx, id, caller.user_id).await?;
            let after = repo::item_find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            audit::record(&mut tx, Some(caller), entry("file.purge", &after, None, described(&row))).await?;
            tx.commit().await?;
            after
        }
    };
    Ok(after.into())
}
