//! Uploaded media in an object store, a local directory or an S3 bucket (through the `object_store` crate,
//! so both are written by the same code): each upload under a new random name, pictures also as lossy WebP
//! copies at the widths phones need. This crate alone knows how files are named and addressed: the addresses
//! it answers are stored and shown as they are, whichever store holds the files.

mod open;
#[cfg(feature = "test-support")]
pub mod test_support;

use std::io::Cursor;
use std::path::PathBuf;
use std::sync::Arc;

use application::media::model::MediaVariant;
use application::media::picture::{check_dimensions, UnusablePicture, MAX_PICTURE_PIXELS};
use application::media::ports::{MediaStore, MediaStoreError, MediaUpload, StoredMedia};
use async_trait::async_trait;
use futures_util::StreamExt as _;
use image::imageops::FilterType;
use image::{DynamicImage, ImageError, ImageFormat, ImageReader, Limits};
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{Attribute, Attributes, ObjectStore, PutOptions, PutPayload};
use rand::Rng;
use tokio::sync::Semaphore;

pub use open::{MediaStoreConfig, S3Bucket, S3Config, S3ConfigError, S3Credentials, S3Endpoint, S3Prefix, S3Region};

/// The path every address this store answers starts with; the HTTP server serves the store's files there.
pub const PUBLIC_PATH: &str = "/media";

/// The widths a picture is resized to when it is wider.
pub const VARIANT_WIDTHS: [u32; 3] = [320, 640, 1280];

/// WebP quality of the resized copies: small files, no visible loss on a phone screen.
const VARIANT_QUALITY: f32 = 78.0;

/// What an object store keeps beside the bytes, where it can: names are never reused, so a copy may be
/// kept by browsers and CDNs for a year.
const CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

/// Keeps media files in an object store under new random names, each directly under the store's root
/// (the key is the file name).
#[derive(Debug, Clone)]
pub struct ObjectMediaStore {
    objects: Arc<dyn ObjectStore>,
    /// Whether each object is written with its content type and cache policy (S3 keeps them; a local
    /// directory cannot).
    attributes: bool,
    /// One permit a picture being decoded; clones of the store share them.
    decodes: Arc<Semaphore>,
}

impl ObjectMediaStore {
    /// A store writing into the directory `dir`, created when missing, decoding as many pictures at once
    /// as the machine has cores.
    ///
    /// # Errors
    /// When the directory cannot be created.
    pub fn local(dir: PathBuf) -> std::io::Result<Self> {
        Self::local_with_decodes_at_once(dir, cores())
    }

    /// A store writing into the directory `dir`, created when missing, decoding at most `decodes` pictures
    /// at once (at least one).
    ///
    /// # Errors
    /// When the directory cannot be created.
    pub fn local_with_decodes_at_once(dir: PathBuf, decodes: usize) -> std::io::Result<Self> {
        std::fs::create_dir_all(&dir)?;
        let directory = LocalFileSystem::new_with_prefix(&dir).map_err(std::io::Error::other)?;
        Ok(Self::new(Arc::new(directory), false, decodes))
    }

    /// A store writing into `objects`; with `attributes` each object is written with its content type and
    /// cache policy.
    #[must_use]
    pub fn new(objects: Arc<dyn ObjectStore>, attributes: bool, decodes: usize) -> Self {
        Self { objects, attributes, decodes: Arc::new(Semaphore::new(decodes.max(1))) }
    }

    /// The store the files are kept in, each under its file name: what the HTTP server reads them from.
    #[must_use]
    pub fn objects(&self) -> Arc<dyn ObjectStore> {
        self.objects.clone()
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
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
/// the store's root included.
fn file_name(url: &str) -> Option<&str> {
    url.strip_prefix(PUBLIC_PATH)?
        .strip_prefix('/')
        .filter(|n| !n.is_empty() && !n.contains('/') && !n.starts_with('.'))
}

/// A file and the copies of its stem: every name an upload may have been kept under.
fn names_with_copies(name: &str) -> impl Iterator<Item = String> + '_ {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    std::iter::once(name.to_owned()).chain(VARIANT_WIDTHS.into_iter().map(move |width| variant_name(stem, width)))
}

fn failed(err: impl std::error::Error + Send + Sync + 'static) -> MediaStoreError {
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

/// A file ready to be written: its name, content type and bytes.
struct File {
    name: String,
    content_type: String,
    bytes: Vec<u8>,
}

/// The narrower copies of a picture, as WebP files named after `stem`.
fn variant_files(stem: &str, picture: &DynamicImage) -> Result<Vec<(File, MediaVariant)>, MediaStoreError> {
    let mut copies = Vec::new();
    for width in VARIANT_WIDTHS.into_iter().filter(|w| *w < picture.width()) {
        let height = (u64::from(picture.height()) * u64::from(width) / u64::from(picture.width())).max(1);
        let resized = picture.resize_exact(width, u32::try_from(height).unwrap_or(1), FilterType::Triangle);
        let name = variant_name(stem, width);
        let file =
            File { name: name.clone(), content_type: "image/webp".into(), bytes: webp_of(&resized, VARIANT_QUALITY)? };
        copies.push((file, MediaVariant { url: address(&name), width }));
    }
    Ok(copies)
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

/// The files an upload is kept as (a picture decoded first, then with its copies) and what the store answers
/// for it. With `reencode` the picture is kept as WebP encoded from its pixels, never as the bytes uploaded.
fn prepare(
    stem: &str,
    name: &str,
    upload: MediaUpload,
    reencode: bool,
) -> Result<(Vec<File>, StoredMedia), MediaStoreError> {
    let picture = if upload.content_type.starts_with("image/") {
        Some(decode(&upload.bytes, &upload.content_type)?)
    } else {
        None
    };
    let (bytes, content_type) = match (&picture, reencode) {
        (Some(picture), true) => (webp_of(picture, REENCODED_QUALITY)?, "image/webp".to_owned()),
        (None, true) => return Err(MediaStoreError::Unusable(UnusablePicture::Undecodable)),
        (_, false) => (upload.bytes, upload.content_type),
    };
    let copies = picture.as_ref().map_or(Ok(Vec::new()), |picture| variant_files(stem, picture))?;
    let (copies, variants): (Vec<File>, Vec<MediaVariant>) = copies.into_iter().unzip();
    let mut files = vec![File { name: name.to_owned(), content_type, bytes }];
    files.extend(copies);
    Ok((files, StoredMedia { url: address(name), width: picture.map(|p| p.width()), variants }))
}

impl ObjectMediaStore {
    async fn store(&self, upload: MediaUpload, reencode: bool) -> Result<StoredMedia, MediaStoreError> {
        let stem = format!("{:032x}", rand::rng().random::<u128>());
        let name = format!("{stem}.{}", if reencode { "webp" } else { extension(&upload.content_type) });
        // A decoded picture takes up to a few hundred MB: only so many are decoded at once. The permit is
        // held while decoding and encoding, not while the files travel to the store.
        let permit = if upload.content_type.starts_with("image/") {
            Some(self.decodes.clone().acquire_owned().await.map_err(failed)?)
        } else {
            None
        };
        let (files, stored) = tokio::task::spawn_blocking(move || {
            let prepared = prepare(&stem, &name, upload, reencode);
            drop(permit);
            prepared
        })
        .await
        .map_err(failed)??;
        let names: Vec<String> = files.iter().map(|file| file.name.clone()).collect();
        // Every write is waited for, failed or not, so none lands after the clean-up below.
        let written = futures_util::future::join_all(files.into_iter().map(|file| self.write(file))).await;
        if let Some(err) = written.into_iter().find_map(Result::err) {
            self.delete(names).await;
            return Err(failed(err));
        }
        Ok(stored)
    }

    async fn write(&self, file: File) -> Result<(), object_store::Error> {
        let mut options = PutOptions::default();
        if self.attributes {
            options.attributes = Attributes::from_iter([
                (Attribute::ContentType, file.content_type),
                (Attribute::CacheControl, CACHE_CONTROL.to_owned()),
            ]);
        }
        self.objects.put_opts(&Path::from(file.name), PutPayload::from(file.bytes), options).await.map(|_| ())
    }

    /// Deletes the files named; those already gone are skipped, any other failure is logged (the file stays
    /// behind, unreferenced).
    async fn delete(&self, names: Vec<String>) {
        if names.is_empty() {
            return;
        }
        let paths = futures_util::stream::iter(names.into_iter().map(|name| Ok(Path::from(name)))).boxed();
        let mut deleted = self.objects.delete_stream(paths);
        while let Some(result) = deleted.next().await {
            match result {
                Ok(_) | Err(object_store::Error::NotFound { .. }) => {}
                Err(err) => tracing::warn!(error = %err, "a media file could not be removed"),
            }
        }
    }
}

#[async_trait]
impl MediaStore for ObjectMediaStore {
    async fn save(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError> {
        self.store(upload, false).await
    }

    async fn save_reencoded(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError> {
        self.store(upload, true).await
    }

    async fn remove(&self, urls: Vec<String>) {
        let names = urls.iter().filter_map(|url| file_name(url)).flat_map(names_with_copies).collect();
        self.delete(names).await;
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

    fn file(dir: &std::path::Path, url: &str) -> PathBuf {
        dir.join(file_name(url).unwrap())
    }

    #[tokio::test]
    async fn a_wide_picture_gets_webp_copies_at_each_narrower_width() {
        let dir = scratch();
        let store = ObjectMediaStore::local(dir.clone()).unwrap();

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
        let store = ObjectMediaStore::local(dir.clone()).unwrap();

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
        let store = ObjectMediaStore::local(dir.clone()).unwrap();
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
        let store = ObjectMediaStore::local(dir.clone()).unwrap();

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
        let store = ObjectMediaStore::local(dir.clone()).unwrap();
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
        let store = ObjectMediaStore::local(dir.clone()).unwrap();
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
        let store = ObjectMediaStore::local_with_decodes_at_once(dir.clone(), 1).unwrap();
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
