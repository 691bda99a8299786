//! Operations of files (spec 3 File, and the three ItemCID calls about a CID's files). docs/files.md.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::*;
use super::service;

pub struct FileApi;

#[guarded]
#[OpenApi(tag = "ApiTags::Files")]
impl FileApi {
    /// File by id
    ///
    /// The file's record (no content). Item master files are every client's; a client's file of a site the caller
    /// may not use answers 404, as does a deleted file.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/:id", method = "get", operation_id = "fileGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<FileRecord>> {
        Ok(Json(service::get(&state, &caller, &scope, id.0).await?))
    }

    /// Download a file
    ///
    /// The content as uploaded, as an attachment, with the type sniffed from it.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/Original/:id", method = "get", operation_id = "fileGetOriginalById")]
    async fn original(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Download> {
        service::original(&state, &caller, &scope, id.0).await
    }

    /// A file's thumbnail
    ///
    /// PNG, at most 200 pixels on its longest side, made at upload. Files that are not images have none (404).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/Min1/:id", method = "get", operation_id = "fileGetMin1ById")]
    async fn min1(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Download> {
        service::thumbnail(&state, &caller, &scope, id.0).await
    }

    /// File by guid
    ///
    /// The same check as by id: a guid of another client's or another site's file answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/Guid/:guid", method = "get", operation_id = "fileGetGuidByGuid")]
    async fn by_guid(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, guid: Path<String>) -> ApiResult<Json<FileRecord>> {
        Ok(Json(service::get_by_guid(&state, &caller, &scope, &guid.0).await?))
    }

    /// Files of a CID
    ///
    /// The latest version of every active file of the CID, of its CIPs and of its item master record, default
    /// images first.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/CID/:cid", method = "get", operation_id = "fileGetCIDByCid")]
    async fn for_cid(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid: Path<i64>) -> ApiResult<Json<Vec<FileRecord>>> {
        Ok(Json(service::for_cid(&state, &caller, &scope, cid.0).await?))
    }

    /// Files of a CID for receiving
    ///
    /// As `File/CID/{cid}`, only files whose classification is shown at receiving (drawings, specification and
    /// safety data sheets, certificates, inspection instructions).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/CIDForReceiving/:cid", method = "get", operation_id = "fileGetCIDForReceivingByCid")]
    async fn for_receiving(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid: Path<i64>) -> ApiResult<Json<Vec<FileRecord>>> {
        Ok(Json(service::for_receiving(&state, &caller, &scope, cid.0).await?))
    }

    /// Import template
    ///
    /// The file an import expects, for the current site: `CustomFieldCID` and `CustomFieldCIP` (the custom-field
    /// value import: the key column, then the site's custom field labels). `format`: `xlsx` (default; a second
    /// sheet explains each column) or `csv`.
    #[requires(BasicAccess)]
    #[oai(path = "/V1/File/Template/:type", method = "get", operation_id = "fileGetTemplateByType")]
    async fn template(
        &self,
        state: Data<&AppState>,
        scope: Data<&SiteScope>,
        #[oai(name = "type")] kind: Path<TemplateType>,
        format: Query<Option<TemplateFormat>>,
    ) -> ApiResult<Download> {
        service::template(&state, &scope, kind.0, format.0.unwrap_or(TemplateFormat::Xlsx)).await
    }

    /// Files of a record
    ///
    /// The latest version of every active file of one CID, CIP or item master record.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/entityID/:id/entityType/:type", method = "get", operation_id = "fileGetEntityIDEntityTypeByIdAndType")]
    async fn for_entity(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        id: Path<i64>,
        #[oai(name = "type")] entity_type: Path<FileEntityType>,
    ) -> ApiResult<Json<Vec<FileRecord>>> {
        Ok(Json(service::for_entity(&state, &caller, &scope, entity_type.0, id.0).await?))
    }

    /// A record's default image
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/Default", method = "get", operation_id = "fileGetDefault")]
    async fn get_default(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(name = "entityType")] entity_type: Query<FileEntityType>,
        #[oai(name = "entityID")] entity_id: Query<i64>,
    ) -> ApiResult<Json<FileRecord>> {
        Ok(Json(service::get_default(&state, &caller, &scope, entity_type.0, entity_id.0).await?))
    }

    /// File classifications
    ///
    /// What a file can be classified as (`file_classification_type_ID`).
    #[requires(BasicAccess)]
    #[oai(path = "/V1/File/Classification", method = "get", operation_id = "fileGetClassification")]
    async fn classifications(&self, state: Data<&AppState>) -> ApiResult<Json<Vec<FileClassification>>> {
        Ok(Json(service::classifications(&state).await?))
    }

    /// An image by guid
    ///
    /// The picture itself, inline (the image gallery's source). A file that is not an image answers 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/v1/File/Azure/Image/:file_guid", method = "get", operation_id = "fileGetAzureImageByFileGuid")]
    async fn image(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, file_guid: Path<String>) -> ApiResult<Download> {
        service::image_by_guid(&state, &caller, &scope, &file_guid.0).await
    }

    /// A file's thumbnail as JSON
    ///
    /// The PNG thumbnail, base64 in `data`.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/Azure/Thumbnail/:id", method = "get", operation_id = "fileGetAzureThumbnailById")]
    async fn thumbnail_json(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<FileContent>> {
        Ok(Json(service::thumbnail_json(&state, &caller, &scope, id.0).await?))
    }

    /// A link to a file
    ///
    /// With an S3 bucket: a signed URL straight to the object, valid for 15 minutes. With files on the server's disk:
    /// the API path of `File/Original/{id}`.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/Azure/Document/Link/:id", method = "get", operation_id = "fileGetAzureDocumentLinkById")]
    async fn document_link(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<FileLink>> {
        Ok(Json(service::document_link(&state, &caller, &scope, id.0).await?))
    }

    /// A file's content as JSON
    ///
    /// The content, base64 in `data`.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/V1/File/Azure/Document/Bytes/:id", method = "get", operation_id = "fileGetAzureDocumentBytesById")]
    async fn document_bytes(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<FileContent>> {
        Ok(Json(service::document_bytes(&state, &caller, &scope, id.0).await?))
    }

    /// Readable file types
    ///
    /// The types an upload may be (pdf, docx, doc, xlsx, xls, txt, jpg, png, bmp, gif, tif, csv), the size limit and
    /// the thumbnail size.
    #[requires(BasicAccess)]
    #[oai(path = "/V1/File/Readable", method = "get", operation_id = "fileGetReadable")]
    async fn readable(&self, state: Data<&AppState>) -> ApiResult<Json<ReadableTypes>> {
        Ok(Json(service::readable_types(&state)))
    }

    /// Upload a new version of a file
    ///
    /// multipart/form-data: `file_id` and `file`. The content becomes the file's next version (same record, name,
    /// description, classification and notes; a default image stays the default); it must be of the type the
    /// file's name says.
    #[requires(FileManage, errors(404, 409, 413))]
    #[oai(path = "/V1/File/Azure", method = "put", operation_id = "filePutAzure")]
    async fn put_content(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, form: FileContentUpload) -> ApiResult<FileSaved> {
        service::replace_content(&state, &caller, &scope, form).await
    }

    /// Search files
    ///
    /// The current site's CID and CIP files and the item master files of the items it keeps (every item's with
    /// `entityType` ItemMaster); latest versions unless `include_versions`. `pageSize` 5000 answers every match
    /// (up to 5000) at once.
    #[requires(BasicAccess)]
    #[oai(path = "/V1/File/Search", method = "post", operation_id = "filePostSearch")]
    async fn search(&self, state: Data<&AppState>, scope: Data<&SiteScope>, body: Json<FileSearch>) -> ApiResult<Json<FilePage>> {
        Ok(Json(service::search(&state, &scope, &body).await?))
    }

    /// Upload a file
    ///
    /// multipart/form-data: `entityType`, `entityID`, `file`, and optionally `description`,
    /// `file_classification_type_ID`, `file_notes`, `stock_image`, `default_image`. The content is sniffed (pdf,
    /// docx, doc, xlsx, xls, txt, jpg, png, bmp, gif, tif, csv; the name's extension must agree), at most 5 MB
    /// (413). The same name on the same record becomes its next version. Item master files: provider staff only.
    #[requires(FileManage, errors(404, 409, 413))]
    #[oai(path = "/V1/File/Insert", method = "post", operation_id = "filePostInsert")]
    async fn insert(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, form: FileUpload) -> ApiResult<FileSaved> {
        service::upload(&state, &caller, &scope, form).await
    }

    /// Update a file's details
    ///
    /// Description, classification, notes, stock image and approval status; a field left out stays as it is, an
    /// empty text clears it.
    #[requires(FileManage, errors(404))]
    #[oai(path = "/V1/File/Update", method = "post", operation_id = "filePostUpdate")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<FileUpdate>) -> ApiResult<Json<FileRecord>> {
        Ok(Json(service::update(&state, &caller, &scope, &body).await?))
    }

    /// Make an image its record's default image
    #[requires(FileManage, errors(404))]
    #[oai(path = "/V1/File/Default", method = "post", operation_id = "filePostDefault")]
    async fn set_default(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<FileRef>) -> ApiResult<Json<FileRecord>> {
        Ok(Json(service::set_default(&state, &caller, &scope, body.file_id).await?))
    }

    /// Move files to the item master
    ///
    /// Files of CIDs and CIPs become files of their item master record, which every client sees. Needs FileManage at
    /// each file's site and provider staff; all files move or none.
    #[requires(FileManage, errors(404, 409))]
    #[oai(path = "/V1/File/MoveToItemMaster", method = "post", operation_id = "filePostMoveToItemMaster")]
    async fn move_to_item_master(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(name = "fileIDs")] file_ids: Query<Vec<i64>>,
    ) -> ApiResult<Json<MovedFiles>> {
        Ok(Json(service::move_to_item_master(&state, &caller, &scope, &file_ids.0).await?))
    }

    /// Delete a file
    ///
    /// Soft delete of this version (kept for history, hidden everywhere). `type` must be the file's record kind.
    #[requires(FileManage, errors(404))]
    #[oai(path = "/V1/File/ID/:id/EntityType/:type", method = "delete", operation_id = "fileDeleteIDEntityTypeByIdAndType")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        id: Path<i64>,
        #[oai(name = "type")] entity_type: Path<FileEntityType>,
    ) -> ApiResult<Json<FileRecord>> {
        Ok(Json(service::delete(&state, &caller, &scope, id.0, entity_type.0).await?))
    }

    /// Delete a file from a record
    ///
    /// Soft delete of every version of `file_name` on the record.
    #[requires(FileManage, errors(404))]
    #[oai(path = "/V1/File/DeleteFromEntity", method = "delete", operation_id = "fileDeleteFromEntity")]
    async fn delete_from_entity(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(name = "entityType")] entity_type: Query<FileEntityType>,
        #[oai(name = "entityID")] entity_id: Query<i64>,
        file_name: Query<String>,
    ) -> ApiResult<Json<DeletedFiles>> {
        Ok(Json(service::delete_from_entity(&state, &caller, &scope, entity_type.0, entity_id.0, &file_name.0).await?))
    }

    /// Remove a file's content from storage
    ///
    /// The original and the thumbnail leave the object store for good; the record stays, inactive, with
    /// `in_azure` false.
    #[requires(FileManage, errors(404))]
    #[oai(path = "/V1/File/Azure/:id", method = "delete", operation_id = "fileDeleteAzureById")]
    async fn purge(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<FileRecord>> {
        Ok(Json(service::purge(&state, &caller, &scope, id.0).await?))
    }

    /// Item Images gallery
    ///
    /// The images of a CID (its own, its CIPs', its item master record's) or of an item (`item_id`), for the 'Item
    /// Images' pop-up.
    #[requires(ItemImageView, errors(404))]
    #[oai(path = "/V1/File/ItemImages", method = "get", operation_id = "fileGetItemImages")]
    async fn gallery(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        cid_no: Query<Option<i64>>,
        item_id: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<FileRecord>>> {
        Ok(Json(service::gallery(&state, &caller, &scope, cid_no.0, item_id.0).await?))
    }
}

pub struct ItemFileApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/Item/CID", tag = "ApiTags::Items")]
impl ItemFileApi {
    /// A CID's default image
    ///
    /// The CID's own default image, else its item master record's; 404 when it has none.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/DefaultImage/:cid_no", method = "get", operation_id = "itemCidGetDefaultImageByCidNo")]
    async fn default_image(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<FileRecord>> {
        Ok(Json(service::cid_default_image(&state, &caller, &scope, cid_no.0).await?))
    }

    /// Does a CID have files?
    ///
    /// Counted over the CID, its CIPs and its item master record (latest active versions).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/ItemHasFiles/:cid_no", method = "get", operation_id = "itemCidGetItemHasFilesByCidNo")]
    async fn has_files(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<ItemHasFiles>> {
        Ok(Json(service::cid_has(&state, &caller, &scope, cid_no.0, false).await?))
    }

    /// Does a CID have images?
    ///
    /// As `ItemHasFiles`, images only.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/ItemHasImages/:cid_no", method = "get", operation_id = "itemCidGetItemHasImagesByCidNo")]
    async fn has_images(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, cid_no: Path<i64>) -> ApiResult<Json<ItemHasFiles>> {
        Ok(Json(service::cid_has(&state, &caller, &scope, cid_no.0, true).await?))
    }
}
