//! The built single-page app: files from its `dist` directory, and for every other path its page (the
//! `pages` module fills `index.html` for it) so a reload of a deep link such as `/product/42` works. Hashed
//! assets are cached for a year; pages are revalidated on every load so a new release reaches shoppers at
//! once.

use std::path::{Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::header::{self, CacheControl, CacheDirective, ContentEncoding};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};

use application::catalog::browse::Catalog;
use application::settings::service::Settings;

use crate::infra::cache::ResponseCache;
use crate::infra::edges::Routes;
use crate::infra::error::ApiError;
use crate::infra::session::PublicOrigin;
use crate::pages::{self, Context, Pages};

/// Where the built front end lives, and which paths it never answers.
#[derive(Debug, Clone)]
pub struct SpaDir {
    pub dir: PathBuf,
    /// Where uploaded media are served: a missing file there is a 404, never the app page.
    pub media_path: &'static str,
}

/// A request path turned into a path under the app's directory, or `None` when it tries to leave it.
fn relative_file(path: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for segment in path.trim_start_matches('/').split('/').filter(|s| !s.is_empty()) {
        if segment.starts_with('.') || segment.contains('\\') || segment.contains('\0') {
            return None;
        }
        out.push(segment);
    }
    Some(out)
}

/// The build writes `.br` and `.gz` copies beside each asset; a browser that accepts one gets it, saving the
/// work of compressing on every request and about a fifth of the bytes over gzip on the fly.
fn precompressed(path: &Path, req: &HttpRequest) -> Option<NamedFile> {
    let accepts = req.headers().get(header::ACCEPT_ENCODING)?.to_str().ok()?.to_ascii_lowercase();
    let original = NamedFile::open(path).ok()?;
    [("br", ContentEncoding::Brotli), ("gzip", ContentEncoding::Gzip)].into_iter().find_map(|(token, encoding)| {
        if !accepts.split(',').any(|part| part.trim().split(';').next() == Some(token)) {
            return None;
        }
        let suffix = if encoding == ContentEncoding::Brotli { "br" } else { "gz" };
        let mut compressed = path.as_os_str().to_owned();
        compressed.push(format!(".{suffix}"));
        let file = NamedFile::open(PathBuf::from(compressed)).ok()?;
        Some(file.set_content_type(original.content_type().clone()).set_content_encoding(encoding))
    })
}

fn open(path: &Path, cache: CacheControl, req: &HttpRequest) -> Option<HttpResponse> {
    let file = match precompressed(path, req) {
        Some(file) => file,
        None => NamedFile::open(path).ok()?,
    };
    let mut response = file.disable_content_disposition().use_etag(true).use_last_modified(true).into_response(req);
    response.headers_mut().insert(header::VARY, header::HeaderValue::from_static("accept-encoding"));
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_str(&cache.to_string()).ok()?);
    Some(response)
}

/// Answers any request no other route took: 405 with `Allow` for a method the path does not take, 404
/// for an unknown API path or media file, else a file of the app or its page (`index.html` and the Urdu
/// pages' `index.ur.html` themselves are only ever answered filled in).
pub async fn fallback(
    req: HttpRequest,
    dir: web::Data<SpaDir>,
    routes: web::Data<Routes>,
    pages: web::Data<Pages>,
    catalog: web::Data<Catalog>,
    cache: web::Data<ResponseCache>,
    origin: web::Data<PublicOrigin>,
) -> Result<HttpResponse, ApiError> {
    let path = req.path();
    let Some(allowed) = routes.allowed(path) else {
        return Err(ApiError::NotFound("No such resource.".into()));
    };
    if !allowed.contains(req.method()) {
        return Err(ApiError::MethodNotAllowed { method: req.method().clone(), allowed });
    }
    if path.strip_prefix(dir.media_path).is_some_and(|rest| rest.starts_with('/')) {
        return Err(ApiError::NotFound("No such file.".into()));
    }
    if path.starts_with("/api/") || req.method() != Method::GET {
        return Err(ApiError::NotFound("No such resource.".into()));
    }
    let template = |r: &Path| r == Path::new("index.html") || r == Path::new("index.ur.html");
    if let Some(relative) = relative_file(path).filter(|r| !r.as_os_str().is_empty() && !template(r)) {
        let file = dir.dir.join(&relative);
        if file.is_file() {
            let cache = if relative.starts_with("assets") {
                CacheControl(vec![
                    CacheDirective::Public,
                    CacheDirective::MaxAge(31_536_000),
                    CacheDirective::Extension("immutable".into(), None),
                ])
            } else {
                CacheControl(vec![CacheDirective::Public, CacheDirective::MaxAge(3600)])
            };
            if let Some(response) = open(&file, cache, &req) {
                return Ok(response);
            }
        } else if relative.starts_with("assets") {
            return Err(ApiError::NotFound("No such file.".into()));
        }
    }
    // Read from the app's data rather than extracted: the handler takes enough arguments already.
    let Some(settings) = req.app_data::<web::Data<Settings>>() else {
        return Err(ApiError::Internal("the settings are not registered with the app".into()));
    };
    pages::page(&req, &Context { pages: &pages, catalog: &catalog, settings, cache: &cache, origin: &origin }).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_paths_stay_inside_the_directory() {
        assert_eq!(relative_file("/assets/index-abc.js"), Some(PathBuf::from("assets/index-abc.js")));
        assert_eq!(relative_file("/product/42"), Some(PathBuf::from("product/42")));
    }

    #[test]
    fn paths_that_climb_out_or_reach_hidden_files_are_refused() {
        assert_eq!(relative_file("/../etc/passwd"), None);
        assert_eq!(relative_file("/assets/../../secret"), None);
        assert_eq!(relative_file("/.env"), None);
    }
}
