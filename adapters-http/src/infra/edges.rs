//! What every answer passes through besides its handler: the methods each path takes (405 with `Allow`),
//! `HEAD` answered wherever `GET` is, request bodies read under a deadline, the security headers, `no-store`
//! on answers about the signed-in person, and the contract's JSON for error answers that the file server or
//! the framework wrote as text.

use std::cell::RefCell;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::DefaultHeaders;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, HttpResponse};
use futures_util::Stream;
use tokio::time::{Instant, Sleep};

use crate::infra::error::{allowed_list, status_message, ApiError, ErrorBody};

/// The policy the single-page app runs under: its own scripts and the inline scripts whose CSP sources
/// (`'sha256-…'`) `inline_scripts` lists (the product page's tap script, `pages::tap`), styles, images and API
/// only; pictures chosen for upload are previewed from `blob:` addresses; uploaded pictures and videos also
/// come from `media_origin` when media are given out under another origin (MEDIA_BASE_URL); nothing may
/// frame it.
#[must_use]
pub fn content_security_policy(media_origin: Option<&str>, inline_scripts: &[String]) -> String {
    let media = media_origin.map(|origin| format!(" {origin}")).unwrap_or_default();
    let scripts: String = inline_scripts.iter().map(|hash| format!(" {hash}")).collect();
    format!(
        "default-src 'self'; script-src 'self'{scripts}; style-src 'self'; img-src 'self' blob: data:{media}; \
         media-src 'self' blob:{media}; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
         base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// No page sends its address on: the reset, review and sign-in addresses carry tokens in their query. The
/// app's own calls are `fetch` in CORS mode, which keep their `Origin` header under this policy.
pub const REFERRER_POLICY: &str = "no-referrer";

/// Powerful browser features the shop never uses, turned off for it and anything it could embed.
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/// HSTS for a shop served over https: a year, subdomains included.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000; includeSubDomains";

/// The headers every answer carries (a handler's own value of one wins); HSTS only when `https`.
#[must_use]
pub fn security_headers(https: bool, content_security_policy: &str) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::CONTENT_SECURITY_POLICY, content_security_policy))
        .add((header::REFERRER_POLICY, REFERRER_POLICY))
        .add(("permissions-policy", PERMISSIONS_POLICY));
    if https {
        headers.add((header::STRICT_TRANSPORT_SECURITY, STRICT_TRANSPORT_SECURITY))
    } else {
        headers
    }
}

/// A path segment of a registered route.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Literal(String),
    /// `{id}`: any one non-empty segment.
    Parameter,
}

/// The methods each path takes, read from the OpenAPI document (which lists exactly the registered API
/// routes); uploaded media and the app's pages take `GET` and `HEAD`.
#[derive(Debug, Clone)]
pub struct Routes {
    api: Vec<(Vec<Segment>, Vec<Method>)>,
}

/// The order methods are listed in `Allow`.
const METHOD_ORDER: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

impl Routes {
    #[must_use]
    pub fn new(document: &utoipa::openapi::OpenApi) -> Self {
        let api = document
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let segments = path
                    .split('/')
                    .map(|s| {
                        if s.starts_with('{') && s.ends_with('}') {
                            Segment::Parameter
                        } else {
                            Segment::Literal(s.to_owned())
                        }
                    })
                    .collect();
                let methods = [
                    (Method::GET, item.get.is_some()),
                    (Method::POST, item.post.is_some()),
                    (Method::PUT, item.put.is_some()),
                    (Method::PATCH, item.patch.is_some()),
                    (Method::DELETE, item.delete.is_some()),
                ]
                .into_iter()
                .filter_map(|(method, present)| present.then_some(method))
                .collect();
                (segments, methods)
            })
            .collect();
        Self { api }
    }

    /// The methods `path` takes, `HEAD` wherever `GET`; `None` when nothing is there (an unknown API path).
    #[must_use]
    pub fn allowed(&self, path: &str) -> Option<Vec<Method>> {
        let segments: Vec<&str> = path.split('/').collect();
        let matching: Vec<_> = self
            .api
            .iter()
            .filter(|(pattern, _)| {
                pattern.len() == segments.len()
                    && pattern.iter().zip(&segments).all(|(p, s)| match p {
                        Segment::Literal(literal) => literal == s,
                        Segment::Parameter => !s.is_empty(),
                    })
            })
            .collect();
        // `/api/products/upload` is its own resource, not a product whose id is "upload", though a `GET` of it
        // reaches the `{id}` route (and is refused for its malformed id): the path with the most literal
        // segments is the resource, as the document has it.
        let literals = |pattern: &[Segment]| pattern.iter().filter(|s| matches!(s, Segment::Literal(_))).count();
        let most = matching.iter().map(|(pattern, _)| literals(pattern)).max();
        let mut methods: Vec<Method> = matching
            .iter()
            .filter(|(pattern, _)| Some(literals(pattern)) == most)
            .flat_map(|(_, methods)| methods.iter().cloned())
            .collect();
        if methods.is_empty() {
            if path == "/api" || path.starts_with("/api/") {
                return None;
            }
            methods.push(Method::GET);
        }
        if methods.contains(&Method::GET) {
            methods.push(Method::HEAD);
        }
        methods.sort_by_key(|m| METHOD_ORDER.iter().position(|o| *o == m.as_str()));
        methods.dedup();
        Some(methods)
    }
}

/// The 405 for a method an API path does not take (as the document lists them), decided before routing:
/// otherwise `PUT /api/products/search` would reach the `PUT /api/products/{id}` route and be refused for
/// its id, where the answer `Allow` describes is a 405.
#[must_use]
pub fn undocumented_method(routes: &Routes, req: &HttpRequest) -> Option<ApiError> {
    if !req.path().starts_with("/api/") {
        return None;
    }
    let allowed = routes.allowed(req.path())?;
    (!allowed.contains(req.method())).then(|| ApiError::MethodNotAllowed { method: req.method().clone(), allowed })
}

/// How long a request body may take: `base`, plus a second for every `min_bytes_per_second` bytes that
/// have arrived, so a large upload on a slow but honest line gets through while a body trickled a byte at
/// a time is cut soon after `base`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyDeadline {
    pub base: Duration,
    pub min_bytes_per_second: u64,
}

impl BodyDeadline {
    /// `request`'s body, failing with a timed-out I/O error once its deadline passes, and a hold on it to
    /// keep with the answer. Requests without a body are left as they are.
    pub fn apply(self, request: &HttpRequest, payload: Payload) -> (Payload, Option<HeldBody>) {
        let headers = request.headers();
        let has_body =
            headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).is_some_and(|v| v.trim() != "0")
                || headers.contains_key(header::TRANSFER_ENCODING);
        if !has_body {
            return (payload, None);
        }
        let start = Instant::now();
        let stream = Rc::new(RefCell::new(DeadlineStream {
            inner: payload,
            sleep: Box::pin(tokio::time::sleep_until(start + self.base)),
            start,
            deadline: self,
            received: 0,
            expired: false,
        }));
        let boxed: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(Shared(stream.clone()));
        (Payload::from(boxed), Some(HeldBody(stream)))
    }

    fn until(self, start: Instant, received: u64) -> Instant {
        let grace = Duration::from_secs(received / self.min_bytes_per_second.max(1));
        start + self.base + grace
    }
}

/// A request body kept alive until its answer is sent (in the answer's extensions). The connection then
/// sees a body that was not read to its end and closes after the answer, where a body no handler holds
/// any more would be drained for as long as the client keeps sending it (chunked bodies).
pub struct HeldBody(#[allow(dead_code)] Rc<RefCell<DeadlineStream>>);

/// The handler's view of a body the middleware also holds.
struct Shared(Rc<RefCell<DeadlineStream>>);

impl Stream for Shared {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Pin::new(&mut *self.0.borrow_mut()).poll_next(cx)
    }
}

pub struct DeadlineStream {
    inner: Payload,
    sleep: Pin<Box<Sleep>>,
    start: Instant,
    deadline: BodyDeadline,
    received: u64,
    expired: bool,
}

fn timed_out() -> PayloadError {
    PayloadError::Io(io::Error::new(io::ErrorKind::TimedOut, "the request body did not arrive in time"))
}

impl Stream for DeadlineStream {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.expired {
            return Poll::Ready(None);
        }
        match Pin::new(&mut self.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                self.received += chunk.len() as u64;
                let until = self.deadline.until(self.start, self.received);
                if Instant::now() > until {
                    self.expired = true;
                    return Poll::Ready(Some(Err(timed_out())));
                }
                self.sleep.as_mut().reset(until);
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Ready(other) => Poll::Ready(other),
            Poll::Pending => {
                if self.sleep.as_mut().poll(cx).is_ready() {
                    self.expired = true;
                    Poll::Ready(Some(Err(timed_out())))
                } else {
                    Poll::Pending
                }
            }
        }
    }
}

/// Marks a request whose answer is about the signed-in person (or the lack of one), so it is never
/// stored by a browser or a proxy.
pub fn personal(req: &HttpRequest) {
    req.extensions_mut().insert(Personal);
}

#[derive(Debug, Clone, Copy)]
struct Personal;

/// `Cache-Control: no-store` on answers about the signed-in person and on every answer that sets a
/// cookie; and the contract's JSON error body on error answers written as text by the file server or the
/// framework (with `Allow` on a 405). The app's own pages (HTML, a 404 'Page not found' among them) keep
/// their body.
pub fn finish<B: MessageBody>(routes: &Arc<Routes>, mut res: ServiceResponse<B>) -> ServiceResponse<EitherBody<B>> {
    if res.request().extensions().contains::<Personal>() || res.headers().contains_key(header::SET_COOKIE) {
        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    let status = res.status();
    let keeps_body = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if !(status.is_client_error() || status.is_server_error()) || keeps_body {
        return res.map_into_left_body();
    }
    let allowed = (status == actix_web::http::StatusCode::METHOD_NOT_ALLOWED)
        .then(|| routes.allowed(res.request().path()))
        .flatten();
    let message = match &allowed {
        Some(methods) => format!("{} is not allowed here; use {}.", res.request().method(), allowed_list(methods)),
        None => status_message(status),
    };
    let (req, old) = res.into_parts();
    let mut new = HttpResponse::build(status).json(ErrorBody { message, errors: None });
    for (name, value) in old.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH && name != header::CONTENT_ENCODING {
            new.headers_mut().append(name.clone(), value.clone());
        }
    }
    if let Some(methods) = allowed {
        if let Ok(value) = HeaderValue::from_str(&allowed_list(&methods)) {
            new.headers_mut().insert(header::ALLOW, value);
        }
    }
    ServiceResponse::new(req, new).map_into_right_body()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_deadline_grows_with_what_has_arrived() {
        let deadline = BodyDeadline { base: Duration::from_secs(10), min_bytes_per_second: 1000 };
        let start = Instant::now();

        assert_eq!(deadline.until(start, 999), start + Duration::from_secs(10));
        assert_eq!(deadline.until(start, 5000), start + Duration::from_secs(15));
    }
}
