//! Uploaded media on the local file system: each upload under a new random name, pictures also as lossy
//! WebP copies at the widths phones need. This crate alone knows how files are named and addressed: the
//! addresses it answers are stored and shown as they are.

#[cfg(feature = "test-support")]
pub mod test_support;

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use application::media::model::MediaVariant;
use application::media::picture::{check_dimensions, UnusablePicture, MAX_PICTURE_PIXELS};
use application::media::ports::{MediaStore, MediaStoreError, MediaUpload, StoredMedia};
use async_trait::async_trait;
use image::imageops::FilterType;
use image::{DynamicImage, ImageError, ImageFormat, ImageReader, Limits};
use rand::Rng;
use tokio::sync::Semaphore;

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
    /// One permit a picture being decoded; clones of the store share them.
    decodes: Arc<Semaphore>,
}

impl FsMediaStore {
    /// A store writing into `dir`, created when missing, decoding as many pictures at once as the machine
    /// has cores.
    ///
    /// # Errors
    /// When the directory cannot be created.
    pub fn new(dir: PathBuf) -> std::io::Result<Self> {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Self::with_decodes_at_once(dir, cores)
    }

    /// A store writing into `dir`, created when missing, decoding at most `decodes` pictures at once (at
    /// least one).
    ///
    /// # Errors
    /// When the directory cannot be created.
    pub fn with_decodes_at_once(dir: PathBuf, decodes: usize) -> std::io::Result<Self> {
        std::fs::create_dir_all(&dir)?;
        Ok(Self { dir, decodes: Arc::new(Semaphore::new(decodes.max(1))) })
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
    MediaStoreError::Failed(Box::new(err))
}

/// Whether a JPEG's markers lead to its end-of-image marker. The decoder draws a truncated JPEG with grey
/// where its data stops, so a cut-off upload would otherwise be kept. Data after the end marker (a motion
/// photo's video, a maker's trailer) is allowed; thumbnails inside metadata segments are skipped whole.
fn jpeg_reaches_its_end(bytes: &[u8]) -> bool {
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return false;
    }
    let mut at = 2;
    loop {
        while bytes.get(at) == Some(&0xFF) && bytes.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        let (Some(0xFF), Some(&marker)) = (bytes.get(at), bytes.get(at + 1)) else { return false };
        at += 2;
        match marker {
            0xD9 => return true,
            0x01 | 0xD0..=0xD7 => continue,
            _ => {}
        }
        let Some(length) = bytes.get(at..at + 2).map(|l| usize::from(u16::from_be_bytes([l[0], l[1]]))) else {
            return false;
        };
        if length < 2 {
            return false;
        }
        at += length;
        if marker == 0xDA {
            // Entropy-coded data: a 0xFF in it is followed by 0x00 (a stuffed byte) or a restart marker.
            loop {
                match (bytes.get(at), bytes.get(at + 1)) {
                    (Some(0xFF), Some(0x00 | 0xD0..=0xD7)) => at += 2,
                    (Some(0xFF), Some(_)) => break,
                    (Some(_), _) => at += 1,
                    (None, _) => return false,
                }
            }
        }
    }
}

/// Decoder limits beside the pixel rule: at most 8 bytes a pixel (16-bit RGBA) of the largest picture.
fn decode_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_PICTURE_PIXELS * 8);
    limits
}

/// Decodes a picture of an accepted type after checking the size its header declares, so a small file
/// declaring a huge picture takes no memory.
fn decode(bytes: &[u8], content_type: &str) -> Result<DynamicImage, UnusablePicture> {
    let format = ImageFormat::from_mime_type(content_type).ok_or(UnusablePicture::Undecodable)?;
    if format == ImageFormat::Jpeg && !jpeg_reaches_its_end(bytes) {
        return Err(UnusablePicture::Undecodable);
    }
    let reader = || {
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        reader.limits(decode_limits());
        reader
    };
    let (width, height) = reader().into_dimensions().map_err(|_| UnusablePicture::Undecodable)?;
    check_dimensions(width, height)?;
    reader().decode().map_err(|err| match err {
        ImageError::Limits(_) => UnusablePicture::TooManyPixels { width, height },
        _ => UnusablePicture::Undecodable,
    })
}

/// Writes the narrower copies of a picture; answers the copies written.
fn write_variants(dir: &Path, stem: &str, picture: &DynamicImage) -> Result<Vec<MediaVariant>, MediaStoreError> {
    let mut written = Vec::new();
    for width in VARIANT_WIDTHS.into_iter().filter(|w| *w < picture.width()) {
        let height = (u64::from(picture.height()) * u64::from(width) / u64::from(picture.width())).max(1);
        let resized = picture.resize_exact(width, u32::try_from(height).unwrap_or(1), FilterType::Triangle).to_rgba8();
        let encoded = webp::Encoder::from_rgba(resized.as_raw(), resized.width(), resized.height())
            .encode_simple(false, VARIANT_QUALITY)
            .map_err(|e| MediaStoreError::Failed(format!("webp encoding failed: {e:?}").into()))?;
        let name = variant_name(stem, width);
        std::fs::write(dir.join(&name), &*encoded).map_err(io_error)?;
        written.push(MediaVariant { url: address(&name), width });
    }
    Ok(written)
}

/// Removes a file and the copies of its stem; files already gone are skipped.
fn remove_files(dir: &Path, name: &str) {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let _ = std::fs::remove_file(dir.join(name));
    for width in VARIANT_WIDTHS {
        let _ = std::fs::remove_file(dir.join(variant_name(stem, width)));
    }
}

/// WebP quality of a picture re-encoded at its own size.
const REENCODED_QUALITY: f32 = 85.0;

/// A picture encoded as lossy WebP from its pixels alone.
fn webp_of(picture: &DynamicImage, quality: f32) -> Result<Vec<u8>, MediaStoreError> {
    let pixels = picture.to_rgba8();
    let encoded = webp::Encoder::from_rgba(pixels.as_raw(), pixels.width(), pixels.height())
        .encode_simple(false, quality)
        .map_err(|e| MediaStoreError::Failed(format!("webp encoding failed: {e:?}").into()))?;
    Ok(encoded.to_vec())
}

/// Keeps a file (a picture decoded first, then with its copies); nothing is left behind when it fails. With
/// `reencode` the picture is kept as WebP encoded from its pixels, never as the bytes uploaded.
fn keep(
    dir: &Path,
    stem: &str,
    name: &str,
    upload: &MediaUpload,
    reencode: bool,
) -> Result<StoredMedia, MediaStoreError> {
    let picture = if upload.content_type.starts_with("image/") {
        Some(decode(&upload.bytes, &upload.content_type)?)
    } else {
        None
    };
    let bytes = match (&picture, reencode) {
        (Some(picture), true) => std::borrow::Cow::Owned(webp_of(picture, REENCODED_QUALITY)?),
        (None, true) => return Err(MediaStoreError::Unusable(UnusablePicture::Undecodable)),
        (_, false) => std::borrow::Cow::Borrowed(&upload.bytes),
    };
    let written = std::fs::write(dir.join(name), &*bytes)
        .map_err(io_error)
        .and_then(|()| picture.as_ref().map_or(Ok(Vec::new()), |picture| write_variants(dir, stem, picture)));
    match written {
        Ok(variants) => Ok(StoredMedia { url: address(name), width: picture.map(|p| p.width()), variants }),
        Err(err) => {
            remove_files(dir, name);
            Err(err)
        }
    }
}

impl FsMediaStore {
    async fn store(&self, upload: MediaUpload, reencode: bool) -> Result<StoredMedia, MediaStoreError> {
        let stem = format!("{:032x}", rand::rng().random::<u128>());
        let name = format!("{stem}.{}", if reencode { "webp" } else { extension(&upload.content_type) });
        let dir = self.dir.clone();
        // A decoded picture takes up to a few hundred MB: only so many are decoded at once.
        let permit = if upload.content_type.starts_with("image/") {
            Some(self.decodes.clone().acquire_owned().await.map_err(io_error)?)
        } else {
            None
        };
        tokio::task::spawn_blocking(move || {
            let kept = keep(&dir, &stem, &name, &upload, reencode);
            drop(permit);
            kept
        })
        .await
        .map_err(io_error)?
    }
}

#[async_trait]
impl MediaStore for FsMediaStore {
    async fn save(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError> {
        self.store(upload, false).await
    }

    async fn save_reencoded(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError> {
        self.store(upload, true).await
    }

    async fn remove(&self, urls: Vec<String>) {
        let dir = self.dir.clone();
        let _ = tokio::task::spawn_blocking(move || {
            for name in urls.iter().filter_map(|url| file_name(url)) {
                remove_files(&dir, name);
            }
        })
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::{picture, png_declaring};

    fn png(width: u32, height: u32) -> Vec<u8> {
        picture(ImageFormat::Png, width, height)
    }

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        picture(ImageFormat::Jpeg, width, height)
    }

    fn upload(bytes: Vec<u8>, content_type: &str) -> MediaUpload {
        MediaUpload { bytes, content_type: content_type.into() }
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

    #[tokio::test]
    async fn a_small_file_declaring_a_huge_picture_is_refused_by_its_header_and_leaves_nothing() {
        let dir = scratch();
        let store = FsMediaStore::new(dir.clone()).unwrap();

        let refused = store.save(upload(png_declaring(11_000, 11_000), "image/png")).await.unwrap_err();

        assert!(
            matches!(
                refused,
                MediaStoreError::Unusable(UnusablePicture::TooManyPixels { width: 11_000, height: 11_000 })
            ),
            "{refused:?}"
        );
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn truncated_pictures_and_garbage_after_a_signature_are_refused_and_leave_nothing() {
        let dir = scratch();
        let store = FsMediaStore::new(dir.clone()).unwrap();
        let whole_jpeg = jpeg(200, 150);
        let whole_png = png(200, 150);
        let whole_webp = picture(ImageFormat::WebP, 200, 150);
        let mut garbage = b"\x89PNG\r\n\x1a\n".to_vec();
        garbage.extend_from_slice(&[0x5A; 400]);
        let refused = [
            upload(whole_jpeg[..whole_jpeg.len() / 2].to_vec(), "image/jpeg"),
            upload(whole_jpeg[..whole_jpeg.len() - 2].to_vec(), "image/jpeg"),
            upload(whole_png[..whole_png.len() / 2].to_vec(), "image/png"),
            upload(whole_webp[..whole_webp.len() / 2].to_vec(), "image/webp"),
            upload(garbage, "image/png"),
            upload(b"\xFF\xD8\xFF\xE0 nothing more".to_vec(), "image/jpeg"),
        ];

        for (i, bad) in refused.into_iter().enumerate() {
            let err = store.save(bad).await.unwrap_err();

            assert!(matches!(err, MediaStoreError::Unusable(UnusablePicture::Undecodable)), "{i}: {err:?}");
        }
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn a_jpeg_with_data_after_its_end_and_a_gif_are_kept() {
        let dir = scratch();
        let store = FsMediaStore::new(dir.clone()).unwrap();
        let mut motion_photo = jpeg(400, 300);
        motion_photo.extend_from_slice(b"\0\0\0\x18ftypmp42 the video a phone appends");

        let photo = store.save(upload(motion_photo, "image/jpeg")).await.unwrap();
        let gif = store.save(upload(picture(ImageFormat::Gif, 330, 100), "image/gif")).await.unwrap();

        assert_eq!((photo.width, photo.variants.len()), (Some(400), 1));
        assert_eq!((gif.width, gif.variants.len()), (Some(330), 1));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_jpeg_walk_skips_segments_whole_and_stops_at_the_end_marker() {
        let whole = jpeg(64, 64);
        // An APP1 segment holding a whole thumbnail, end marker included, before the picture's own data.
        let thumbnail = jpeg(8, 8);
        let mut with_thumbnail = whole[..2].to_vec();
        with_thumbnail.extend_from_slice(&[0xFF, 0xE1]);
        with_thumbnail.extend_from_slice(&u16::try_from(thumbnail.len() + 2).unwrap().to_be_bytes());
        with_thumbnail.extend_from_slice(&thumbnail);
        with_thumbnail.extend_from_slice(&whole[2..]);

        assert!(jpeg_reaches_its_end(&whole));
        assert!(jpeg_reaches_its_end(&with_thumbnail));
        assert!(!jpeg_reaches_its_end(&with_thumbnail[..with_thumbnail.len() - 20]), "the thumbnail's end is not");
        assert!(!jpeg_reaches_its_end(&whole[..whole.len() - 1]));
        assert!(!jpeg_reaches_its_end(b"\xFF\xD8"));
    }

    #[tokio::test]
    async fn pictures_wait_for_a_free_decode_and_videos_do_not() {
        let dir = scratch();
        let store = FsMediaStore::with_decodes_at_once(dir.clone(), 1).unwrap();
        let busy = store.decodes.clone().acquire_owned().await.unwrap();

        let waiting = tokio::spawn({
            let store = store.clone();
            async move { store.save(upload(png(400, 300), "image/png")).await }
        });
        let video = store.save(upload(vec![0, 0, 0, 24], "video/mp4")).await.unwrap();
        // Time enough for a decode that did not wait to have written its file.
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;

        assert!(video.url.ends_with(".mp4"), "a video needs no decode");
        assert!(!waiting.is_finished(), "the picture waits while every decode is taken");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only the video is written");
        drop(busy);
        let picture = waiting.await.unwrap().unwrap();
        assert_eq!(picture.width, Some(400));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
