//! The wiring of `start`: every adapter built once ([`Shared`] holds those more than one feature uses), then
//! one function per feature that hands them to its use cases, and the background workers.

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use adapters_http::{HttpMetrics, MetricsEndpoint, Refresh, ResponseCache, UploadSlots, WhatsAppWebhook};
use adapters_identity::{Argon2Hasher, HashCost, OidcConfig, OidcProvider, RandomReviewTokens, RandomSessionTokens};
use adapters_mail::{HtmlMailLayout, OutboxMailer, SmtpMailer};
use adapters_media::{MediaStoreConfig, ObjectMediaStore};
use adapters_postgres::{
    PgAdminRepository, PgBlocklistRepository, PgCatalogRepository, PgCouponRepository, PgCourierRepository,
    PgCustomerRepository, PgHealthProbe, PgKnownDevices, PgMailOutbox, PgMailingList, PgMetrics, PgOrderFigures,
    PgOrderRepository, PgPool, PgReviewRepository, PgSessionStore, PgSettingsRepository, PgThrottle, PgUnitOfWork,
    PgWhatsApp,
};
use adapters_whatsapp::{GraphClient, GraphConfig, WebhookKeys};
use anyhow::Context;
use application::accounts::admin_auth::AdminAuth;
use application::accounts::customers::{Accounts, ResetMail};
use application::accounts::model::ResetRequest;
use application::accounts::password_login::{PasswordCheck, ThrottlePolicy};
use application::accounts::ports::ResetQueue;
use application::accounts::sessions::Sessions;
use application::analytics::report::Analytics;
use application::blocklist::service::Blocklist;
use application::bulk_email::{BulkEmail, Unsubscribes};
use application::catalog::admin::CatalogAdmin;
use application::catalog::browse::Catalog;
use application::catalog::sitemap::Sitemap;
use application::catalog::synonyms::Synonyms;
use application::catalog::views::CategoryViews;
use application::common::clock::Clock;
use application::coupons::service::Coupons;
use application::health::service::Health;
use application::mail::ports::Mailer;
use application::orders::courier::service::Courier;
use application::orders::service::{CodStores, OrderMailConfig, Orders};
use application::reviews::service::Reviews;
use application::settings::service::Settings;
use application::whatsapp::delivery::{RetrySchedule, WhatsAppDelivery};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use secrecy::ExposeSecret as _;
use tracing::Instrument as _;

use crate::Config;

/// The machine's clock.
pub(crate) struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        chrono::Utc::now()
    }
}

/// The adapters more than one feature uses, each built once.
pub(crate) struct Shared {
    pub pool: PgPool,
    pub clock: Arc<SystemClock>,
    pub catalog: Arc<PgCatalogRepository>,
    pub customers: Arc<PgCustomerRepository>,
    pub throttle: Arc<PgThrottle>,
    pub hasher: Arc<Argon2Hasher>,
    pub sessions: Arc<PgSessionStore>,
    pub session_tokens: Arc<RandomSessionTokens>,
    pub review_tokens: Arc<RandomReviewTokens>,
    pub outbox: Arc<PgMailOutbox>,
    /// The WhatsApp messages' store (used only when WhatsApp is set up).
    pub whatsapp: Arc<PgWhatsApp>,
    pub unit_of_work: Arc<PgUnitOfWork>,
    pub pg_metrics: PgMetrics,
    /// One store for products' and reviews' pictures, so they share its limit of pictures decoded at once.
    pub media: Arc<ObjectMediaStore>,
    pub mail_layout: Arc<HtmlMailLayout>,
    /// The public catalogue answers (and pages) kept in memory; the catalogue's and reviews' changes drop them.
    pub catalog_cache: Arc<ResponseCache>,
}

impl Shared {
    /// # Errors
    /// When the media store cannot be opened.
    pub async fn build(config: &Config, pool: PgPool) -> anyhow::Result<Self> {
        let outbox = PgMailOutbox::new(pool.clone());
        let pg_metrics = PgMetrics::new(pool.clone());
        let whatsapp = PgWhatsApp::new(pool.clone());
        let unit_of_work = PgUnitOfWork::new(pool.clone(), outbox.wakeups())
            .waking_whatsapp(whatsapp.wakeups())
            .counting_orders(&pg_metrics);
        Ok(Self {
            clock: Arc::new(SystemClock),
            catalog: Arc::new(PgCatalogRepository::new(pool.clone())),
            customers: Arc::new(PgCustomerRepository::new(pool.clone())),
            throttle: Arc::new(PgThrottle::new(pool.clone())),
            hasher: Arc::new(Argon2Hasher::new(HashCost::Recommended, config.password_hashing)),
            sessions: Arc::new(PgSessionStore::new(pool.clone())),
            session_tokens: Arc::new(RandomSessionTokens),
            review_tokens: Arc::new(RandomReviewTokens),
            outbox: Arc::new(outbox),
            whatsapp: Arc::new(whatsapp),
            unit_of_work: Arc::new(unit_of_work),
            pg_metrics,
            media: Arc::new(media_store(config).await?),
            mail_layout: Arc::new(HtmlMailLayout),
            catalog_cache: Arc::new(ResponseCache::new(std::time::Duration::from_millis(config.catalog_cache_ms))),
            pool,
        })
    }
}

/// The media store the configuration names: the local directory (created when missing), or the S3 bucket,
/// which must answer a listing.
pub(crate) async fn media_store(config: &Config) -> anyhow::Result<ObjectMediaStore> {
    let store = config.media_store();
    let media = ObjectMediaStore::open(&store).context(match &store {
        MediaStoreConfig::Directory(_) => "MEDIA_DIR cannot be created",
        MediaStoreConfig::S3(_) => "MEDIA_STORE=s3: the S3 settings cannot be used",
    })?;
    if let MediaStoreConfig::S3(s3) = &store {
        media.check().await.with_context(|| format!("S3_BUCKET {} cannot be reached", s3.bucket.as_str()))?;
        tracing::info!(
            bucket = s3.bucket.as_str(),
            prefix = s3.prefix.as_ref().map(|p| p.as_str()),
            "media are kept in S3"
        );
    }
    Ok(media)
}

/// The admin's sign-in, with the configured admin installed, and the customers' accounts with their
/// password-reset worker and, when configured, "Login with Google".
///
/// # Errors
/// When the admin cannot be stored or the OpenID Connect provider cannot be used.
pub(crate) async fn accounts(config: &Config, shared: &Shared) -> anyhow::Result<(AdminAuth, Accounts)> {
    let password_check = PasswordCheck::new(
        shared.throttle.clone(),
        shared.hasher.clone(),
        ThrottlePolicy {
            max_failures: config.login_max_failures,
            first_delay: config.login_first_delay,
            max_delay: config.login_max_delay,
            failures_per_address: config.login_max_failures_per_address,
            failures_per_email: config.login_max_failures_per_email,
        },
        Arc::new(PgKnownDevices::new(shared.pool.clone())),
        shared.session_tokens.clone(),
    );
    let admin_auth = AdminAuth::new(
        Arc::new(PgAdminRepository::new(shared.pool.clone())),
        Sessions::new(shared.sessions.clone(), shared.session_tokens.clone(), shared.clock.clone()),
        password_check.clone(),
        shared.hasher.clone(),
        shared.clock.clone(),
    );
    match &config.admin {
        Some(admin) => {
            admin_auth
                .install(&admin.email, admin.password.expose_secret())
                .await
                .context("the admin cannot be set up")?;
            tracing::info!(email = %admin.email, "admin account ready");
        }
        None => tracing::warn!("ADMIN_EMAIL and ADMIN_PASSWORD are not set: the admin area refuses every login"),
    }
    let (reset_sender, reset_requests) = tokio::sync::mpsc::channel(config.reset_queue);
    let accounts = Accounts::new(
        shared.customers.clone(),
        Sessions::new(shared.sessions.clone(), shared.session_tokens.clone(), shared.clock.clone()),
        password_check,
        shared.hasher.clone(),
        shared.session_tokens.clone(),
        shared.clock.clone(),
        shared.unit_of_work.clone(),
        shared.throttle.clone(),
        config.account_limits,
        Arc::new(ChannelResetQueue(reset_sender)),
        ResetMail { public_url: config.public_url.clone(), layout: shared.mail_layout.clone() },
    );
    let accounts = match &config.google {
        Some(google) => {
            let provider = OidcProvider::new(OidcConfig {
                issuer: google.issuer.clone(),
                client_id: google.client_id.clone(),
                client_secret: google.client_secret.clone(),
                redirect_uri: format!("{}/api/auth/google/callback", config.public_url),
            })?;
            tracing::info!(issuer = %google.issuer, "Login with Google is on");
            accounts.with_external(Arc::new(provider))
        }
        None => {
            tracing::info!("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set: Login with Google is off");
            accounts
        }
    };
    spawn_reset_worker(accounts.clone(), reset_requests);
    Ok((admin_auth, accounts))
}

/// The reset queue: a bounded channel to [`spawn_reset_worker`]. Each request goes with the span of the
/// request that asked for it, so what its handling logs carries that request's id.
struct ChannelResetQueue(tokio::sync::mpsc::Sender<(ResetRequest, tracing::Span)>);

impl ResetQueue for ChannelResetQueue {
    fn push(&self, request: ResetRequest) -> bool {
        self.0.try_send((request, tracing::Span::current())).is_ok()
    }
}

/// Works through queued password-reset requests one at a time, for as long as the runtime lives.
fn spawn_reset_worker(accounts: Accounts, mut requests: tokio::sync::mpsc::Receiver<(ResetRequest, tracing::Span)>) {
    tokio::spawn(async move {
        while let Some((request, span)) = requests.recv().await {
            async {
                if let Err(err) = accounts.send_reset(request).await {
                    tracing::warn!(error = %err, "a password reset could not be stored or queued");
                }
            }
            .instrument(span)
            .await;
        }
    });
}

/// WhatsApp, when it is set up: the Graph API client, the worker sending queued messages with retries,
/// and the webhook's checks; off, the webhook answers 404 and no Graph API request is ever made.
///
/// # Errors
/// When the HTTP client cannot be built.
pub(crate) fn whatsapp(config: &Config, shared: &Shared) -> anyhow::Result<WhatsAppWebhook> {
    let Some(settings) = &config.whatsapp else {
        tracing::info!("WHATSAPP_PHONE_NUMBER_ID and the other WhatsApp settings are not set: WhatsApp is off");
        return Ok(WhatsAppWebhook::off());
    };
    let client = GraphClient::new(GraphConfig {
        api_url: settings.api_url.clone(),
        api_version: settings.api_version.clone(),
        phone_number_id: settings.phone_number_id.clone(),
        access_token: settings.access_token.clone(),
        timeout: std::time::Duration::from_millis(settings.timeout_ms),
    })
    .context("the WhatsApp API client cannot be built")?;
    let delivery = WhatsAppDelivery::new(
        shared.whatsapp.clone(),
        Arc::new(client),
        shared.clock.clone(),
        RetrySchedule {
            first_pause: chrono::Duration::milliseconds(i64::try_from(settings.retry_base_ms).unwrap_or(i64::MAX)),
            max_attempts: settings.max_attempts,
        },
    );
    spawn_whatsapp_worker(
        delivery.clone(),
        std::time::Duration::from_millis(config.outbox_poll_ms),
        shared.whatsapp.wakeups(),
    );
    tracing::info!(api = %settings.api_url, version = %settings.api_version, "WhatsApp is on");
    let keys = WebhookKeys::new(settings.app_secret.clone(), settings.verify_token.clone());
    Ok(WhatsAppWebhook::on(Arc::new(keys), delivery))
}

/// Runs `pass` once every `every` (50 ms at the least) and once as soon as `wakeups` is notified, for as
/// long as the runtime lives: the outboxes' workers.
fn spawn_woken_loop<F, P>(every: std::time::Duration, wakeups: Arc<tokio::sync::Notify>, mut pass: F)
where
    F: FnMut() -> P + Send + 'static,
    P: std::future::Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every.max(std::time::Duration::from_millis(50)));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                () = wakeups.notified() => {}
            }
            pass().await;
        }
    });
}

/// Sends queued WhatsApp messages in the background: one pass every `every`, and one as soon as this
/// instance queues a message, for as long as the runtime lives.
fn spawn_whatsapp_worker(delivery: WhatsAppDelivery, every: std::time::Duration, wakeups: Arc<tokio::sync::Notify>) {
    spawn_woken_loop(every, wakeups, move || {
        let delivery = delivery.clone();
        async move {
            match delivery.send_due(20).await {
                Ok(pass) if pass.sent + pass.retried + pass.failed > 0 => {
                    tracing::info!(sent = pass.sent, retried = pass.retried, failed = pass.failed, "WhatsApp pass");
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(error = %err, "the WhatsApp pass failed"),
            }
        }
    });
}

/// Orders with their COD checks, the courier hand-off and the blocklist.
pub(crate) fn orders(config: &Config, shared: &Shared) -> (Orders, Courier, Blocklist) {
    let repository = Arc::new(PgOrderRepository::new(shared.pool.clone()));
    let blocklist = Arc::new(PgBlocklistRepository::new(shared.pool.clone()));
    let mail = OrderMailConfig {
        public_url: config.public_url.clone(),
        notify: config.order_notify_email.clone(),
        layout: shared.mail_layout.clone(),
        whatsapp: config.whatsapp.is_some(),
    };
    let orders = Orders::new(
        repository.clone(),
        shared.unit_of_work.clone(),
        shared.clock.clone(),
        shared.review_tokens.clone(),
        mail.clone(),
        CodStores { cod: repository, blocklist: blocklist.clone() },
        shared.catalog_cache.clone(),
    );
    let orders = if config.whatsapp.is_some() { orders.with_whatsapp(shared.whatsapp.clone()) } else { orders };
    let courier = Courier::new(
        Arc::new(PgCourierRepository::new(shared.pool.clone())),
        shared.unit_of_work.clone(),
        shared.clock.clone(),
        shared.review_tokens.clone(),
        mail,
    );
    (orders, courier, Blocklist::new(blocklist, shared.clock.clone()))
}

/// Bulk e-mail, and the outbox worker delivering every queued e-mail through SMTP or the outbox directory.
///
/// # Errors
/// When SMTP_URL or MAIL_FROM cannot be used.
pub(crate) fn mail(config: &Config, shared: &Shared) -> anyhow::Result<(BulkEmail, OutboxWorkerMetrics)> {
    let mailer: Arc<dyn Mailer> = match &config.smtp_url {
        Some(url) => Arc::new(SmtpMailer::new(url.expose_secret(), &config.mail_from)?),
        None => {
            tracing::info!(dir = %config.mail_outbox_dir.display(), "SMTP_URL is not set: e-mails go to the outbox directory");
            Arc::new(OutboxMailer::new(config.mail_outbox_dir.clone(), &config.mail_from)?)
        }
    };
    let bulk_email = BulkEmail::new(
        shared.customers.clone(),
        shared.outbox.clone(),
        mailer,
        shared.clock.clone(),
        chrono::Duration::milliseconds(i64::try_from(config.outbox_retry_base_ms).unwrap_or(i64::MAX)),
        shared.mail_layout.clone(),
        Unsubscribes {
            list: Arc::new(PgMailingList::new(shared.pool.clone())),
            tokens: shared.review_tokens.clone(),
            public_url: config.public_url.clone(),
        },
    );
    let metrics = OutboxWorkerMetrics::default();
    spawn_outbox_worker(
        bulk_email.clone(),
        std::time::Duration::from_millis(config.outbox_poll_ms),
        shared.outbox.wakeups(),
        metrics.clone(),
    );
    Ok((bulk_email, metrics))
}

/// What this instance's outbox worker did: `outbox_sent_total` and `outbox_send_failures_total`.
#[derive(Debug, Clone, Default)]
pub(crate) struct OutboxWorkerMetrics {
    sent: Counter,
    failures: Counter,
}

impl OutboxWorkerMetrics {
    fn register(&self, registry: &mut Registry) {
        registry.register("outbox_sent", "E-mails this instance's outbox worker delivered", self.sent.clone());
        registry.register(
            "outbox_send_failures",
            "Deliveries this instance's outbox worker tried that failed (retried later or given up)",
            self.failures.clone(),
        );
    }
}

/// Delivers queued e-mails in the background: one pass every `every`, and one as soon as this instance
/// queues mail, for as long as the runtime lives.
fn spawn_outbox_worker(
    bulk: BulkEmail,
    every: std::time::Duration,
    wakeups: Arc<tokio::sync::Notify>,
    metrics: OutboxWorkerMetrics,
) {
    spawn_woken_loop(every, wakeups, move || {
        let (bulk, metrics) = (bulk.clone(), metrics.clone());
        async move {
            match bulk.deliver_due(50).await {
                Ok(pass) if pass.sent + pass.retried + pass.given_up > 0 => {
                    metrics.sent.inc_by(u64::from(pass.sent));
                    metrics.failures.inc_by(u64::from(pass.retried) + u64::from(pass.given_up));
                    tracing::info!(sent = pass.sent, retried = pass.retried, given_up = pass.given_up, "outbox pass");
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(error = %err, "the outbox pass failed"),
            }
        }
    });
}

/// The catalogue's use cases: browsing, its administration, category views (written by a background
/// flusher), the sitemap, coupons and the shop's settings.
pub(crate) struct Catalogue {
    pub catalog: Catalog,
    pub catalog_admin: CatalogAdmin,
    pub category_views: CategoryViews,
    pub sitemap: Sitemap,
    pub coupons: Coupons,
    pub settings: Settings,
}

pub(crate) fn catalogue(config: &Config, shared: &Shared) -> Catalogue {
    let category_views = CategoryViews::new(shared.catalog.clone(), shared.clock.clone());
    spawn_view_flusher(category_views.clone(), std::time::Duration::from_millis(config.view_flush_ms));
    Catalogue {
        catalog: Catalog::new(
            shared.catalog.clone(),
            Synonyms::new(shared.catalog.clone(), shared.catalog_cache.clone()),
        ),
        catalog_admin: CatalogAdmin::new(
            shared.catalog.clone(),
            shared.catalog.clone(),
            shared.media.clone(),
            shared.catalog_cache.clone(),
        ),
        category_views,
        sitemap: Sitemap::new(shared.catalog.clone()),
        coupons: Coupons::new(Arc::new(PgCouponRepository::new(shared.pool.clone())), shared.clock.clone())
            .with_guess_limit(shared.throttle.clone(), config.coupon_max_failures),
        settings: Settings::new(Arc::new(PgSettingsRepository::new(shared.pool.clone()))),
    }
}

/// Writes the category views counted in memory every `every`, for as long as the runtime lives.
fn spawn_view_flusher(views: CategoryViews, every: std::time::Duration) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every.max(std::time::Duration::from_millis(10)));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(err) = views.flush().await {
                tracing::warn!(error = %err, "category views could not be written; they are kept for the next try");
            }
        }
    });
}

/// Reviews, with their pictures in the shared media store.
pub(crate) fn reviews(shared: &Shared) -> Reviews {
    Reviews::new(
        Arc::new(PgReviewRepository::new(shared.pool.clone())),
        shared.unit_of_work.clone(),
        shared.media.clone(),
        shared.catalog_cache.clone(),
    )
}

/// The owner's analytics and dashboard, and the health probe.
pub(crate) fn reports(shared: &Shared) -> (Analytics, Health) {
    let figures = Arc::new(PgOrderFigures::new(shared.pool.clone()));
    (
        Analytics::new(figures.clone(), figures, shared.clock.clone()),
        Health::new(Arc::new(PgHealthProbe::new(shared.pool.clone()))),
    )
}

/// The request series, `/metrics` (with its token on the public listener), and the listener of METRICS_ADDR
/// serving it alone, when configured.
pub(crate) struct Observability {
    pub http: Arc<HttpMetrics>,
    pub endpoint: MetricsEndpoint,
    pub server: Option<(actix_web::dev::Server, SocketAddr)>,
}

/// # Errors
/// When METRICS_ADDR cannot be bound.
pub(crate) fn observability(
    config: &Config,
    shared: &Shared,
    outbox_worker: &OutboxWorkerMetrics,
) -> anyhow::Result<Observability> {
    let http = Arc::new(HttpMetrics::new());
    let (registry, refresh) = metrics_registry(&http, &shared.catalog_cache, shared.pg_metrics.clone(), outbox_worker);
    let token = config.metrics_token.as_ref().map(|token| token.expose_secret().to_owned());
    let endpoint = MetricsEndpoint { registry, refresh, token };
    let server = match config.metrics_addr {
        Some(metrics_addr) => {
            let listener = TcpListener::bind(metrics_addr)
                .with_context(|| format!("METRICS_ADDR {metrics_addr} cannot be bound"))?;
            let addr = listener.local_addr()?;
            let server = adapters_http::serve_metrics(listener, MetricsEndpoint { token: None, ..endpoint.clone() })?;
            tracing::info!(addr = %addr, "serving metrics");
            Some((server, addr))
        }
        None => None,
    };
    Ok(Observability { http, endpoint, server })
}

/// Resident memory of this process, from /proc where it exists.
fn resident_memory_bytes() -> Option<i64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: i64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system constant.
    let page_size = i64::from(i32::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).ok()?);
    Some(pages * page_size)
}

/// The registry of every series `/metrics` answers, and the refresh that reads those read at scrape time.
fn metrics_registry(
    http: &HttpMetrics,
    cache: &ResponseCache,
    pg: PgMetrics,
    outbox_worker: &OutboxWorkerMetrics,
) -> (Arc<Registry>, Refresh) {
    let mut registry = Registry::default();
    http.register(&mut registry);
    pg.register(&mut registry);
    outbox_worker.register(&mut registry);
    cache.register(&mut registry);
    let resident: Gauge = Gauge::default();
    registry.register("process_resident_memory_bytes", "Resident memory of this process", resident.clone());
    let refresh: Refresh = Arc::new(move || {
        let (pg, resident) = (pg.clone(), resident.clone());
        Box::pin(async move {
            if let Err(err) = pg.refresh().await {
                tracing::warn!(error = %err, "the metrics read at scrape time could not be read from PostgreSQL");
            }
            if let Some(bytes) = resident_memory_bytes() {
                resident.set(bytes);
            }
        })
    });
    (Arc::new(registry), refresh)
}

/// The upload slots, their files written under UPLOAD_TEMP_DIR (made when missing, and tried once).
///
/// # Errors
/// When UPLOAD_TEMP_DIR cannot be made or written to.
pub(crate) fn upload_slots(config: &Config) -> anyhow::Result<UploadSlots> {
    let dir = &config.upload_temp_dir;
    std::fs::create_dir_all(dir)
        .and_then(|()| probe(dir))
        .with_context(|| format!("UPLOAD_TEMP_DIR {} cannot be written to", dir.display()))?;
    Ok(UploadSlots::new(config.uploads_at_once, dir.clone()))
}

/// Writes and removes a file of its own in `dir` (a name no other start in this process shares: the API
/// tests start many servers in one process at once, and a name per process let one remove another's probe).
fn probe(dir: &std::path::Path) -> std::io::Result<()> {
    let probe = tempfile::Builder::new().prefix(".upload-probe-").tempfile_in(dir)?;
    probe.close()
}

#[cfg(test)]
mod tests {
    /// `start` and the wiring, as written (this test module left out).
    fn wiring_source() -> String {
        let lib = include_str!("lib.rs");
        let start = lib.find("pub async fn start").unwrap_or(0);
        let wiring = include_str!("wiring.rs");
        let own_tests = wiring.rfind("#[cfg(test)]").unwrap_or(wiring.len());
        format!("{}\n{}", &lib[start..], &wiring[..own_tests])
    }

    #[test]
    fn every_adapter_is_built_once() {
        let source = wiring_source();
        let mut built: Vec<&str> = Vec::new();
        for (at, _) in source.match_indices("::new(") {
            let name_start = source[..at].rfind(|c: char| !c.is_alphanumeric() && c != '_').map_or(0, |i| i + 1);
            let name = &source[name_start..at];
            if name.starts_with("Pg")
                || name.starts_with("Random")
                || name.ends_with("Hasher")
                || name.ends_with("Cache")
            {
                built.push(name);
            }
        }
        built.extend(source.matches("Arc::new(SystemClock)").map(|_| "SystemClock"));
        built.extend(source.matches("Arc::new(HtmlMailLayout)").map(|_| "HtmlMailLayout"));
        built.sort_unstable();

        let mut once = built.clone();
        once.dedup();
        assert!(built.contains(&"PgCatalogRepository") && built.contains(&"SystemClock"), "{built:?}");
        assert_eq!(built, once, "an adapter is built more than once");
    }
}
