//! Where uploaded pictures and videos are kept.

use async_trait::async_trait;

use crate::media::model::MediaVariant;
use crate::media::picture::UnusablePicture;

/// A media file to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaUpload {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Its content type, already checked against its bytes.
    pub content_type: String,
}

/// A kept media file: where it is served, and for a picture its width and the narrower copies made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMedia {
    pub url: String,
    pub width: Option<u32>,
    pub variants: Vec<MediaVariant>,
}

/// Why the media store kept nothing.
#[derive(Debug, thiserror::Error)]
pub enum MediaStoreError {
    /// A picture too large in pixels, or one that does not decode.
    #[error(transparent)]
    Unusable(#[from] UnusablePicture),
    /// The file could not be written or its copies made.
    #[error("media store failed")]
    Failed(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// Where uploaded pictures and videos are kept.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait MediaStore: Send + Sync + 'static {
    /// Keeps the file under a new name of its own (never shared with another upload); a picture also gets
    /// narrower copies for phones. A picture is first checked by the rules of [`crate::media::picture`];
    /// a refused one leaves no file behind. The addresses answered are the store's own scheme.
    ///
    /// # Errors
    /// [`MediaStoreError::Unusable`] for a picture those rules refuse, [`MediaStoreError::Failed`] when the
    /// file cannot be written.
    async fn save(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError>;

    /// Keeps a picture re-encoded from its decoded pixels (as WebP), never its uploaded bytes, so nothing of
    /// the file beside its pixels survives: no EXIF, no GPS position, no camera data. It gets the narrower
    /// copies [`MediaStore::save`] makes, and is checked by the same rules first.
    ///
    /// # Errors
    /// As [`MediaStore::save`].
    async fn save_reencoded(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError>;

    /// Removes kept files and their copies, by the original's address; files already gone are skipped.
    async fn remove(&self, urls: Vec<String>);
}
