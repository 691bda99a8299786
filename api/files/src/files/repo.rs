//! SQL of files. A client's files (`file`, in the client schema) are read and written through the tenant
//! transaction; the item master's files (`asp.item_file`) through a plain connection (provider data). Both answer
//! the same [`FileRow`] shape; item master rows have entity type 1 and no site.
//!
//! "Latest" below means the newest active version of a name on a record: no active row of the same record and name
//! (case-insensitive) has a higher version.

use sqlx::{PgConnection, Postgres, QueryBuilder};
use tenancy::TenantTx;

use super::model::{CidRef, CipRef, FileClassification, FileRow, NewFile, TemplateField};

// ------------------------------------------------------------------------------------------------ client files

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<FileRow>, sqlx::Error> {
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, f.site_id as "site_id?", f.entity_type, f.entity_id, f.file_name, f.description, f.version, f.file_guid,
               f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where f.file_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn find_by_guid(tx: &mut TenantTx, guid: &str) -> Result<Option<FileRow>, sqlx::Error> {
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, f.site_id as "site_id?", f.entity_type, f.entity_id, f.file_name, f.description, f.version, f.file_guid,
               f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where f.file_guid = $1"#,
        guid
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The latest active files of one record at the transaction's site, the default image first.
pub async fn list_entity(tx: &mut TenantTx, entity_type: i32, entity_id: i64, images_only: bool) -> Result<Vec<FileRow>, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, f.site_id as "site_id?", f.entity_type, f.entity_id, f.file_name, f.description, f.version, f.file_guid,
               f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where f.site_id = $1 and f.entity_type = $2 and f.entity_id = $3 and f.active_yn and ($4 = false or f.is_image)
             and not exists (select 1 from file n where n.site_id = f.site_id and n.entity_type = f.entity_type and n.entity_id = f.entity_id
                             and lower(n.file_name) = lower(f.file_name) and n.active_yn and n.version > f.version)
           order by f.default_image desc, lower(f.file_name), f.file_id"#,
        site_id,
        entity_type,
        entity_id,
        images_only
    )
    .fetch_all(&mut **tx)
    .await
}

/// The latest active files of a CID and of its CIPs (at the CID's site), the default image first. `for_receiving`
/// keeps only files whose classification the receiving dock sees.
pub async fn list_cid(tx: &mut TenantTx, cid_no: i64, images_only: bool, for_receiving: bool) -> Result<Vec<FileRow>, sqlx::Error> {
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, f.site_id as "site_id?", f.entity_type, f.entity_id, f.file_name, f.description, f.version, f.file_guid,
               f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where ((f.entity_type = 2 and f.entity_id = $1) or (f.entity_type = 3 and f.entity_id in (select p.cip_no from cip p where p.cid_no = $1)))
             and f.active_yn and ($2 = false or f.is_image) and ($3 = false or coalesce(c.for_receiving, false))
             and not exists (select 1 from file n where n.site_id = f.site_id and n.entity_type = f.entity_type and n.entity_id = f.entity_id
                             and lower(n.file_name) = lower(f.file_name) and n.active_yn and n.version > f.version)
           order by f.default_image desc, f.entity_type, lower(f.file_name), f.file_id"#,
        cid_no,
        images_only,
        for_receiving
    )
    .fetch_all(&mut **tx)
    .await
}

/// The record's default image, if it has an active one.
pub async fn default_of(tx: &mut TenantTx, entity_type: i32, entity_id: i64) -> Result<Option<FileRow>, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, f.site_id as "site_id?", f.entity_type, f.entity_id, f.file_name, f.description, f.version, f.file_guid,
               f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where f.site_id = $1 and f.entity_type = $2 and f.entity_id = $3 and f.active_yn and f.default_image
           order by f.file_id desc limit 1"#,
        site_id,
        entity_type,
        entity_id
    )
    .fetch_optional(&mut **tx)
    .await
}

/// How many latest active files (or images) a CID has: its own, its CIPs' and its item master record's.
pub async fn count_for_cid(tx: &mut TenantTx, cid_no: i64, item_id: Option<i64>, images_only: bool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select (select count(*) from file f
                   where ((f.entity_type = 2 and f.entity_id = $1) or (f.entity_type = 3 and f.entity_id in (select p.cip_no from cip p where p.cid_no = $1)))
                     and f.active_yn and ($3 = false or f.is_image)
                     and not exists (select 1 from file n where n.site_id = f.site_id and n.entity_type = f.entity_type and n.entity_id = f.entity_id
                                     and lower(n.file_name) = lower(f.file_name) and n.active_yn and n.version > f.version))
                + (select count(*) from asp.item_file f
                   where f.item_id = $2 and f.active_yn and ($3 = false or f.is_image)
                     and not exists (select 1 from asp.item_file n where n.item_id = f.item_id and lower(n.file_name) = lower(f.file_name)
                                     and n.active_yn and n.version > f.version)) as "n!""#,
        cid_no,
        item_id,
        images_only
    )
    .fetch_one(&mut **tx)
    .await
}

/// The next version number of `file_name` on a record (1 when it has none, counting deleted versions too).
pub async fn next_version(tx: &mut TenantTx, site_id: i64, entity_type: i32, entity_id: i64, file_name: &str) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select coalesce(max(version), 0) + 1 as "v!" from file
           where site_id = $1 and entity_type = $2 and entity_id = $3 and lower(file_name) = lower($4)"#,
        site_id,
        entity_type,
        entity_id,
        file_name
    )
    .fetch_one(&mut **tx)
    .await
}

/// Locks every file row of one record until the transaction ends, so default-image and version changes of the
/// same record happen one after the other.
pub async fn lock_entity(tx: &mut TenantTx, site_id: i64, entity_type: i32, entity_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query_scalar!("select file_id from file where site_id = $1 and entity_type = $2 and entity_id = $3 for update", site_id, entity_type, entity_id)
        .fetch_all(&mut **tx)
        .await?;
    Ok(())
}

pub async fn insert(tx: &mut TenantTx, site_id: i64, f: &NewFile) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into file (site_id, entity_type, entity_id, file_name, description, version, file_guid, is_image, stock_image, default_image,
             file_classification_type_id, file_notes, file_size, mime_type, storage_key, thumbnail_key, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
         returning file_id",
        site_id,
        f.entity_type.code(),
        f.entity_id,
        f.file_name,
        f.description,
        f.version,
        f.file_guid,
        f.is_image,
        f.stock_image,
        f.default_image,
        f.file_classification_type_id,
        f.file_notes,
        f.file_size,
        f.mime_type,
        f.storage_key,
        f.thumbnail_key,
        f.created_by
    )
    .fetch_one(&mut **tx)
    .await
}

/// Takes the default-image mark from every file of a record.
pub async fn clear_default(tx: &mut TenantTx, site_id: i64, entity_type: i32, entity_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update file set default_image = false, updated_at = now() where site_id = $1 and entity_type = $2 and entity_id = $3 and default_image",
        site_id,
        entity_type,
        entity_id
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn set_default(tx: &mut TenantTx, id: i64, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update file set default_image = true, updated_by = $2, updated_at = now() where file_id = $1", id, user_id).execute(&mut **tx).await?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub async fn update_meta(
    tx: &mut TenantTx,
    id: i64,
    description: Option<&str>,
    classification: Option<i32>,
    notes: Option<&str>,
    stock_image: bool,
    approval: i32,
    user_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update file set description = $2, file_classification_type_id = $3, file_notes = $4, stock_image = $5, file_approval_status = $6,
             updated_by = $7, updated_at = now()
         where file_id = $1",
        id,
        description,
        classification,
        notes,
        stock_image,
        approval,
        user_id
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Soft delete: the row stays (history, versions), hidden from every answer.
pub async fn deactivate(tx: &mut TenantTx, id: i64, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update file set active_yn = false, default_image = false, updated_by = $2, updated_at = now() where file_id = $1", id, user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Soft-deletes every active version of a name on a record; answers their ids.
pub async fn deactivate_name(tx: &mut TenantTx, entity_type: i32, entity_id: i64, file_name: &str, user_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_scalar!(
        "update file set active_yn = false, default_image = false, updated_by = $5, updated_at = now()
         where site_id = $1 and entity_type = $2 and entity_id = $3 and lower(file_name) = lower($4) and active_yn
         returning file_id",
        site_id,
        entity_type,
        entity_id,
        file_name,
        user_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// The content is gone from the object store: the row stays for history, inactive.
pub async fn mark_purged(tx: &mut TenantTx, id: i64, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update file set in_azure = false, active_yn = false, default_image = false, updated_by = $2, updated_at = now() where file_id = $1",
        id,
        user_id
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Removes a client's row whose file became item master data (the same file_id lives on in `asp.item_file`).
pub async fn delete_row(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from file where file_id = $1", id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn find_cid(tx: &mut TenantTx, cid_no: i64) -> Result<Option<CidRef>, sqlx::Error> {
    sqlx::query_as!(CidRef, "select cid_no, site_id, item_id from cid where cid_no = $1", cid_no).fetch_optional(&mut **tx).await
}

pub async fn find_cip(tx: &mut TenantTx, cip_no: i64) -> Result<Option<CipRef>, sqlx::Error> {
    sqlx::query_as!(
        CipRef,
        r#"select p.cip_no, p.site_id, p.cid_no, coalesce(p.item_id, c.item_id) as item_id
           from cip p left join cid c on c.cid_no = p.cid_no where p.cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The custom field definitions of one record kind (`CID`, `CIP`) at the transaction's site, with the visible
/// possible values of list fields, in slot order.
pub async fn template_fields(tx: &mut TenantTx, entity: &str) -> Result<Vec<TemplateField>, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_as!(
        TemplateField,
        r#"select d.field_no, d.label, d.field_type, d.is_required, d.max_length,
               array(select v.custom_field_value from custom_field_value_possible v
                     where v.custom_field_definition_id = d.custom_field_definition_id and v.is_visible
                     order by lower(v.custom_field_value)) as "possible_values!"
           from custom_field_definition d where d.site_id = $1 and d.entity_type = $2 order by d.field_no"#,
        site_id,
        entity
    )
    .fetch_all(&mut **tx)
    .await
}

/// One page of `File/Search` at the transaction's site: its CID and CIP files, and item master files (those of
/// items the site has a CID for, or every item's when `entity_type` is 1).
#[allow(clippy::too_many_arguments)]
pub async fn search(
    tx: &mut TenantTx,
    page: &kernel::listing::Page,
    entity_type: Option<i32>,
    entity_id: Option<i64>,
    name_pattern: Option<String>,
    text_pattern: Option<String>,
    is_image: Option<bool>,
    classification: Option<i32>,
    include_versions: bool,
) -> Result<(Vec<FileRow>, i64), sqlx::Error> {
    let site_id = tx.site_id();
    // The filters apply inside each branch of the union (as the planner would push them), each value bound where its
    // condition names it.
    let filters = |q: &mut QueryBuilder<'static, Postgres>| {
        if let Some(p) = &name_pattern {
            q.push(" and f.file_name ilike ").push_bind(p.clone());
        }
        if let Some(p) = &text_pattern {
            q.push(" and (f.file_name ilike ").push_bind(p.clone());
            q.push(" or f.description ilike ").push_bind(p.clone());
            q.push(" or f.file_notes ilike ").push_bind(p.clone()).push(")");
        }
        if let Some(v) = is_image {
            q.push(" and f.is_image = ").push_bind(v);
        }
        if let Some(c) = classification {
            q.push(" and f.file_classification_type_id = ").push_bind(c);
        }
    };
    let mut q = QueryBuilder::new(
        "select * from (
            select f.file_id, f.site_id, f.entity_type, f.entity_id, f.file_name, f.description, f.version, f.file_guid, f.is_image, f.active_yn,
                   f.stock_image, f.default_image, f.file_classification_type_id, c.description as file_classification, f.file_notes, f.file_size,
                   f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status, u.user_id as created_by, f.created_at, f.updated_at
            from file f
            left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
            left join asp.asp_users u on u.asp_users_id = f.created_by
            where f.active_yn and f.site_id = ",
    );
    q.push_bind(site_id);
    if let Some(t) = entity_type {
        q.push(" and f.entity_type = ").push_bind(t);
    }
    if let Some(id) = entity_id {
        q.push(" and f.entity_id = ").push_bind(id);
    }
    if !include_versions {
        q.push(
            " and not exists (select 1 from file n where n.site_id = f.site_id and n.entity_type = f.entity_type and n.entity_id = f.entity_id
                               and lower(n.file_name) = lower(f.file_name) and n.active_yn and n.version > f.version)",
        );
    }
    filters(&mut q);
    q.push(
        " union all
            select f.file_id, null::bigint, 1, f.item_id, f.file_name, f.description, f.version, f.file_guid, f.is_image, f.active_yn,
                   f.stock_image, f.default_image, f.file_classification_type_id, c.description, f.file_notes, f.file_size,
                   f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status, u.user_id, f.created_at, f.updated_at
            from asp.item_file f
            left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
            left join asp.asp_users u on u.asp_users_id = f.created_by
            where f.active_yn",
    );
    match entity_type {
        // Every item's files when the caller asks for item master files; otherwise those of the site's CIDs.
        Some(1) => {}
        None => {
            q.push(" and exists (select 1 from cid x where x.item_id = f.item_id)");
        }
        Some(_) => {
            q.push(" and false");
        }
    }
    if let Some(id) = entity_id {
        q.push(" and f.item_id = ").push_bind(id);
    }
    if !include_versions {
        q.push(
            " and not exists (select 1 from asp.item_file n where n.item_id = f.item_id and lower(n.file_name) = lower(f.file_name)
                               and n.active_yn and n.version > f.version)",
        );
    }
    filters(&mut q);
    q.push(") files");
    kernel::listing::fetch_built_page(tx, q, page).await
}

// ------------------------------------------------------------------------------------------------ item master files

pub async fn item_find(conn: &mut PgConnection, id: i64) -> Result<Option<FileRow>, sqlx::Error> {
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, null::bigint as "site_id?", 1 as "entity_type!", f.item_id as entity_id, f.file_name, f.description, f.version,
               f.file_guid, f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from asp.item_file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where f.file_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

pub async fn item_find_by_guid(conn: &mut PgConnection, guid: &str) -> Result<Option<FileRow>, sqlx::Error> {
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, null::bigint as "site_id?", 1 as "entity_type!", f.item_id as entity_id, f.file_name, f.description, f.version,
               f.file_guid, f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from asp.item_file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where f.file_guid = $1"#,
        guid
    )
    .fetch_optional(conn)
    .await
}

/// The latest active files of an item, the default image first.
pub async fn item_list(conn: &mut PgConnection, item_id: i64, images_only: bool, for_receiving: bool) -> Result<Vec<FileRow>, sqlx::Error> {
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, null::bigint as "site_id?", 1 as "entity_type!", f.item_id as entity_id, f.file_name, f.description, f.version,
               f.file_guid, f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from asp.item_file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where f.item_id = $1 and f.active_yn and ($2 = false or f.is_image) and ($3 = false or coalesce(c.for_receiving, false))
             and not exists (select 1 from asp.item_file n where n.item_id = f.item_id and lower(n.file_name) = lower(f.file_name)
                             and n.active_yn and n.version > f.version)
           order by f.default_image desc, lower(f.file_name), f.file_id"#,
        item_id,
        images_only,
        for_receiving
    )
    .fetch_all(conn)
    .await
}

pub async fn item_default_of(conn: &mut PgConnection, item_id: i64) -> Result<Option<FileRow>, sqlx::Error> {
    sqlx::query_as!(
        FileRow,
        r#"select f.file_id, null::bigint as "site_id?", 1 as "entity_type!", f.item_id as entity_id, f.file_name, f.description, f.version,
               f.file_guid, f.is_image, f.active_yn, f.stock_image, f.default_image, f.file_classification_type_id, c.description as "file_classification?",
               f.file_notes, f.file_size, f.mime_type, f.storage_key, f.thumbnail_key, f.in_azure, f.file_approval_status,
               u.user_id as "created_by?", f.created_at, f.updated_at
           from asp.item_file f
           left join asp.file_classification_type c on c.file_classification_type_id = f.file_classification_type_id
           left join asp.asp_users u on u.asp_users_id = f.created_by
           where f.item_id = $1 and f.active_yn and f.default_image
           order by f.file_id desc limit 1"#,
        item_id
    )
    .fetch_optional(conn)
    .await
}

pub async fn item_exists(conn: &mut PgConnection, item_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.item_master where item_id = $1) as "e!""#, item_id).fetch_one(conn).await
}

pub async fn item_next_version(conn: &mut PgConnection, item_id: i64, file_name: &str) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select coalesce(max(version), 0) + 1 as "v!" from asp.item_file where item_id = $1 and lower(file_name) = lower($2)"#,
        item_id,
        file_name
    )
    .fetch_one(conn)
    .await
}

pub async fn item_lock(conn: &mut PgConnection, item_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query_scalar!("select file_id from asp.item_file where item_id = $1 for update", item_id).fetch_all(conn).await?;
    Ok(())
}

/// A new item master file; `file_id` keeps a moved file's id, `None` takes the next one. `moved_from` is the client
/// and site a moved file was attached at.
pub async fn item_insert(conn: &mut PgConnection, file_id: Option<i64>, f: &NewFile, moved_from: Option<(i64, i64)>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.item_file (file_id, item_id, file_name, description, version, file_guid, is_image, stock_image, default_image,
             file_classification_type_id, file_notes, file_size, mime_type, storage_key, thumbnail_key, created_by, updated_by,
             moved_from_client_id, moved_from_site_id)
         values (coalesce($1, nextval('asp.file_id_seq')), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17, $18)
         returning file_id",
        file_id,
        f.entity_id,
        f.file_name,
        f.description,
        f.version,
        f.file_guid,
        f.is_image,
        f.stock_image,
        f.default_image,
        f.file_classification_type_id,
        f.file_notes,
        f.file_size,
        f.mime_type,
        f.storage_key,
        f.thumbnail_key,
        f.created_by,
        moved_from.map(|m| m.0),
        moved_from.map(|m| m.1)
    )
    .fetch_one(conn)
    .await
}

pub async fn item_clear_default(conn: &mut PgConnection, item_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.item_file set default_image = false, updated_at = now() where item_id = $1 and default_image", item_id).execute(conn).await?;
    Ok(())
}

pub async fn item_set_default(conn: &mut PgConnection, id: i64, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.item_file set default_image = true, updated_by = $2, updated_at = now() where file_id = $1", id, user_id).execute(conn).await?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub async fn item_update_meta(
    conn: &mut PgConnection,
    id: i64,
    description: Option<&str>,
    classification: Option<i32>,
    notes: Option<&str>,
    stock_image: bool,
    approval: i32,
    user_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.item_file set description = $2, file_classification_type_id = $3, file_notes = $4, stock_image = $5, file_approval_status = $6,
             updated_by = $7, updated_at = now()
         where file_id = $1",
        id,
        description,
        classification,
        notes,
        stock_image,
        approval,
        user_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn item_deactivate(conn: &mut PgConnection, id: i64, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update asp.item_file set active_yn = false, default_image = false, updated_by = $2, updated_at = now() where file_id = $1", id, user_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn item_deactivate_name(conn: &mut PgConnection, item_id: i64, file_name: &str, user_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "update asp.item_file set active_yn = false, default_image = false, updated_by = $3, updated_at = now()
         where item_id = $1 and lower(file_name) = lower($2) and active_yn returning file_id",
        item_id,
        file_name,
        user_id
    )
    .fetch_all(conn)
    .await
}

pub async fn item_mark_purged(conn: &mut PgConnection, id: i64, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update asp.item_file set in_azure = false, active_yn = false, default_image = false, updated_by = $2, updated_at = now() where file_id = $1",
        id,
        user_id
    )
    .execute(conn)
    .await?;
    Ok(())
}

// ------------------------------------------------------------------------------------------------ lookups

/// Provider staff (`fss_employee`): the only users who change the item master's files, the provider's one
/// catalogue for every client.
pub async fn is_provider_staff(conn: &mut PgConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select coalesce((select fss_employee from asp.asp_users where asp_users_id = $1), false) as "s!""#, user_id)
        .fetch_one(conn)
        .await
}

pub async fn classifications(conn: &mut PgConnection) -> Result<Vec<FileClassification>, sqlx::Error> {
    sqlx::query_as!(
        FileClassification,
        "select file_classification_type_id, description, for_receiving, is_active from asp.file_classification_type order by file_classification_type_id"
    )
    .fetch_all(conn)
    .await
}

pub async fn classification_is_active(conn: &mut PgConnection, id: i32) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.file_classification_type where file_classification_type_id = $1 and is_active) as "e!""#,
        id
    )
    .fetch_one(conn)
    .await
}
