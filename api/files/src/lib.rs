//! Files and images attached to records (spec 3 File, ../shared/design/domain.md section 2): uploads sniffed and
//! limited, versions, thumbnails, default images, classification, notes, moving a client's file to the item master,
//! soft delete and purge. The content lives behind one [`storage::Storage`] trait: the local filesystem (embedded
//! default) or an S3-compatible bucket. docs/files.md describes the operations, shapes, limits and configuration.

pub mod content;
pub mod files;
pub mod storage;
pub mod templates;

/// This area's API types (see `kernel::ApiSet`).
pub type Apis = (files::http::FileApi, files::http::ItemFileApi);
