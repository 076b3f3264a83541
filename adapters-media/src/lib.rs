//! Uploaded media on the local file system: each upload under a new random name, pictures also as lossy
//! WebP copies at the widths phones need. This crate alone knows how files are named and addressed: the
//! addresses it answers are stored and shown as they are.

use std::path::{Path, PathBuf};

use application::media::model::MediaVariant;
use application::media::ports::{MediaStore, MediaStoreError, MediaUpload, StoredMedia};
use async_trait::async_trait;
use image::imageops::FilterType;
use rand::Rng;

/// The path every address this store answers starts with; the HTTP server serves [`FsMediaStore`]'s
/// directory there.
pub const PUBLIC_PATH: &str = "/media";

/// The widths a picture is resized to when it is wider.
pub const VARIANT_WIDTHS: [u32; 3] = [320, 640, 1280];

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

/// The file name of the copy of `stem` that is `width` pixels wide.
fn variant_name(stem: &str, width: u32) -> String {
    format!("{stem}-{width}.webp")
}

/// The address of a file in the store.
fn address(name: &str) -> String {
    format!("{PUBLIC_PATH}/{name}")
}

/// The file name an address of this store points at; `None` for anything else, paths that try to leave
/// the directory included.
fn file_name(url: &str) -> Option<&str> {
    url.strip_prefix(PUBLIC_PATH)?
        .strip_prefix('/')
        .filter(|n| !n.is_empty() && !n.contains('/') && !n.starts_with('.'))
}

fn io_error(err: impl std::error::Error + Send + Sync + 'static) -> MediaStoreError {
    MediaStoreError(Box::new(err))
}

/// Writes the narrower copies of a picture; answers its width and the copies written. A file that does not
/// decode as a picture gets no copies.
fn write_variants(dir: &Path, stem: &str, bytes: &[u8]) -> Result<(Option<u32>, Vec<MediaVariant>), MediaStoreError> {
    let Ok(picture) = image::load_from_memory(bytes) else { return Ok((None, Vec::new())) };
    let mut written = Vec::new();
    for width in VARIANT_WIDTHS.into_iter().filter(|w| *w < picture.width()) {
        let height = (u64::from(picture.height()) * u64::from(width) / u64::from(picture.width())).max(1);
        let resized = picture.resize_exact(width, u32::try_from(height).unwrap_or(1), FilterType::Triangle).to_rgba8();
        let encoded = webp::Encoder::from_rgba(resized.as_raw(), resized.width(), resized.height())
            .encode_simple(false, VARIANT_QUALITY)
            .map_err(|e| MediaStoreError(format!("webp encoding failed: {e:?}").into()))?;
        let name = variant_name(stem, width);
        std::fs::write(dir.join(&name), &*encoded).map_err(io_error)?;
        written.push(MediaVariant { url: address(&name), width });
    }
    Ok((Some(picture.width()), written))
}

#[async_trait]
impl MediaStore for FsMediaStore {
    async fn save(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError> {
        let stem = format!("{:032x}", rand::rng().random::<u128>());
        let name = format!("{stem}.{}", extension(&upload.content_type));
        let dir = self.dir.clone();
        tokio::task::spawn_blocking(move || {
            std::fs::write(dir.join(&name), &upload.bytes).map_err(io_error)?;
            let (width, variants) = if upload.content_type.starts_with("image/") {
                write_variants(&dir, &stem, &upload.bytes)?
            } else {
                (None, Vec::new())
            };
            Ok(StoredMedia { url: address(&name), width, variants })
        })
        .await
        .map_err(io_error)?
    }

    async fn remove(&self, urls: Vec<String>) {
        let dir = self.dir.clone();
        let _ = tokio::task::spawn_blocking(move || {
            for name in urls.iter().filter_map(|url| file_name(url)) {
                let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
                let _ = std::fs::remove_file(dir.join(name));
                for width in VARIANT_WIDTHS {
                    let _ = std::fs::remove_file(dir.join(variant_name(stem, width)));
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

    fn file(dir: &Path, url: &str) -> PathBuf {
        dir.join(file_name(url).unwrap())
    }

    #[tokio::test]
    async fn a_wide_picture_gets_webp_copies_at_each_narrower_width() {
        let dir = scratch();
        let store = FsMediaStore::new(dir.clone()).unwrap();

        let stored =
            store.save(MediaUpload { bytes: png(1500, 1000), content_type: "image/png".into() }).await.unwrap();

        assert_eq!(stored.width, Some(1500));
        assert!(stored.url.starts_with("/media/") && stored.url.ends_with(".png"), "{}", stored.url);
        let widths: Vec<u32> = stored.variants.iter().map(|v| v.width).collect();
        assert_eq!(widths, [320, 640, 1280]);
        let copy = std::fs::read(file(&dir, &stored.variants[1].url)).unwrap();
        let decoded = image::load_from_memory(&copy).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (640, 426));
        assert!(copy.len() < png(1500, 1000).len() / 4, "the copy is much smaller than the original");

        store.remove(vec![stored.url.clone(), "/media/../../etc/passwd".into(), "/elsewhere/x.png".into()]).await;

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

        assert_eq!((small.width, small.variants.len()), (Some(300), 0));
        assert_eq!((video.width, video.variants.len()), (None, 0));
        assert!(video.url.ends_with(".mp4"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn the_same_bytes_saved_twice_are_two_files_of_their_own() {
        let dir = scratch();
        let store = FsMediaStore::new(dir.clone()).unwrap();
        let upload = MediaUpload { bytes: png(400, 400), content_type: "image/png".into() };

        let first = store.save(upload.clone()).await.unwrap();
        let second = store.save(upload).await.unwrap();
        store.remove(vec![first.url.clone()]).await;

        assert_ne!(first.url, second.url);
        assert!(file(&dir, &second.url).is_file());
        assert!(file(&dir, &second.variants[0].url).is_file(), "the other upload keeps its copy");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
