//! The S3-compatible backend (AWS S3, MinIO, Ceph, a local test server): `object_store`'s client over reqwest.
//! Path-style requests, so a plain endpoint such as `http://127.0.0.1:9000` works without DNS per bucket.

use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path;
use object_store::signer::Signer;
use object_store::{ClientOptions, ObjectStore, PutPayload, RetryConfig};

use super::{ObjectKey, Storage, StorageError};

#[derive(Debug)]
pub struct S3Store {
    bucket: String,
    client: AmazonS3,
}

impl S3Store {
    pub fn new(endpoint: Option<&str>, bucket: &str, region: &str, access_key_id: Option<&str>, secret_access_key: Option<&str>) -> Result<Self, StorageError> {
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(bucket)
            .with_region(region)
            .with_virtual_hosted_style_request(false)
            .with_client_options(ClientOptions::new().with_connect_timeout(Duration::from_secs(5)).with_timeout(Duration::from_secs(60)))
            // A request never waits minutes on a store that is down: a few quick retries, then the caller's error.
            .with_retry(RetryConfig { max_retries: 3, retry_timeout: Duration::from_secs(20), ..RetryConfig::default() });
        if let Some(endpoint) = endpoint {
            builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
        }
        if let Some(id) = access_key_id {
            builder = builder.with_access_key_id(id);
        }
        if let Some(secret) = secret_access_key {
            builder = builder.with_secret_access_key(secret);
        }
        let client = builder.build().map_err(|e| StorageError::Backend(format!("S3 configuration: {e}")))?;
        Ok(Self { bucket: bucket.to_owned(), client })
    }

    pub fn bucket(&self) -> &str {
        &self.bucket
    }
}

fn path(key: &ObjectKey) -> Path {
    Path::from(key.as_str())
}

fn backend(e: object_store::Error) -> StorageError {
    StorageError::Backend(e.to_string())
}

#[async_trait]
impl Storage for S3Store {
    fn kind(&self) -> &'static str {
        "s3"
    }

    async fn put(&self, key: &ObjectKey, bytes: Bytes) -> Result<(), StorageError> {
        self.client.put(&path(key), PutPayload::from(bytes)).await.map(|_| ()).map_err(backend)
    }

    async fn get(&self, key: &ObjectKey) -> Result<Bytes, StorageError> {
        match self.client.get(&path(key)).await {
            Ok(found) => found.bytes().await.map_err(backend),
            Err(object_store::Error::NotFound { .. }) => Err(StorageError::NotFound(key.to_string())),
            Err(e) => Err(backend(e)),
        }
    }

    async fn delete(&self, key: &ObjectKey) -> Result<(), StorageError> {
        match self.client.delete(&path(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(backend(e)),
        }
    }

    async fn exists(&self, key: &ObjectKey) -> Result<bool, StorageError> {
        match self.client.head(&path(key)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(backend(e)),
        }
    }

    async fn signed_url(&self, key: &ObjectKey, ttl: Duration) -> Result<Option<String>, StorageError> {
        let url = self.client.signed_url(poem::http::Method::GET, &path(key), ttl).await.map_err(backend)?;
        Ok(Some(url.to_string()))
    }
}
