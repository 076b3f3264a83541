//! The composition root: the only crate that names concrete adapters. It reads the configuration, builds
//! the pool, migrates, constructs the adapters, hands them to the use cases and serves.

pub mod config;
mod demo;
pub mod logging;
mod pictures;
pub mod rules;

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use adapters_http::{
    AppState, BodyDeadline, HttpMetrics, MediaFiles, MetricsEndpoint, Refresh, ResponseCache, ServerConfig, UploadSlots,
};
use adapters_identity::{Argon2Hasher, HashCost, OidcConfig, OidcProvider, RandomReviewTokens, RandomSessionTokens};
use adapters_mail::{OutboxMailer, SmtpMailer};
use adapters_media::{MediaStoreConfig, ObjectMediaStore};
use adapters_postgres::{
    PgAdminRepository, PgBlocklistRepository, PgCatalogRepository, PgCouponRepository, PgCourierRepository,
    PgCustomerRepository, PgHealthProbe, PgKnownDevices, PgMailOutbox, PgMetrics, PgOrderFigures, PgOrderRepository,
    PgPool, PgReviewRepository, PgSessionStore, PgSettingsRepository, PgThrottle, PgUnitOfWork,
};
use anyhow::Context;
use application::accounts::admin_auth::AdminAuth;
use application::accounts::customers::Accounts;
use application::accounts::model::ResetRequest;
use application::accounts::password_login::{PasswordCheck, ThrottlePolicy};
use application::accounts::ports::ResetQueue;
use application::accounts::sessions::Sessions;
use application::analytics::report::Analytics;
use application::blocklist::service::Blocklist;
use application::bulk_email::BulkEmail;
use application::catalog::admin::CatalogAdmin;
use application::catalog::browse::Catalog;
use application::catalog::ports::CatalogChanges;
use application::catalog::sitemap::Sitemap;
use application::catalog::views::CategoryViews;
use application::common::clock::Clock;
use application::coupons::service::Coupons;
use application::health::service::Health;
use application::mail::ports::{MailOutbox, Mailer};
use application::orders::courier::service::Courier;
use application::orders::service::{CodStores, OrderMailConfig, Orders};
use application::reviews::service::Reviews;
use application::seed_bench::SeedBench;
use application::seed_demo::{SeedDemo, SeedOutcome};
use application::settings::service::Settings;

pub use config::Config;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use tracing::Instrument as _;

/// Makes the allocator hand large freed blocks back to the system. glibc's malloc serves a block above its
/// mmap threshold with a mapping of its own, unmapped when freed, but it raises that threshold to the size of
/// every such block freed: after the first password hash, argon2's 19 MiB blocks came from the heaps of the
/// threads' arenas, which kept them after use (200 parallel hashes left 3.8 GB held by an idle server; with
/// hashing bounded, still 0.8 GB). A fixed threshold keeps every block of 1 MiB or more in its own mapping.
/// Called once, first thing in `main`; answers whether it was done (elsewhere than glibc it does nothing).
#[must_use]
pub fn return_large_blocks_to_the_system() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallopt only changes a tuning parameter of glibc's allocator and is safe to call at any
        // time; setting M_MMAP_THRESHOLD also turns off its dynamic adjustment.
        unsafe { libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20) == 1 }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    false
}

/// The machine's clock.
struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        chrono::Utc::now()
    }
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

/// The seed runs in a process of its own, where no catalogue answer is cached: a change drops nothing.
struct NothingCached;

impl CatalogChanges for NothingCached {
    fn changed(&self) {}
}

/// A running server and the address it listens on.
pub struct Running {
    pub server: actix_web::dev::Server,
    pub addr: SocketAddr,
    /// The listener of METRICS_ADDR and its address, when configured.
    pub metrics_server: Option<(actix_web::dev::Server, SocketAddr)>,
    /// The category views counted in memory, written once more by [`Running::until_stopped`].
    pub category_views: CategoryViews,
    /// The cache of public catalogue answers, for reading its usage.
    pub catalog_cache: Arc<ResponseCache>,
}

impl Running {
    /// Serves until the server stops (SIGINT or SIGTERM), then writes the category views not yet written.
    ///
    /// # Errors
    /// When the server fails.
    pub async fn until_stopped(self) -> anyhow::Result<()> {
        match self.metrics_server {
            Some((metrics, _)) => {
                let (shop, metrics) = tokio::join!(self.server, metrics);
                shop?;
                metrics?;
            }
            None => self.server.await?,
        }
        if let Err(err) = self.category_views.flush().await {
            tracing::warn!(error = %err, "the last category views could not be written");
        }
        Ok(())
    }
}

/// Connects, first creating the database when the server answers without it.
async fn pool(config: &Config) -> anyhow::Result<PgPool> {
    let (url, size) = (config.database_url.clone(), config.db_pool_size);
    tokio::task::spawn_blocking(move || {
        if adapters_postgres::create_database_if_missing(&url)? {
            tracing::info!("created the database DATABASE_URL names");
        }
        adapters_postgres::connect(&url, size).map_err(anyhow::Error::from)
    })
    .await?
    .context("DATABASE_URL: PostgreSQL does not answer")
}

/// Applies pending migrations; answers the versions applied.
///
/// # Errors
/// When PostgreSQL cannot be reached or a migration fails.
pub async fn migrate(config: &Config) -> anyhow::Result<Vec<String>> {
    let pool = pool(config).await?;
    Ok(tokio::task::spawn_blocking(move || adapters_postgres::run_migrations(&pool)).await??)
}

/// Which catalogue to seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seed {
    /// The believable demo shop (`demo/shop.json`).
    Demo,
    /// A shop file in the demo's format, such as the browser tests' own catalogue.
    File(std::path::PathBuf),
    /// The benchmark's 10,000 products in 200 categories.
    Bench,
}

/// Migrates, then fills an empty shop with the demo catalogue.
///
/// # Errors
/// When PostgreSQL cannot be reached or a write fails.
pub async fn seed_demo(config: &Config) -> anyhow::Result<SeedOutcome> {
    seed(config, Seed::Demo).await
}

/// Migrates, then fills an empty shop with the chosen catalogue.
///
/// # Errors
/// When PostgreSQL cannot be reached or a write fails.
pub async fn seed(config: &Config, which: Seed) -> anyhow::Result<SeedOutcome> {
    migrate(config).await?;
    let pool = pool(config).await?;
    let catalog = Arc::new(PgCatalogRepository::new(pool.clone()));
    let settings = Arc::new(PgSettingsRepository::new(pool.clone()));
    let media = Arc::new(media_store(config).await?);
    Ok(match which {
        Seed::Demo | Seed::File(_) => {
            let json = match &which {
                Seed::File(path) => std::fs::read_to_string(path)
                    .with_context(|| format!("the shop file {} cannot be read", path.display()))?,
                _ => demo::SHOP_JSON.to_owned(),
            };
            let demo = demo::load(&json, domain::calendar::pakistan_date(SystemClock.now()))?;
            let seed = SeedDemo::new(
                catalog.clone(),
                CatalogAdmin::new(catalog.clone(), catalog, media, Arc::new(NothingCached)),
                Coupons::new(Arc::new(PgCouponRepository::new(pool)), Arc::new(SystemClock)),
                Settings::new(settings),
            );
            seed.run(|| demo.draw().map_err(Into::into)).await?
        }
        Seed::Bench => {
            let seed = SeedBench::new(catalog.clone(), catalog, settings, media);
            seed.run(|| demo::bench_shop(200, 10_000).map_err(Into::into)).await?
        }
    })
}

/// What this instance's outbox worker did: `outbox_sent_total` and `outbox_send_failures_total`.
#[derive(Debug, Clone, Default)]
struct OutboxWorkerMetrics {
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

/// The media store the configuration names: the local directory (created when missing), or the S3 bucket,
/// which must answer a listing.
async fn media_store(config: &Config) -> anyhow::Result<ObjectMediaStore> {
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

/// Delivers queued e-mails in the background: one pass every `every`, and one as soon as this instance
/// queues mail, for as long as the runtime lives.
fn spawn_outbox_worker(
    bulk: BulkEmail,
    every: std::time::Duration,
    wakeups: Arc<tokio::sync::Notify>,
    metrics: OutboxWorkerMetrics,
) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every.max(std::time::Duration::from_millis(50)));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                () = wakeups.notified() => {}
            }
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

/// The upload slots, their files written under UPLOAD_TEMP_DIR (made when missing, and tried once).
///
/// # Errors
/// When UPLOAD_TEMP_DIR cannot be made or written to.
fn upload_slots(config: &Config) -> anyhow::Result<UploadSlots> {
    let dir = &config.upload_temp_dir;
    std::fs::create_dir_all(dir)
        .and_then(|()| probe(dir))
        .with_context(|| format!("UPLOAD_TEMP_DIR {} cannot be written to", dir.display()))?;
    Ok(UploadSlots::new(config.uploads_at_once, dir.clone()))
}

/// Writes and removes a file in `dir`.
fn probe(dir: &std::path::Path) -> std::io::Result<()> {
    let probe = dir.join(format!(".upload-probe-{}", std::process::id()));
    std::fs::write(&probe, b"")?;
    std::fs::remove_file(probe)
}

/// Migrates, then starts serving on the configured address (port 0 picks a free port).
///
/// # Errors
/// When PostgreSQL cannot be reached, a migration fails or the address cannot be bound.
pub async fn start(config: &Config) -> anyhow::Result<Running> {
    let pool = pool(config).await?;
    let migrate_pool = pool.clone();
    tokio::task::spawn_blocking(move || adapters_postgres::run_migrations(&migrate_pool)).await??;
    let media = media_store(config).await?;
    let uploads = upload_slots(config)?;
    let listener = adapters_http::bind(config.bind_addr)
        .with_context(|| format!("BIND_ADDR {} cannot be bound", config.bind_addr))?;
    let addr = listener.local_addr()?;
    let admins = Arc::new(PgAdminRepository::new(pool.clone()));
    let throttle = Arc::new(PgThrottle::new(pool.clone()));
    let hasher = Arc::new(Argon2Hasher::new(HashCost::Recommended, config.password_hashing));
    let session_store = Arc::new(PgSessionStore::new(pool.clone()));
    let (tokens, clock) = (Arc::new(RandomSessionTokens), Arc::new(SystemClock));
    let password_check = PasswordCheck::new(
        throttle.clone(),
        hasher.clone(),
        ThrottlePolicy {
            max_failures: config.login_max_failures,
            first_delay: config.login_first_delay,
            max_delay: config.login_max_delay,
            failures_per_address: config.login_max_failures_per_address,
            failures_per_email: config.login_max_failures_per_email,
        },
        Arc::new(PgKnownDevices::new(pool.clone())),
        tokens.clone(),
    );
    let admin_auth = AdminAuth::new(
        admins,
        Sessions::new(session_store.clone(), tokens.clone(), clock.clone()),
        password_check.clone(),
        hasher.clone(),
        clock.clone(),
    );
    match &config.admin {
        Some(admin) => {
            admin_auth.install(&admin.email, &admin.password).await.context("the admin cannot be set up")?;
            tracing::info!(email = %admin.email, "admin account ready");
        }
        None => tracing::warn!("ADMIN_EMAIL and ADMIN_PASSWORD are not set: the admin area refuses every login"),
    }
    let mailer: Arc<dyn Mailer> = match &config.smtp_url {
        Some(url) => Arc::new(SmtpMailer::new(url, &config.mail_from)?),
        None => {
            tracing::info!(dir = %config.mail_outbox_dir.display(), "SMTP_URL is not set: e-mails go to the outbox directory");
            Arc::new(OutboxMailer::new(config.mail_outbox_dir.clone(), &config.mail_from)?)
        }
    };
    let pg_outbox = PgMailOutbox::new(pool.clone());
    let wakeups = pg_outbox.wakeups();
    let pg_metrics = PgMetrics::new(pool.clone());
    let unit_of_work = Arc::new(PgUnitOfWork::new(pool.clone(), pg_outbox.wakeups()).counting_orders(&pg_metrics));
    let order_repository = Arc::new(PgOrderRepository::new(pool.clone()));
    let blocklist_repository = Arc::new(PgBlocklistRepository::new(pool.clone()));
    let order_mail =
        OrderMailConfig { public_url: config.public_url.clone(), notify: config.order_notify_email.clone() };
    let orders = Orders::new(
        order_repository.clone(),
        unit_of_work.clone(),
        Arc::new(SystemClock),
        Arc::new(RandomReviewTokens),
        order_mail.clone(),
        CodStores { cod: order_repository, blocklist: blocklist_repository.clone() },
    );
    let courier = Courier::new(
        Arc::new(PgCourierRepository::new(pool.clone())),
        unit_of_work.clone(),
        Arc::new(SystemClock),
        Arc::new(RandomReviewTokens),
        order_mail,
    );
    let blocklist = Blocklist::new(blocklist_repository, Arc::new(SystemClock));
    let outbox: Arc<dyn MailOutbox> = Arc::new(pg_outbox);
    let (reset_sender, reset_requests) = tokio::sync::mpsc::channel(config.reset_queue);
    let accounts = Accounts::new(
        Arc::new(PgCustomerRepository::new(pool.clone())),
        Sessions::new(session_store, tokens.clone(), clock.clone()),
        password_check,
        hasher,
        tokens,
        clock,
        unit_of_work.clone(),
        throttle.clone(),
        config.account_limits,
        Arc::new(ChannelResetQueue(reset_sender)),
        config.public_url.clone(),
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
    let bulk_email = BulkEmail::new(
        Arc::new(PgCustomerRepository::new(pool.clone())),
        outbox,
        mailer,
        Arc::new(SystemClock),
        chrono::Duration::milliseconds(i64::try_from(config.outbox_retry_base_ms).unwrap_or(i64::MAX)),
    );
    let outbox_worker = OutboxWorkerMetrics::default();
    spawn_outbox_worker(
        bulk_email.clone(),
        std::time::Duration::from_millis(config.outbox_poll_ms),
        wakeups,
        outbox_worker.clone(),
    );
    let catalog_cache = Arc::new(ResponseCache::new(std::time::Duration::from_millis(config.catalog_cache_ms)));
    let http_metrics = Arc::new(HttpMetrics::new());
    let (registry, refresh) = metrics_registry(&http_metrics, &catalog_cache, pg_metrics, &outbox_worker);
    let metrics = MetricsEndpoint { registry, refresh, token: config.metrics_token.clone() };
    let metrics_server = match config.metrics_addr {
        Some(metrics_addr) => {
            let listener = TcpListener::bind(metrics_addr)
                .with_context(|| format!("METRICS_ADDR {metrics_addr} cannot be bound"))?;
            let addr = listener.local_addr()?;
            let server = adapters_http::serve_metrics(listener, MetricsEndpoint { token: None, ..metrics.clone() })?;
            tracing::info!(addr = %addr, "serving metrics");
            Some((server, addr))
        }
        None => None,
    };
    let category_views = CategoryViews::new(Arc::new(PgCatalogRepository::new(pool.clone())), Arc::new(SystemClock));
    spawn_view_flusher(category_views.clone(), std::time::Duration::from_millis(config.view_flush_ms));
    let media_files = match config.media_store() {
        MediaStoreConfig::Directory(dir) => MediaFiles::Directory(dir),
        MediaStoreConfig::S3(_) => MediaFiles::Objects(media.objects()),
    };
    // One store for products' and reviews' pictures, so they share its limit of pictures decoded at once.
    let media = Arc::new(media);
    let reviews = Reviews::new(
        Arc::new(PgReviewRepository::new(pool.clone())),
        unit_of_work.clone(),
        media.clone(),
        catalog_cache.clone(),
    );
    let state = AppState {
        accounts,
        bulk_email,
        admin_auth,
        catalog: Catalog::new(Arc::new(PgCatalogRepository::new(pool.clone()))),
        catalog_admin: CatalogAdmin::new(
            Arc::new(PgCatalogRepository::new(pool.clone())),
            Arc::new(PgCatalogRepository::new(pool.clone())),
            media,
            catalog_cache.clone(),
        ),
        category_views: category_views.clone(),
        coupons: Coupons::new(Arc::new(PgCouponRepository::new(pool.clone())), Arc::new(SystemClock))
            .with_guess_limit(throttle, config.coupon_max_failures),
        settings: Settings::new(Arc::new(PgSettingsRepository::new(pool.clone()))),
        orders,
        blocklist,
        courier,
        analytics: Analytics::new(Arc::new(PgOrderFigures::new(pool.clone())), Arc::new(SystemClock)),
        reviews,
        sitemap: Sitemap::new(Arc::new(PgCatalogRepository::new(pool.clone()))),
        health: Health::new(Arc::new(PgHealthProbe::new(pool))),
        catalog_cache: catalog_cache.clone(),
    };
    let server = adapters_http::serve(
        listener,
        state,
        ServerConfig {
            spa_dir: config.spa_dir.clone(),
            media_files,
            media_path: adapters_media::PUBLIC_PATH,
            media_addresses: config.media_addresses.clone(),
            public_origin: config.public_url.clone(),
            workers: config.workers,
            body_deadline: BodyDeadline {
                base: std::time::Duration::from_millis(config.body_timeout_ms),
                min_bytes_per_second: config.body_min_bytes_per_sec,
            },
            max_connections: config.max_connections,
            max_connections_per_address: config.max_connections_per_address,
            uploads,
            trusted_proxies: config.trusted_proxies.clone(),
            http_metrics,
            metrics,
        },
    )?;
    Ok(Running { server, addr, metrics_server, category_views, catalog_cache })
}
