//! Uploaded media in an object store, a local directory or an S3 bucket (through the `object_store` crate,
//! so both are written by the same code): each upload under a new random name, pictures also as lossy WebP
//! copies at the widths phones need. Uploaded pictures are kept re-encoded from their pixels (turned upright
//! as their camera's orientation tag says, narrowed to a largest width), so no camera metadata is ever
//! served. An upload written to a file as it arrived is read from it only while it is kept: a picture whole
//! while it is decoded (one decode a core at a time), a video streamed to the store. This crate alone knows
//! how files are named and addressed: the addresses it answers are stored and shown as they are, whichever
//! store holds the files.

mod open;
#[cfg(feature = "test-support")]
pub mod test_support;

use std::io::{Cursor, Read as _, Seek as _, SeekFrom};
use std::path::PathBuf;
use std::sync::Arc;

use application::media::model::MediaVariant;
use application::media::picture::{check_dimensions, UnusablePicture, MAX_PICTURE_PIXELS};
use application::media::ports::{MediaStore, MediaStoreError, MediaUpload, StoredMedia, UploadContent};
use async_trait::async_trait;
use futures_util::StreamExt as _;
use image::imageops::FilterType;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder as _, ImageError, ImageFormat, ImageReader, Limits};
use object_store::buffered::BufWriter;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{Attribute, Attributes, ObjectStore, PutOptions, PutPayload};
use rand::Rng;
use tokio::io::AsyncWriteExt as _;
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
/// declaring a huge picture takes no memory; the pixels are turned upright as the file's orientation tag
/// (EXIF) says, as browsers show the file itself.
fn decode(bytes: &[u8], content_type: &str) -> Result<DynamicImage, UnusablePicture> {
    let format = ImageFormat::from_mime_type(content_type).ok_or(UnusablePicture::Undecodable)?;
    if format == ImageFormat::Jpeg && !jpeg_reaches_its_end(bytes) {
        return Err(UnusablePicture::Undecodable);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(decode_limits());
    let mut decoder = reader.into_decoder().map_err(|_| UnusablePicture::Undecodable)?;
    let (width, height) = decoder.dimensions();
    check_dimensions(width, height)?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut limits = decode_limits();
    limits.reserve(decoder.total_bytes()).map_err(|_| UnusablePicture::TooManyPixels { width, height })?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|err| match err {
        ImageError::Limits(_) => UnusablePicture::TooManyPixels { width, height },
        _ => UnusablePicture::Undecodable,
    })?;
    picture.apply_orientation(orientation);
    Ok(picture)
}

/// The most pixels a WebP file may have on a side.
const WEBP_MAX_SIDE: u32 = 16_383;

/// `picture` resized to `width` pixels wide, its height in proportion.
fn resized(picture: &DynamicImage, width: u32) -> DynamicImage {
    let height = (u64::from(picture.height()) * u64::from(width) / u64::from(picture.width())).max(1);
    picture.resize_exact(width, u32::try_from(height).unwrap_or(1), FilterType::Triangle)
}

/// `picture` as it is kept when re-encoded: at most `max_width` wide, and no side over what WebP holds.
fn narrowed(picture: &DynamicImage, max_width: u32) -> Option<DynamicImage> {
    let by_height = u64::from(picture.width()) * u64::from(WEBP_MAX_SIDE) / u64::from(picture.height().max(1));
    let width = u64::from(max_width.min(WEBP_MAX_SIDE)).min(by_height).max(1);
    (width < u64::from(picture.width())).then(|| resized(picture, u32::try_from(width).unwrap_or(1)))
}

/// A file ready to be written: its name, content type and bytes.
struct File {
    name: String,
    content_type: String,
    bytes: Vec<u8>,
}

/// The narrower copies of a picture, as WebP files named after `stem`, at each of [`VARIANT_WIDTHS`] below
/// the picture's width. The copy exactly as wide as `kept` (the picture as kept, `name`) is `kept` itself:
/// it gets no file of its own.
fn variant_files(
    stem: &str,
    picture: &DynamicImage,
    kept: (&str, u32),
) -> Result<Vec<(Option<File>, MediaVariant)>, MediaStoreError> {
    let mut copies = Vec::new();
    for width in VARIANT_WIDTHS.into_iter().filter(|w| *w < picture.width()) {
        if width == kept.1 {
            copies.push((None, MediaVariant { url: address(kept.0), width }));
            continue;
        }
        let name = variant_name(stem, width);
        let bytes = webp_of(&resized(picture, width), VARIANT_QUALITY)?;
        let file = File { name: name.clone(), content_type: "image/webp".into(), bytes };
        copies.push((Some(file), MediaVariant { url: address(&name), width }));
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

/// The bytes of an upload, read from the start of its file when it is in one.
fn bytes_of(content: UploadContent) -> Result<Vec<u8>, MediaStoreError> {
    match content {
        UploadContent::Bytes(bytes) => Ok(bytes),
        UploadContent::File(mut file) => {
            let mut bytes = Vec::new();
            file.seek(SeekFrom::Start(0)).and_then(|_| file.read_to_end(&mut bytes)).map_err(failed)?;
            Ok(bytes)
        }
    }
}

/// The files a picture is kept as (decoded first, then with its copies) and what the store answers for it.
/// With `reencode` (the widest it may be kept) the picture is kept as WebP encoded from its pixels, never as
/// the bytes uploaded.
fn prepare_picture(
    stem: &str,
    name: &str,
    bytes: Vec<u8>,
    content_type: String,
    reencode: Option<u32>,
) -> Result<(Vec<File>, StoredMedia), MediaStoreError> {
    let picture = decode(&bytes, &content_type)?;
    let (main, width, content_type) = match reencode {
        Some(max_width) => {
            drop(bytes);
            let kept = narrowed(&picture, max_width);
            let kept = kept.as_ref().unwrap_or(&picture);
            (webp_of(kept, REENCODED_QUALITY)?, kept.width(), "image/webp".to_owned())
        }
        None => (bytes, picture.width(), content_type),
    };
    let (copies, variants): (Vec<Option<File>>, Vec<MediaVariant>) =
        variant_files(stem, &picture, (name, width))?.into_iter().unzip();
    let mut files = vec![File { name: name.to_owned(), content_type, bytes: main }];
    files.extend(copies.into_iter().flatten());
    Ok((files, StoredMedia { url: address(name), width: Some(width), variants }))
}

impl ObjectMediaStore {
    async fn store(&self, upload: MediaUpload, reencode: Option<u32>) -> Result<StoredMedia, MediaStoreError> {
        let stem = format!("{:032x}", rand::rng().random::<u128>());
        let name = format!("{stem}.{}", if reencode.is_some() { "webp" } else { extension(&upload.content_type) });
        if !upload.content_type.starts_with("image/") {
            if reencode.is_some() {
                return Err(MediaStoreError::Unusable(UnusablePicture::Undecodable));
            }
            return self.store_as_uploaded(name, upload).await;
        }
        // A decoded picture takes up to a few hundred MB: only so many are read and decoded at once. The
        // permit is held while reading, decoding and encoding, not while the files travel to the store.
        let permit = self.decodes.clone().acquire_owned().await.map_err(failed)?;
        let MediaUpload { content, content_type } = upload;
        let (files, stored) = tokio::task::spawn_blocking(move || {
            let prepared =
                bytes_of(content).and_then(|bytes| prepare_picture(&stem, &name, bytes, content_type, reencode));
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

    /// Keeps a file that is not a picture (a video) as uploaded: from memory in one write, from its file
    /// streamed to the store a few megabytes at a time.
    async fn store_as_uploaded(&self, name: String, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError> {
        let url = address(&name);
        let written = match upload.content {
            UploadContent::Bytes(bytes) => {
                self.write(File { name: name.clone(), content_type: upload.content_type, bytes }).await.map_err(failed)
            }
            UploadContent::File(file) => self.stream(&name, upload.content_type, file).await,
        };
        if let Err(err) = written {
            self.delete(vec![name]).await;
            return Err(err);
        }
        Ok(StoredMedia { url, width: None, variants: Vec::new() })
    }

    /// Copies `file` from its start to the object `name`, holding at most a few parts in memory.
    async fn stream(&self, name: &str, content_type: String, file: std::fs::File) -> Result<(), MediaStoreError> {
        const PART: usize = 8 * 1024 * 1024;
        let mut writer = BufWriter::with_capacity(self.objects.clone(), Path::from(name), PART).with_max_concurrency(2);
        if self.attributes {
            writer = writer.with_attributes(self.attributes_of(content_type));
        }
        let mut file = tokio::fs::File::from_std(file);
        let copied = async {
            tokio::io::AsyncSeekExt::seek(&mut file, SeekFrom::Start(0)).await?;
            tokio::io::copy(&mut file, &mut writer).await?;
            writer.shutdown().await
        }
        .await;
        if let Err(err) = copied {
            let _ = writer.abort().await;
            return Err(failed(err));
        }
        Ok(())
    }

    fn attributes_of(&self, content_type: String) -> Attributes {
        Attributes::from_iter([
            (Attribute::ContentType, content_type),
            (Attribute::CacheControl, CACHE_CONTROL.to_owned()),
        ])
    }

    async fn write(&self, file: File) -> Result<(), object_store::Error> {
        let mut options = PutOptions::default();
        if self.attributes {
            options.attributes = self.attributes_of(file.content_type);
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
        self.store(upload, None).await
    }

    async fn save_reencoded(&self, upload: MediaUpload, max_width: u32) -> Result<StoredMedia, MediaStoreError> {
        self.store(upload, Some(max_width)).await
    }

    async fn remove(&self, urls: Vec<String>) {
        let names = urls.iter().filter_map(|url| file_name(url)).flat_map(names_with_copies).collect();
        self.delete(names).await;
    }
}

#[cfg(test)]
mod tests;
