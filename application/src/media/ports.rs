//! Where uploaded pictures and videos are kept.

use async_trait::async_trait;

use crate::media::model::MediaVariant;
use crate::media::picture::UnusablePicture;

/// A media file to keep.
#[derive(Debug)]
pub struct MediaUpload {
    /// The file's bytes.
    pub content: UploadContent,
    /// Its content type, already checked against its bytes.
    pub content_type: String,
}

/// Where an upload's bytes are.
#[derive(Debug)]
pub enum UploadContent {
    /// In memory: pictures the shop draws itself, and tests'.
    Bytes(Vec<u8>),
    /// In a file the upload was written to as it arrived, read from its start. The store reads it only
    /// while keeping it, so the files of a request are never all in memory at once.
    File(std::fs::File),
}

impl From<Vec<u8>> for UploadContent {
    fn from(bytes: Vec<u8>) -> Self {
        Self::Bytes(bytes)
    }
}

impl MediaUpload {
    /// An upload whose bytes are in memory.
    #[must_use]
    pub fn bytes(bytes: Vec<u8>, content_type: &str) -> Self {
        Self { content: UploadContent::Bytes(bytes), content_type: content_type.to_owned() }
    }
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
    /// Keeps the file as uploaded, under a new name of its own (never shared with another upload); a picture
    /// also gets narrower copies for phones. A picture is first checked by the rules of
    /// [`crate::media::picture`]; a refused one leaves no file behind. The addresses answered are the store's
    /// own scheme. For videos and the pictures the shop draws itself: an uploaded picture is kept with
    /// [`MediaStore::save_reencoded`].
    ///
    /// # Errors
    /// [`MediaStoreError::Unusable`] for a picture those rules refuse, [`MediaStoreError::Failed`] when the
    /// file cannot be written.
    async fn save(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError>;

    /// Keeps a picture re-encoded from its decoded pixels (as WebP), never its uploaded bytes, so nothing of
    /// the file beside its pixels survives: no EXIF, no GPS position, no camera data. The pixels are turned
    /// upright first as the camera's orientation tag says, and a picture wider than `max_width` is kept
    /// narrowed to it (its full size is never served). It gets the narrower copies [`MediaStore::save`]
    /// makes (a copy as wide as the kept picture is the kept picture itself), and is checked by the same
    /// rules first.
    ///
    /// # Errors
    /// As [`MediaStore::save`].
    async fn save_reencoded(&self, upload: MediaUpload, max_width: u32) -> Result<StoredMedia, MediaStoreError>;

    /// Removes kept files and their copies, by the original's address; files already gone are skipped.
    async fn remove(&self, urls: Vec<String>);
}
