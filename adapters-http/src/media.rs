//! Uploaded media on the local file system, served under `/media`. Pictures also get lossy WebP copies at
//! the widths phones need, written beside the original as `name-WIDTH.webp`.

use std::path::{Path, PathBuf};

use application::catalog::VARIANT_WIDTHS;
use application::ports::{MediaStore, MediaStoreError, MediaUpload, StoredMedia};
use async_trait::async_trait;
use image::imageops::FilterType;
use rand::Rng;

/// WebP quality of the resized copies: small files, no visible loss on a phone screen.
const VARIANT_QUALITY: f32 = 78.0;

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

fn io_error(err: impl std::error::Error + Send + Sync + 'static) -> MediaStoreError {
    MediaStoreError(Box::new(err))
}

/// Writes the narrower copies of a picture; answers its width and the widths written. A file that does not
/// decode as a picture gets no copies.
fn write_variants(dir: &Path, stem: &str, bytes: &[u8]) -> Result<(Option<u32>, Vec<u32>), MediaStoreError> {
    let Ok(picture) = image::load_from_memory(bytes) else { return Ok((None, Vec::new())) };
    let mut written = Vec::new();
    for width in VARIANT_WIDTHS.into_iter().filter(|w| *w < picture.width()) {
        let height = (u64::from(picture.height()) * u64::from(width) / u64::from(picture.width())).max(1);
        let resized = picture.resize_exact(width, u32::try_from(height).unwrap_or(1), FilterType::Triangle).to_rgba8();
        let encoded = webp::Encoder::from_rgba(resized.as_raw(), resized.width(), resized.height())
            .encode_simple(false, VARIANT_QUALITY)
            .map_err(|e| MediaStoreError(format!("webp encoding failed: {e:?}").into()))?;
        std::fs::write(dir.join(format!("{stem}-{width}.webp")), &*encoded).map_err(io_error)?;
        written.push(width);
    }
    Ok((Some(picture.width()), written))
}

#[async_trait]
impl MediaStore for FsMediaStore {
    async fn save(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError> {
        let stem = format!("{:032x}", rand::rng().random::<u128>());
        let name = format!("{stem}.{}", extension(&upload.content_type));
        let dir = self.dir.clone();
        let url = format!("/media/{name}");
        tokio::task::spawn_blocking(move || {
            std::fs::write(dir.join(&name), &upload.bytes).map_err(io_error)?;
            let (width, variant_widths) = if upload.content_type.starts_with("image/") {
                write_variants(&dir, &stem, &upload.bytes)?
            } else {
                (None, Vec::new())
            };
            Ok(StoredMedia { url, width, variant_widths })
        })
        .await
        .map_err(io_error)?
    }

    async fn remove(&self, urls: Vec<String>) {
        let dir = self.dir.clone();
        let _ = tokio::task::spawn_blocking(move || {
            for url in urls {
                let Some(name) = url.strip_prefix("/media/").filter(|n| !n.contains('/') && !n.starts_with('.')) else {
                    continue;
                };
                let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
                let _ = std::fs::remove_file(dir.join(name));
                for width in VARIANT_WIDTHS {
                    let _ = std::fs::remove_file(dir.join(format!("{stem}-{width}.webp")));
                }
            }
        })
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture =
            image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
        let mut bytes = Vec::new();
        picture.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
        bytes
    }

    fn scratch() -> PathBuf {
        std::env::temp_dir().join(format!("shop-media-test-{:016x}", rand::rng().random::<u64>()))
    }

    #[tokio::test]
    async fn a_wide_picture_gets_webp_copies_at_each_narrower_width() {
        let dir = scratch();
        let store = FsMediaStore::new(dir.clone()).unwrap();

        let stored =
            store.save(MediaUpload { bytes: png(1500, 1000), content_type: "image/png".into() }).await.unwrap();

        assert_eq!(stored.width, Some(1500));
        assert_eq!(stored.variant_widths, [320, 640, 1280]);
        let stem = stored.url.trim_start_matches("/media/").trim_end_matches(".png");
        let copy = std::fs::read(dir.join(format!("{stem}-640.webp"))).unwrap();
        let decoded = image::load_from_memory(&copy).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (640, 426));
        assert!(copy.len() < png(1500, 1000).len() / 4, "the copy is much smaller than the original");

        store.remove(vec![stored.url.clone(), "/media/../../etc/passwd".into()]).await;

        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "the original and its copies are gone");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn a_narrow_picture_and_a_video_get_no_copies() {
        let dir = scratch();
        let store = FsMediaStore::new(dir.clone()).unwrap();

        let small = store.save(MediaUpload { bytes: png(300, 300), content_type: "image/png".into() }).await.unwrap();
        let video =
            store.save(MediaUpload { bytes: vec![0, 0, 0, 24], content_type: "video/mp4".into() }).await.unwrap();

        assert_eq!((small.width, small.variant_widths.len()), (Some(300), 0));
        assert_eq!((video.width, video.variant_widths.len()), (None, 0));
        assert!(video.url.ends_with(".mp4"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
