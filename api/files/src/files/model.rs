//! Wire types of files (docs/files.md): the file record in the spec's field names (spec 3 section 3 "File"), the
//! upload forms, the search, and the small answers of the look-ups.

use bytes::Bytes;
use chrono::{DateTime, Utc};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Enum, Multipart, Object};
use serde::Serialize;
use sqlx::FromRow;

use kernel::error::ErrorBody;
use kernel::listing::{PageRequest, SortSpec};
use kernel::page_type;

/// What a file is attached to. `ItemMaster` files are provider data (the item master is one catalogue for every
/// client): every client reads them. `CID` and `CIP` files belong to the site of their record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize)]
pub enum FileEntityType {
    CID,
    CIP,
    ItemMaster,
}

impl FileEntityType {
    /// The number stored in `entity_type` (the spec's file-attachment kinds).
    pub fn code(self) -> i32 {
        match self {
            Self::ItemMaster => 1,
            Self::CID => 2,
            Self::CIP => 3,
        }
    }
    pub fn from_code(code: i32) -> Option<Self> {
        match code {
            1 => Some(Self::ItemMaster),
            2 => Some(Self::CID),
            3 => Some(Self::CIP),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CID => "CID",
            Self::CIP => "CIP",
            Self::ItemMaster => "ItemMaster",
        }
    }
}

/// A file row as stored (either tier), with the object keys that never leave the server.
#[derive(Debug, Clone, FromRow, Serialize)]
pub struct FileRow {
    pub file_id: i64,
    /// Null for item master files.
    pub site_id: Option<i64>,
    pub entity_type: i32,
    pub entity_id: i64,
    pub file_name: String,
    pub description: Option<String>,
    pub version: i32,
    pub file_guid: String,
    pub is_image: bool,
    pub active_yn: bool,
    pub stock_image: bool,
    pub default_image: bool,
    pub file_classification_type_id: Option<i32>,
    pub file_classification: Option<String>,
    pub file_notes: Option<String>,
    pub file_size: i64,
    pub mime_type: String,
    #[serde(skip)]
    pub storage_key: String,
    #[serde(skip)]
    pub thumbnail_key: Option<String>,
    pub in_azure: bool,
    pub file_approval_status: i32,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl FileRow {
    pub fn entity(&self) -> FileEntityType {
        FileEntityType::from_code(self.entity_type).unwrap_or(FileEntityType::ItemMaster)
    }
}

impl kernel::records::SiteRecord for FileRow {
    fn site_id(&self) -> i64 {
        // Only tenant rows go through the record check; they always have a site.
        self.site_id.unwrap_or_default()
    }
}

/// A file attached to a record (spec 3 section 3 "File").
#[derive(Debug, Clone, Object, Serialize)]
pub struct FileRecord {
    pub file_id: i64,
    /// The record the file is attached to: `cid_no`, `cip_no` or `item_id`, as `entityType` says.
    #[oai(rename = "entityID")]
    pub entity_id: i64,
    #[oai(rename = "entityType")]
    pub entity_type: FileEntityType,
    /// The site of the record; null for item master files, which every client sees.
    pub site_id: Option<i64>,
    pub description: Option<String>,
    /// The name it was uploaded with (display only; content is stored under a random key).
    pub file_name: String,
    /// 1 for the first upload of a name on a record; each new upload of the same name adds one. Every version is
    /// kept; lists show the latest.
    pub version: i32,
    /// Random id for links (`File/Guid/{guid}`, `File/Azure/Image/{file_guid}`).
    pub file_guid: String,
    /// The content is a jpg, png, bmp, gif or tif picture (it has a thumbnail).
    pub is_image: bool,
    /// False once deleted.
    pub active_yn: bool,
    /// A catalogue picture rather than a photo of the customer's own part.
    pub stock_image: bool,
    /// The record's default image (at most one per record).
    pub default_image: bool,
    #[oai(rename = "file_classification_type_ID")]
    pub file_classification_type_id: Option<i32>,
    /// The classification's description.
    pub file_classification: Option<String>,
    pub file_notes: Option<String>,
    /// Bytes.
    pub file_size: i64,
    /// The type sniffed from the content (never the one the browser declared).
    pub mime_type: String,
    /// The content is in the object store (false once purged with `DELETE File/Azure/{id}`).
    pub in_azure: bool,
    /// Approved 1, Pending 2, Rejected 3.
    pub file_approval_status: i32,
    /// Login of the user who uploaded it.
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<FileRow> for FileRecord {
    fn from(r: FileRow) -> Self {
        let entity_type = r.entity();
        Self {
            file_id: r.file_id,
            entity_id: r.entity_id,
            entity_type,
            site_id: r.site_id,
            description: r.description,
            file_name: r.file_name,
            version: r.version,
            file_guid: r.file_guid,
            is_image: r.is_image,
            active_yn: r.active_yn,
            stock_image: r.stock_image,
            default_image: r.default_image,
            file_classification_type_id: r.file_classification_type_id,
            file_classification: r.file_classification,
            file_notes: r.file_notes,
            file_size: r.file_size,
            mime_type: r.mime_type,
            in_azure: r.in_azure,
            file_approval_status: r.file_approval_status,
            created_by: r.created_by,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

/// A new file: multipart/form-data with the content in `file`.
#[derive(Debug, Multipart)]
pub struct FileUpload {
    #[oai(rename = "entityType")]
    pub entity_type: FileEntityType,
    /// `cid_no`, `cip_no` or `item_id`.
    #[oai(rename = "entityID")]
    pub entity_id: i64,
    /// The content: pdf, docx, doc, xlsx, xls, txt, jpg, png, bmp, gif, tif or csv, at most `files_max_bytes`
    /// (5 MB by default). The type is sniffed from the content; the name's extension must agree with it.
    pub file: Upload,
    pub description: Option<String>,
    #[oai(rename = "file_classification_type_ID")]
    pub file_classification_type_id: Option<i32>,
    pub file_notes: Option<String>,
    pub stock_image: Option<bool>,
    /// Make this image the record's default image.
    pub default_image: Option<bool>,
}

/// New content for an existing file: stored as its next version (same record, name, description and
/// classification).
#[derive(Debug, Multipart)]
pub struct FileContentUpload {
    pub file_id: i64,
    pub file: Upload,
}

/// What `File/Update` changes: a field left out (or null) stays as it is; an empty text clears it.
#[derive(Debug, Clone, Object)]
pub struct FileUpdate {
    pub file_id: i64,
    pub description: Option<String>,
    #[oai(rename = "file_classification_type_ID")]
    pub file_classification_type_id: Option<i32>,
    pub file_notes: Option<String>,
    pub stock_image: Option<bool>,
    /// Approved 1, Pending 2, Rejected 3.
    pub file_approval_status: Option<i32>,
}

/// The answer of an upload.
#[derive(ApiResponse)]
pub enum FileSaved {
    /// The file as saved.
    #[oai(status = 200)]
    Ok(Json<FileRecord>),
    /// The file is larger than the limit (`files_max_bytes`, 5 MB by default); nothing was saved.
    #[oai(status = 413)]
    TooLarge(Json<ErrorBody>),
}

/// Content to download.
#[derive(ApiResponse)]
pub enum Download {
    /// The content, with the type sniffed from it at upload.
    #[oai(status = 200)]
    Ok(Binary<Bytes>, #[oai(header = "Content-Type")] String, #[oai(header = "Content-Disposition")] String),
}

/// Names one file.
#[derive(Debug, Clone, Object)]
pub struct FileRef {
    pub file_id: i64,
}

/// The search of `File/Search`: every filter is optional; `entityID` needs `entityType`.
#[derive(Debug, Clone, Default, Object)]
pub struct FileSearch {
    #[oai(flatten)]
    pub page: PageRequest,
    #[oai(rename = "entityType")]
    pub entity_type: Option<FileEntityType>,
    #[oai(rename = "entityID")]
    pub entity_id: Option<i64>,
    /// Part of the file name (case-insensitive).
    pub file_name: Option<String>,
    /// Part of the name, description or notes.
    pub q: Option<String>,
    pub is_image: Option<bool>,
    #[oai(rename = "file_classification_type_ID")]
    pub file_classification_type_id: Option<i32>,
    /// Every version instead of the latest of each name.
    pub include_versions: Option<bool>,
}

page_type!(FilePage, FileRecord, "resultList");

pub const SORT: SortSpec = SortSpec {
    fields: &[
        ("file_id", "file_id"),
        ("file_name", "lower(file_name)"),
        ("entityID", "entity_id"),
        ("entityType", "entity_type"),
        ("version", "version"),
        ("file_size", "file_size"),
        ("created_at", "created_at"),
        ("updated_at", "updated_at"),
    ],
    default_field: "file_id",
    default_descending: false,
};

/// A file classification (the lookup behind `file_classification_type_ID`).
#[derive(Debug, Clone, Object, FromRow)]
pub struct FileClassification {
    #[oai(rename = "file_classification_type_ID")]
    pub file_classification_type_id: i32,
    pub description: String,
    /// Shown to the receiving dock with the item (`File/CIDForReceiving`).
    pub for_receiving: bool,
    pub is_active: bool,
}

/// A type the product accepts (`File/Readable`).
#[derive(Debug, Clone, Object)]
pub struct ReadableType {
    pub extension: String,
    /// Other name endings accepted for it.
    pub extensions: Vec<String>,
    pub mime_type: String,
    pub is_image: bool,
}

/// What files the product accepts and reads.
#[derive(Debug, Clone, Object)]
pub struct ReadableTypes {
    pub types: Vec<ReadableType>,
    /// The largest file one upload may carry, in bytes.
    pub max_file_size: i64,
    /// The longest side of a thumbnail, in pixels.
    pub thumbnail_size: i32,
}

/// Content as JSON (`File/Azure/Thumbnail`, `File/Azure/Document/Bytes`).
#[derive(Debug, Clone, Object)]
pub struct FileContent {
    pub file_id: i64,
    pub file_guid: String,
    pub file_name: String,
    pub mime_type: String,
    /// Bytes of the content.
    pub file_size: i64,
    /// The content, base64 (standard alphabet, padded).
    pub data: String,
}

/// Where to read a file (`File/Azure/Document/Link`).
#[derive(Debug, Clone, Object)]
pub struct FileLink {
    pub file_id: i64,
    pub file_name: String,
    /// A time-limited URL straight to the object store (S3), or, for files kept on the server's disk, the API path of
    /// `File/Original/{id}` (it needs the bearer token).
    pub url: String,
    /// When a signed URL stops working; null for the API path.
    pub expires_at: Option<DateTime<Utc>>,
    /// `signed` or `api`.
    pub link_type: String,
}

/// Files moved by `File/MoveToItemMaster`.
#[derive(Debug, Clone, Object)]
pub struct MovedFiles {
    pub files: Vec<FileRecord>,
}

/// Files deleted by `File/DeleteFromEntity`.
#[derive(Debug, Clone, Object)]
pub struct DeletedFiles {
    pub file_ids: Vec<i64>,
}

/// Does a CID have files (`Item/CID/ItemHasFiles`, `Item/CID/ItemHasImages`)? Counted over the CID, its CIPs and
/// its item master record, latest active versions.
#[derive(Debug, Clone, Object)]
pub struct ItemHasFiles {
    pub cid_no: i64,
    pub item_id: Option<i64>,
    pub has_files: bool,
    pub file_count: i64,
}

/// The template types of `File/Template/{type}`: the column headers an import expects at the caller's site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
pub enum TemplateType {
    /// Custom field values of CIDs (`Item/CID/Custom/Update/Import`): `cust_item_code`, then the site's CID
    /// custom field labels.
    CustomFieldCID,
    /// Custom field values of CIPs (the same import with `entity_type=CIP`): `cip_code`, then the site's CIP custom
    /// field labels.
    CustomFieldCIP,
}

/// The format of a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum TemplateFormat {
    Xlsx,
    Csv,
}

/// A custom field definition as a template shows it.
#[derive(Debug, Clone, FromRow)]
pub struct TemplateField {
    pub field_no: i32,
    pub label: String,
    pub field_type: String,
    pub is_required: bool,
    pub max_length: Option<i32>,
    pub possible_values: Vec<String>,
}

/// The CID a file is (or would be) attached to, as the record check needs it.
#[derive(Debug, Clone, FromRow)]
pub struct CidRef {
    pub cid_no: i64,
    pub site_id: i64,
    pub item_id: Option<i64>,
}

impl kernel::records::SiteRecord for CidRef {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// The CIP a file is (or would be) attached to, with its CID's item.
#[derive(Debug, Clone, FromRow)]
pub struct CipRef {
    pub cip_no: i64,
    pub site_id: i64,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
}

impl kernel::records::SiteRecord for CipRef {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

/// A new row, either tier.
#[derive(Debug, Clone)]
pub struct NewFile {
    pub entity_type: FileEntityType,
    pub entity_id: i64,
    pub file_name: String,
    pub description: Option<String>,
    pub version: i32,
    pub file_guid: String,
    pub is_image: bool,
    pub stock_image: bool,
    pub default_image: bool,
    pub file_classification_type_id: Option<i32>,
    pub file_notes: Option<String>,
    pub file_size: i64,
    pub mime_type: String,
    pub storage_key: String,
    pub thumbnail_key: Option<String>,
    pub created_by: i64,
}
