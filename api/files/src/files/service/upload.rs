//! New content: the upload checked (size, sniffed type, thumbnail), its objects stored, and the row inserted as the
//! next version of its name on the record, with the default-image rule.

use bytes::Bytes;
use poem_openapi::payload::Json;

use kernel::access::Caller;
use kernel::audit;
use kernel::error::{ApiError, ApiResult, ErrorBody, ValidationError};
use kernel::state::AppState;
use kernel::validate::Problems;
use tenancy::SiteScope;

use super::access::{changeable, changeable_target, Located, Target};
use super::{described, entry, store, MAX_DESCRIPTION, MAX_NOTES, NOT_FOUND};
use crate::content::{self, FileKind};
use crate::files::model::{FileContentUpload, FileRow, FileSaved, FileUpload, NewFile};
use crate::files::repo;
use crate::storage::ObjectKey;

fn too_large(max: usize) -> FileSaved {
    // Tenths of a megabyte, rounded to the nearest.
    let tenths = u64::try_from(max).unwrap_or(u64::MAX).saturating_mul(10).saturating_add(512 * 1024) / (1024 * 1024);
    let msg = format!("The file is too large: at most {}.{} MB.", tenths / 10, tenths % 10);
    FileSaved::TooLarge(Json(ErrorBody {
        status: 413,
        message: msg.clone(),
        errors: vec![ValidationError::new("file", "tooLarge", &msg)],
        request_id: kernel::error::current_request_id(),
    }))
}

/// Checked content of an upload: its kind, and its thumbnail when it is an image.
struct Checked {
    kind: FileKind,
    thumbnail: Option<Vec<u8>>,
}

/// Sniffs `bytes` as `file_name` and makes the thumbnail (on a blocking thread: decoding is CPU work).
async fn check_content(file_name: &str, bytes: &Bytes, p: &mut Problems) -> ApiResult<Option<Checked>> {
    let kind = match content::sniff(file_name, bytes) {
        Ok(k) => k,
        Err(r) => {
            p.add("file", r.error_type, &r.message);
            return Ok(None);
        }
    };
    if !kind.is_image {
        return Ok(Some(Checked { kind, thumbnail: None }));
    }
    let data = bytes.clone();
    match tokio::task::spawn_blocking(move || content::thumbnail(&data)).await.map_err(ApiError::internal)? {
        Ok(thumb) => Ok(Some(Checked { kind, thumbnail: Some(thumb) })),
        Err(r) => {
            p.add("file", r.error_type, &r.message);
            Ok(None)
        }
    }
}

/// Stores a new file's objects; answers their keys. Nothing is left behind when a step fails.
async fn put_objects(state: &AppState, bytes: Bytes, thumbnail: Option<Vec<u8>>) -> ApiResult<(ObjectKey, Option<ObjectKey>)> {
    let store = store(state)?;
    let key = ObjectKey::new_original();
    store.put(&key, bytes).await.map_err(ApiError::internal)?;
    let thumb_key = match thumbnail {
        Some(t) => {
            let k = ObjectKey::thumbnail_of(&key);
            if let Err(e) = store.put(&k, Bytes::from(t)).await {
                let _ = store.delete(&key).await;
                return Err(ApiError::internal(e));
            }
            Some(k)
        }
        None => None,
    };
    Ok((key, thumb_key))
}

async fn remove_objects(state: &AppState, key: &ObjectKey, thumb: Option<&ObjectKey>) {
    let Ok(store) = store(state) else { return };
    for k in std::iter::once(key).chain(thumb) {
        if let Err(e) = store.delete(k).await {
            tracing::warn!(key = %k, error = %e, "could not remove an object of a file that was not saved");
        }
    }
}

/// Inserts `new` as the next version of its name on `target`. The default mark: asked for, it moves here; a new
/// version of the default image keeps it; the first image of a record without a default takes it; asked against,
/// it stays where it is.
async fn insert_version(state: &AppState, caller: &Caller, target: &Target, mut new: NewFile, make_default: Option<bool>, action: &str) -> ApiResult<FileRow> {
    match target {
        Target::Client { scope, entity, entity_id, .. } => {
            let (code, site) = (entity.code(), scope.site_id());
            let mut tx = scope.begin(&state.pool).await?;
            repo::lock_entity(&mut tx, site, code, *entity_id).await?;
            new.version = repo::next_version(&mut tx, site, code, *entity_id, &new.file_name).await?;
            let current = repo::default_of(&mut tx, code, *entity_id).await?;
            new.default_image = new.is_image && wants_default(make_default, current.as_ref(), &new.file_name);
            if new.default_image {
                repo::clear_default(&mut tx, site, code, *entity_id).await?;
            }
            let id = repo::insert(&mut tx, site, &new).await?;
            let row = repo::find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("a file just inserted was not found"))?;
            audit::record(&mut tx, Some(caller), entry(action, &row, Some(scope), described(&row))).await?;
            tx.commit().await?;
            Ok(row)
        }
        Target::Provider { item_id } => {
            let mut tx = state.pool.begin().await?;
            repo::item_lock(&mut tx, *item_id).await?;
            new.version = repo::item_next_version(&mut tx, *item_id, &new.file_name).await?;
            let current = repo::item_default_of(&mut tx, *item_id).await?;
            new.default_image = new.is_image && wants_default(make_default, current.as_ref(), &new.file_name);
            if new.default_image {
                repo::item_clear_default(&mut tx, *item_id).await?;
            }
            let id = repo::item_insert(&mut tx, None, &new, None).await?;
            let row = repo::item_find(&mut tx, id).await?.ok_or_else(|| ApiError::internal("a file just inserted was not found"))?;
            audit::record(&mut tx, Some(caller), entry(action, &row, None, described(&row))).await?;
            tx.commit().await?;
            Ok(row)
        }
    }
}

fn wants_default(asked: Option<bool>, current: Option<&FileRow>, file_name: &str) -> bool {
    match (asked, current) {
        (Some(asked), _) => asked,
        (None, None) => true,
        (None, Some(c)) => c.file_name.eq_ignore_ascii_case(file_name),
    }
}

/// `File/Insert`: a new file (or the next version of one) on a record.
pub async fn upload(state: &AppState, caller: &Caller, scope: &SiteScope, form: FileUpload) -> ApiResult<FileSaved> {
    let max = state.settings.files_max_bytes;
    if form.file.size() > max {
        return Ok(too_large(max));
    }
    let raw_name = form.file.file_name().unwrap_or_default().to_owned();
    let bytes = Bytes::from(form.file.into_vec().await.map_err(|_| ApiError::invalid("file", "unreadable", "The file could not be read."))?);
    if bytes.len() > max {
        return Ok(too_large(max));
    }
    let mut p = Problems::default();
    let description = p.optional_text("description", "Description", form.description.as_deref(), MAX_DESCRIPTION);
    let notes = p.optional_text("file_notes", "File notes", form.file_notes.as_deref(), MAX_NOTES);
    check_classification(state, form.file_classification_type_id, &mut p).await?;
    let checked = match content::clean_file_name(&raw_name) {
        Ok(name) => check_content(&name, &bytes, &mut p).await?.map(|c| (name, c)),
        Err(r) => {
            p.add("file", r.error_type, &r.message);
            None
        }
    };
    if form.default_image == Some(true) && checked.as_ref().is_some_and(|(_, c)| !c.kind.is_image) {
        p.add("default_image", "notAnImage", "Only an image can be the default image.");
    }
    p.check()?;
    let Some((file_name, checked)) = checked else { return Err(ApiError::bad_request("The file was refused.")) };
    let target = changeable_target(state, caller, scope, form.entity_type, form.entity_id).await?;

    let (key, thumb_key) = put_objects(state, bytes.clone(), checked.thumbnail).await?;
    let new = NewFile {
        entity_type: form.entity_type,
        entity_id: form.entity_id,
        file_name,
        description,
        version: 0,
        file_guid: uuid::Uuid::new_v4().to_string(),
        is_image: checked.kind.is_image,
        stock_image: form.stock_image.unwrap_or(false),
        default_image: false,
        file_classification_type_id: form.file_classification_type_id,
        file_notes: notes,
        file_size: bytes.len() as i64,
        mime_type: checked.kind.mime_type.to_owned(),
        storage_key: key.to_string(),
        thumbnail_key: thumb_key.as_ref().map(ToString::to_string),
        created_by: caller.user_id,
    };
    match insert_version(state, caller, &target, new, form.default_image, "file.upload").await {
        Ok(row) => Ok(FileSaved::Ok(Json(row.into()))),
        Err(e) => {
            remove_objects(state, &key, thumb_key.as_ref()).await;
            Err(e)
        }
    }
}

pub(super) async fn check_classification(state: &AppState, id: Option<i32>, p: &mut Problems) -> ApiResult<()> {
    if let Some(id) = id {
        let mut conn = state.pool.acquire().await?;
        if !repo::classification_is_active(&mut conn, id).await? {
            p.add("file_classification_type_ID", "invalid", "Please choose a file classification from the list.");
        }
    }
    Ok(())
}

/// `File/Azure` (PUT): new content for an existing file, stored as its next version with the same record, name,
/// description, classification and notes. The content must be of the type the name says.
pub async fn replace_content(state: &AppState, caller: &Caller, scope: &SiteScope, form: FileContentUpload) -> ApiResult<FileSaved> {
    let max = state.settings.files_max_bytes;
    if form.file.size() > max {
        return Ok(too_large(max));
    }
    let bytes = Bytes::from(form.file.into_vec().await.map_err(|_| ApiError::invalid("file", "unreadable", "The file could not be read."))?);
    if bytes.len() > max {
        return Ok(too_large(max));
    }
    let found = changeable(state, caller, scope, form.file_id).await?;
    if !found.row().active_yn {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let mut p = Problems::default();
    let checked = check_content(&found.row().file_name, &bytes, &mut p).await?;
    p.check()?;
    let Some(checked) = checked else { return Err(ApiError::bad_request("The file was refused.")) };
    let target = match &found {
        Located::Client(scope, row) => Target::Client { scope: scope.clone(), entity: row.entity(), entity_id: row.entity_id, item_id: None },
        Located::Provider(row) => Target::Provider { item_id: row.entity_id },
    };
    let old = found.row();
    let (key, thumb_key) = put_objects(state, bytes.clone(), checked.thumbnail).await?;
    let new = NewFile {
        entity_type: old.entity(),
        entity_id: old.entity_id,
        file_name: old.file_name.clone(),
        description: old.description.clone(),
        version: 0,
        file_guid: uuid::Uuid::new_v4().to_string(),
        is_image: checked.kind.is_image,
        stock_image: old.stock_image,
        default_image: false,
        file_classification_type_id: old.file_classification_type_id,
        file_notes: old.file_notes.clone(),
        file_size: bytes.len() as i64,
        mime_type: checked.kind.mime_type.to_owned(),
        storage_key: key.to_string(),
        thumbnail_key: thumb_key.as_ref().map(ToString::to_string),
        created_by: caller.user_id,
    };
    match insert_version(state, caller, &target, new, None, "file.newVersion").await {
        Ok(row) => Ok(FileSaved::Ok(Json(row.into()))),
        Err(e) => {
            remove_objects(state, &key, thumb_key.as_ref()).await;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::service::test_row as row;

    #[test]
    fn the_default_mark_follows_the_rules() {
        // The first image of a record takes it; a new version of the default keeps it; another name leaves it.
        assert!(wants_default(None, None, "a.png"));
        assert!(wants_default(None, Some(&row("A.PNG")), "a.png"));
        assert!(!wants_default(None, Some(&row("b.png")), "a.png"));
        assert!(wants_default(Some(true), Some(&row("b.png")), "a.png"));
        assert!(!wants_default(Some(false), None, "a.png"));
    }
}
