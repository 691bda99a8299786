//! Lists of files: a CID's (with its CIPs' and its item master record's), a record's, the gallery, default images,
//! the paged search; the classifications, the readable types and the import templates.

use bytes::Bytes;

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::listing::{contains_pattern, Page, ROW_CAP};
use kernel::records;
use kernel::state::AppState;
use kernel::Perm;
use tenancy::SiteScope;

use super::access::{target, Target};
use super::reads::download;
use super::{GALLERY, ITEM_NOT_FOUND, NO_DEFAULT, READ};
use crate::content;
use crate::files::model::*;
use crate::files::repo;
use crate::templates;

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
