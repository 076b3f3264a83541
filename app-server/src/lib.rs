//! The composition root: the only crate that names concrete adapters. It reads the configuration, builds
//! the pool, migrates, constructs the adapters, hands them to the use cases and serves.

pub mod cli;
pub mod config;
mod demo;
pub mod logging;
mod pictures;
pub mod rules;
mod wiring;

use std::net::SocketAddr;
use std::sync::Arc;

use adapters_http::{AppState, BodyDeadline, MediaFiles, ResponseCache, ServerConfig};
use adapters_media::MediaStoreConfig;
use adapters_postgres::{PgAddressBook, PgCatalogRepository, PgCouponRepository, PgPool, PgSettingsRepository};
use anyhow::Context;
use application::accounts::addresses::Addresses;
use application::catalog::admin::CatalogAdmin;
use application::catalog::ports::CatalogChanges;
use application::catalog::views::CategoryViews;
use application::common::clock::Clock as _;
use application::coupons::service::Coupons;
use application::seed_bench::SeedBench;
use application::seed_demo::{SeedDemo, SeedOutcome};
use application::settings::service::Settings;

pub use config::Config;
use secrecy::ExposeSecret as _;
use wiring::{Shared, SystemClock};

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
    let (url, size) = (config.database_url.expose_secret().to_owned(), config.db_pool_size);
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
    migrate_on(pool(config).await?).await
}

async fn migrate_on(pool: PgPool) -> anyhow::Result<Vec<String>> {
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
    let media = Arc::new(wiring::media_store(config).await?);
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

/// Migrates, then starts serving on the configured address (port 0 picks a free port).
///
/// # Errors
/// When PostgreSQL cannot be reached, a migration fails or the address cannot be bound.
pub async fn start(config: &Config) -> anyhow::Result<Running> {
    let pool = pool(config).await?;
    migrate_on(pool.clone()).await?;
    let shared = Shared::build(config, pool).await?;
    let uploads = wiring::upload_slots(config)?;
    let listener = adapters_http::bind(config.bind_addr)
        .with_context(|| format!("BIND_ADDR {} cannot be bound", config.bind_addr))?;
    let addr = listener.local_addr()?;
    let (admin_auth, accounts) = wiring::accounts(config, &shared).await?;
    let (orders, courier, blocklist) = wiring::orders(config, &shared);
    let whatsapp = wiring::whatsapp(config, &shared)?;
    let (bulk_email, outbox_worker) = wiring::mail(config, &shared)?;
    let observability = wiring::observability(config, &shared, &outbox_worker)?;
    let catalogue = wiring::catalogue(config, &shared);
    let (analytics, health) = wiring::reports(&shared);
    let media_files = match config.media_store() {
        MediaStoreConfig::Directory(dir) => MediaFiles::Directory(dir),
        MediaStoreConfig::S3(_) => MediaFiles::Objects(shared.media.objects()),
    };
    let state = AppState {
        accounts,
        addresses: Addresses::new(Arc::new(PgAddressBook::new(shared.pool.clone()))),
        bulk_email,
        admin_auth,
        catalog: catalogue.catalog,
        catalog_admin: catalogue.catalog_admin,
        category_views: catalogue.category_views.clone(),
        coupons: catalogue.coupons,
        settings: catalogue.settings,
        orders,
        blocklist,
        courier,
        analytics,
        reviews: wiring::reviews(&shared),
        sitemap: catalogue.sitemap,
        health,
        catalog_cache: shared.catalog_cache.clone(),
        whatsapp,
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
            http_metrics: observability.http,
            metrics: observability.endpoint,
        },
    )?;
    Ok(Running {
        server,
        addr,
        metrics_server: observability.server,
        category_views: catalogue.category_views,
        catalog_cache: shared.catalog_cache,
    })
}
