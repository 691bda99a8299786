//! Changes to an existing file: its details (description, classification, notes, stock image, approval) and the
//! record's default image.

use serde_json::json;

use kernel::access::Caller;
use kernel::audit;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::access::{changeable, Located};
use super::upload::check_classification;
use super::{entry, MAX_DESCRIPTION, MAX_NOTES, NOT_FOUND};
use crate::files::model::{FileRecord, FileRow, FileUpdate};
use crate::files::repo;

/// `File/Update`: description, classification, notes, stock image and approval status.
pub async fn update(state: &AppState, caller: &Caller, scope: &SiteScope, input: &FileUpdate) -> ApiResult<FileRecord> {
    let mut p = Problems::default();
    let description = input.description.as_deref().map(|d| p.optional_text("description", "Description", Some(d), MAX_DESCRIPTION));
    let notes = input.file_notes.as_deref().map(|n| p.optional_text("file_notes", "File notes", Some(n), MAX_NOTES));
    check_classification(state, input.file_classification_type_id, &mut p).await?;
    if input.file_approval_status.is_some_and(|s| !(1..=3).contains(&s)) {
        p.add("file_approval_status", "invalid", "The approval status must be 1 (Approved), 2 (Pending) or 3 (Rejected).");
    }
    p.check()?;
    let found = changeable(state, caller, scope, input.file_id).await?;
    let before = found.row().clone();
    if !before.active_yn {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let description = description.unwrap_or_else(|| before.description.clone());
    let notes = notes.unwrap_or_else(|| before.file_notes.clone());
    let classification = input.file_classification_type_id.or(before.file_classification_type_id);
    let stock = input.stock_image.unwrap_or(before.stock_image);
    let approval = input.file_approval_status.unwrap_or(before.file_approval_status);
    let fields = |r: &FileRow| {
        json!({"description": r.description, "file_classification_type_ID": r.file_classification_type_id, "file_notes": r.file_notes,
               "stock_image": r.stock_image, "file_approval_status": r.file_approval_status})
    };
    let after = match &found {
        Located::Client(scope, _) => {
            let mut tx = scope.begin(&state.pool).await?;
            repo::update_meta(&mut tx, before.file_id, description.as_deref(), classification, notes.as_deref(), stock, approval, caller.user_id).await?;
            let after = repo::find(&mut tx, before.file_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            audit::record(&mut tx, Some(caller), entry("file.update", &after, Some(scope), audit::diff(&fields(&before), &fields(&after)))).await?;
            tx.commit().await?;
            after
        }
        Located::Provider(_) => {
            let mut tx = state.pool.begin().await?;
            repo::item_update_meta(&mut tx, before.file_id, description.as_deref(), classification, notes.as_deref(), stock, approval, caller.user_id).await?;
            let after = repo::item_find(&mut tx, before.file_id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            audit::record(&mut tx, Some(caller), entry("file.update", &after, None, audit::diff(&fields(&before), &fields(&after)))).await?;
            tx.commit().await?;
            after
        }
    };
    Ok(after.into())
}

/// `File/Default` (POST): the image becomes its record's default image (the mark leaves the previous one).
pub async fn set_default(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<FileRecord> {
    let found = changeable(state, caller, scope, id).await?;
    let row = found.row().clone();
    if !row.active_yn {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    if !row.is_image {
        return Err(ApiError::invalid("file_id", "notAnImage", "Only an image can be the default image."));
    }
    let changes = json!({"default_image": {"from": row.default_image, "to": true}});
    let after = match &found {
        Located::Client(scope, _) => {
            let mut tx = scope.begin(&state.pool).await?;
            repo::lock_entity(&mut tx, scope.site_id(), row.entity_type, row.entity_id).await?;
            repo::clear_default(&mut tx, scope.site_id(), row.entity_type, row.entity_id).await?;
            repo::set_default(&mut tx, id, caller.user_id).await?;
            let after = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            audit::record(&mut tx, Some(caller), entry("file.default", &after, Some(scope), changes)).await?;
            tx.commit().await?;
            after
        }
        Located::Provider(_) => {
            let mut tx = state.pool.begin().await?;
            repo::item_lock(&mut tx, row.entity_id).await?;
            repo::item_clear_default(&mut tx, row.entity_id).await?;
            repo::item_set_default(&mut tx, id, caller.user_id).await?;
            let after = repo::item_find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            audit::record(&mut tx, Some(caller), entry("file.default", &after, None, changes)).await?;
            tx.commit().await?;
            after
        }
    };
    Ok(after.into())
}
