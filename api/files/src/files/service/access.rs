//! Who may reach which file or record: a client's file or record through the site scope of its site (404 beyond
//! it), the item master's for every client, and changes to the item master's files only for provider staff.

use kernel::access::Caller;
use kernel::error::{ApiError, ApiResult};
use kernel::records;
use kernel::state::AppState;
use kernel::Perm;
use tenancy::SiteScope;

use super::{ITEM_NOT_FOUND, NOT_FOUND, READ, STAFF_ONLY, WRITE};
use crate::files::model::{FileEntityType, FileRow};
use crate::files::repo;

/// A file found by id or guid: a client's (with the scope of its site) or the item master's.
pub(super) enum Located {
    Client(SiteScope, FileRow),
    Provider(FileRow),
}

impl Located {
    pub(super) fn row(&self) -> &FileRow {
        match self {
            Self::Client(_, r) | Self::Provider(r) => r,
        }
    }
    pub(super) fn into_row(self) -> FileRow {
        match self {
            Self::Client(_, r) | Self::Provider(r) => r,
        }
    }
}

/// The file `id` if the caller may reach it with `perms`: an item master file (every client's), or a client file
/// of a site the caller may use. Anything else answers 404.
pub(super) async fn locate(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<Located> {
    let mut conn = state.pool.acquire().await?;
    if let Some(row) = repo::item_find(&mut conn, id).await? {
        return Ok(Located::Provider(row));
    }
    drop(conn);
    let (scope, row) = records::load_visible(state, caller, scope, perms, NOT_FOUND, |tx| Box::pin(repo::find(tx, id))).await?;
    Ok(Located::Client(scope, row))
}

pub(super) async fn locate_guid(state: &AppState, caller: &Caller, scope: &SiteScope, guid: &str) -> ApiResult<Located> {
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
pub(super) async fn readable(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<FileRow> {
    let row = locate(state, caller, scope, id, READ).await?.into_row();
    if !row.active_yn {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    Ok(row)
}

pub(super) async fn require_staff(state: &AppState, caller: &Caller) -> ApiResult<()> {
    let mut conn = state.pool.acquire().await?;
    if repo::is_provider_staff(&mut conn, caller.user_id).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden(STAFF_ONLY))
    }
}

/// A file the caller may change: FileManage at its site, and provider staff for item master files.
pub(super) async fn changeable(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64) -> ApiResult<Located> {
    let found = locate(state, caller, scope, id, WRITE).await?;
    if matches!(found, Located::Provider(_)) {
        require_staff(state, caller).await?;
    }
    Ok(found)
}

/// The record a file is (to be) attached to.
pub(super) enum Target {
    Client { scope: SiteScope, entity: FileEntityType, entity_id: i64, item_id: Option<i64> },
    Provider { item_id: i64 },
}

/// The record `entity_type`/`entity_id`, if the caller may use it with `perms` (404 otherwise).
pub(super) async fn target(state: &AppState, caller: &Caller, scope: &SiteScope, entity: FileEntityType, entity_id: i64, perms: &[Perm]) -> ApiResult<Target> {
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
pub(super) async fn changeable_target(state: &AppState, caller: &Caller, scope: &SiteScope, entity: FileEntityType, entity_id: i64) -> ApiResult<Target> {
    let t = target(state, caller, scope, entity, entity_id, WRITE).await?;
    if matches!(t, Target::Provider { .. }) {
        require_staff(state, caller).await?;
    }
    Ok(t)
}
