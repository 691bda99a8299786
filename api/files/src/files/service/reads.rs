//! One file: its record, and its content (original, thumbnail, inline image, base64, signed link) from the object
//! store.

use base64::Engine;
use bytes::Bytes;
use poem_openapi::payload::Binary;

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use tenancy::SiteScope;

use super::access::{locate_guid, readable};
use super::{store, CONTENT_MISSING, LINK_TTL, NOT_FOUND};
use crate::content;
use crate::files::model::{Download, FileContent, FileLink, FileRecord, FileRow};
use crate::storage::{ObjectKey, StorageError};

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

pub(super) fn download(bytes: Bytes, mime_type: &str, disposition: &str, name: &str) -> Download {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::service::test_row as row;

    #[test]
    fn thumbnails_are_named_after_the_file() {
        assert_eq!(thumbnail_name(&row("bearing.front.jpg")), "bearing.front_thumbnail.png");
        assert_eq!(thumbnail_name(&row("noext")), "noext_thumbnail.png");
    }
}
