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
//!
//! One file per idea: `access` (who may reach which file or record), `upload` (content checks, the object store
//! and versions), `edits` (a file's details and the default mark), `removal` (soft delete and purge),
//! `item_master` (moving a client's files to the item master), `reads` (one file and its content), `lists` (a
//! record's files, the search, the lists and templates).

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};

use kernel::audit::AuditEntry;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;
use kernel::Perm;
use tenancy::SiteScope;

use super::model::FileRow;
use crate::storage::{self, Storage};

mod access;
mod edits;
mod item_master;
mod lists;
mod reads;
mod removal;
mod upload;

pub use edits::{set_default, update};
pub use item_master::move_to_item_master;
pub use lists::{cid_default_image, cid_has, classifications, for_cid, for_entity, for_receiving, gallery, get_default, readable_types, search, template};
pub use reads::{document_bytes, document_link, get, get_by_guid, image_by_guid, original, thumbnail, thumbnail_json};
pub use removal::{delete, delete_from_entity, purge};
pub use upload::{replace_content, upload};

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

fn store(state: &AppState) -> ApiResult<Arc<dyn Storage>> {
    storage::for_settings(&state.settings).map_err(ApiError::internal)
}

fn entry<'a>(action: &'a str, row: &FileRow, scope: Option<&SiteScope>, changes: Value) -> AuditEntry<'a> {
    AuditEntry { action, entity: "file", entity_id: row.file_id.to_string(), client_id: scope.map(SiteScope::client_id), site_id: scope.map(SiteScope::site_id), changes }
}

fn described(row: &FileRow) -> Value {
    json!({"entityType": row.entity().as_str(), "entityID": row.entity_id, "file_name": row.file_name, "version": row.version,
           "file_size": row.file_size, "mime_type": row.mime_type, "default_image": row.default_image})
}

#[cfg(test)]
/// A file row for the unit tests of the parts.
fn test_row(name: &str) -> FileRow {
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
