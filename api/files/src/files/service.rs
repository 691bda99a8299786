//! Rules of files (docs/files.md).
//!
//! - **Who**: reading needs BasicAccess (the gallery pop-up ItemImageView); every change needs FileManage at the
//!   record's site. The item master's files are provider data, one copy for every client: changing them (upload,
//!   update, default, delete, purge, and moving a client's file there) also needs the caller to be provider staff.
//! - **Where**: a client's file belongs to the site of its CID or CIP; a file, CID or CIP of another client, or of a
//!   site the caller may not use with the needed permission, answers 404 (`kernel::records`). Guid look-ups go
//!   through the same check.
//! - **What**: the content is sniffed (never the name or the declared type), at most `files_max_bytes` (413 above),
//!   images get a thumbnail; the same name uploaded again on the same record is its next version, every version is
//!   kept and lists show the latest; one default image per record.
//! - **Delete** is soft (the row and content stay for history and versions); **purge** (`File/Azure/{id}`) removes
//!   the content from the object store for good.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use bytes::Bytes;
use poem_openapi::payload::{Binary, Json};
use serde_json::{json, Value};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ErrorBody, ValidationError};
use kernel::listing::{contains_pattern, Page, ROW_CAP};
use kernel::records;
use kernel::state::AppState;
use kernel::validate::Problems;
use kernel::Perm;
use tenancy::SiteScope;

use super::model::*;
use super::repo;
use crate::content::{self, FileKind};
use crate::storage::{self, ObjectKey, Storage, StorageError};
use crate::templates;

pub const READ: &[Perm] = &[Perm::BasicAccess];
pub const WRITE: &[Perm] = &[Perm::FileManage];
pub const GALLERY: &[Perm] = &[Perm::ItemImageView];

pub const NOT_FOUND: &str = "The file you are trying to find does not exist.";
pub const ITEM_NOT_FOUND: &str = "The item you are trying to find does not exist.";
const STAFF_ONLY: &str = "Only provider staff may change the item master's files: they are shared with every client.";
const CONTENT_MISSING: &str = "The file's content is no longer available.";
const NO_DEFAULT: &str = "This record has no default image.";

/// How long a signed link of `File/Azure/Document/Link` works.
const LINK_TTL: Duration = Duration::from_secs(15 * 60);
const MAX_DESCRIPTION: usize = 500;
const MAX_NOTES: usize = 4000;
/// Files one `File/MoveToItemMaster` may move.
const MAX_MOVE: usize = 100;

// ------------------------------------------------------------------------------------------------ shared pieces

fn store(state: &AppState) -> ApiResult<Arc<dyn Storage>> {
    storage::for_settings(&state.settings).map_err(ApiError::internal)
}

/// A file found by id or guid: a client's (with the scope of its site) or the item master's.
enum Located {
    Client(SiteScope, FileRow),
    Provider(FileRow),
}

impl Located {
    fn row(&self) -> &FileRow {
        match self {
            Self::Client(_, r) | Self::Provider(r) => r,
        }
    }
    fn into_row(self) -> FileRow {
        match self {
            Self::Client(_, r) | Self::Provider(r) => r,
        }
    }
}

/// The file `id` if the caller may reach it with `perms`: an item master file (every client's), or a client file
/// of a site the caller may use. Anything else answers 404.
async fn locate(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<Located> {
    let mut conn = state.pool.acquire().await?;
    if let Some(row) = repo::item_find(&mut conn, id).await? {
        return Ok(Located::Provider(row));
    }
    drop(conn);
    let (scope, row) = records::load_visible(state, caller, scope, perms, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    Ok(Located::Client(scope, row))
}

async fn locate_guid(state: &AppState, caller: &Caller, scope: &SiteScope, guid: &str) -> ApiResult<Located> {
    let mut conn = state.pool.acquire().await?;
    if let Some(row) = repo::item_find_by_guid(&mut conn, guid).await? {
        return Ok(Located::Provider(row));
    }
    drop(conn);
    let guid = guid.to_owned();
    let (scope, row) = records::load_visible(state, caller, scope, READ, NOT_FOUND, move |tx| {
        let guid = guid.clone();
        Box::pin(async move { repo::find_by_guid(tx, &guid).await })
    })
    .await?;
    Ok(Located::Client(scope, row))
}

/// An active file the caller may read.
async fn readable(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<FileRow> {
    let row = locate(state, caller, scope, id, READ).await?.into_row();
    if !row.active_yn {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    Ok(row)
}

async fn require_staff(state: &AppState, caller: &Caller) -> ApiResult<()> {
    let mut conn = state.pool.acquire().await?;
    if repo::is_provider_staff(&mut conn, caller.user_id).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden(STAFF_ONLY))
    }
}

/// A file the caller may change: FileManage at its site, and provider staff for item master files.
async fn changeable(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Located> {
    let found = locate(state, caller, scope, id, WRITE).await?;
    if matches!(found, Located::Provider(_)) {
        require_staff(state, caller).await?;
    }
    Ok(found)
}

/// The record a file is (to be) attached to.
enum Target {
    Client { scope: SiteScope, entity: FileEntityType, entity_id: i64, item_id: Option<i64> },
    Provider { item_id: i64 },
}

/// The record `entity_type`/`entity_id`, if the caller may use it with `perms` (404 otherwise).
async fn target(state: &AppState, caller: &Caller, scope: &SiteScope, entity: FileEntityType, entity_id: i64, perms: &[Perm]) -> ApiResult<Target> {
    match entity {
        FileEntityType::CID => {
            let (scope, cid) = records::load_visible(state, caller, scope, perms, ITEM_NOT_FOUND, |tx| Box::pin(repo::find_cid(tx, entity_id))).await?;
            Ok(Target::Client { scope, entity, entity_id, item_id: cid.item_id })
        }
        FileEntityType::CIP => {
            let (scope, cip) = records::load_visible(state, caller, scope, perms, ITEM_NOT_FOUND, |tx| Box::pin(repo::find_cip(tx, entity_id))).await?;
            Ok(Target::Client { scope, entity, entity_id, item_id: cip.item_id })
        }
        FileEntityType::ItemMaster => {
            let mut conn = state.pool.acquire().await?;
            if !repo::item_exists(&mut conn, entity_id).await? {
                return Err(ApiError::not_found(ITEM_NOT_FOUND));
            }
            Ok(Target::Provider { item_id: entity_id })
        }
    }
}

/// A record the caller may attach files to or remove them from.
async fn changeable_target(state: &AppState, caller: &Caller, scope: &SiteScope, entity: FileEntityType, entity_id: i64) -> ApiResult<Target> {
    let t = target(state, caller, scope, entity, entity_id, WRITE).await?;
    if matches!(t, Target::Provider { .. }) {
        require_staff(state, caller).await?;
    }
    Ok(t)
}

fn entry<'a>(action: &'a str, row: &FileRow, scope: Option<&SiteScope>, changes: Value) -> AuditEntry<'a> {
    AuditEntry { action, entity: "file", entity_id: row.file_id.to_string(), client_id: scope.map(SiteScope::client_id), site_id: scope.map(SiteScope::site_id), changes }
}

fn described(row: &FileRow) -> Value {
    json!({"entityType": row.entity().as_str(), "entityID": row.entity_id, "file_name": row.file_name, "version": row.version,
           "file_size": row.file_size, "mime_type": row.mime_type, "default_image": row.default_image})
}

/// The stored object of a file: its original, or its thumbnail.
async fn object(state: &AppState, row: &FileRow, thumbnail: bool) -> ApiResult<Bytes> {
    if !row.in_azure {
        return Err(ApiError::not_found(CONTENT_MISSING));
    }
    let raw = if thumbnail {
        row.thumbnail_key.as_deref().ok_or_else(|| ApiError::not_found("This file has no thumbnail: it is not an image."))?
    } else {
        row.storage_key.as_str()
    };
    let Some(key) = ObjectKey::parse(raw) else {
        tracing::warn!(file_id = row.file_id, "file row without a valid object key");
        return Err(ApiError::not_found(CONTENT_MISSING));
    };
    match store(state)?.get(&key).await {
        Ok(bytes) => Ok(bytes),
        Err(StorageError::NotFound(_)) => {
            // The row says the content is there; the store disagrees (restored database, wiped directory).
            tracing::warn!(file_id = row.file_id, key = %key, "file content missing from the store");
            Err(ApiError::not_found(CONTENT_MISSING))
        }
        Err(e) => Err(ApiError::internal(e)),
    }
}

fn too_large(max: usize) -> FileSaved {
    let mb = max as f64 / (1024.0 * 1024.0);
    let msg = format!("The file is too large: at most {mb:.1} MB.");
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

// ------------------------------------------------------------------------------------------------ writes

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

async fn check_classification(state: &AppState, id: Option<i32>, p: &mut Problems) -> ApiResult<()> {
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

// ------------------------------------------------------------------------------------------------ reads

/// `File/{id}`.
pub async fn get(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<FileRecord> {
    Ok(readable(state, caller, scope, id).await?.into())
}

/// `File/Guid/{guid}`.
pub async fn get_by_guid(state: &AppState, caller: &Caller, scope: &SiteScope, guid: &str) -> ApiResult<FileRecord> {
    let row = locate_guid(state, caller, scope, guid).await?.into_row();
    if !row.active_yn {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    Ok(row.into())
}

fn download(bytes: Bytes, mime_type: &str, disposition: &str, name: &str) -> Download {
    Download::Ok(Binary(bytes), mime_type.to_owned(), content::content_disposition(disposition, name))
}

/// `File/Original/{id}`: the content as uploaded, as an attachment.
pub async fn original(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Download> {
    let row = readable(state, caller, scope, id).await?;
    let bytes = object(state, &row, false).await?;
    Ok(download(bytes, &row.mime_type, "attachment", &row.file_name))
}

fn thumbnail_name(row: &FileRow) -> String {
    let stem = row.file_name.rsplit_once('.').map_or(row.file_name.as_str(), |(s, _)| s);
    format!("{stem}_thumbnail.png")
}

/// `File/Min1/{id}`: the thumbnail (PNG).
pub async fn thumbnail(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Download> {
    let row = readable(state, caller, scope, id).await?;
    let bytes = object(state, &row, true).await?;
    Ok(download(bytes, "image/png", "inline", &thumbnail_name(&row)))
}

/// `File/Azure/Image/{file_guid}`: an image's content, inline (the gallery's picture source).
pub async fn image_by_guid(state: &AppState, caller: &Caller, scope: &SiteScope, guid: &str) -> ApiResult<Download> {
    let row = locate_guid(state, caller, scope, guid).await?.into_row();
    if !row.active_yn || !row.is_image {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let bytes = object(state, &row, false).await?;
    Ok(download(bytes, &row.mime_type, "inline", &row.file_name))
}

fn as_json(row: &FileRow, bytes: &[u8], file_name: String, mime_type: &str) -> FileContent {
    FileContent {
        file_id: row.file_id,
        file_guid: row.file_guid.clone(),
        file_name,
        mime_type: mime_type.to_owned(),
        file_size: bytes.len() as i64,
        data: base64::engine::general_purpose::STANDARD.encode(bytes),
    }
}

/// `File/Azure/Thumbnail/{id}`: the thumbnail as JSON (base64).
pub async fn thumbnail_json(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<FileContent> {
    let row = readable(state, caller, scope, id).await?;
    let bytes = object(state, &row, true).await?;
    Ok(as_json(&row, &bytes, thumbnail_name(&row), "image/png"))
}

/// `File/Azure/Document/Bytes/{id}`: the content as JSON (base64).
pub async fn document_bytes(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<FileContent> {
    let row = readable(state, caller, scope, id).await?;
    let bytes = object(state, &row, false).await?;
    Ok(as_json(&row, &bytes, row.file_name.clone(), &row.mime_type))
}

/// `File/Azure/Document/Link/{id}`: a signed, time-limited URL from the object store when it has them (S3), else
/// the API path of the download.
pub async fn document_link(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<FileLink> {
    let row = readable(state, caller, scope, id).await?;
    if !row.in_azure {
        return Err(ApiError::not_found(CONTENT_MISSING));
    }
    let key = ObjectKey::parse(&row.storage_key).ok_or_else(|| ApiError::not_found(CONTENT_MISSING))?;
    let signed = store(state)?.signed_url(&key, LINK_TTL).await.map_err(ApiError::internal)?;
    Ok(match signed {
        Some(url) => FileLink {
            file_id: row.file_id,
            file_name: row.file_name,
            url,
            expires_at: Some(chrono::Utc::now() + chrono::Duration::from_std(LINK_TTL).unwrap_or_default()),
            link_type: "signed".into(),
        },
        None => FileLink { file_id: row.file_id, file_name: row.file_name, url: format!("/api/V1/File/Original/{}", row.file_id), expires_at: None, link_type: "api".into() },
    })
}

/// Files of a CID (its own, its CIPs', its item master record's), latest versions, as the CID's site shows them.
async fn cid_files(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64, perms: &[Perm], images_only: bool, for_receiving: bool) -> ApiResult<Vec<FileRecord>> {
    let (cid_scope, cid) = records::load_visible(state, caller, scope, perms, ITEM_NOT_FOUND, |tx| Box::pin(repo::find_cid(tx, cid_no))).await?;
    let mut tx = cid_scope.begin(&state.pool).await?;
    let mut rows = repo::list_cid(&mut tx, cid_no, images_only, for_receiving).await?;
    if let Some(item_id) = cid.item_id {
        rows.extend(repo::item_list(&mut tx, item_id, images_only, for_receiving).await?);
    }
    drop(tx);
    Ok(rows.into_iter().map(FileRecord::from).collect())
}

/// `File/CID/{cid}`.
pub async fn for_cid(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64) -> ApiResult<Vec<FileRecord>> {
    cid_files(state, caller, scope, cid_no, READ, false, false).await
}

/// `File/CIDForReceiving/{cid}`: the documents the receiving dock needs (classifications marked for receiving).
pub async fn for_receiving(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64) -> ApiResult<Vec<FileRecord>> {
    cid_files(state, caller, scope, cid_no, READ, false, true).await
}

/// `File/ItemImages`: the 'Item Images' gallery of a CID (with its CIPs and item master record), or of an item.
pub async fn gallery(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: Option<i64>, item_id: Option<i64>) -> ApiResult<Vec<FileRecord>> {
    match (cid_no, item_id) {
        (Some(cid_no), _) => cid_files(state, caller, scope, cid_no, GALLERY, true, false).await,
        (None, Some(item_id)) => {
            let mut conn = state.pool.acquire().await?;
            if !repo::item_exists(&mut conn, item_id).await? {
                return Err(ApiError::not_found(ITEM_NOT_FOUND));
            }
            Ok(repo::item_list(&mut conn, item_id, true, false).await?.into_iter().map(FileRecord::from).collect())
        }
        (None, None) => Err(ApiError::invalid("cid_no", "required", "Please give cid_no or item_id.")),
    }
}

/// `File/entityID/{id}/entityType/{type}`: the latest files of one record.
pub async fn for_entity(state: &AppState, caller: &Caller, scope: &SiteScope, entity: FileEntityType, entity_id: i64) -> ApiResult<Vec<FileRecord>> {
    let rows = match target(state, caller, scope, entity, entity_id, READ).await? {
        Target::Client { scope, entity, entity_id, .. } => {
            let mut tx = scope.begin(&state.pool).await?;
            repo::list_entity(&mut tx, entity.code(), entity_id, false).await?
        }
        Target::Provider { item_id } => {
            let mut conn = state.pool.acquire().await?;
            repo::item_list(&mut conn, item_id, false, false).await?
        }
    };
    Ok(rows.into_iter().map(FileRecord::from).collect())
}

/// `File/Default` (GET): a record's default image.
pub async fn get_default(state: &AppState, caller: &Caller, scope: &SiteScope, entity: FileEntityType, entity_id: i64) -> ApiResult<FileRecord> {
    let found = match target(state, caller, scope, entity, entity_id, READ).await? {
        Target::Client { scope, entity, entity_id, .. } => {
            let mut tx = scope.begin(&state.pool).await?;
            repo::default_of(&mut tx, entity.code(), entity_id).await?
        }
        Target::Provider { item_id } => {
            let mut conn = state.pool.acquire().await?;
            repo::item_default_of(&mut conn, item_id).await?
        }
    };
    found.map(FileRecord::from).ok_or_else(|| ApiError::not_found(NO_DEFAULT))
}

/// `Item/CID/DefaultImage/{cid_no}`: the CID's default image, else its item master record's.
pub async fn cid_default_image(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64) -> ApiResult<FileRecord> {
    let (cid_scope, cid) = records::load_visible(state, caller, scope, READ, ITEM_NOT_FOUND, |tx| Box::pin(repo::find_cid(tx, cid_no))).await?;
    let mut tx = cid_scope.begin(&state.pool).await?;
    let mut found = repo::default_of(&mut tx, FileEntityType::CID.code(), cid_no).await?;
    if found.is_none() {
        if let Some(item_id) = cid.item_id {
            found = repo::item_default_of(&mut tx, item_id).await?;
        }
    }
    found.map(FileRecord::from).ok_or_else(|| ApiError::not_found("This item has no default image."))
}

/// `Item/CID/ItemHasFiles/{cid_no}` and `ItemHasImages`.
pub async fn cid_has(state: &AppState, caller: &Caller, scope: &SiteScope, cid_no: i64, images_only: bool) -> ApiResult<ItemHasFiles> {
    let (cid_scope, cid) = records::load_visible(state, caller, scope, READ, ITEM_NOT_FOUND, |tx| Box::pin(repo::find_cid(tx, cid_no))).await?;
    let mut tx = cid_scope.begin(&state.pool).await?;
    let n = repo::count_for_cid(&mut tx, cid_no, cid.item_id, images_only).await?;
    Ok(ItemHasFiles { cid_no, item_id: cid.item_id, has_files: n > 0, file_count: n })
}

/// `File/Search`: the current site's files and the item master files that matter there, paged.
pub async fn search(state: &AppState, scope: &SiteScope, input: &FileSearch) -> ApiResult<FilePage> {
    if input.entity_id.is_some() && input.entity_type.is_none() {
        return Err(ApiError::invalid("entityID", "needsEntityType", "Give entityType with entityID."));
    }
    // The spec's file search asks for pages of 5000 (every file of a record at once): the whole capped result.
    let mut paging = input.page.clone();
    let everything = paging.page_size == Some(ROW_CAP);
    if everything {
        paging.page_size = None;
    }
    let mut page: Page = paging.resolve(&SORT)?;
    if everything {
        page = Page { offset: 0, limit: ROW_CAP, ..page };
    }
    let text = |v: &Option<String>| kernel::validate::trimmed(v).map(contains_pattern);
    let mut tx = scope.begin(&state.pool).await?;
    let (rows, total) = repo::search(
        &mut tx,
        &page,
        input.entity_type.map(FileEntityType::code),
        input.entity_id,
        text(&input.file_name),
        text(&input.q),
        input.is_image,
        input.file_classification_type_id,
        input.include_versions.unwrap_or(false),
    )
    .await?;
    drop(tx);
    Ok(FilePage::new(rows.into_iter().map(FileRecord::from).collect(), total))
}

/// `File/Classification`.
pub async fn classifications(state: &AppState) -> ApiResult<Vec<FileClassification>> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::classifications(&mut conn).await?)
}

/// `File/Readable`: the types the product accepts and reads, and the limits.
pub fn readable_types(state: &AppState) -> ReadableTypes {
    ReadableTypes {
        types: content::ALLOWED
            .iter()
            .map(|k| ReadableType {
                extension: k.label.to_owned(),
                extensions: k.extensions.iter().map(|e| (*e).to_owned()).collect(),
                mime_type: k.mime_type.to_owned(),
                is_image: k.is_image,
            })
            .collect(),
        max_file_size: state.settings.files_max_bytes as i64,
        thumbnail_size: content::THUMBNAIL_SIZE as i32,
    }
}

/// `File/Template/{type}`: the import template for the current site.
pub async fn template(state: &AppState, scope: &SiteScope, kind: TemplateType, format: TemplateFormat) -> ApiResult<Download> {
    let mut tx = scope.begin(&state.pool).await?;
    let fields = repo::template_fields(&mut tx, kind.entity()).await?;
    drop(tx);
    Ok(match format {
        TemplateFormat::Xlsx => {
            let book = templates::xlsx(kind, &fields).map_err(ApiError::internal)?;
            download(Bytes::from(book), kernel::export::CONTENT_TYPE, "attachment", &format!("{}.xlsx", kind.file_stem()))
        }
        TemplateFormat::Csv => download(Bytes::from(templates::csv(kind, &fields)), "text/csv", "attachment", &format!("{}.csv", kind.file_stem())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str) -> FileRow {
        FileRow {
            file_id: 1,
            site_id: Some(1),
            entity_type: 2,
            entity_id: 1,
            file_name: name.into(),
            description: None,
            version: 1,
            file_guid: String::new(),
            is_image: true,
            active_yn: true,
            stock_image: false,
            default_image: true,
            file_classification_type_id: None,
            file_classification: None,
            file_notes: None,
            file_size: 1,
            mime_type: "image/png".into(),
            storage_key: String::new(),
            thumbnail_key: None,
            in_azure: true,
            file_approval_status: 1,
            created_by: None,
            created_at: chrono::Utc::now(),
            updated_at: chrono::Utc::now(),
        }
    }

    #[test]
    fn the_default_mark_follows_the_rules() {
        // The first image of a record takes it; a new version of the default keeps it; another name leaves it.
        assert!(wants_default(None, None, "a.png"));
        assert!(wants_default(None, Some(&row("A.PNG")), "a.png"));
        assert!(!wants_default(None, Some(&row("b.png")), "a.png"));
        assert!(wants_default(Some(true), Some(&row("b.png")), "a.png"));
        assert!(!wants_default(Some(false), None, "a.png"));
    }

    #[test]
    fn thumbnails_are_named_after_the_file() {
        assert_eq!(thumbnail_name(&row("bearing.front.jpg")), "bearing.front_thumbnail.png");
        assert_eq!(thumbnail_name(&row("noext")), "noext_thumbnail.png");
    }
}
