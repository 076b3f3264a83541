//! What an operator sees of the HTTP edge (docs/production.md 'Logs' and 'Metrics'): every request's id
//! (a load balancer's `X-Request-Id` when well formed, else a new one), carried by the request's span so
//! every line logged while it is handled names it, and answered in `X-Request-Id`; one access line per
//! request (method, route pattern, status, milliseconds: never a path or a query string, which may carry
//! tokens); the request counters and latency histograms; and `/metrics` itself, on the public listener
//! behind a bearer token or on a listener of its own.

use std::future::Future;
use std::net::TcpListener;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Instant;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Server, Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::http::Method;
use actix_web::{web, App, HttpMessage as _, HttpRequest, HttpResponse, HttpServer, ResponseError as _};
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use sha2::{Digest as _, Sha256};
use tracing::Instrument as _;

use crate::infra::error::ApiError;

/// The header a request's id comes in and goes out in.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The route label of a request no route matched, so paths never become label values.
const OTHER: &str = "other";

/// `method`, `route` and `status` of `http_requests_total`.
type RequestLabels = [(&'static str, String); 3];
/// `method` and `route` of `http_request_duration_seconds`.
type RouteLabels = [(&'static str, String); 2];

/// The request counters and latency histograms, per method and matched route pattern.
#[derive(Debug, Clone)]
pub struct HttpMetrics {
    requests: Family<RequestLabels, Counter>,
    duration: Family<RouteLabels, Histogram, fn() -> Histogram>,
}

impl Default for HttpMetrics {
    fn default() -> Self {
        Self::new()
    }
}

impl HttpMetrics {
    /// Empty series, not yet in any registry.
    #[must_use]
    pub fn new() -> Self {
        Self {
            requests: Family::default(),
            duration: Family::new_with_constructor(|| {
                Histogram::new([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0])
            }),
        }
    }

    /// Adds the series to `registry` under the contract's names.
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "http_requests",
            "HTTP requests answered, by method, route pattern and status",
            self.requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to answer an HTTP request (its head), by method and route pattern",
            self.duration.clone(),
        );
    }

    fn record(&self, method: &'static str, route: &str, status: u16, seconds: f64) {
        self.requests
            .get_or_create(&[("method", method.into()), ("route", route.into()), ("status", status.to_string())])
            .inc();
        self.duration.get_or_create(&[("method", method.into()), ("route", route.into())]).observe(seconds);
    }
}

/// The route label of a request no actix route matched but a handler recognised (a page of the page
/// table, `/product/{id}`), kept in the request's extensions.
#[derive(Debug, Clone)]
pub(crate) struct RoutePattern(String);

impl RoutePattern {
    /// Names `req`'s route `pattern` for the access line and the request series.
    pub(crate) fn name(req: &HttpRequest, pattern: String) {
        req.extensions_mut().insert(Self(pattern));
    }
}

/// The incoming id when it is 1-64 characters of `[A-Za-z0-9._:-]`, else 128 random bits in hex.
#[must_use]
pub fn request_id(headers: &HeaderMap) -> String {
    headers
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|id| {
            (1..=64).contains(&id.len())
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
        })
        .map_or_else(|| format!("{:032x}", rand::random::<u128>()), str::to_owned)
}

/// A method as a label: the standard ones by name, any other as `other`.
fn method_label(method: &Method) -> &'static str {
    match method.as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "PATCH" => "PATCH",
        "DELETE" => "DELETE",
        "OPTIONS" => "OPTIONS",
        "TRACE" => "TRACE",
        "CONNECT" => "CONNECT",
        _ => OTHER,
    }
}

/// The target of the access lines and request spans, as operators filter the logs by it (docs/operations.md):
/// the module's path before the crate was cut into folders.
const LOG_TARGET: &str = "adapters_http::telemetry";

/// The outermost middleware: gives the request its id and span, handles it inside the span, then writes
/// the access line and the request's series, and answers the id in `X-Request-Id`.
pub(crate) fn observe<S, B>(
    metrics: &Arc<HttpMetrics>,
    req: ServiceRequest,
    srv: &S,
) -> impl Future<Output = Result<ServiceResponse<BoxBody>, actix_web::Error>>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody + 'static,
{
    let started = Instant::now();
    let id = request_id(req.headers());
    let span = tracing::info_span!(target: LOG_TARGET, "request", request_id = %id);
    let method = method_label(req.method());
    let answer = span.in_scope(|| srv.call(req));
    let metrics = metrics.clone();
    async move {
        let header = HeaderValue::from_str(&id).ok();
        let finish = |route: &str, status: u16| {
            let seconds = started.elapsed().as_secs_f64();
            metrics.record(method, route, status, seconds);
            tracing::info!(target: LOG_TARGET, method, route, status, ms = (seconds * 10_000.0).round() / 10.0, "access");
        };
        match answer.await {
            Ok(res) => {
                let mut res = res.map_into_boxed_body();
                let route = res
                    .request()
                    .match_pattern()
                    .or_else(|| res.request().extensions().get::<RoutePattern>().map(|p| p.0.clone()))
                    .unwrap_or_else(|| OTHER.to_owned());
                finish(&route, res.status().as_u16());
                if let Some(header) = header {
                    res.headers_mut().insert(REQUEST_ID, header);
                }
                Ok(res)
            }
            // An error no inner service turned into an answer: the answer it becomes, with the id.
            Err(err) => {
                let mut answer = err.error_response();
                finish(OTHER, answer.status().as_u16());
                if let Some(header) = header {
                    answer.headers_mut().insert(REQUEST_ID, header);
                }
                Err(actix_web::error::InternalError::from_response(err, answer).into())
            }
        }
    }
    .instrument(span)
}

/// Brings the series read at scrape time up to date (PostgreSQL's figures, the process's memory).
pub type Refresh = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// What `/metrics` answers from, and who may read it on the public listener.
#[derive(Clone)]
pub struct MetricsEndpoint {
    pub registry: Arc<Registry>,
    pub refresh: Refresh,
    /// METRICS_TOKEN: `None` keeps `/metrics` off the public listener (404).
    pub token: Option<String>,
}

impl std::fmt::Debug for MetricsEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MetricsEndpoint").field("token", &self.token.as_ref().map(|_| "<set>")).finish_non_exhaustive()
    }
}

impl MetricsEndpoint {
    /// The series in Prometheus' text format, after a refresh.
    async fn answer(&self) -> HttpResponse {
        (self.refresh)().await;
        let mut text = String::new();
        match encode(&mut text, &self.registry) {
            Ok(()) => HttpResponse::Ok()
                .content_type("text/plain; version=0.0.4; charset=utf-8")
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .body(text),
            Err(err) => ApiError::Internal(Box::new(err)).error_response(),
        }
    }

    /// Whether `headers` carry `Authorization: Bearer <the token>`, compared in constant time.
    fn authorised(token: &str, headers: &HeaderMap) -> bool {
        let given = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split_once(' '))
            .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
            .map_or("", |(_, token)| token.trim());
        // Digests of equal length compared without an early exit: the time says nothing of the token.
        let (given, wanted) = (Sha256::digest(given.as_bytes()), Sha256::digest(token.as_bytes()));
        given.iter().zip(wanted.iter()).fold(0u8, |diff, (a, b)| diff | (a ^ b)) == 0
    }
}

/// `GET /metrics` on the public listener: 404 without METRICS_TOKEN, 401 without the right bearer token.
pub(crate) async fn public_metrics(endpoint: web::Data<MetricsEndpoint>, req: HttpRequest) -> HttpResponse {
    match &endpoint.token {
        None => ApiError::NotFound("No such resource.".into()).error_response(),
        Some(token) if !MetricsEndpoint::authorised(token, req.headers()) => {
            let mut answer = ApiError::Unauthorized("A valid metrics token is required.".into()).error_response();
            answer.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            answer
        }
        Some(_) => endpoint.answer().await,
    }
}

async fn open_metrics(endpoint: web::Data<MetricsEndpoint>) -> HttpResponse {
    endpoint.answer().await
}

async fn nothing_else() -> HttpResponse {
    ApiError::NotFound("Only /metrics is served here.".into()).error_response()
}

/// Serves `/metrics` alone, unauthenticated, on `listener` (METRICS_ADDR), with one worker; every other
/// path is a 404. Stops, like the shop's server, on SIGINT or SIGTERM.
///
/// # Errors
/// When the listener cannot be used.
pub fn serve_metrics(listener: TcpListener, endpoint: MetricsEndpoint) -> std::io::Result<Server> {
    let endpoint = web::Data::new(endpoint);
    Ok(HttpServer::new(move || {
        App::new()
            .app_data(endpoint.clone())
            .route("/metrics", web::get().to(open_metrics))
            .default_service(web::to(nothing_else))
    })
    .workers(1)
    .shutdown_timeout(1)
    .listen(listener)?
    .run())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(name: HeaderName, value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(name, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn a_well_formed_incoming_id_is_kept_and_any_other_replaced() {
        let kept = "lb-1.7:abc_DEF";
        let long = "a".repeat(65);

        assert_eq!(request_id(&headers(REQUEST_ID, kept)), kept);
        assert_eq!(request_id(&headers(REQUEST_ID, &"b".repeat(64))), "b".repeat(64));
        for bad in [long.as_str(), "a b", "a/b", ""] {
            let id = request_id(&headers(REQUEST_ID, bad));
            assert_eq!(id.len(), 32, "{bad:?} → {id}");
            assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
        }
        assert_ne!(request_id(&HeaderMap::new()), request_id(&HeaderMap::new()));
    }

    #[test]
    fn only_the_exact_bearer_token_is_authorised() {
        let token = "s3cret-token";

        assert!(MetricsEndpoint::authorised(token, &headers(header::AUTHORIZATION, "Bearer s3cret-token")));
        assert!(MetricsEndpoint::authorised(token, &headers(header::AUTHORIZATION, "bearer s3cret-token")));
        assert!(!MetricsEndpoint::authorised(token, &headers(header::AUTHORIZATION, "Bearer s3cret-tokeN")));
        assert!(!MetricsEndpoint::authorised(token, &headers(header::AUTHORIZATION, "Basic s3cret-token")));
        assert!(!MetricsEndpoint::authorised(token, &headers(header::AUTHORIZATION, "s3cret-token")));
        assert!(!MetricsEndpoint::authorised(token, &HeaderMap::new()));
    }

    #[test]
    fn unknown_methods_share_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "other");
    }
}
