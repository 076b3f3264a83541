//! Multipart forms with files (the review forms, the admin's product form), read part by part in the order
//! they were sent, never whole in memory: text parts into memory within their limits, file parts straight
//! into unnamed temporary files (gone when closed, even after a crash). Every byte of the body counts
//! against the route's own total, whether the body came with a Content-Length (refused at once when it
//! declares more) or chunked; the body timer ([`crate::infra::edges::BodyDeadline`]) grows with what has arrived, so
//! the total also caps how long a body can take. A route decides what it can from the text parts sent
//! before the first file part (a review link's token, a customer's order) before any file byte is read, and
//! takes one of a bounded number of upload slots only then: past them the answer is 503.

use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use actix_multipart::{Field, Multipart, MultipartError};
use actix_web::error::PayloadError;
use actix_web::web::Bytes;
use actix_web::HttpRequest;
use futures_util::{Stream, StreamExt as _};
use tokio::io::{AsyncWriteExt as _, BufWriter};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::infra::error::ApiError;

/// The answer when every upload slot is taken.
pub const UPLOADS_BUSY: &str = "Too many pictures are being uploaded right now. Please try again in a minute.";

/// How many of the first bytes of a file judge what it is.
const HEAD_BYTES: usize = 64 * 1024;

/// What each text part counts against [`FormLimits::texts`] beside its bytes.
const TEXT_PART_COST: usize = 64;

/// How much of a file is held before it is written out.
const WRITE_BUFFER_BYTES: usize = 1024 * 1024;

/// What a route's form may hold, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormLimits {
    /// The whole body: every part with its headers and boundaries.
    pub total: u64,
    /// The body before its first file part, while nothing is decided yet.
    pub before_files: u64,
    /// Each text field.
    pub text_field: usize,
    /// Every text field kept, together.
    pub texts: usize,
    /// Files that are not empty (empty file parts are skipped).
    pub files: usize,
}

/// The names a form reads: text fields and file fields. Parts under other names are skipped.
#[derive(Debug, Clone, Copy)]
pub struct FormFields {
    pub texts: &'static [&'static str],
    pub files: &'static [&'static str],
}

/// The answers a route gives when its form passes a limit.
#[derive(Debug, Clone, Copy)]
pub struct FormRefusals {
    /// The whole form, or a text field, is over its limit.
    pub too_large: fn() -> ApiError,
    /// One file is over what its kind may be.
    pub file_too_large: fn() -> ApiError,
    /// One file more than [`FormLimits::files`].
    pub too_many_files: fn() -> ApiError,
}

/// The upload slots: how many forms with files may be received and worked on at once, one pool for the
/// shoppers' review forms (UPLOADS_AT_ONCE) and one for the admin's product form, so a flood of the
/// former never keeps the owner out; and where the files are written while they arrive.
#[derive(Debug, Clone)]
pub struct UploadSlots {
    shoppers: Arc<Semaphore>,
    owner: Arc<Semaphore>,
    dir: PathBuf,
}

/// The admin's product forms received at once: one owner, from a phone.
const OWNER_UPLOADS_AT_ONCE: usize = 2;

impl UploadSlots {
    /// `shoppers` review forms with pictures at once (at least one), their files written under `dir`.
    #[must_use]
    pub fn new(shoppers: usize, dir: PathBuf) -> Self {
        Self {
            shoppers: Arc::new(Semaphore::new(shoppers.max(1))),
            owner: Arc::new(Semaphore::new(OWNER_UPLOADS_AT_ONCE)),
            dir,
        }
    }

    /// A slot for a shopper's form, held until the request is answered.
    ///
    /// # Errors
    /// A 503 when every slot is taken.
    pub fn shopper(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        self.shoppers.clone().try_acquire_owned().map_err(|_| ApiError::Unavailable(UPLOADS_BUSY.into()))
    }

    /// A slot for the admin's form, held until the request is answered.
    ///
    /// # Errors
    /// A 503 when every slot is taken.
    pub fn owner(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        self.owner.clone().try_acquire_owned().map_err(|_| ApiError::Unavailable(UPLOADS_BUSY.into()))
    }

    /// Where files are written while they arrive.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// A file of the form, written as it arrived.
#[derive(Debug)]
pub struct UploadedFile {
    /// Its first bytes (up to 64 KiB), which judged it.
    pub head: Vec<u8>,
    /// Its size in bytes.
    pub size: u64,
    /// The file, positioned anywhere: readers seek to its start.
    pub file: std::fs::File,
}

/// The request body, counted: past `limit` bytes it fails as an overflow.
struct Counted<S> {
    inner: S,
    received: Arc<std::sync::atomic::AtomicU64>,
    limit: u64,
}

impl<S: Stream<Item = Result<Bytes, PayloadError>> + Unpin> Stream for Counted<S> {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        match Pin::new(&mut self.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                let received = self.received.fetch_add(chunk.len() as u64, std::sync::atomic::Ordering::Relaxed)
                    + chunk.len() as u64;
                if received > self.limit {
                    Poll::Ready(Some(Err(PayloadError::Overflow)))
                } else {
                    Poll::Ready(Some(Ok(chunk)))
                }
            }
            other => other,
        }
    }
}

/// A multipart form being read.
pub struct FormReader {
    parts: Multipart,
    fields: FormFields,
    limits: FormLimits,
    refusals: FormRefusals,
    received: Arc<std::sync::atomic::AtomicU64>,
    texts: Vec<(&'static str, String)>,
    text_bytes: usize,
    /// The file part the text parts stopped at, not read yet.
    waiting: Option<Field>,
    /// Whether the file parts are being read (no longer only what comes before them).
    reading_files: bool,
    files: usize,
}

impl FormReader {
    /// A reader of `payload` as `req`'s multipart form.
    ///
    /// # Errors
    /// 413 at once when the declared length is above the total.
    pub fn new(
        req: &HttpRequest,
        payload: actix_web::web::Payload,
        fields: FormFields,
        limits: FormLimits,
        refusals: FormRefusals,
    ) -> Result<Self, ApiError> {
        let declared = req
            .headers()
            .get(actix_web::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if declared.is_some_and(|length| length > limits.total) {
            return Err((refusals.too_large)());
        }
        let received = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let counted = Counted { inner: payload, received: received.clone(), limit: limits.total };
        Ok(Self {
            parts: Multipart::new(req.headers(), counted),
            fields,
            limits,
            refusals,
            received,
            texts: Vec::new(),
            text_bytes: 0,
            waiting: None,
            reading_files: false,
            files: 0,
        })
    }

    /// The body's bytes that have arrived so far.
    fn received(&self) -> u64 {
        self.received.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// A failure to read the form as the contract's answer: past a limit, the route's own 413.
    fn refused(&self, err: &MultipartError) -> ApiError {
        match form_error(err) {
            ApiError::PayloadTooLarge(_) => (self.refusals.too_large)(),
            other => other,
        }
    }

    /// The next part, or `None` at the end of the form.
    async fn next_part(&mut self) -> Result<Option<Field>, ApiError> {
        match self.parts.next().await {
            None => Ok(None),
            Some(Ok(field)) => Ok(Some(field)),
            Some(Err(err)) => Err(self.refused(&err)),
        }
    }

    /// Reads the text parts up to the first file part (left unread) or the end of the form. Nothing beyond
    /// [`FormLimits::before_files`] bytes of the body is read here.
    ///
    /// # Errors
    /// The route's 413 past a limit, a 400 for a text field that is not UTF-8 or a form that cannot be read,
    /// 408 when the body is too slow.
    pub async fn read_texts(&mut self) -> Result<(), ApiError> {
        while self.waiting.is_none() {
            let Some(field) = self.next_part().await? else { break };
            self.take(field).await?;
            // Parts without data (headers alone) count too.
            if self.waiting.is_none() && self.received() > self.limits.before_files {
                return Err((self.refusals.too_large)());
            }
        }
        Ok(())
    }

    /// A chunk of a part has arrived: before the file parts are read, no more than
    /// [`FormLimits::before_files`] bytes of the body may have.
    fn arrived(&self, chunk: Result<Bytes, MultipartError>) -> Result<Bytes, ApiError> {
        let chunk = chunk.map_err(|err| self.refused(&err))?;
        if !self.reading_files && self.received() > self.limits.before_files {
            return Err((self.refusals.too_large)());
        }
        Ok(chunk)
    }

    /// Whether a file part waits to be read.
    #[must_use]
    pub fn file_waits(&self) -> bool {
        self.waiting.is_some()
    }

    /// The text field `name` as last sent, so far.
    #[must_use]
    pub fn text(&self, name: &str) -> Option<&str> {
        self.texts.iter().rev().find(|(n, _)| *n == name).map(|(_, value)| value.as_str())
    }

    /// Every value sent under the text field `name`, in order; `None` when none was.
    #[must_use]
    pub fn texts(&self, name: &str) -> Option<Vec<&str>> {
        let values: Vec<&str> = self.texts.iter().filter(|(n, _)| *n == name).map(|(_, v)| v.as_str()).collect();
        (!values.is_empty()).then_some(values)
    }

    /// Reads the rest of the form: each file part into a file under `dir` once `judge` has accepted its
    /// first bytes (answering the most bytes a file of that kind may have), and text parts as before.
    ///
    /// # Errors
    /// As [`FormReader::read_texts`]; `judge`'s refusal; the route's answers for a file over its kind's
    /// size and for one file too many; a 500 when a file cannot be written.
    pub async fn read_files(
        &mut self,
        dir: &Path,
        judge: &dyn Fn(&[u8]) -> Result<u64, ApiError>,
    ) -> Result<Vec<UploadedFile>, ApiError> {
        self.reading_files = true;
        let mut files = Vec::new();
        loop {
            if let Some(field) = self.waiting.take() {
                if let Some(file) = self.read_file(field, dir, judge).await? {
                    files.push(file);
                }
            }
            let Some(field) = self.next_part().await? else { break };
            self.take(field).await?;
        }
        Ok(files)
    }

    /// Reads a text part, leaves a file part waiting, drains a part of any other name.
    async fn take(&mut self, mut field: Field) -> Result<(), ApiError> {
        let name = field.name().unwrap_or_default().to_owned();
        if self.fields.files.contains(&name.as_str()) {
            self.waiting = Some(field);
            return Ok(());
        }
        let Some(text_field) = self.fields.texts.iter().copied().find(|f| *f == name) else {
            while let Some(chunk) = field.next().await {
                self.arrived(chunk)?;
            }
            return Ok(());
        };
        // A text part costs its bytes and a little more, so many empty ones cannot fill the list either.
        self.text_bytes += TEXT_PART_COST;
        if self.text_bytes > self.limits.texts {
            return Err((self.refusals.too_large)());
        }
        let mut value = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = self.arrived(chunk)?;
            self.text_bytes += chunk.len();
            if value.len() + chunk.len() > self.limits.text_field || self.text_bytes > self.limits.texts {
                return Err((self.refusals.too_large)());
            }
            value.extend_from_slice(&chunk);
        }
        let value = String::from_utf8(value)
            .map_err(|_| ApiError::invalid_field(text_field.trim_end_matches("[]"), "Text fields must be UTF-8."))?;
        self.texts.push((text_field, value));
        Ok(())
    }

    /// Reads one file part; `None` for an empty one. Its first bytes are held until they judge it; then
    /// they and the rest go to its file.
    async fn read_file(
        &mut self,
        mut field: Field,
        dir: &Path,
        judge: &dyn Fn(&[u8]) -> Result<u64, ApiError>,
    ) -> Result<Option<UploadedFile>, ApiError> {
        let mut head: Vec<u8> = Vec::new();
        let mut size: u64 = 0;
        let mut open: Option<(BufWriter<tokio::fs::File>, u64)> = None;
        while let Some(chunk) = field.next().await {
            let chunk = self.arrived(chunk)?;
            if chunk.is_empty() {
                continue;
            }
            if size == 0 {
                if self.files == self.limits.files {
                    return Err((self.refusals.too_many_files)());
                }
                self.files += 1;
            }
            size += chunk.len() as u64;
            match &mut open {
                Some((file, cap)) => {
                    if size > *cap {
                        return Err((self.refusals.file_too_large)());
                    }
                    file.write_all(&chunk).await.map_err(write_failed)?;
                }
                None => {
                    head.extend_from_slice(&chunk);
                    if head.len() >= HEAD_BYTES {
                        open = Some(self.open(dir, &head, size, judge).await?);
                    }
                }
            }
        }
        if size == 0 {
            return Ok(None);
        }
        let (mut file, _) = match open {
            Some(open) => open,
            None => self.open(dir, &head, size, judge).await?,
        };
        file.flush().await.map_err(write_failed)?;
        head.truncate(HEAD_BYTES);
        Ok(Some(UploadedFile { head, size, file: file.into_inner().into_std().await }))
    }

    /// The file a part whose first bytes are `head` (of `size` so far) is written to, and the most bytes it
    /// may have, once `judge` has accepted it.
    async fn open(
        &self,
        dir: &Path,
        head: &[u8],
        size: u64,
        judge: &dyn Fn(&[u8]) -> Result<u64, ApiError>,
    ) -> Result<(BufWriter<tokio::fs::File>, u64), ApiError> {
        let cap = judge(head)?;
        if size > cap {
            return Err((self.refusals.file_too_large)());
        }
        let dir = dir.to_owned();
        let file = tokio::task::spawn_blocking(move || tempfile::tempfile_in(dir))
            .await
            .map_err(|err| ApiError::Internal(Box::new(err)))?
            .map_err(write_failed)?;
        // Written a megabyte at a time: each write of a file is a task on the blocking pool.
        let mut file = BufWriter::with_capacity(WRITE_BUFFER_BYTES, tokio::fs::File::from_std(file));
        file.write_all(head).await.map_err(write_failed)?;
        Ok((file, cap))
    }
}

fn write_failed(err: std::io::Error) -> ApiError {
    ApiError::Internal(Box::new(err))
}

/// The failure of the request body's stream behind `err`, when reading the body is what failed.
fn payload_error(err: &MultipartError) -> Option<&PayloadError> {
    match err {
        MultipartError::Payload(payload) => Some(payload),
        MultipartError::Field { source, .. } => match source.as_error::<MultipartError>() {
            Some(MultipartError::Payload(payload)) => Some(payload),
            _ => None,
        },
        _ => None,
    }
}

/// A form that could not be read, as the contract's answer: 413 past a limit, 408 when too slow, 400 for
/// anything else.
pub fn form_error(err: &MultipartError) -> ApiError {
    match payload_error(err) {
        Some(PayloadError::Overflow) => ApiError::PayloadTooLarge("The form is too large.".into()),
        Some(payload) => payload.into(),
        None => ApiError::bad_request(format!("The form could not be read: {err}")),
    }
}

/// The field names a form's schema documents.
#[cfg(test)]
pub fn documented_fields<T: utoipa::PartialSchema>() -> Vec<String> {
    match T::schema() {
        utoipa::openapi::RefOr::T(utoipa::openapi::Schema::Object(schema)) => {
            schema.properties.keys().cloned().collect()
        }
        _ => panic!("an object schema"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_past_a_limit_is_413_one_too_slow_408_and_one_that_is_not_multipart_400() {
        let overflow = form_error(&MultipartError::Payload(PayloadError::Overflow));
        let slow = form_error(&MultipartError::Payload(PayloadError::Io(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            "late",
        ))));
        let not_multipart = form_error(&MultipartError::ContentTypeIncompatible);

        assert!(matches!(overflow, ApiError::PayloadTooLarge(_)));
        assert!(matches!(slow, ApiError::RequestTimeout(_)));
        assert_eq!(
            not_multipart.to_string(),
            "The form could not be read: Parsed Content-Type did not have 'multipart' top-level media type"
        );
    }

    #[test]
    fn a_slot_past_the_last_is_a_503_and_a_returned_one_is_taken_again() {
        let slots = UploadSlots::new(1, std::env::temp_dir());

        let first = slots.shopper().unwrap();
        let refused = slots.shopper().unwrap_err();
        let owner = slots.owner();
        drop(first);

        assert!(matches!(refused, ApiError::Unavailable(ref message) if message == UPLOADS_BUSY));
        assert!(owner.is_ok(), "the owner's slots are their own");
        assert!(slots.shopper().is_ok());
    }
}
