//! The local filesystem backend: objects are files under one directory, two levels deep by the first characters
//! of their random id (`o/3f/3fa2...`), written to a temporary name and renamed, so a reader never sees half a file.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;

use super::{ObjectKey, Storage, StorageError};

#[derive(Debug, Clone)]
pub struct LocalStore {
    root: PathBuf,
}

impl LocalStore {
    pub fn new(root: impl AsRef<Path>) -> Self {
        Self { root: root.as_ref().to_path_buf() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file of `key`. Keys only ever have the shape `ObjectKey` makes (a letter, a slash, 32 hex digits), so the
    /// path stays under the root.
    fn path_of(&self, key: &ObjectKey) -> PathBuf {
        let (kind, id) = key.as_str().split_at(2);
        self.root.join(&kind[..1]).join(&id[..2]).join(id)
    }
}

fn backend(e: std::io::Error) -> StorageError {
    StorageError::Backend(e.to_string())
}

#[async_trait]
impl Storage for LocalStore {
    fn kind(&self) -> &'static str {
        "local"
    }

    async fn put(&self, key: &ObjectKey, bytes: Bytes) -> Result<(), StorageError> {
        let path = self.path_of(key);
        let dir = path.parent().ok_or_else(|| StorageError::Backend("object path without a folder".into()))?;
        tokio::fs::create_dir_all(dir).await.map_err(backend)?;
        let part = dir.join(format!(".{}.part", uuid::Uuid::new_v4().simple()));
        if let Err(e) = tokio::fs::write(&part, &bytes).await {
            let _ = tokio::fs::remove_file(&part).await;
            return Err(backend(e));
        }
        tokio::fs::rename(&part, &path).await.map_err(backend)
    }

    async fn get(&self, key: &ObjectKey) -> Result<Bytes, StorageError> {
        match tokio::fs::read(self.path_of(key)).await {
            Ok(b) => Ok(Bytes::from(b)),
            Err(e) if e.kind() == ErrorKind::NotFound => Err(StorageError::NotFound(key.to_string())),
            Err(e) => Err(backend(e)),
        }
    }

    async fn delete(&self, key: &ObjectKey) -> Result<(), StorageError> {
        match tokio::fs::remove_file(self.path_of(key)).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(backend(e)),
        }
    }

    async fn exists(&self, key: &ObjectKey) -> Result<bool, StorageError> {
        tokio::fs::try_exists(self.path_of(key)).await.map_err(backend)
    }

    async fn signed_url(&self, _key: &ObjectKey, _ttl: Duration) -> Result<Option<String>, StorageError> {
        // Files on the server's own disk are read through the API only.
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn objects_round_trip_through_a_directory_and_deleting_twice_is_fine() {
        let dir = std::env::temp_dir().join(format!("asp-files-test-{}", uuid::Uuid::new_v4().simple()));
        let store = LocalStore::new(&dir);
        let key = ObjectKey::new_original();
        assert!(!store.exists(&key).await.unwrap_or(true));
        assert!(matches!(store.get(&key).await, Err(StorageError::NotFound(_))));
        store.put(&key, Bytes::from_static(b"hello")).await.expect("put");
        assert!(store.exists(&key).await.expect("exists"));
        assert_eq!(store.get(&key).await.expect("get"), Bytes::from_static(b"hello"));
        // Stored under the root, by the random id only.
        let id = &key.as_str()[2..];
        assert!(dir.join("o").join(&id[..2]).join(id).is_file());
        store.delete(&key).await.expect("delete");
        store.delete(&key).await.expect("delete again");
        assert!(!store.exists(&key).await.unwrap_or(true));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
