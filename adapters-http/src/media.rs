//! Uploaded media on the local file system, served under `/media`.

use std::path::PathBuf;

use application::ports::{MediaStore, MediaStoreError, MediaUpload};
use async_trait::async_trait;
use rand::Rng;

/// Keeps media files in one directory under new random names.
#[derive(Debug, Clone)]
pub struct FsMediaStore {
    dir: PathBuf,
}

impl FsMediaStore {
    /// A store writing into `dir`, created when missing.
    ///
    /// # Errors
    /// When the directory cannot be created.
    pub fn new(dir: PathBuf) -> std::io::Result<Self> {
        std::fs::create_dir_all(&dir)?;
        Ok(Self { dir })
    }
}

/// The file extension for a content type the shop accepts.
fn extension(content_type: &str) -> &'static str {
    match content_type {
        "image/png" => "png",
        "image/jpeg" => "jpg",
        "image/webp" => "webp",
        "image/gif" => "gif",
        "video/mp4" => "mp4",
        "video/webm" => "webm",
        _ => "bin",
    }
}

#[async_trait]
impl MediaStore for FsMediaStore {
    async fn save(&self, upload: MediaUpload) -> Result<String, MediaStoreError> {
        let name = format!("{:032x}.{}", rand::rng().random::<u128>(), extension(&upload.content_type));
        let path = self.dir.join(&name);
        tokio::task::spawn_blocking(move || std::fs::write(path, upload.bytes))
            .await
            .map_err(|e| MediaStoreError(Box::new(e)))?
            .map_err(|e| MediaStoreError(Box::new(e)))?;
        Ok(format!("/media/{name}"))
    }
}
