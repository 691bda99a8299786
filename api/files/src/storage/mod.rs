//! Where file content lives: one trait, two backends. The local filesystem is the embedded default (a directory from
//! `files_dir`); an S3-compatible bucket is the production choice (`s3_bucket`, `s3_endpoint`, `s3_region`, keys
//! from the environment). Which one serves is decided by the configuration alone (docs/files.md).
//!
//! Object keys are made here, from random ids, never from anything a user sent: a file's name is display text in
//! the database and nothing else, so no upload can name a path.

mod local;
mod s3;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
pub use bytes::Bytes;
use kernel::config::Settings;
use uuid::Uuid;

pub use local::LocalStore;
pub use s3::S3Store;

/// The key of one stored object: the original content of a file or its thumbnail, by a random id.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ObjectKey(String);

impl ObjectKey {
    /// A new key for a file's original content.
    pub fn new_original() -> Self {
        Self(format!("o/{}", Uuid::new_v4().simple()))
    }
    /// The key of the thumbnail that belongs to `original`.
    pub fn thumbnail_of(original: &ObjectKey) -> Self {
        Self(format!("t/{}", &original.0[2..]))
    }
    /// A key read back from the database; `None` unless it has exactly the shape [`ObjectKey::new_original`] and
    /// [`ObjectKey::thumbnail_of`] make (so nothing else, whatever a row holds, can reach the store).
    pub fn parse(raw: &str) -> Option<Self> {
        let (kind, id) = raw.split_once('/')?;
        let ok = matches!(kind, "o" | "t") && id.len() == 32 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        ok.then(|| Self(raw.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for ObjectKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("no object {0}")]
    NotFound(String),
    #[error("storage: {0}")]
    Backend(String),
}

/// The object store behind every file operation.
#[async_trait]
pub trait Storage: Send + Sync + std::fmt::Debug {
    /// `local` or `s3` (logs, readiness, the docs).
    fn kind(&self) -> &'static str;
    /// Stores `bytes` under `key`, replacing what was there; the object is whole or absent, never partial.
    async fn put(&self, key: &ObjectKey, bytes: Bytes) -> Result<(), StorageError>;
    /// The object's content; [`StorageError::NotFound`] when there is none.
    async fn get(&self, key: &ObjectKey) -> Result<Bytes, StorageError>;
    /// Removes the object; removing one that is not there is not an error.
    async fn delete(&self, key: &ObjectKey) -> Result<(), StorageError>;
    async fn exists(&self, key: &ObjectKey) -> Result<bool, StorageError>;
    /// A URL that reads the object directly for `ttl`, when the backend can sign one (S3); `None` otherwise.
    async fn signed_url(&self, key: &ObjectKey, ttl: Duration) -> Result<Option<String>, StorageError>;
}

/// Which backend a configuration names, and with what (compared to reuse one store per configuration).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageConfig {
    Local { dir: String },
    S3 { endpoint: Option<String>, bucket: String, region: String, access_key_id: Option<String>, secret_access_key: Option<String> },
}

impl StorageConfig {
    pub fn from_settings(s: &Settings) -> Self {
        match s.s3_bucket.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
            Some(bucket) => Self::S3 {
                endpoint: s.s3_endpoint.clone().filter(|e| !e.trim().is_empty()),
                bucket: bucket.to_owned(),
                region: s.s3_region.clone(),
                access_key_id: s.s3_access_key_id.clone(),
                secret_access_key: s.s3_secret_access_key.clone(),
            },
            None => Self::Local { dir: s.files_dir.clone() },
        }
    }

    pub fn build(&self) -> Result<Arc<dyn Storage>, StorageError> {
        Ok(match self {
            Self::Local { dir } => Arc::new(LocalStore::new(dir)),
            Self::S3 { endpoint, bucket, region, access_key_id, secret_access_key } => {
                Arc::new(S3Store::new(endpoint.as_deref(), bucket, region, access_key_id.as_deref(), secret_access_key.as_deref())?)
            }
        })
    }
}

/// The store of a configuration, built on first use and kept (an S3 client holds its connection pool). Keyed by the
/// configuration rather than held once per process, because tests run applications with different stores side by
/// side in one process.
pub fn for_settings(settings: &Settings) -> Result<Arc<dyn Storage>, StorageError> {
    static STORES: Mutex<Vec<(StorageConfig, Arc<dyn Storage>)>> = Mutex::new(Vec::new());
    let config = StorageConfig::from_settings(settings);
    let mut stores = STORES.lock().map_err(|_| StorageError::Backend("store registry poisoned".into()))?;
    if let Some((_, store)) = stores.iter().find(|(c, _)| *c == config) {
        return Ok(store.clone());
    }
    let store = config.build()?;
    stores.push((config, store.clone()));
    Ok(store)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_keys_of_the_generated_shape_are_accepted() {
        let k = ObjectKey::new_original();
        assert_eq!(ObjectKey::parse(k.as_str()), Some(k.clone()));
        let t = ObjectKey::thumbnail_of(&k);
        assert!(t.as_str().starts_with("t/") && ObjectKey::parse(t.as_str()).is_some());
        for bad in ["", "o/", "o/../../etc/passwd", "x/0123456789abcdef0123456789abcdef", "o/0123456789abcdef0123456789abcdeF", "/o/0123456789abcdef0123456789abcdef", "o/0123456789abcdef0123456789abcdef-p9001000"] {
            assert_eq!(ObjectKey::parse(bad), None, "{bad}");
        }
    }
}
