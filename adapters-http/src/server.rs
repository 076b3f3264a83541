//! Assembling the actix-web application and server.

use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use actix_http::{HttpService, KeepAlive};
use actix_service::{apply_fn_factory, map_config, IntoServiceFactory as _, ServiceFactoryExt as _};
use actix_web::body::MessageBody;
use actix_web::dev::{AppConfig, Server, Service, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::error::{PathError, QueryPayloadError};
use actix_web::http::Method;
use actix_web::middleware::Compress;
use actix_web::rt::net::TcpStream;
use actix_web::HttpMessage as _;
use actix_web::{web, App, HttpRequest, HttpServer};
use application::accounts::addresses::Addresses;
use application::accounts::admin_auth::AdminAuth;
use application::accounts::customers::Accounts;
use application::analytics::report::Analytics;
use application::blocklist::service::Blocklist;
use application::bulk_email::BulkEmail;
use application::catalog::admin::CatalogAdmin;
use application::catalog::browse::Catalog;
use application::catalog::sitemap::Sitemap;
use application::catalog::views::CategoryViews;
use application::coupons::service::Coupons;
use application::health::service::Health;
use application::orders::courier::service::Courier;
use application::orders::service::Orders;
use application::reviews::service::Reviews;
use application::settings::service::Settings;
use futures_util::future::{ready, Either};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::infra::cache::ResponseCache;
use crate::infra::connections::ConnectionBound;
use crate::infra::edges::{self, BodyDeadline, Routes};
use crate::infra::error::ApiError;
use crate::infra::language::RequestLanguage;
use crate::infra::media::{self, MediaAddresses, MediaFiles};
use crate::infra::session::{PublicOrigin, TrustedProxies};
use crate::infra::telemetry::{self, HttpMetrics, MetricsEndpoint};
use crate::infra::uploads::UploadSlots;
use crate::infra::{health, openapi, translation};
use crate::pages::spa::{self, SpaDir};
use crate::pages::{self, Pages};
use crate::whatsapp::{self, WhatsAppWebhook};
use crate::{
    accounts, addresses, admin, analytics, blocklist, catalog, catalog_admin, cod, coupons, courier, mailing, orders,
    reviews, settings, sitemap,
};

/// The use cases the handlers call, and the cache of public catalogue answers (which the catalogue's
/// use cases tell of every change).
#[derive(Clone)]
pub struct AppState {
    pub accounts: Accounts,
    pub addresses: Addresses,
    pub admin_auth: AdminAuth,
    pub bulk_email: BulkEmail,
    pub catalog: Catalog,
    pub catalog_admin: CatalogAdmin,
    pub category_views: CategoryViews,
    pub coupons: Coupons,
    pub settings: Settings,
    pub orders: Orders,
    pub blocklist: Blocklist,
    pub courier: Courier,
    pub analytics: Analytics,
    pub reviews: Reviews,
    pub health: Health,
    pub catalog_cache: Arc<ResponseCache>,
    pub sitemap: Sitemap,
    /// The WhatsApp webhook's checks and use cases; off when WhatsApp is not set up.
    pub whatsapp: WhatsAppWebhook,
}

/// Where files are served from and how many workers serve.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The built front end (`frontend/dist`).
    pub spa_dir: PathBuf,
    /// Where uploaded media files are served from, under `media_path`.
    pub media_files: MediaFiles,
    /// How media addresses are given out (MEDIA_BASE_URL).
    pub media_addresses: MediaAddresses,
    /// The path the media store's addresses start with, e.g. `/media`.
    pub media_path: &'static str,
    /// The shop's origin (PUBLIC_URL), for the Origin check and Secure cookies.
    pub public_origin: String,
    /// Worker threads; `None` for one per core.
    pub workers: Option<usize>,
    /// How long a request body may take to arrive.
    pub body_deadline: BodyDeadline,
    /// The most connections served at once, shared evenly between the workers; more wait to be accepted.
    pub max_connections: usize,
    /// The most connections open at once from one client address (an IPv6 one by its /64), trusted
    /// proxies' aside; more are closed as soon as they are accepted.
    pub max_connections_per_address: usize,
    /// The reverse proxies whose `X-Forwarded-For` names the client (TRUSTED_PROXIES).
    pub trusted_proxies: TrustedProxies,
    /// The upload slots and where uploads are written while they arrive.
    pub uploads: UploadSlots,
    /// The request series every answer adds to.
    pub http_metrics: Arc<HttpMetrics>,
    /// What `/metrics` answers on this listener, and the token it asks for (none: 404).
    pub metrics: MetricsEndpoint,
}

fn query_error(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::bad_request(format!("Invalid query parameters: {err}")).into()
}

fn path_error(err: PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::bad_request(format!("Invalid path: {err}")).into()
}

/// What the middleware every answer passes through needs to know.
#[derive(Debug, Clone)]
struct Edges {
    routes: Arc<Routes>,
    body_deadline: BodyDeadline,
    https: bool,
    metrics: Arc<HttpMetrics>,
    content_security_policy: String,
}

/// An application with the middleware every answer passes through, the shop's and the benchmark floor's
/// alike: the request's id and span, an access line naming the route pattern only (paths and query strings
/// may carry tokens, which must never reach the logs) and the request series, the security headers, compression, `HEAD` answered as `GET`, request bodies under a deadline, and error
/// answers in the contract's JSON.
fn app(
    edges: &Edges,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let routes = edges.routes.clone();
    let body_deadline = edges.body_deadline;
    let metrics = edges.metrics.clone();
    App::new()
        .wrap_fn(move |req, srv| match edges::undocumented_method(&routes, req.request()) {
            Some(refusal) => Either::Left(ready(Ok(req.error_response(refusal).map_into_right_body()))),
            None => {
                let routes = routes.clone();
                let answer = srv.call(req);
                Either::Right(async move { Ok(edges::finish(&routes, answer.await?)) })
            }
        })
        .wrap_fn(|req, srv| {
            let language = RequestLanguage::of(req.request());
            let answer = srv.call(req);
            async move { Ok(translation::answer_in(language, answer.await?).await) }
        })
        .wrap_fn(move |mut req, srv| {
            let payload = req.take_payload();
            let (payload, held) = body_deadline.apply(req.request(), payload);
            req.set_payload(payload);
            let answer = srv.call(req);
            async move {
                let mut res = answer.await?;
                if let Some(held) = held {
                    res.response_mut().extensions_mut().insert(held);
                }
                Ok(res)
            }
        })
        // After the access log has seen the real method: a HEAD is routed as the GET it asks about, and
        // the connection sends the headers only.
        .wrap_fn(|mut req, srv| {
            if req.method() == Method::HEAD {
                req.head_mut().method = Method::GET;
            }
            srv.call(req)
        })
        .wrap(Compress::default())
        .wrap(edges::security_headers(edges.https, &edges.content_security_policy))
        .wrap_fn(move |req, srv| telemetry::observe(&metrics, req, srv))
}

/// Every API service. The OpenAPI document lists exactly the paths registered here, in this order.
fn routes(cfg: &mut ServiceConfig) {
    cfg.configure(catalog::configure)
        .configure(coupons::configure)
        .configure(orders::configure)
        .configure(cod::configure)
        .configure(blocklist::configure)
        .configure(courier::configure)
        .configure(reviews::configure)
        .configure(settings::configure)
        .configure(accounts::configure)
        .configure(addresses::configure)
        .configure(admin::configure)
        .configure(catalog_admin::configure)
        .configure(mailing::configure)
        .configure(analytics::configure)
        .configure(health::configure)
        .configure(whatsapp::configure)
        .configure(openapi::configure);
}

/// The OpenAPI document of the services `serve` registers, as YAML, built without serving them.
///
/// # Errors
/// When the document does not serialise (it is built from static annotations, so a bug of one).
pub fn openapi_yaml() -> Result<String, impl std::error::Error + Send + Sync + 'static> {
    openapi_document().to_yaml()
}

/// The OpenAPI document of the services `serve` registers.
pub(crate) fn openapi_document() -> utoipa::openapi::OpenApi {
    openapi::register(App::new(), routes).1
}

/// How many accepted connections the kernel may hold for the server before it accepts them: what Linux allows
/// by default (`net.core.somaxconn`), far above std's 128, so sockets that reconnect as fast as they are
/// closed (see [`ConnectionBound`]) cannot fill the queue and make an ordinary client's connection wait a
/// second for its SYN to be sent again.
const LISTEN_BACKLOG: i32 = 4096;

/// A listener on `addr` with the server's backlog, to pass to [`serve`].
///
/// # Errors
/// When the address cannot be bound.
pub fn bind(addr: std::net::SocketAddr) -> std::io::Result<TcpListener> {
    let socket = socket2::Socket::new(socket2::Domain::for_address(addr), socket2::Type::STREAM, None)?;
    // As std's TcpListener::bind does: a restarted server binds its port again at once.
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    socket.listen(LISTEN_BACKLOG)?;
    Ok(socket.into())
}

/// Starts serving on `listener` (made by [`bind`]). The server stops gracefully on SIGINT or SIGTERM.
///
/// actix-web's `HttpServer` has no bound per client address, so the server is assembled as `HttpServer`
/// assembles it (actix-server's workers, each connection served by actix-http's `HttpService` with the
/// same keep-alive and timeouts, `MAX_CONNECTIONS` shared between the workers, a graceful stop), with one
/// service in front of HTTP: [`ConnectionBound`] closes a connection beyond its address's bound as soon as
/// it is accepted, and counts the others until they close.
///
/// # Errors
/// When the listener cannot be used.
pub fn serve(listener: TcpListener, state: AppState, config: ServerConfig) -> std::io::Result<Server> {
    let spa_dir = web::Data::new(SpaDir { dir: config.spa_dir.clone(), media_path: config.media_path });
    let pages = web::Data::new(Pages::new(&config.spa_dir, config.media_addresses.clone()));
    let catalog = web::Data::new(state.catalog);
    let admin_auth = web::Data::new(state.admin_auth);
    let accounts = web::Data::new(state.accounts);
    let addresses = web::Data::new(state.addresses);
    let bulk_email = web::Data::new(state.bulk_email);
    let catalog_admin = web::Data::new(state.catalog_admin);
    let category_views = web::Data::new(state.category_views);
    let cache = web::Data::from(state.catalog_cache);
    let public_origin = web::Data::new(PublicOrigin { origin: config.public_origin.clone() });
    let trusted_proxies = web::Data::new(config.trusted_proxies.clone());
    let coupons = web::Data::new(state.coupons);
    let settings = web::Data::new(state.settings);
    let orders = web::Data::new(state.orders);
    let blocklist = web::Data::new(state.blocklist);
    let courier = web::Data::new(state.courier);
    let analytics = web::Data::new(state.analytics);
    let reviews = web::Data::new(state.reviews);
    let health = web::Data::new(state.health);
    let sitemap = web::Data::new(state.sitemap);
    let whatsapp_webhook = web::Data::new(state.whatsapp);
    let media_files = config.media_files.clone();
    let media_path = config.media_path;
    let media_addresses = web::Data::new(config.media_addresses.clone());
    let uploads = web::Data::new(config.uploads.clone());
    let document = openapi_document();
    let served_document = web::Data::new(openapi::Document::new(&document).map_err(std::io::Error::other)?);
    let edges = Edges {
        routes: Arc::new(Routes::new(&document)),
        body_deadline: config.body_deadline,
        https: config.public_origin.starts_with("https://"),
        metrics: config.http_metrics.clone(),
        content_security_policy: edges::content_security_policy(
            config.media_addresses.origin(),
            &[pages::tap::script_hash()],
        ),
    };
    let metrics_endpoint = web::Data::new(config.metrics.clone());
    let allowed = web::Data::from(edges.routes.clone());
    let shop = move || {
        let (app, _) = openapi::register(app(&edges), routes);
        app.app_data(served_document.clone())
            .app_data(web::QueryConfig::default().error_handler(query_error))
            .app_data(web::PathConfig::default().error_handler(path_error))
            .app_data(catalog.clone())
            .app_data(admin_auth.clone())
            .app_data(accounts.clone())
            .app_data(addresses.clone())
            .app_data(bulk_email.clone())
            .app_data(catalog_admin.clone())
            .app_data(category_views.clone())
            .app_data(cache.clone())
            .app_data(public_origin.clone())
            .app_data(trusted_proxies.clone())
            .app_data(coupons.clone())
            .app_data(settings.clone())
            .app_data(orders.clone())
            .app_data(blocklist.clone())
            .app_data(courier.clone())
            .app_data(analytics.clone())
            .app_data(reviews.clone())
            .app_data(health.clone())
            .app_data(sitemap.clone())
            .app_data(whatsapp_webhook.clone())
            .app_data(media_addresses.clone())
            .app_data(uploads.clone())
            .configure(sitemap::configure)
            .app_data(spa_dir.clone())
            .app_data(pages.clone())
            .app_data(allowed.clone())
            .configure(pages::configure_robots)
            .configure(mailing::unsubscribe::configure)
            .app_data(metrics_endpoint.clone())
            .route("/metrics", web::get().to(telemetry::public_metrics))
            .configure(|cfg| media::configure(cfg, media_path, &media_files))
            .default_service(web::to(spa::fallback))
    };
    let bound = ConnectionBound::new(config.max_connections_per_address, config.trusted_proxies.clone());
    let workers = workers(config.workers);
    let local = listener.local_addr()?;
    let builder = actix_server::Server::build();
    let stopping = builder.graceful_shutdown_signal();
    let server = builder
        .workers(workers)
        .max_concurrent_connections(config.max_connections.div_ceil(workers).max(1))
        .shutdown_timeout(10)
        .listen("shop", listener, move || {
            let stopping = stopping.clone();
            let http = HttpService::build()
                .graceful_shutdown_signal(move || {
                    let stopping = stopping.clone();
                    async move { stopping.notified().await }
                })
                .keep_alive(KeepAlive::default())
                .client_request_timeout(Duration::from_secs(5))
                .client_disconnect_timeout(Duration::from_secs(1))
                .h1_allow_half_closed(true)
                .local_addr(local)
                // The configuration HttpServer gives each connection: plain HTTP, the local address as the
                // host of last resort. AppConfig's constructor is private to actix-web; this is the public
                // one it keeps for actix-test.
                .finish(map_config(
                    shop().into_factory().map_err(|err: actix_web::Error| err.error_response()),
                    move |()| AppConfig::__priv_test_new(false, local.to_string(), local),
                ))
                .tcp();
            let bound = bound.clone();
            apply_fn_factory(http, move |io: TcpStream, http: &_| {
                let open = io.peer_addr().ok().map(|peer| bound.admit(peer.ip().to_canonical()));
                match open {
                    // Dropping the stream closes the connection, unread.
                    Some(None) => Either::Left(ready(Ok(()))),
                    open => {
                        let served = Service::call(http, io);
                        Either::Right(async move {
                            let result = served.await;
                            drop(open);
                            result
                        })
                    }
                }
            })
        })?
        .run();
    Ok(server)
}

/// The worker count actix-web starts with `workers`.
fn workers(workers: Option<usize>) -> usize {
    workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)).max(1)
}

/// The benchmark's floor: the same middleware answering a constant JSON body at `/floor`, so the cost of
/// the framework alone can be measured beside the real routes in the same run.
///
/// # Errors
/// When the listener cannot be used.
pub fn serve_floor(listener: TcpListener, body: Vec<u8>, workers: Option<usize>) -> std::io::Result<Server> {
    let body = web::Bytes::from(body);
    let edges = Edges {
        routes: Arc::new(Routes::new(&openapi_document())),
        body_deadline: BodyDeadline { base: std::time::Duration::from_secs(10), min_bytes_per_second: 16 * 1024 },
        https: false,
        metrics: Arc::new(HttpMetrics::new()),
        content_security_policy: edges::content_security_policy(None, &[pages::tap::script_hash()]),
    };
    let mut server = HttpServer::new(move || {
        let body = body.clone();
        app(&edges).route(
            "/floor",
            web::get().to(move || {
                let body = body.clone();
                async move { actix_web::HttpResponse::Ok().content_type("application/json").body(body) }
            }),
        )
    })
    .listen(listener)?;
    if let Some(workers) = workers {
        server = server.workers(workers);
    }
    Ok(server.run())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::error::allowed_list;

    /// The routes of the document `serve` registers.
    fn routes() -> Routes {
        Routes::new(&openapi_document())
    }

    fn names(methods: Option<Vec<Method>>) -> Option<String> {
        methods.map(|m| allowed_list(&m))
    }

    #[test]
    fn a_path_takes_the_methods_of_its_most_specific_routes_and_head_with_get() {
        let routes = routes();

        assert_eq!(names(routes.allowed("/api/products/42")), Some("GET, HEAD, PUT, DELETE".into()));
        assert_eq!(names(routes.allowed("/api/products/featured")), Some("GET, HEAD".into()));
        assert_eq!(names(routes.allowed("/api/products/upload")), Some("POST".into()));
        assert_eq!(names(routes.allowed("/api/auth/login")), Some("POST".into()));
        assert_eq!(names(routes.allowed("/healthz")), Some("GET, HEAD".into()));
    }

    #[test]
    fn pages_and_media_take_get_and_unknown_api_paths_nothing() {
        let routes = routes();

        assert_eq!(names(routes.allowed("/product/42")), Some("GET, HEAD".into()));
        assert_eq!(names(routes.allowed("/media/a.webp")), Some("GET, HEAD".into()));
        assert_eq!(names(routes.allowed("/sitemap-2.xml")), Some("GET, HEAD".into()));
        assert_eq!(routes.allowed("/api/nothing"), None);
        assert_eq!(routes.allowed("/api/products/"), None);
    }
}
