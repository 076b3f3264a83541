//! Uploaded media as the server gives them out: the addresses it answers (the stored `/media/<name>`, or
//! that address under `MEDIA_BASE_URL`, a CDN whose origin is the shop), and `GET /media/{name}` answered
//! from the object store the files live in when that is not a local directory.

use std::path::PathBuf;
use std::sync::Arc;

use actix_web::body::BoxBody;
use actix_web::dev::{Service as _, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::TryStreamExt as _;
use object_store::path::Path;
use object_store::{GetOptions, GetRange, ObjectStore, ObjectStoreExt as _};

use crate::infra::error::ApiError;

/// What a media file's answer may be kept for: names are never reused, so a year, unchanged.
pub const MEDIA_CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

/// Where the media files are served from.
#[derive(Debug, Clone)]
pub enum MediaFiles {
    /// A local directory, served by actix-files.
    Directory(PathBuf),
    /// An object store (S3), each file under its name.
    Objects(Arc<dyn ObjectStore>),
}

/// How the stored addresses of media (`/media/<name>`) are given out: as they are, or under a base URL.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MediaAddresses {
    /// `https://cdn.example.com` or `https://cdn.example.com/shop`, without a trailing `/`.
    base: Option<String>,
    /// The base's scheme, host and port, for the Content-Security-Policy.
    origin: Option<String>,
}

impl MediaAddresses {
    /// Addresses given out as stored, relative to the shop.
    #[must_use]
    pub fn relative() -> Self {
        Self::default()
    }

    /// Addresses given out under `base` (MEDIA_BASE_URL).
    ///
    /// # Errors
    /// Why `base` cannot be used, in words.
    pub fn under(base: &str) -> Result<Self, String> {
        let url = url::Url::parse(base).map_err(|e| format!("{base:?} is not a URL: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            return Err(format!("{base:?} must be an http:// or https:// URL"));
        }
        if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() || url.password().is_some() {
            return Err(format!("{base:?} must not carry credentials, a query or a fragment"));
        }
        let origin = url.origin().ascii_serialization();
        Ok(Self { base: Some(url.as_str().trim_end_matches('/').to_owned()), origin: Some(origin) })
    }

    /// The address to give out for a stored one; addresses not of the shop (already absolute) stay as they are.
    #[must_use]
    pub fn public(&self, stored: &str) -> String {
        match &self.base {
            Some(base) if stored.starts_with('/') => format!("{base}{stored}"),
            _ => stored.to_owned(),
        }
    }

    /// The stored address of one given out (a client sends back the addresses it was given).
    #[must_use]
    pub fn stored<'a>(&self, given: &'a str) -> &'a str {
        self.base
            .as_deref()
            .and_then(|base| given.strip_prefix(base))
            .filter(|rest| rest.starts_with('/'))
            .unwrap_or(given)
    }

    /// The origin media are loaded from when it is not the shop's own.
    #[must_use]
    pub fn origin(&self) -> Option<&str> {
        self.origin.as_deref()
    }
}

/// The object store `GET /media/{name}` reads from.
#[derive(Debug, Clone)]
pub struct MediaObjects(pub Arc<dyn ObjectStore>);

/// A name the media store can have written: letters, digits, `-`, `_` and a dot before the extension, never
/// a path (so nothing outside the store's root, or its key prefix, can be named).
fn is_media_name(name: &str) -> bool {
    (1..=128).contains(&name.len())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && name.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && !name.contains("..")
}

/// An entity tag as HTTP writes it: S3's come quoted, others are quoted here.
fn quoted(tag: &str) -> String {
    if tag.starts_with('"') || tag.starts_with("W/") {
        tag.to_owned()
    } else {
        format!("\"{tag}\"")
    }
}

/// The one byte range a `Range` header asks for (`bytes=a-b`, `bytes=a-`, `bytes=-n`); `None` for anything
/// else, several ranges included, which are answered whole.
fn byte_range(header: &str) -> Option<GetRange> {
    let (first, last) = header.trim().strip_prefix("bytes=")?.split_once('-')?;
    let number = |text: &str| text.trim().parse::<u64>().ok();
    match (first.trim().is_empty(), last.trim().is_empty()) {
        (true, false) => number(last).filter(|n| *n > 0).map(GetRange::Suffix),
        (false, true) => number(first).map(GetRange::Offset),
        (false, false) => {
            let (first, last) = (number(first)?, number(last)?);
            (first <= last).then(|| GetRange::Bounded(first..last.saturating_add(1)))
        }
        (true, true) => None,
    }
}

fn not_found() -> ApiError {
    ApiError::NotFound("No such file.".into())
}

/// A media file from the object store, streamed as it arrives, with its entity tag (a matching
/// `If-None-Match` answers 304 without the body), its content type from its name and a year's caching; one
/// byte range when asked for (a video's seeking), unless `If-Range` makes it conditional.
pub async fn object(
    req: HttpRequest,
    name: web::Path<String>,
    objects: web::Data<MediaObjects>,
) -> Result<HttpResponse, ApiError> {
    let name = name.into_inner();
    if !is_media_name(&name) {
        return Err(not_found());
    }
    let if_none_match = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let range = if req.headers().contains_key(header::IF_RANGE) {
        None
    } else {
        req.headers().get(header::RANGE).and_then(|v| v.to_str().ok()).and_then(byte_range)
    };
    let path = Path::from(name.as_str());
    let options = GetOptions { if_none_match: if_none_match.clone(), range: range.clone(), ..GetOptions::default() };
    let found = match objects.0.get_opts(&path, options).await {
        Ok(found) => found,
        Err(object_store::Error::NotFound { .. }) => return Err(not_found()),
        Err(object_store::Error::NotModified { .. }) => {
            let mut answer = HttpResponse::NotModified();
            answer.insert_header((header::CACHE_CONTROL, MEDIA_CACHE_CONTROL));
            if let Some(tag) = if_none_match.filter(|tag| !tag.contains(',') && tag.trim() != "*") {
                answer.insert_header((header::ETAG, tag.trim().to_owned()));
            }
            return Ok(answer.finish());
        }
        Err(err) if range.is_some() => {
            // A range the object does not have: 416 naming its size.
            let size = match objects.0.head(&path).await {
                Ok(meta) => meta.size,
                Err(object_store::Error::NotFound { .. }) => return Err(not_found()),
                Err(_) => return Err(ApiError::Internal(Box::new(err))),
            };
            return Ok(HttpResponse::RangeNotSatisfiable()
                .insert_header((header::CONTENT_RANGE, format!("bytes */{size}")))
                .finish());
        }
        Err(err) => return Err(ApiError::Internal(Box::new(err))),
    };
    let extension = name.rsplit_once('.').map_or("", |(_, extension)| extension);
    let (size, sent) = (found.meta.size, found.range.clone());
    let mut answer = if range.is_some() {
        let mut partial = HttpResponse::PartialContent();
        partial.insert_header((
            header::CONTENT_RANGE,
            format!("bytes {}-{}/{size}", sent.start, sent.end.saturating_sub(1)),
        ));
        partial
    } else {
        HttpResponse::Ok()
    };
    answer
        .content_type(actix_files::file_extension_to_mime(extension))
        .insert_header((header::CACHE_CONTROL, MEDIA_CACHE_CONTROL))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .no_chunking(sent.end - sent.start);
    if let Some(tag) = &found.meta.e_tag {
        answer.insert_header((header::ETAG, quoted(tag)));
    }
    answer.insert_header((
        header::LAST_MODIFIED,
        header::HttpDate::from(std::time::SystemTime::from(found.meta.last_modified)),
    ));
    let body = found.into_stream().map_err(|err| std::io::Error::other(err.to_string()));
    Ok(answer.streaming(body))
}

/// Marks a media answer as cacheable for a year when it found a file (200, 206 or 304); an error answer is
/// not kept by a CDN for that long.
pub fn immutable_when_found(mut res: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    let status = res.status();
    if status.is_success() || status == StatusCode::NOT_MODIFIED {
        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(MEDIA_CACHE_CONTROL));
    }
    res
}

/// Registers `/media`: the directory through actix-files, or the object store through [`object`].
pub fn configure(cfg: &mut web::ServiceConfig, path: &'static str, files: &MediaFiles) {
    let scope = web::scope(path).wrap_fn(|req, srv| {
        let answer = srv.call(req);
        async move { answer.await.map(|res| immutable_when_found(res.map_into_boxed_body())) }
    });
    match files {
        MediaFiles::Directory(dir) => cfg.service(scope.service(actix_files::Files::new("", dir).use_etag(true))),
        MediaFiles::Objects(objects) => cfg.service(
            scope.app_data(web::Data::new(MediaObjects(objects.clone()))).route("/{name}", web::get().to(object)),
        ),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_base_addresses_are_given_out_as_stored() {
        let addresses = MediaAddresses::relative();

        assert_eq!(addresses.public("/media/a.png"), "/media/a.png");
        assert_eq!(addresses.stored("/media/a.png"), "/media/a.png");
        assert_eq!(addresses.origin(), None);
    }

    #[test]
    fn under_a_base_addresses_are_absolute_and_come_back_as_stored() {
        let addresses = MediaAddresses::under("https://cdn.example.test/shop/").unwrap();

        assert_eq!(addresses.public("/media/a.png"), "https://cdn.example.test/shop/media/a.png");
        assert_eq!(addresses.stored("https://cdn.example.test/shop/media/a.png"), "/media/a.png");
        assert_eq!(addresses.stored("/media/a.png"), "/media/a.png");
        assert_eq!(
            addresses.stored("https://cdn.example.test/shopx/media/a.png"),
            "https://cdn.example.test/shopx/media/a.png"
        );
        assert_eq!(addresses.origin(), Some("https://cdn.example.test"));
        assert_eq!(MediaAddresses::under("http://127.0.0.1:9000").unwrap().origin(), Some("http://127.0.0.1:9000"));
    }

    #[test]
    fn a_base_must_be_a_plain_web_address() {
        for bad in
            ["cdn.example.test", "ftp://cdn.example.test", "https://cdn.example.test/?v=1", "https://u:p@cdn.test"]
        {
            assert!(MediaAddresses::under(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn one_byte_range_is_read_and_anything_else_is_answered_whole() {
        assert_eq!(byte_range("bytes=0-99"), Some(GetRange::Bounded(0..100)));
        assert_eq!(byte_range("bytes=100-"), Some(GetRange::Offset(100)));
        assert_eq!(byte_range("bytes=-10"), Some(GetRange::Suffix(10)));
        for whole in ["bytes=0-1,5-6", "bytes=9-3", "bytes=-0", "bytes=-", "items=0-1", "bytes=a-b"] {
            assert_eq!(byte_range(whole), None, "{whole}");
        }
    }

    #[test]
    fn only_names_the_store_writes_are_looked_up() {
        assert!(is_media_name("0123456789abcdef0123456789abcdef-640.webp"));
        for bad in ["", ".env", "..", "a..b", "a/b", "a\\b", "%2e%2e", "a b.png"] {
            assert!(!is_media_name(bad), "{bad}");
        }
    }
}
