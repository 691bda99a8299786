//! Publishing a client's files to the item master: they become files of the item's item master record, which every
//! client sees.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use super::access::{locate, require_staff, target, Located, Target};
use super::{entry, MAX_MOVE, NOT_FOUND, WRITE};
use crate::files::model::{FileEntityType, FileRecord, FileRow, MovedFiles, NewFile};
use crate::files::repo;

/// `File/MoveToItemMaster`: files of CIDs and CIPs become files of their item master record, which every client
/// sees. FileManage at each file's site and provider staff (publishing to every client is the provider's call).
/// All or nothing: one transaction over every file's site.
pub async fn move_to_item_master(state: &AppState, caller: &Caller, scope: &SiteScope, ids: &[i64]) -> ApiResult<MovedFiles> {
    let mut wanted: Vec<i64> = Vec::new();
    for id in ids {
        if !wanted.contains(id) {
            wanted.push(*id);
        }
    }
    if wanted.is_empty() {
        return Err(ApiError::invalid("fileIDs", "required", "Please choose the files to move."));
    }
    if wanted.len() > MAX_MOVE {
        return Err(ApiError::invalid("fileIDs", "tooMany", &format!("At most {MAX_MOVE} files can be moved at once.")));
    }
    require_staff(state, caller).await?;
    // (scope of the file's site, the file, its item)
    let mut moving: Vec<(SiteScope, FileRow, i64)> = Vec::new();
    for id in &wanted {
        let (file_scope, row) = match locate(state, caller, scope, *id, WRITE).await? {
            Located::Client(s, r) => (s, r),
            Located::Provider(_) => return Err(ApiError::invalid("fileIDs", "alreadyItemMaster", &format!("File {id} is already an item master file."))),
        };
        if !row.active_yn {
            return Err(ApiError::not_found(NOT_FOUND));
        }
        let item = match target(state, caller, &file_scope, row.entity(), row.entity_id, WRITE).await? {
            Target::Client { item_id, .. } => item_id,
            Target::Provider { item_id } => Some(item_id),
        };
        let Some(item_id) = item else {
            return Err(ApiError::invalid("fileIDs", "noItemMaster", &format!("File {id} belongs to an item without an item master record.")));
        };
        moving.push((file_scope, row, item_id));
    }
    let mut tx = scope.begin(&state.pool).await?;
    for (s, _, _) in &moving {
        tx.widen(s).await?;
    }
    let mut moved = Vec::new();
    for (file_scope, row, item_id) in &moving {
        repo::item_lock(&mut tx, *item_id).await?;
        let version = repo::item_next_version(&mut tx, *item_id, &row.file_name).await?;
        let keeps_default = row.default_image && repo::item_default_of(&mut tx, *item_id).await?.is_none();
        let new = NewFile {
            entity_type: FileEntityType::ItemMaster,
            entity_id: *item_id,
            file_name: row.file_name.clone(),
            description: row.description.clone(),
            version,
            file_guid: row.file_guid.clone(),
            is_image: row.is_image,
            stock_image: row.stock_image,
            default_image: keeps_default,
            file_classification_type_id: row.file_classification_type_id,
            file_notes: row.file_notes.clone(),
            file_size: row.file_size,
            mime_type: row.mime_type.clone(),
            storage_key: row.storage_key.clone(),
            thumbnail_key: row.thumbnail_key.clone(),
            created_by: caller.user_id,
        };
        repo::delete_row(&mut tx, row.file_id).await?;
        repo::item_insert(&mut tx, Some(row.file_id), &new, Some((file_scope.client_id(), file_scope.site_id()))).await?;
        let after = repo::item_find(&mut tx, row.file_id).await?.ok_or_else(|| ApiError::internal("a moved file was not found"))?;
        let changes = json!({"from": {"entityType": row.entity().as_str(), "entityID": row.entity_id, "version": row.version},
                             "to": {"entityType": "ItemMaster", "entityID": item_id, "version": version}});
        audit::record(&mut tx, Some(caller), entry("file.moveToItemMaster", &after, Some(file_scope), changes)).await?;
        moved.push(FileRecord::from(after));
    }
    tx.commit().await?;
    Ok(MovedFiles { files: moved })
}
